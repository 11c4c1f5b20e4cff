package tfsource

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLocate places plan addresses of the terraform-aws-rds example
// (testdata/terraform-aws-rds, a real multi-module project) at their
// blocks: through two levels of local modules, with count keys, at the
// module call for a registry module, and nowhere for what is not there.
func TestLocate(t *testing.T) {
	example := filepath.Join("testdata", "terraform-aws-rds", "examples", "complete-postgres")
	ix, ok := New(example)
	if !ok {
		t.Fatal("the example has no .tf files")
	}
	tests := []struct {
		address string
		file    string // relative to testdata/terraform-aws-rds; "" = no location
		start   int
		header  string // what the start line holds
	}{
		{"module.db.module.db_instance.aws_db_instance.this[0]", "modules/db_instance/main.tf", 30, `resource "aws_db_instance" "this" {`},
		{"module.db_default.module.db_instance.aws_db_instance.this[0]", "modules/db_instance/main.tf", 30, `resource "aws_db_instance" "this" {`},
		{"module.db.module.db_parameter_group.aws_db_parameter_group.this[0]", "modules/db_parameter_group/main.tf", 8, `resource "aws_db_parameter_group" "this" {`},
		{`module.db.module.db_instance_role_association["s3Import"].aws_db_instance_role_association.this`, "modules/db_instance_role_association/main.tf", 0, `resource "aws_db_instance_role_association" "this" {`},
		{"module.db_automated_backups_replication.aws_db_instance_automated_backups_replication.this[0]", "modules/db_instance_automated_backups_replication/main.tf", 1, `resource "aws_db_instance_automated_backups_replication" "this" {`},
		{"module.vpc.aws_vpc.this[0]", "examples/complete-postgres/main.tf", 192, `module "vpc" {`},
		{"module.security_group.aws_security_group.this_name_prefix[0]", "examples/complete-postgres/main.tf", 209, `module "security_group" {`},
		{"data.aws_availability_zones.available", "examples/complete-postgres/main.tf", 6, `data "aws_availability_zones" "available" {}`},
		{"module.db.module.db_instance.aws_db_instance.gone", "", 0, ""},
		{"module.nowhere.aws_db_instance.this", "", 0, ""},
		{"aws_db_instance.root_level_missing", "", 0, ""},
		{"module.db.", "", 0, ""},
		{`module.db["unclosed.aws_db_instance.this`, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.address, func(t *testing.T) {
			loc, ok := ix.Locate(tt.address)
			if tt.file == "" {
				if ok {
					t.Fatalf("located at %+v, want nowhere", loc)
				}
				return
			}
			if !ok {
				t.Fatal("not located")
			}
			want := filepath.Join("testdata", "terraform-aws-rds", filepath.FromSlash(tt.file))
			if filepath.Clean(loc.File) != want {
				t.Fatalf("file %s, want %s", loc.File, want)
			}
			lines := fileLines(t, loc.File)
			if tt.start != 0 && loc.StartLine != tt.start {
				t.Errorf("start line %d, want %d", loc.StartLine, tt.start)
			}
			if got := lines[loc.StartLine-1]; got != tt.header {
				t.Errorf("line %d is %q, want %q", loc.StartLine, got, tt.header)
			}
			if loc.EndLine < loc.StartLine || !strings.HasSuffix(lines[loc.EndLine-1], "}") {
				t.Errorf("end line %d (%q) does not close the block", loc.EndLine, lines[loc.EndLine-1])
			}
		})
	}
}

// TestLocateJSONSyntax reads .tf.json files with the JSON syntax.
func TestLocateJSONSyntax(t *testing.T) {
	ix, ok := New(filepath.Join("testdata", "json"))
	if !ok {
		t.Fatal("no configuration found")
	}
	loc, ok := ix.Locate("aws_s3_bucket.logs")
	if !ok || loc.StartLine != 4 {
		t.Fatalf("aws_s3_bucket.logs at %+v (%v), want line 4", loc, ok)
	}
	if _, ok := ix.Locate("module.net.aws_vpc.main"); ok {
		t.Error("a module whose directory does not exist has no resources")
	}
}

// TestNoConfiguration: a directory without .tf files is reported, so the
// caller keeps the plan's own lines.
func TestNoConfiguration(t *testing.T) {
	if _, ok := New(t.TempDir()); ok {
		t.Error("an empty directory has configuration")
	}
}

func fileLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

func FuzzParseAddress(f *testing.F) {
	for _, s := range []string{"aws_s3_bucket.b", `module.a["x.y"].module.b.aws_db_instance.this[0]`, "data.x.y", "module.", `a["\"]"].b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, addr string) {
		steps, err := parseAddress(addr)
		if err != nil {
			return
		}
		if len(steps) == 0 || steps[len(steps)-1].kind == "module" {
			t.Fatalf("%q: steps %+v do not end with a resource", addr, steps)
		}
		for _, s := range steps {
			if s.name == "" {
				t.Fatalf("%q: an empty name in %+v", addr, steps)
			}
		}
	})
}
