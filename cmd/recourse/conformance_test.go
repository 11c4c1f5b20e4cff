package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// conformanceDir holds RecourseOS's public plan fixtures
// (../shared/conformance/terraform, beside the repository).
const conformanceDir = "../../../shared/conformance/terraform/recourseos"

// recourseDecisions are Recourse's decisions on every RecourseOS plan
// fixture. A change here is a change of behaviour: say why in the commit.
var recourseDecisions = map[string]string{
	"plans/cloudwatch-logs-destroy.json":                                       "block", // the group's log events are deleted with it (tier 4); RecourseOS escalates
	"plans/dynamodb-no-pitr-destroy.json":                                      "block",
	"plans/ec2-instance-destroy.json":                                          "warn",
	"plans/iam-role-destroy.json":                                              "warn", // role and policy are recreated by an apply with effort (tier 2)
	"plans/kms-short-deletion-destroy.json":                                    "block",
	"plans/lambda-destroy.json":                                                "warn", // a function is recreated from its package (tier 2)
	"plans/rds-unprotected-destroy.json":                                       "block",
	"plans/s3-no-versioning-destroy.json":                                      "block",
	"plans/vpc-destroy.json":                                                   "warn", // network pieces hold no data (tier 2)
	"golden/aws-golden.json":                                                   "block",
	"golden/azure-golden.json":                                                 "escalate", // the secret's vault is not in the plan: whether purge protection keeps it is missing evidence
	"golden/gcp-golden.json":                                                   "block",    // a Cloud SQL instance and a secret are lost
	"golden/unknown-semantic-golden.json":                                      "block",    // the classifier reads acme_sql_database and acme_storage_bucket as data-bearing (tier 4)
	"differential/dynamodb__table-delete-no-pitr.json":                         "block",
	"differential/dynamodb__table-delete-with-pitr.json":                       "warn",
	"differential/ec2__ebs-snapshot-delete.json":                               "escalate", // the snapshot's volume is not in the plan: source_exists is missing evidence
	"differential/ec2__ebs-volume-delete.json":                                 "block",
	"differential/edge-cases__backup-and-instance-deleted.json":                "block", // the snapshot goes with its database (cross-action)
	"differential/edge-cases__empty-plan.json":                                 "allow",
	"differential/edge-cases__mixed-actions.json":                              "warn",
	"differential/edge-cases__no-op-only.json":                                 "allow",
	"differential/edge-cases__replace-action.json":                             "warn",
	"differential/iam__access-key-delete.json":                                 "warn", // a new key must be issued and distributed (tier 2)
	"differential/lambda__function-delete.json":                                "warn",
	"differential/rds__instance-delete-final-snapshot.json":                    "warn",
	"differential/rds__instance-delete-skip-final-no-backups.json":             "block",
	"differential/rds__instance-delete-skip-final-with-backups.json":           "block",
	"differential/rds__instance-delete-with-deletion-protection.json":          "allow",
	"differential/s3__bucket-delete-force-destroy-no-versioning.json":          "block",
	"differential/s3__bucket-delete-no-before.json":                            "escalate",
	"differential/s3__bucket-delete-with-versioning.json":                      "warn",
	"differential/sqs__queue-delete.json":                                      "escalate", // no plan shows whether the queue is empty: queue_empty is missing evidence
	"cross-action/backup-and-protected-benign.json":                            "warn",     // the snapshot's database stays, so only a point in time is lost (tier 2)
	"cross-action/backup-and-protected-dangerous.json":                         "block",
	"cross-action/backup-and-protected-edge-final-snapshot.json":               "warn", // the database leaves a final snapshot (tier 3)
	"cross-action/protection-disabled-then-deleted-benign.json":                "warn",
	"cross-action/protection-disabled-then-deleted-dangerous.json":             "block",
	"cross-action/protection-disabled-then-deleted-edge-already-disabled.json": "block",
	"cross-action/replica-and-primary-benign.json":                             "warn",
	"cross-action/replica-and-primary-dangerous.json":                          "block",
}

// recourseOSGolden are RecourseOS's own tiers for its golden plans (from
// the conformance README), and why Recourse differs where it does.
var recourseOSGolden = map[string]struct {
	decision string
	tiers    map[string]int
	differ   map[string]string // address -> why Recourse disagrees
}{
	"golden/aws-golden.json": {"block",
		map[string]int{"aws_db_instance.unprotected": 4, "aws_db_instance.protected": 1, "aws_s3_object.versioned": 3,
			"aws_secretsmanager_secret.recovery_window": 2, "aws_elasticache_replication_group.retained": 3, "aws_neptune_cluster.protected": 1},
		map[string]string{
			"aws_secretsmanager_secret.recovery_window":  "a secret inside its recovery window needs RestoreSecret before the window ends: recoverable from a retention window is tier 3 by the design's definition",
			"aws_elasticache_replication_group.retained": "ElastiCache deletes a replication group's automatic backups with it (snapshot_retention_limit keeps them only while it lives); with no final_snapshot_identifier nothing survives, so tier 4 where RecourseOS assumes the backups remain",
		}},
	"golden/gcp-golden.json": {"block",
		map[string]int{"google_sql_database_instance.unprotected": 4, "google_storage_bucket.versioned": 3, "google_project_iam_binding.viewer": 1,
			"google_secret_manager_secret.prod_db": 4, "google_secret_manager_secret_iam_binding.reader": 1, "google_bigquery_dataset.destructive": 4, "google_bigquery_table.review": 3},
		map[string]string{
			"google_storage_bucket.versioned":                 "force_destroy deletes every object and noncurrent version before the bucket: versioning does not survive a force-destroyed bucket, as RecourseOS assumes",
			"google_project_iam_binding.viewer":               "an authoritative binding removes every member it lists and can lock people out: needs-review until access_kept evidence says they keep the access another way",
			"google_secret_manager_secret_iam_binding.reader": "a secret's IAM binding is authoritative too: removing it strips every member it lists, needs-review until access_kept evidence says they keep the access",
			"google_bigquery_dataset.destructive":             "BigQuery can undelete a dataset within its time-travel window (7 days by default): recoverable from backup, not lost",
			"google_bigquery_table.review":                    "deletion_protection defaults to true in the provider, which then refuses the destroy: nothing is lost",
		}},
	"golden/azure-golden.json": {"block",
		map[string]int{"azurerm_mssql_database.unprotected": 4, "azurerm_storage_account.retained": 3, "azurerm_role_assignment.reader": 1,
			"azurerm_key_vault_secret.retained": 2, "azurerm_key_vault_access_policy.app": 1, "azurerm_cosmosdb_account.continuous": 3},
		map[string]string{
			"azurerm_mssql_database.unprotected": "Azure SQL keeps a deleted database's backups for its retention period and restores it as of its deletion time while the server exists: tier 3, not lost",
			"azurerm_key_vault_secret.retained":  "the provider purges a soft-deleted secret on destroy unless its vault has purge protection; the vault is not in the plan, so that is missing evidence (needs-review), where RecourseOS assumes the soft delete keeps it",
		}},
	"golden/unknown-semantic-golden.json": {"escalate",
		map[string]int{"acme_storage_bucket.versioned": 3, "acme_sql_database.protected": 1, "acme_custom_resource.unknown": 5},
		map[string]string{"*": "RecourseOS reads attribute names of unknown types (versioned, protected) as facts; Recourse's classifier never does, and reads a database or bucket type's delete as unrecoverable (tier 4) until a rule knows it"}},
}

// TestRecourseOSConformance runs RecourseOS's public plan fixtures through
// the CLI, checks Recourse's decisions, and logs where they differ from
// RecourseOS's own expectations and why.
func TestRecourseOSConformance(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the conformance corpus is missing in CI: %v", err)
		}
		t.Skipf("conformance corpus not found beside the repository: %v", err)
	}
	root, err := filepath.Abs(conformanceDir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, dir := range []string{"plans", "golden", "differential", "cross-action"} {
		matches, _ := filepath.Glob(filepath.Join(root, dir, "*.json"))
		for _, m := range matches {
			rel, _ := filepath.Rel(root, m)
			files = append(files, rel)
		}
	}
	sort.Strings(files)
	if len(files) != len(recourseDecisions) {
		t.Errorf("%d fixtures in the corpus, %d decisions recorded", len(files), len(recourseDecisions))
	}
	counts := map[string]int{}
	var log strings.Builder
	for _, f := range files {
		res := runBinary(t, "", "eval", "--format", "json", filepath.Join(root, f))
		var rep reportDoc
		if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
			t.Errorf("%s: exit %d, no report: %s", f, res.exit, res.stderr)
			continue
		}
		counts[rep.RiskAssessment]++
		if want := recourseDecisions[f]; rep.RiskAssessment != want {
			t.Errorf("%s: decision %s, recorded %s (%s)", f, rep.RiskAssessment, want, rep.AssessmentReason)
		}
		theirs, ok := recourseOSGolden[f]
		if !ok {
			continue
		}
		fmt.Fprintf(&log, "%s: Recourse %s, RecourseOS %s\n", f, rep.RiskAssessment, theirs.decision)
		for _, m := range rep.Mutations {
			id, tier := m.Intent.Target.ID, m.Recoverability.Tier
			if theirs.tiers[id] == tier {
				continue
			}
			why, ok := theirs.differ[id]
			if !ok {
				why, ok = theirs.differ["*"]
			}
			if !ok {
				t.Errorf("%s: %s tier %d, RecourseOS %d, and no recorded reason", f, id, tier, theirs.tiers[id])
			}
			fmt.Fprintf(&log, "  %s: tier %d vs %d: %s\n", id, tier, theirs.tiers[id], why)
		}
	}
	t.Logf("decisions over %d RecourseOS fixtures: %v\n%s", len(files), counts, log.String())
}
