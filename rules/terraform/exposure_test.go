package terraform_test

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/builtin"
)

type obj = map[string]any

// TestExposureRows: a create, update or replace that opens data to
// everyone or a port to the internet needs review beside what the type's
// own rows say; a setting the object already had, a new object's own
// public flag, an egress rule and the web's ports are near misses; and a
// worse verdict of the type's rows stands.
func TestExposureRows(t *testing.T) {
	eng, err := builtin.Engine()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name          string
		typ           string
		action        model.Action
		before, after obj
		rule          string // "" when neither exposure row may decide
		tier          model.Tier
	}{
		{"public ACL", "aws_s3_bucket_acl", model.ActionCreate, nil, obj{"bucket": "b", "acl": "public-read"}, "terraform.public", model.TierNeedsReview},
		{"private ACL", "aws_s3_bucket_acl", model.ActionCreate, nil, obj{"bucket": "b", "acl": "private"}, "", 0},
		{"block off", "aws_s3_bucket_public_access_block", model.ActionUpdate, obj{"block_public_acls": true}, obj{"block_public_acls": false},
			"terraform.public", model.TierNeedsReview},
		{"block already off", "aws_s3_bucket_public_access_block", model.ActionUpdate, obj{"block_public_acls": false, "bucket": "a"},
			obj{"block_public_acls": false, "bucket": "b"}, "", 0},
		{"member allUsers", "google_storage_bucket_iam_member", model.ActionCreate, nil, obj{"bucket": "b", "role": "roles/storage.objectViewer", "member": "allUsers"},
			"terraform.public", model.TierNeedsReview},
		{"database made public", "aws_db_instance", model.ActionUpdate, obj{"publicly_accessible": false}, obj{"publicly_accessible": true},
			"terraform.public", model.TierNeedsReview},
		{"new public database", "aws_db_instance", model.ActionCreate, nil, obj{"publicly_accessible": true}, "", 0},
		{"public and backups off", "aws_db_instance", model.ActionUpdate, obj{"publicly_accessible": false, "backup_retention_period": 7},
			obj{"publicly_accessible": true, "backup_retention_period": 0}, "aws.rds.instance.update.backups-off", model.TierUnrecoverable},
		{"image shared with all", "aws_ami_launch_permission", model.ActionCreate, nil, obj{"image_id": "ami-1", "group": "all"}, "terraform.public", model.TierNeedsReview},
		{"image shared with one account", "aws_ami_launch_permission", model.ActionCreate, nil, obj{"image_id": "ami-1", "account_id": "123456789012"}, "", 0},
		{"function URL anyone can call", "aws_lambda_function_url", model.ActionCreate, nil, obj{"function_name": "api", "authorization_type": "NONE"}, "terraform.public", model.TierNeedsReview},
		{"function URL opened", "aws_lambda_function_url", model.ActionUpdate, obj{"function_name": "api", "authorization_type": "AWS_IAM"}, obj{"function_name": "api", "authorization_type": "NONE"}, "terraform.public", model.TierNeedsReview},
		{"near miss: function URL behind IAM", "aws_lambda_function_url", model.ActionCreate, nil, obj{"function_name": "api", "authorization_type": "AWS_IAM"}, "", 0},
		{"ssh from anywhere", "aws_security_group_rule", model.ActionCreate, nil,
			obj{"type": "ingress", "from_port": 22, "to_port": 22, "cidr_blocks": []any{"0.0.0.0/0"}}, "terraform.open-ingress", model.TierNeedsReview},
		{"https from anywhere", "aws_security_group_rule", model.ActionCreate, nil,
			obj{"type": "ingress", "from_port": 443, "to_port": 443, "cidr_blocks": []any{"0.0.0.0/0"}}, "", 0},
		{"egress to anywhere", "aws_security_group", model.ActionCreate, nil,
			obj{"egress": []any{obj{"from_port": 0, "to_port": 0, "cidr_blocks": []any{"0.0.0.0/0"}}}}, "", 0},
		{"firewall replaced open", "google_compute_firewall", model.ActionReplace, obj{"source_ranges": []any{"10.0.0.0/8"}},
			obj{"source_ranges": []any{"0.0.0.0/0"}, "allow": []any{obj{"protocol": "tcp", "ports": []any{"5432"}}}}, "terraform.open-ingress", model.TierNeedsReview},
	} {
		m := &model.Mutation{Source: model.SourceTerraform, Action: tt.action, Address: tt.typ + ".x",
			Target: model.Target{Type: tt.typ, ID: tt.typ + ".x"}, Before: tt.before, After: tt.after}
		v, ok := eng.Judge(rules.Facts{M: m, Inv: model.NewInventory()})
		exposure := strings.HasPrefix(v.RuleID, "terraform.public") || strings.HasPrefix(v.RuleID, "terraform.open-ingress")
		switch {
		case tt.rule == "" && exposure:
			t.Errorf("%s: %s, want no exposure verdict", tt.name, v.RuleID)
		case tt.rule != "" && (!ok || v.RuleID != tt.rule || v.Tier != tt.tier):
			t.Errorf("%s: %s tier %d, want %s tier %d (%s)", tt.name, v.RuleID, v.Tier, tt.rule, tt.tier, v.Reasoning)
		}
	}
}
