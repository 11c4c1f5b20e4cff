package terraform

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/plangen"
	"github.com/recourse-dev/recourse/model"
)

func TestConfigAddress(t *testing.T) {
	tests := []struct{ in, want string }{
		{"aws_s3_bucket.a", "aws_s3_bucket.a"},
		{"aws_s3_bucket.a[0]", "aws_s3_bucket.a"},
		{`module.db["eu"].aws_db_instance.main[2]`, "module.db.aws_db_instance.main"},
		{`aws_x.y["a]b"]`, "aws_x.y"},
		{`aws_x.y["q\"]"]`, "aws_x.y"},
	}
	for _, tt := range tests {
		if got := configAddress(tt.in); got != tt.want {
			t.Errorf("configAddress(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestResourceRef(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"aws_kms_key.main.arn", "aws_kms_key.main", true},
		{"aws_kms_key.main", "aws_kms_key.main", true},
		{"aws_kms_key.main[0].arn", "aws_kms_key.main", true},
		{"var.key_arn", "", false},
		{"local.x", "", false},
		{"data.aws_caller_identity.current.id", "", false},
		{"module.db.endpoint", "", false},
		{"each.value", "", false},
		{"aws_kms_key", "", false},
	}
	for _, tt := range tests {
		got, ok := resourceRef(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("resourceRef(%s) = %q %v, want %q %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// plan builds a plan document deleting the given addresses, with prior
// state and configuration given as raw JSON fragments.
func plan(deletes []string, prior, config string) []byte {
	var rcs []string
	for _, a := range deletes {
		typ := a[:strings.IndexByte(a, '.')]
		rcs = append(rcs, fmt.Sprintf(`{"address": %q, "mode": "managed", "type": %q, "name": "x", "change": {"actions": ["delete"], "before": {"id": "id-of-%s"}, "after": null}}`, a, typ, a))
	}
	doc := `{"format_version": "1.2", "resource_changes": [` + strings.Join(rcs, ",") + `]`
	if prior != "" {
		doc += `, "prior_state": {"format_version": "1.0", "values": {"root_module": {"resources": [` + prior + `]}}}`
	}
	if config != "" {
		doc += `, "configuration": {"root_module": ` + config + `}`
	}
	return []byte(doc + "}")
}

func impactOf(t *testing.T, p *Plan, address string) string {
	t.Helper()
	for _, m := range p.Mutations {
		if m.Address == address {
			var parts []string
			for _, d := range m.DependencyImpact {
				s := fmt.Sprintf("%s@%d", d.Address, d.Depth)
				if d.AlsoDestroyed {
					s += "!"
				}
				parts = append(parts, s)
			}
			return strings.Join(parts, " ")
		}
	}
	t.Fatalf("no mutation %s", address)
	return ""
}

func TestDependencyImpact(t *testing.T) {
	keyArn := "arn:aws:kms:eu-west-1:1:key/abc-123"
	tests := []struct {
		name    string
		deletes []string
		prior   string
		config  string
		root    string
		want    string
	}{
		{
			name:    "attribute value names the deleted key's arn",
			deletes: []string{"aws_kms_key.k"},
			prior: `{"address": "aws_kms_key.k", "mode": "managed", "type": "aws_kms_key", "name": "k", "values": {"arn": "` + keyArn + `", "id": "abc-123"}},
			        {"address": "aws_ebs_volume.v", "mode": "managed", "type": "aws_ebs_volume", "name": "v", "values": {"id": "vol-000001", "kms_key_id": "` + keyArn + `"}},
			        {"address": "aws_instance.i", "mode": "managed", "type": "aws_instance", "name": "i", "values": {"id": "i-0000001", "ebs_block_device": [{"volume_id": "vol-000001"}]}}`,
			root: "aws_kms_key.k",
			want: "aws_ebs_volume.v@1 aws_instance.i@2",
		},
		{
			name:    "near miss: a short shared value links nothing",
			deletes: []string{"aws_kms_key.k"},
			prior: `{"address": "aws_kms_key.k", "mode": "managed", "type": "aws_kms_key", "name": "k", "values": {"arn": "` + keyArn + `", "id": "main"}},
			        {"address": "aws_ebs_volume.v", "mode": "managed", "type": "aws_ebs_volume", "name": "v", "values": {"id": "vol-000001", "tags": {"Name": "main"}}}`,
			root: "aws_kms_key.k",
			want: "",
		},
		{
			name:    "depends_on recorded in the state, with instance keys",
			deletes: []string{"aws_vpc.main"},
			prior: `{"address": "aws_subnet.a[0]", "mode": "managed", "type": "aws_subnet", "name": "a", "index": 0, "values": {"id": "subnet-1"}, "depends_on": ["aws_vpc.main"]},
			        {"address": "aws_subnet.a[1]", "mode": "managed", "type": "aws_subnet", "name": "a", "index": 1, "values": {"id": "subnet-2"}, "depends_on": ["aws_vpc.main"]}`,
			root: "aws_vpc.main",
			want: "aws_subnet.a[0]@1 aws_subnet.a[1]@1",
		},
		{
			name:    "configuration references, in a module",
			deletes: []string{"module.net.aws_vpc.main"},
			prior:   `{"address": "module.net.aws_subnet.a", "mode": "managed", "type": "aws_subnet", "name": "a", "values": {"id": "subnet-1"}}`,
			config: `{"module_calls": {"net": {"source": "./net", "module": {"resources": [
			          {"address": "aws_subnet.a", "mode": "managed", "type": "aws_subnet", "name": "a", "expressions": {"vpc_id": {"references": ["aws_vpc.main.id", "aws_vpc.main"]}}},
			          {"address": "aws_vpc.main", "mode": "managed", "type": "aws_vpc", "name": "main"}]}}}}`,
			root: "module.net.aws_vpc.main",
			want: "module.net.aws_subnet.a@1",
		},
		{
			name:    "a dependent the plan also destroys is marked",
			deletes: []string{"aws_vpc.main", "aws_subnet.a"},
			config: `{"resources": [{"address": "aws_subnet.a", "mode": "managed", "type": "aws_subnet", "name": "a", "depends_on": ["aws_vpc.main"]},
			          {"address": "aws_vpc.main", "mode": "managed", "type": "aws_vpc", "name": "main"}]}`,
			root: "aws_vpc.main",
			want: "aws_subnet.a@1!",
		},
		{
			name:    "a bucket sub-resource sharing the bucket's id depends on the bucket, not the reverse",
			deletes: []string{"aws_s3_bucket_versioning.logs"},
			prior: `{"address": "aws_s3_bucket.logs", "mode": "managed", "type": "aws_s3_bucket", "name": "logs", "values": {"id": "acme-logs", "bucket": "acme-logs"}},
			        {"address": "aws_s3_bucket_versioning.logs", "mode": "managed", "type": "aws_s3_bucket_versioning", "name": "logs", "values": {"id": "acme-logs", "bucket": "acme-logs"}}`,
			root: "aws_s3_bucket_versioning.logs",
			want: "",
		},
		{
			name:    "a cycle ends",
			deletes: []string{"aws_security_group.a"},
			prior: `{"address": "aws_security_group.a", "mode": "managed", "type": "aws_security_group", "name": "a", "values": {"id": "sg-aaaaaa", "peer": "sg-bbbbbb"}},
			        {"address": "aws_security_group.b", "mode": "managed", "type": "aws_security_group", "name": "b", "values": {"id": "sg-bbbbbb", "peer": "sg-aaaaaa"}}`,
			root: "aws_security_group.a",
			want: "aws_security_group.b@1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(plan(tt.deletes, tt.prior, tt.config))
			if err != nil {
				t.Fatal(err)
			}
			if got := impactOf(t, p, tt.root); got != tt.want {
				t.Errorf("impact of %s = %q, want %q", tt.root, got, tt.want)
			}
		})
	}
}

func TestBucketSubResourceIsADependent(t *testing.T) {
	prior := `{"address": "aws_s3_bucket.logs", "mode": "managed", "type": "aws_s3_bucket", "name": "logs", "values": {"id": "acme-logs", "bucket": "acme-logs"}},
	          {"address": "aws_s3_bucket_versioning.logs", "mode": "managed", "type": "aws_s3_bucket_versioning", "name": "logs", "values": {"id": "acme-logs", "bucket": "acme-logs"}}`
	p, err := Parse(plan([]string{"aws_s3_bucket.logs"}, prior, ""))
	if err != nil {
		t.Fatal(err)
	}
	if got := impactOf(t, p, "aws_s3_bucket.logs"); got != "aws_s3_bucket_versioning.logs@1" {
		t.Errorf("impact = %q", got)
	}
}

func TestStateFile(t *testing.T) {
	planJSON, err := os.ReadFile("../../testdata/plans/kms-key-delete.json")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("../../testdata/states/data-workspace.tfstate")
	if err != nil {
		t.Fatal(err)
	}
	show := `{"format_version": "1.0", "values": {"root_module": {"resources": [
	  {"address": "aws_ebs_volume.data", "mode": "managed", "type": "aws_ebs_volume", "name": "data",
	   "values": {"id": "vol-0a1b2c3d4e5f60718", "kms_key_id": "arn:aws:kms:eu-west-1:111122223333:key/5b7c0e2a-1f3d-4c55-9a7e-2f1c9d8e0a11"}}]}}}`
	tests := []struct {
		name, state, want string
	}{
		{"raw tfstate v4", string(raw), "aws_ebs_volume.data[0]@1 module.db.aws_db_instance.main@1 aws_volume_attachment.data[0]@2"},
		{"terraform show -json state", show, "aws_ebs_volume.data@1"},
		{"no state", "", ""},
		{"an empty state object", "{}", ""},
		{"terraform show -json of an empty state", `{"format_version": "1.0"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st []byte
			if tt.state != "" {
				st = []byte(tt.state)
			}
			p, err := ParseWithState(planJSON, st)
			if err != nil {
				t.Fatal(err)
			}
			if got := impactOf(t, p, "aws_kms_key.shared"); got != tt.want {
				t.Errorf("impact = %q, want %q", got, tt.want)
			}
			if tt.want != "" && len(p.Inventory.Find("aws_ebs_volume", "id", "vol-0a1b2c3d4e5f60718")) != 1 {
				t.Error("the state's volume is not in the inventory")
			}
		})
	}
}

func TestStateErrors(t *testing.T) {
	planJSON := plan([]string{"aws_kms_key.k"}, "", "")
	tests := []struct{ state, field, contains string }{
		{`[]`, "state", "not a JSON object"},
		{`{"version": 3, "resources": []}`, "state", "version 3"},
		{`{"serial": 1}`, "state", "neither"},
		{`{"version": 4, "resources": [{"mode": "managed", "instances": []}]}`, "state.resources[0]", "without type or name"},
		{`{"version": 4, "resources": 7}`, "state.resources", "where an array is expected"},
		{`{"version": 4,`, "state", "state"},
		{`{"format_version": "1.2", "resource_changes": []}`, "state", "is a Terraform plan"},
	}
	for _, tt := range tests {
		_, err := ParseWithState(planJSON, []byte(tt.state))
		var e *model.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want a *model.Error", tt.state, err)
			continue
		}
		if !strings.HasPrefix(e.Field, tt.field) || !strings.Contains(e.Error(), tt.contains) {
			t.Errorf("%s: field %q, error %q; want field %q containing %q", tt.state, e.Field, e.Error(), tt.field, tt.contains)
		}
	}
}

func TestConfigurationError(t *testing.T) {
	_, err := Parse([]byte(`{"format_version": "1.2", "resource_changes": [], "configuration": {"root_module": []}}`))
	var e *model.Error
	if !errors.As(err, &e) || e.Field != "configuration" {
		t.Fatalf("error %v, want one naming configuration", err)
	}
}

// BenchmarkDependencyImpact parses a plan whose prior state holds n
// resources (a chain of volumes under keys and instances on the volumes)
// of which 40% are deleted; time should grow linearly with n.
func BenchmarkDependencyImpact(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		doc := plangen.Dependencies(n)
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := Parse(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzParseState feeds arbitrary states (and state-shaped plans) to the
// state reader: every outcome is a typed error naming the state, or a plan
// whose dependency impact only names known resources at valid depths.
func FuzzParseState(f *testing.F) {
	for _, s := range []string{"../../testdata/states/data-workspace.tfstate", "../../testdata/plans/kms-key-delete.json"} {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format_version": "1.0", "values": {"root_module": {"resources": [{"address": "a.b", "type": "a", "depends_on": ["aws_kms_key.shared"]}]}}}`))
	f.Add([]byte(`{"version": 4, "resources": [{"module": "module.m[\"k\"]", "mode": "managed", "type": "t", "name": "n", "instances": [{"index_key": "x\"]", "attributes": {"kms_key_id": "arn:aws:kms:eu-west-1:111122223333:key/5b7c0e2a-1f3d-4c55-9a7e-2f1c9d8e0a11"}, "dependencies": ["aws_kms_key.shared[0]"]}]}]}`))
	planJSON, err := os.ReadFile("../../testdata/plans/kms-key-delete.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, state []byte) {
		p, err := ParseWithState(planJSON, state)
		if err != nil {
			var e *model.Error
			if !errors.As(err, &e) || e.Kind == "" || !strings.HasPrefix(e.Field, "state") {
				t.Fatalf("error %v does not name the state", err)
			}
			return
		}
		for _, m := range p.Mutations {
			for _, d := range m.DependencyImpact {
				if d.Depth < 1 || d.Depth > maxImpactDepth || d.Address == m.Address || d.Reason == "" {
					t.Fatalf("bad dependent %+v of %s", d, m.Address)
				}
			}
		}
	})
}

// TestDependencyImpactCaps: on a dense graph every direct dependent is
// listed, at most maxImpactListed deeper ones per change and
// maxImpactTotal in all, and the count stays that of the uncapped walk.
func TestDependencyImpactCaps(t *testing.T) {
	p, err := Parse(plangen.DenseSecurityGroups(600, 20))
	if err != nil {
		t.Fatal(err)
	}
	deeperListed := 0
	capped := false
	for _, m := range p.Mutations {
		if m.Target.Type != "aws_security_group" {
			continue
		}
		direct, deeper := 0, 0
		for _, d := range m.DependencyImpact {
			if d.Depth == 1 {
				direct++
			} else {
				deeper++
			}
		}
		if direct != 20 {
			t.Fatalf("%s: %d direct dependents listed, want all 20", m.Address, direct)
		}
		if deeper > maxImpactListed {
			t.Fatalf("%s: %d deeper dependents listed, over the cap %d", m.Address, deeper, maxImpactListed)
		}
		deeperListed += deeper
		capped = capped || m.DependencyImpactCount > len(m.DependencyImpact)
	}
	if deeperListed > maxImpactTotal {
		t.Errorf("%d deeper dependents listed in all, over the cap %d", deeperListed, maxImpactTotal)
	}
	if !capped {
		t.Fatal("the dense plan reached no cap: the test does not test the caps")
	}
	// The count is that of a plain breadth-first walk without caps.
	prior := map[string][]string{}
	for _, m := range p.Mutations {
		for _, d := range m.DependencyImpact {
			if d.Depth == 1 {
				prior[m.Address] = append(prior[m.Address], d.Address)
			}
		}
	}
	for _, m := range p.Mutations[:25] {
		depth := map[string]int{m.Address: 0}
		queue := []string{m.Address}
		n := 0
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, next := range prior[cur] {
				if _, seen := depth[next]; seen {
					continue
				}
				depth[next] = depth[cur] + 1
				n++
				if depth[next] < maxImpactDepth {
					queue = append(queue, next)
				}
			}
		}
		if m.DependencyImpactCount != n {
			t.Errorf("%s: count %d, the uncapped walk reaches %d", m.Address, m.DependencyImpactCount, n)
		}
	}
}
