package attest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// keys writes an Ed25519 key pair as PEM files and returns their paths.
func keys(t *testing.T) (priv, pub string) {
	t.Helper()
	p, s, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sb, _ := x509.MarshalPKCS8PrivateKey(s)
	pb, _ := x509.MarshalPKIXPublicKey(p)
	priv, pub = filepath.Join(dir, "key.pem"), filepath.Join(dir, "key.pub")
	_ = os.WriteFile(priv, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: sb}), 0o600)
	_ = os.WriteFile(pub, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pb}), 0o600)
	return priv, pub
}

func TestSignVerify(t *testing.T) {
	priv, pub := keys(t)
	s, err := LoadSigner(priv)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	input := []byte(`{"command": "psql -c 'DROP TABLE users' postgresql://admin:hunter2@db/prod"}`)
	env, err := s.Sign(ctx, input, Decision{Decision: "block", RuleIDs: []string{"sql.drop.data"}, Policies: []string{"recourse.default"}, SchemaVersion: "recourse.consequence.v1"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Verify(ctx, env, pub)
	if err != nil {
		t.Fatal(err)
	}
	if st.Subject[0].Digest["sha256"] != SubjectDigest(input) || st.Predicate.Fields["decision"].GetStringValue() != "block" {
		t.Fatalf("%v", st)
	}
	// Nothing of the input in clear.
	payload, _ := base64.StdEncoding.DecodeString(env.Payload)
	if strings.Contains(string(payload), "hunter2") || strings.Contains(string(payload), "DROP TABLE") {
		t.Fatalf("input in the statement: %s", payload)
	}
	// One byte changed in the payload, or another key: no verification.
	bad := *env
	raw := []byte(payload)
	raw[len(raw)/2] ^= 1
	bad.Payload = base64.StdEncoding.EncodeToString(raw)
	if _, err := Verify(ctx, &bad, pub); err == nil {
		t.Fatal("a changed payload verified")
	}
	_, other := keys(t)
	if _, err := Verify(ctx, env, other); err == nil {
		t.Fatal("another key verified")
	}
}
