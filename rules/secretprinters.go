package rules

import (
	"path"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// secretPrinter is a command that prints a credential on its standard
// output: piped into a network client, the credential leaves the machine
// as surely as the file it came from would.
type secretPrinter struct {
	// program is the command's name.
	program string
	// words must each be matched, in any order, by a word after the
	// program: each is a list of alternatives, where "-o*" matches any
	// word with that prefix and "secret" matches secret, secret/NAME and
	// secret in a comma list (kubectl get secret,configmap).
	words [][]string
	// what says what the command prints.
	what string
}

// secretPrinters are the commands whose output is a credential. A row
// names what must be in the command for it to print one: kubectl get
// secret prints only names and ages without -o, aws ssm get-parameter
// prints a SecureString's ciphertext without --with-decryption.
var secretPrinters = []secretPrinter{
	{"kubectl", [][]string{{"get"}, {"secret", "secrets"}, {"-o*", "--output*"}}, "a Kubernetes secret's data"},
	{"kubectl", [][]string{{"create"}, {"token"}}, "a new service account token"},
	{"kubectl", [][]string{{"config"}, {"view"}, {"--raw", "--flatten"}}, "the kubeconfig with its client keys and tokens"},
	{"aws", [][]string{{"secretsmanager"}, {"get-secret-value", "batch-get-secret-value"}}, "a Secrets Manager secret's value"},
	{"aws", [][]string{{"ssm"}, {"get-parameter", "get-parameters", "get-parameters-by-path"}, {"--with-decryption"}}, "decrypted SSM parameters"},
	{"aws", [][]string{{"ecr"}, {"get-login-password"}}, "a registry password"},
	{"aws", [][]string{{"sts"}, {"get-session-token", "get-federation-token", "assume-role", "assume-role-with-saml", "assume-role-with-web-identity"}}, "temporary AWS credentials"},
	{"aws", [][]string{{"iam"}, {"create-access-key"}}, "a new access key with its secret"},
	{"aws", [][]string{{"configure"}, {"export-credentials"}}, "the profile's AWS credentials"},
	{"aws", [][]string{{"configure"}, {"get"}, {"aws_secret_access_key", "aws_session_token"}}, "the profile's secret key or session token"},
	{"gcloud", [][]string{{"auth"}, {"print-access-token", "print-identity-token"}}, "an access or identity token"},
	{"gcloud", [][]string{{"secrets"}, {"versions"}, {"access"}}, "a Secret Manager secret's value"},
	{"az", [][]string{{"keyvault"}, {"secret"}, {"show"}}, "a Key Vault secret's value"},
	{"az", [][]string{{"account"}, {"get-access-token"}}, "an access token"},
	{"az", [][]string{{"storage"}, {"account"}, {"keys"}, {"list"}}, "a storage account's access keys"},
	{"vault", [][]string{{"read"}}, "a Vault secret"},
	{"vault", [][]string{{"kv"}, {"get"}}, "a Vault secret"},
	{"vault", [][]string{{"print"}, {"token"}}, "the Vault token"},
	{"op", [][]string{{"read"}}, "a 1Password secret"},
	{"op", [][]string{{"item"}, {"get"}}, "a 1Password item"},
	{"bw", [][]string{{"get"}, {"password", "item", "notes", "totp"}}, "a Bitwarden secret"},
	{"lpass", [][]string{{"show"}}, "a LastPass secret"},
	{"pass", [][]string{{"show"}}, "a pass entry"},
	{"doppler", [][]string{{"secrets"}}, "Doppler secrets"},
	{"gh", [][]string{{"auth"}, {"token"}}, "the GitHub token"},
	{"glab", [][]string{{"auth"}, {"token"}}, "the GitLab token"},
	{"heroku", [][]string{{"auth:token"}}, "the Heroku token"},
	{"heroku", [][]string{{"config"}}, "the app's config vars, its credentials among them"},
	{"git", [][]string{{"credential"}, {"fill"}}, "a stored git credential"},
	{"security", [][]string{{"find-generic-password", "find-internet-password"}, {"-w", "-g"}}, "a keychain password"},
	{"sops", [][]string{{"-d", "--decrypt", "decrypt"}}, "a decrypted secrets file"},
	{"gpg", [][]string{{"--export-secret-keys", "--export-secret-subkeys"}}, "private keys"},
	{"gpg2", [][]string{{"--export-secret-keys", "--export-secret-subkeys"}}, "private keys"},
}

// printedSecret reports which secret a command of the given words prints,
// if it prints one (secretPrinters).
func printedSecret(words []model.Arg) (string, bool) {
	if i := printerOf(words); i >= 0 {
		return secretPrinters[i].what, true
	}
	return "", false
}

// printerOf returns the index of the secretPrinters row a command of the
// given words matches, or -1. The program may follow wrappers (sudo
// kubectl ...) and be spelled as a path (/usr/local/bin/aws).
func printerOf(words []model.Arg) int {
	for i, w := range words {
		name := path.Base(w.Value)
		for j, p := range secretPrinters {
			if p.program == name && allWords(p.words, words[i+1:]) {
				return j
			}
		}
	}
	return -1
}

// allWords reports whether every group has a word among args.
func allWords(groups [][]string, args []model.Arg) bool {
	for _, alts := range groups {
		found := false
		for _, a := range args {
			if anyWord(alts, a.Value) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// anyWord reports whether word matches one of alts (see secretPrinter).
func anyWord(alts []string, word string) bool {
	for _, alt := range alts {
		if prefix, ok := strings.CutSuffix(alt, "*"); ok {
			if strings.HasPrefix(word, prefix) {
				return true
			}
			continue
		}
		for part := range strings.SplitSeq(word, ",") {
			if part == alt || strings.HasPrefix(part, alt+"/") {
				return true
			}
		}
	}
	return false
}
