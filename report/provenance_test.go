package report

import (
	"encoding/json"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// TestProvenance: each verdict's ground is named once under its kind:
// rules (and summarised mutations and cross-action risks), the
// classifier, catalog entries with their source, facts observed and
// facts the caller supplied; the input's own facts are not listed.
func TestProvenance(t *testing.T) {
	mut := func(id string, src model.VerdictSource, target string, ev ...model.Evidence) Mutation {
		return Mutation{Intent: Intent{Target: model.Target{ID: target}}, Recoverability: Recoverability{RuleID: id, Source: src}, Evidence: ev}
	}
	catalog := model.Evidence{Key: "catalog", Value: "aws-amazon-keyspaces/describeTable", Present: true,
		Description: "read from awslabs/mcp@100b55b6:src/amazon-keyspaces-mcp-server/awslabs on 2026-11-29"}
	observed := model.Evidence{Key: "git.untracked", Value: 3, Present: true, SuppliedBy: model.SuppliedObserved}
	plan := model.Evidence{Key: "skip_final_snapshot", Value: true, Present: true}
	caller := mut("aws.s3.bucket.delete", model.FromRules, "aws_s3_bucket.logs")
	caller.SuppliedEvidence = []model.SuppliedFact{{Key: "versioning", Value: true, SuppliedBy: model.SuppliedByCaller}}
	rep := &ConsequenceReport{
		Mutations: []Mutation{
			mut("mcp.catalog.read", model.FromRules, "keyspaces.describeTable", catalog),
			mut("mcp.catalog.read", model.FromRules, "keyspaces.describeTable2", catalog),
			mut("fs.rm.rf.untracked", model.FromRules, "./build", observed),
			mut("aws.rds.instance.delete.no-recovery-point", model.FromRules, "aws_db_instance.main", plan),
			mut("classifier.terraform.delete", model.FromClassifier, "acme_widget.x"),
			caller,
		},
		MutationsSummarised: []SummarisedMutations{{RuleID: "terraform.create", Count: 4}},
		CrossActionRisks:    []CrossActionRisk{{ID: "cross.backup-and-source"}},
		Policy:              PolicyResult{Policies: []string{"recourse.default"}},
	}
	rep.SetProvenance()
	got, _ := json.Marshal(rep.Provenance)
	want := `{"rules":["mcp.catalog.read","fs.rm.rf.untracked","aws.rds.instance.delete.no-recovery-point","aws.s3.bucket.delete","terraform.create","cross.backup-and-source"],` +
		`"classifier":["classifier.terraform.delete"],` +
		`"catalog":[{"entry":"aws-amazon-keyspaces/describeTable","source":"awslabs/mcp@100b55b6:src/amazon-keyspaces-mcp-server/awslabs on 2026-11-29"}],` +
		`"observed":[{"address":"./build","key":"git.untracked"}],` +
		`"caller":[{"address":"aws_s3_bucket.logs","key":"versioning"}],` +
		`"policies":["recourse.default"]}`
	if string(got) != want {
		t.Fatalf("provenance\n got %s\nwant %s", got, want)
	}
	// The concise report keeps it.
	if c := rep.Concise(); c.Provenance == nil || len(c.Provenance.Rules) != 6 {
		t.Fatalf("concise provenance %+v", c.Provenance)
	}
	empty := &ConsequenceReport{}
	empty.SetProvenance()
	if b, _ := json.Marshal(empty.Provenance); string(b) != `{"rules":[],"policies":[]}` {
		t.Fatalf("empty provenance %s", b)
	}
}
