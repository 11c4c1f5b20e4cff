package redact

import (
	"encoding/json"
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
		{"private key block", "printf '%s' '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----' > k", "printf '%s' '-----BEGIN OPENSSH PRIVATE KEY-----***-----END OPENSSH PRIVATE KEY-----' > k"},
		{"here-string", "ssh-add - <<< '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----'", "ssh-add - <<< ***"},
		{"here-string", `docker login -u bot --password-stdin registry.example.com <<< "hunter2"`, `docker login -u bot --password-stdin registry.example.com <<< ***`},
		{"here-string", `the line fed <<< hunter2 to (its stdin`, `the line fed <<< *** to (its stdin`},
		{"JSON credential field", `curl -X POST https://x/login -d '{"user":"a","password":"hunter2"}'`, `curl -X POST https://x/login -d '{"user":"a","password":"***"}'`},
		{"JSON credential field", `{"command":"curl -d '{\"api_key\":\"k3y\"}' u"}`, `{"command":"curl -d '{\"api_key\":\"***\"}' u"}`},
		{"URL query credential", `curl 'https://b.s3.amazonaws.com/o?X-Amz-Signature=abc123&X-Amz-Date=1' -X DELETE`, `curl 'https://b.s3.amazonaws.com/o?X-Amz-Signature=***&X-Amz-Date=1' -X DELETE`},
		{"URL query credential", `curl "https://acct.blob.core.windows.net/c/b?sv=2020&sig=Zm9vYmFy%3D" -X DELETE`, `curl "https://acct.blob.core.windows.net/c/b?sv=2020&sig=***" -X DELETE`},
		{"URL query credential", `GET https://api.example.com/v1/items?key=AbC123xyz&q=1 failed`, `GET https://api.example.com/v1/items?key=***&q=1 failed`},
		{"credential variable", `curl -d 'user=a&password=hunter2' https://x/login`, `curl -d 'user=a&password=***' https://x/login`},
		{"credential variable", `DB_PASS=hunter2 STRIPE_KEY=sk_test_123 ./migrate.sh`, `DB_PASS=*** STRIPE_KEY=*** ./migrate.sh`},
		{"credential variable", `export ADMIN_PASSWORD=hunter2 && ./reset`, `export ADMIN_PASSWORD=*** && ./reset`},
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
	f.Add("sshpass -p x ssh h; echo y | docker login --password-stdin; openssl enc -pass pass:z <<< 'w'")
	f.Add(`htpasswd -nb u p && aws configure set aws_secret_access_key k && curl --oauth2-bearer t 'u?sig=s' -d '{"password":"q"}'`)
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
		`{"bearer": "abc"}`:                             true,
		"redis-cli -a x FLUSHALL":                       true,
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
		if sh.re.Regexp() == nil {
			t.Errorf("%s: no pattern", sh.name)
		}
	}
}

// TestCommand: the command-line shapes, read as the shell reads them (and
// as fields when the text is not a whole line).
func TestCommand(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`sshpass -p hunter2 ssh root@db 'rm -rf /srv/data'`, `sshpass -p *** ssh root@db 'rm -rf /srv/data'`},
		{`sshpass -phunter2 ssh h`, `sshpass -p*** ssh h`},
		{`redis-cli -h cache -a 's3cr3t' FLUSHALL`, `redis-cli -h cache -a *** FLUSHALL`},
		{`docker login -u bot -p hunter2 registry.example.com && docker push x`, `docker login -u bot -p *** registry.example.com && docker push x`},
		{`az login --service-principal -u app -p hunter2 --tenant t`, `az login --service-principal -u app -p *** --tenant t`},
		{`curl --oauth2-bearer tok123 -X DELETE https://x/v1/a`, `curl --oauth2-bearer *** -X DELETE https://x/v1/a`},
		{`openssl enc -aes-256-cbc -in a -out b -pass pass:hunter2`, `openssl enc -aes-256-cbc -in a -out b -pass pass:***`},
		{`openssl pkcs12 -export -passout 'pass:hunter2' -passin env:P -out k.p12`, `openssl pkcs12 -export -passout pass:*** -passin env:P -out k.p12`},
		{`htpasswd -b -c /etc/nginx/.htpasswd admin hunter2`, `htpasswd -b -c /etc/nginx/.htpasswd admin ***`},
		{`htpasswd -nbB admin hunter2`, `htpasswd -nbB admin ***`},
		{`aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENG --profile prod`, `aws configure set aws_secret_access_key *** --profile prod`},
		{`aws configure set profile.prod.aws_session_token FQoGZXIvYXdzE`, `aws configure set profile.prod.aws_session_token ***`},
		{`echo hunter2 | docker login -u bot --password-stdin r.example.com`, `echo *** | docker login -u bot --password-stdin r.example.com`},
		{`echo 'root:hunter2' | sudo chpasswd`, `echo *** | sudo chpasswd`},
		{`env DB_PASS='a b c' ./migrate`, `env DB_PASS=*** ./migrate`},
		{`DB_PASSWORD="two words" psql -c 'DROP TABLE t'`, `DB_PASSWORD=*** psql -c 'DROP TABLE t'`},
		{`bash -c 'sshpass -p hunter2 ssh h reboot'`, `bash -c 'sshpass -p *** ssh h reboot'`},
		{`vault write auth/x --client-secret=abc --ttl 1h`, `vault write auth/x --client-secret=*** --ttl 1h`},
		// Not whole lines: read as fields.
		{`sshpass -p hunter2 ssh "h`, `sshpass -p *** ssh "h`},
		{`the call (docker login -p hunter2 r) was refused`, `the call (docker login -p *** r) was refused`},
		// Left alone.
		{`sshpass -p "$PASS" ssh h`, `sshpass -p "$PASS" ssh h`},
		{`openssl enc -pass env:PASS -in a`, `openssl enc -pass env:PASS -in a`},
		{`docker login --password-stdin -u bot r`, `docker login --password-stdin -u bot r`},
		{`htpasswd -D /etc/nginx/.htpasswd admin`, `htpasswd -D /etc/nginx/.htpasswd admin`},
		{`aws configure set region eu-west-1`, `aws configure set region eu-west-1`},
		{`rm -rf ./build`, `rm -rf ./build`},
	} {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%q)\n got  %q\n want %q", tt.in, got, tt.want)
		}
	}
}

// TestValueSecrets: argument names, argument lists and Terraform's
// sensitivity marks.
func TestValueSecrets(t *testing.T) {
	in := map[string]any{
		"arguments": map[string]any{"password": "hunter2", "api_key": 12345, "user": "bob", "auth": map[string]any{"pin": "9876"}, "author": "Ann"},
		"argv":      []any{"sshpass", "-p", "hunter2", "ssh", "h"},
		"resource_changes": []any{map[string]any{"change": map[string]any{
			"before":           map[string]any{"name": "db", "master": "hunter2", "tags": []any{"a", "s3cr3t"}},
			"before_sensitive": map[string]any{"master": true, "tags": []any{false, true}},
			"after":            "opaque-s3cr3t", "after_sensitive": true,
		}}},
		"output_changes": map[string]any{"conn": map[string]any{"sensitive": true, "value": "postgres-s3cr3t"}},
		"variables":      map[string]any{"db_pw": map[string]any{"value": "hunter2"}, "region": map[string]any{"value": "eu"}},
		"configuration":  map[string]any{"root_module": map[string]any{"variables": map[string]any{"db_pw": map[string]any{"sensitive": true}}}},
	}
	b, err := json.Marshal(Value(in))
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	for _, secret := range []string{"hunter2", "12345", "9876", "s3cr3t"} {
		if strings.Contains(out, secret) {
			t.Errorf("%s is in %s", secret, out)
		}
	}
	for _, kept := range []string{`"bob"`, `"Ann"`, `"db"`, `"eu"`, `"a"`} {
		if !strings.Contains(out, kept) {
			t.Errorf("%s is not in %s", kept, out)
		}
	}
	if in["arguments"].(map[string]any)["password"] != "hunter2" {
		t.Error("Value modified its input")
	}
}

// TestMasker: a secret the input marks is masked where a report quotes it
// alone.
func TestMasker(t *testing.T) {
	m := NewMasker(`echo Echo-S3cret | docker login --password-stdin r && sshpass -p Ssh-S3cret ssh h`, `{"arguments": {"password": "Json-S3cret"}}`)
	for in, want := range map[string]string{
		"echo Echo-S3cret":               "echo ***",
		"operand=Ssh-S3cret":             "operand=***",
		"the value Json-S3cret was sent": "the value *** was sent",
		"rm -rf ./build":                 "rm -rf ./build",
	} {
		if got := m.String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
	if got := m.Value([]any{"ssh", "Ssh-S3cret"}).([]any); got[1] != Mask {
		t.Errorf("Value: %v", got)
	}
}
