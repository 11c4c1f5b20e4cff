// Package attest signs decisions: an in-toto v1 Statement whose subject
// is the sha256 of the decided input and whose predicate is the decision,
// in a DSSE envelope signed with an Ed25519 key. The formats are the
// secure-systems-lab DSSE and in-toto attestation libraries', so any
// in-toto or DSSE verifier reads them; recourse verify is one.
package attest

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"
)

// SubjectDigest is the hex sha256 of a decided input, the Statement's
// subject. Unlike the digests in decision records it is not keyed: an
// in-toto subject is a public digest that anyone holding the artifact
// checks (recourse verify --input, on any machine), and the signed answer
// goes back to the caller, who sent the input.
func SubjectDigest(input []byte) string {
	sum := sha256.Sum256(input)
	return hex.EncodeToString(sum[:])
}

// PredicateType names Recourse's decision predicate.
const PredicateType = "https://recourse.dev/attestation/decision/v1"

// PayloadType is the DSSE payload type of an in-toto Statement.
const PayloadType = "application/vnd.in-toto+json"

// Decision is the predicate: what was decided, by which rules and policy.
// It names rules and policies, never the input's content.
type Decision struct {
	Decision       string   `json:"decision"`
	RuleIDs        []string `json:"rule_ids"`
	Policies       []string `json:"policies"`
	BundleRevision string   `json:"bundle_revision,omitempty"`
	SchemaVersion  string   `json:"schema_version"`
	Endpoint       string   `json:"endpoint,omitempty"`
}

// ed25519Key is a DSSE signer and verifier over an Ed25519 key.
type ed25519Key struct {
	priv ed25519.PrivateKey // nil for a verifier
	pub  ed25519.PublicKey
}

func (k ed25519Key) Sign(_ context.Context, data []byte) ([]byte, error) {
	if k.priv == nil {
		return nil, errors.New("a public key cannot sign")
	}
	return ed25519.Sign(k.priv, data), nil
}

func (k ed25519Key) Verify(_ context.Context, data, sig []byte) error {
	if !ed25519.Verify(k.pub, data, sig) {
		return errors.New("the signature does not verify")
	}
	return nil
}

func (k ed25519Key) KeyID() (string, error)   { return dsse.SHA256KeyID(k.pub) }
func (k ed25519Key) Public() crypto.PublicKey { return k.pub }

// Signer signs decisions.
type Signer struct{ es *dsse.EnvelopeSigner }

// LoadSigner reads an Ed25519 private key (PKCS #8 PEM, as openssl genpkey
// -algorithm ed25519 writes it).
func LoadSigner(name string) (*Signer, error) {
	block, err := readPEM(name)
	if err != nil {
		return nil, err
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("--sign-key %s: %w", name, err)
	}
	priv, ok := key.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("--sign-key %s: expected an Ed25519 key, got %T", name, key)
	}
	es, err := dsse.NewEnvelopeSigner(ed25519Key{priv: priv, pub: priv.Public().(ed25519.PublicKey)})
	if err != nil {
		return nil, err
	}
	return &Signer{es: es}, nil
}

// Sign returns the DSSE envelope of the Statement that input was decided
// as d.
func (s *Signer) Sign(ctx context.Context, input []byte, d Decision) (*dsse.Envelope, error) {
	pred, err := structpb.NewStruct(map[string]any{
		"decision": d.Decision, "rule_ids": toAny(d.RuleIDs), "policies": toAny(d.Policies),
		"bundle_revision": d.BundleRevision, "schema_version": d.SchemaVersion, "endpoint": d.Endpoint,
	})
	if err != nil {
		return nil, err
	}
	st := &intoto.Statement{
		Type:          intoto.StatementTypeUri,
		Subject:       []*intoto.ResourceDescriptor{{Name: "input", Digest: map[string]string{"sha256": SubjectDigest(input)}}},
		PredicateType: PredicateType,
		Predicate:     pred,
	}
	if err := st.Validate(); err != nil {
		return nil, err
	}
	payload, err := protojson.Marshal(st)
	if err != nil {
		return nil, err
	}
	return s.es.SignPayload(ctx, PayloadType, payload)
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Verify checks env's signature with the Ed25519 public key in pubFile
// (PKIX PEM) and returns its Statement.
func Verify(ctx context.Context, env *dsse.Envelope, pubFile string) (*intoto.Statement, error) {
	block, err := readPEM(pubFile)
	if err != nil {
		return nil, err
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pubFile, err)
	}
	pub, ok := key.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("%s: expected an Ed25519 public key, got %T", pubFile, key)
	}
	if env.PayloadType != PayloadType {
		return nil, fmt.Errorf("payloadType %q: expected %s", env.PayloadType, PayloadType)
	}
	ev, err := dsse.NewEnvelopeVerifier(ed25519Key{pub: pub})
	if err != nil {
		return nil, err
	}
	_, payload, err := ev.VerifyAndDecode(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("the signature does not verify: %w", err)
	}
	var st intoto.Statement
	if err := protojson.Unmarshal(payload, &st); err != nil {
		return nil, fmt.Errorf("the payload is not an in-toto Statement: %w", err)
	}
	if err := st.Validate(); err != nil {
		return nil, err
	}
	if st.PredicateType != PredicateType {
		return nil, fmt.Errorf("predicateType %q: expected %s", st.PredicateType, PredicateType)
	}
	return &st, nil
}

func readPEM(name string) (*pem.Block, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("%s holds no PEM block", name)
	}
	return block, nil
}
