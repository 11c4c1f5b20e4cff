package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/recourse-dev/recourse/policy/rego"
)

// TestKubernetesManifests keeps deploy/kubernetes true to the binary: the
// Deployment's arguments are flags recourse serve takes, and the example
// policy in the ConfigMap compiles.
func TestKubernetesManifests(t *testing.T) {
	dir := filepath.Join("..", "..", "deploy", "kubernetes")
	var dep struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct{ Args []string }
				}
			}
		}
	}
	readYAML(t, filepath.Join(dir, "deployment.yaml"), &dep)
	args := dep.Spec.Template.Spec.Containers[0].Args
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("args %v", args)
	}
	cmd := newServeCmd()
	if err := cmd.ParseFlags(args[1:]); err != nil {
		t.Fatalf("recourse serve does not take %v: %v", args[1:], err)
	}
	var cm struct{ Data map[string]string }
	readYAML(t, filepath.Join(dir, "configmap.yaml"), &cm)
	pdir := t.TempDir()
	for name, body := range cm.Data {
		if err := os.WriteFile(filepath.Join(pdir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rego.New(context.Background(), pdir); err != nil {
		t.Fatalf("the ConfigMap's policy: %v", err)
	}
	var k struct{ Resources []string }
	readYAML(t, filepath.Join(dir, "kustomization.yaml"), &k)
	for _, r := range k.Resources {
		if _, err := os.Stat(filepath.Join(dir, r)); err != nil {
			t.Errorf("kustomization names %s: %v", r, err)
		}
	}
}

func readYAML(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.NewDecoder(strings.NewReader(string(data))).Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
