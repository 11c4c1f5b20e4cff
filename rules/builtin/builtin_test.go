package builtin

import "testing"

func TestEngineBuilds(t *testing.T) {
	eng, err := Engine()
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{"aws_db_instance", "aws_rds_cluster", "aws_s3_bucket", "aws_s3_bucket_versioning", "aws_dynamodb_table",
		"aws_ebs_volume", "aws_kms_key", "aws_secretsmanager_secret", "aws_iam_role", "aws_instance"} {
		if !eng.Knows(typ) {
			t.Errorf("no rules for %s", typ)
		}
	}
	if eng.Knows("acme_widget") {
		t.Error("an unknown type has rules")
	}
}
