package rules

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// words splits a test command at spaces (no quoting: the cases need none).
func words(line string) []model.Arg {
	var out []model.Arg
	for _, f := range strings.Fields(line) {
		out = append(out, model.Arg{Value: f})
	}
	return out
}

// TestSecretPrinters holds each row of secretPrinters to a command that
// prints a secret and a near miss that does not; every row must be hit.
func TestSecretPrinters(t *testing.T) {
	cases := []struct{ hit, miss string }{
		{"kubectl get secret db -o yaml", "kubectl get secret db"},
		{"kubectl create token builder", "kubectl create namespace builder"},
		{"kubectl config view --raw", "kubectl config view"},
		{"aws secretsmanager get-secret-value --secret-id prod/db", "aws secretsmanager describe-secret --secret-id prod/db"},
		{"aws ssm get-parameter --name /prod/db --with-decryption", "aws ssm get-parameter --name /prod/db"},
		{"aws ecr get-login-password --region eu-west-1", "aws ecr describe-repositories"},
		{"aws sts assume-role --role-arn arn:aws:iam::1:role/x --role-session-name s", "aws sts get-caller-identity"},
		{"aws iam create-access-key --user-name ci", "aws iam list-access-keys --user-name ci"},
		{"aws configure export-credentials --profile prod", "aws configure list"},
		{"aws configure get aws_secret_access_key", "aws configure get region"},
		{"gcloud auth print-access-token", "gcloud auth list"},
		{"gcloud secrets versions access latest --secret=db", "gcloud secrets versions list --secret=db"},
		{"az keyvault secret show --vault-name kv --name db", "az keyvault secret list --vault-name kv"},
		{"az account get-access-token", "az account show"},
		{"az storage account keys list -n acct", "az storage account show -n acct"},
		{"vault read secret/prod/db", "vault status"},
		{"vault kv get secret/prod/db", "vault kv list secret/prod"},
		{"vault print token", "vault print"},
		{"op read op://prod/db/password", "op whoami"},
		{"op item get db --vault prod", "op item list --vault prod"},
		{"bw get password github", "bw list items"},
		{"lpass show github", "lpass ls"},
		{"pass show github", "pass ls"},
		{"doppler secrets download --no-file", "doppler projects"},
		{"gh auth token", "gh auth status"},
		{"glab auth token", "glab auth status"},
		{"heroku auth:token", "heroku apps"},
		{"heroku config -a shop", "heroku ps -a shop"},
		{"git credential fill", "git credential-cache exit"},
		{"security find-generic-password -s github -w", "security find-generic-password -s github"},
		{"sops -d secrets.enc.yaml", "sops -e secrets.yaml"},
		{"gpg --export-secret-keys alice", "gpg --export alice"},
		{"gpg2 --export-secret-subkeys alice", "gpg2 --list-secret-keys"},
	}
	hit := make([]bool, len(secretPrinters))
	for _, c := range cases {
		i := printerOf(words(c.hit))
		if i < 0 {
			t.Errorf("%q prints no secret, want one", c.hit)
		} else {
			hit[i] = true
		}
		if i := printerOf(words(c.miss)); i >= 0 {
			t.Errorf("%q matches the row for %s %v, want none", c.miss, secretPrinters[i].program, secretPrinters[i].words)
		}
	}
	for i, ok := range hit {
		if !ok {
			t.Errorf("row %s %v has no hit case", secretPrinters[i].program, secretPrinters[i].words)
		}
	}
}

func TestPrinterOfWords(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"sudo kubectl get secret db -o yaml", true},                 // after a wrapper
		{"/usr/local/bin/aws secretsmanager get-secret-value", true}, // a path
		{"kubectl get secret/db -ojson", true},                       // TYPE/NAME, -oFORMAT
		{"kubectl get configmap,secret -o yaml", true},               // a comma list
		{"kubectl get secrets", false},                               // names and ages only
		{"kubectl get secretstores -o yaml", false},                  // another resource
		{"echo kubectl", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := printerOf(words(tt.line)) >= 0; got != tt.want {
			t.Errorf("printerOf(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
