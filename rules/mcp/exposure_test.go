package mcp

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/rules"
)

// TestExposure: a call of any name that opens data to everyone, or a port
// to the internet, needs review; near misses are decided by other rows.
func TestExposure(t *testing.T) {
	c := func(row, hit, miss string) rulestest.CallCase {
		return rulestest.CallCase{Row: row, Hit: hit, Miss: miss}
	}
	rulestest.RunCalls(t, []rules.Rule{anyToolExposes(), anyToolOpenIngress()}, []rulestest.CallCase{
		c("mcp.any.public",
			`{"server":"aws","tool":"modify_db_snapshot_attribute","arguments":{"DBSnapshotIdentifier":"s","AttributeName":"restore","ValuesToAdd":["all"]}}`,
			`{"server":"aws","tool":"modify_db_snapshot_attribute","arguments":{"DBSnapshotIdentifier":"s","AttributeName":"restore","ValuesToAdd":["123456789012"]}}`),
		c("mcp.any.public",
			`{"server":"aws","tool":"modify_snapshot_attribute","arguments":{"SnapshotId":"snap-1","CreateVolumePermission":{"Add":[{"Group":"all"}]}}}`,
			`{"server":"aws","tool":"modify_snapshot_attribute","arguments":{"SnapshotId":"snap-1","CreateVolumePermission":{"Add":[{"UserId":"123456789012"}]}}}`),
		c("mcp.any.open-ingress",
			`{"server":"aws","tool":"authorize_security_group_ingress","arguments":{"GroupId":"sg-1","IpPermissions":[{"FromPort":22,"ToPort":22,"IpRanges":[{"CidrIp":"0.0.0.0/0"}]}]}}`,
			`{"server":"aws","tool":"authorize_security_group_egress","arguments":{"GroupId":"sg-1","IpPermissions":[{"IpProtocol":"-1","IpRanges":[{"CidrIp":"0.0.0.0/0"}]}]}}`),
		c("mcp.any.public",
			`{"server":"gdrive","tool":"create_permission","arguments":{"fileId":"x","role":"reader","type":"anyone"}}`,
			`{"server":"gdrive","tool":"create_permission","arguments":{"fileId":"x","role":"reader","type":"user","emailAddress":"a@b.c"}}`),
		c("mcp.any.public",
			`{"server":"github","tool":"update_repository","arguments":{"owner":"o","repo":"r","private":false}}`,
			`{"server":"github","tool":"create_repository","arguments":{"name":"r","private":false}}`),
		c("mcp.any.public",
			`{"server":"github","tool":"create_gist","arguments":{"files":{"notes.md":{"content":"x"}},"public":true}}`,
			`{"server":"github","tool":"create_gist","arguments":{"files":{"notes.md":{"content":"x"}},"public":false}}`),
		c("mcp.any.public",
			`{"server":"gitlab","tool":"update_project","arguments":{"id":1,"visibility":"public"}}`,
			`{"server":"gitlab","tool":"update_project","arguments":{"id":1,"visibility":"private"}}`),
		c("mcp.any.public",
			`{"server":"supabase","tool":"update_storage_bucket","arguments":{"id":"b","public":true}}`,
			`{"server":"supabase","tool":"create_storage_bucket","arguments":{"id":"b","public":true}}`),
		c("mcp.any.public",
			`{"server":"aws","tool":"put_public_access_block","arguments":{"Bucket":"b","PublicAccessBlockConfiguration":{"BlockPublicAcls":false}}}`,
			`{"server":"aws","tool":"put_public_access_block","arguments":{"Bucket":"b","PublicAccessBlockConfiguration":{"BlockPublicAcls":true}}}`),
		c("mcp.any.public",
			`{"server":"aws","tool":"put_bucket_policy","arguments":{"Bucket":"b","Policy":"{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\"}]}"}}`,
			`{"server":"aws","tool":"put_bucket_policy","arguments":{"Bucket":"b","Policy":"{\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:*\"}]}"}}`),
		c("mcp.any.public",
			`{"server":"gcp","tool":"set_iam_policy","arguments":{"resource":"b","policy":{"bindings":[{"role":"roles/storage.objectViewer","members":["allUsers"]}]}}}`,
			`{"server":"gcp","tool":"set_iam_policy","arguments":{"resource":"b","policy":{"bindings":[{"role":"roles/storage.objectViewer","members":["user:a@b.c"]}]}}}`),
		c("mcp.any.public",
			`{"server":"aws","tool":"add_permission","arguments":{"FunctionName":"f","Principal":"*","Action":"lambda:InvokeFunction"}}`,
			`{"server":"aws","tool":"add_permission","arguments":{"FunctionName":"f","Principal":"s3.amazonaws.com","Action":"lambda:InvokeFunction"}}`),
		c("mcp.any.open-ingress",
			`{"server":"gcp","tool":"create_firewall_rule","arguments":{"name":"ssh","sourceRanges":["10.0.0.0/8","0.0.0.0/0"],"allowed":[{"IPProtocol":"tcp","ports":["22"]}]}}`,
			`{"server":"gcp","tool":"create_firewall_rule","arguments":{"name":"ssh","sourceRanges":["35.235.240.0/20"]}}`),
		c("mcp.any.open-ingress",
			`{"server":"aws","tool":"authorize_security_group_ingress","arguments":{"GroupId":"sg-1","IpPermissions":[{"IpProtocol":"tcp","IpRanges":[{"CidrIp":"0.0.0.0/0"}]}]}}`,
			`{"server":"aws","tool":"revoke_security_group_ingress","arguments":{"GroupId":"sg-1","CidrIp":"10.0.0.0/8"}}`),
	})
}

// TestProtectionOffSpellings: the ways services spell a protection turned
// off in a call's arguments, nested or not.
func TestProtectionOffSpellings(t *testing.T) {
	c := func(hit, miss string) rulestest.CallCase {
		return rulestest.CallCase{Row: "mcp.any.protection-off", Hit: hit, Miss: miss}
	}
	rulestest.RunCalls(t, []rules.Rule{anyToolProtectionOff()}, []rulestest.CallCase{
		c(`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","versioning":{"enabled":false}}}`,
			`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","versioning":{"enabled":true}}}`),
		c(`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","softDeletePolicy":{"retentionDurationSeconds":0}}}`,
			`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","softDeletePolicy":{"retentionDurationSeconds":604800}}}`),
		c(`{"server":"gcp","tool":"update_database","arguments":{"name":"db","enableDropProtection":false}}`,
			`{"server":"gcp","tool":"update_database","arguments":{"name":"db","enableDropProtection":true}}`),
		c(`{"server":"gcp","tool":"patch_database","arguments":{"deleteProtectionState":"DELETE_PROTECTION_DISABLED"}}`,
			`{"server":"gcp","tool":"patch_database","arguments":{"deleteProtectionState":"DELETE_PROTECTION_ENABLED"}}`),
		c(`{"server":"aws","tool":"update_table","arguments":{"TableName":"t","DeletionProtectionEnabled":false}}`,
			`{"server":"aws","tool":"create_table","arguments":{"TableName":"t","DeletionProtectionEnabled":false}}`),
	})
}

// TestRetention: a call of any name that sets a retention or a lifecycle
// rule that expires objects needs review; a new object's retention and a
// rule that only moves objects are near misses.
func TestRetention(t *testing.T) {
	c := func(row, hit, miss string) rulestest.CallCase {
		return rulestest.CallCase{Row: row, Hit: hit, Miss: miss}
	}
	rulestest.RunCalls(t, []rules.Rule{anyToolRetention()}, []rulestest.CallCase{
		c("mcp.any.retention",
			`{"server":"aws","tool":"put_retention_policy","arguments":{"logGroupName":"/app","retentionInDays":1}}`,
			`{"server":"aws","tool":"create_log_group","arguments":{"logGroupName":"/app","retentionInDays":1}}`),
		c("mcp.any.retention",
			`{"server":"aws","tool":"put_bucket_lifecycle_configuration","arguments":{"Bucket":"b","LifecycleConfiguration":{"Rules":[{"Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}}}`,
			`{"server":"aws","tool":"put_bucket_lifecycle_configuration","arguments":{"Bucket":"b","LifecycleConfiguration":{"Rules":[{"Status":"Enabled","Transitions":[{"Days":30,"StorageClass":"GLACIER"}]}]}}}`),
		c("mcp.any.retention",
			`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","lifecycle":{"rule":[{"action":{"type":"Delete"},"condition":{"age":1}}]}}}`,
			`{"server":"gcp","tool":"update_bucket","arguments":{"bucket":"b","lifecycle":{"rule":[{"action":{"type":"SetStorageClass","storageClass":"COLDLINE"},"condition":{"age":30}}]}}}`),
	})
}
