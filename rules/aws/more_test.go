package aws

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

type obj = map[string]any

// TablesTestedHere are the tables whose every row this file's tests hit
// (through rulestest.RunResources); the external tests leave them out of
// their own coverage check.
func TablesTestedHere() []rules.Rule {
	return append(append(append(plainRules(), keyRules()...), guardedRules()...), kmsRules()[0])
}

// plainTiers pins the destroy tier of every type in the plain tables: a
// change of tier is a change of this table, reviewed on its own.
var plainTiers = []struct {
	typ, id string
	tier    model.Tier
}{
	{"aws_rds_cluster_instance", "aws.rds.cluster-instance", 2},
	{"aws_docdb_cluster_instance", "aws.docdb.cluster-instance", 2},
	{"aws_neptune_cluster_instance", "aws.neptune.cluster-instance", 2},
	{"aws_db_parameter_group", "aws.rds.parameter-group", 2},
	{"aws_rds_cluster_parameter_group", "aws.rds.cluster-parameter-group", 2},
	{"aws_db_subnet_group", "aws.rds.subnet-group", 2},
	{"aws_db_option_group", "aws.rds.option-group", 2},
	{"aws_db_proxy", "aws.rds.proxy", 2},
	{"aws_rds_global_cluster", "aws.rds.global-cluster", 2},
	{"aws_elasticache_parameter_group", "aws.elasticache.parameter-group", 2},
	{"aws_elasticache_subnet_group", "aws.elasticache.subnet-group", 2},
	{"aws_dynamodb_table_replica", "aws.dynamodb.table-replica", 2},
	{"aws_dynamodb_global_table", "aws.dynamodb.global-table", 2},
	{"aws_opensearch_domain", "aws.opensearch.domain", 4},
	{"aws_elasticsearch_domain", "aws.elasticsearch.domain", 4},
	{"aws_timestreamwrite_database", "aws.timestream.database", 2},
	{"aws_timestreamwrite_table", "aws.timestream.table", 4},
	{"aws_keyspaces_keyspace", "aws.keyspaces.keyspace", 4},
	{"aws_redshiftserverless_namespace", "aws.redshift-serverless.namespace", 4},
	{"aws_redshiftserverless_workgroup", "aws.redshift-serverless.workgroup", 2},
	{"aws_efs_access_point", "aws.efs.access-point", 2},
	{"aws_efs_mount_target", "aws.efs.mount-target", 2},
	{"aws_volume_attachment", "aws.ec2.volume-attachment", 2},
	{"aws_glacier_vault", "aws.glacier.vault", 2},
	{"aws_ami", "aws.ec2.ami", 4},
	{"aws_ami_copy", "aws.ec2.ami-copy", 4},
	{"aws_ami_from_instance", "aws.ec2.ami-from-instance", 4},
	{"aws_ebs_snapshot_copy", "aws.ebs.snapshot-copy", 4},
	{"aws_s3_bucket_policy", "aws.s3.bucket-policy", 2},
	{"aws_s3_bucket_public_access_block", "aws.s3.public-access-block", 2},
	{"aws_s3_bucket_server_side_encryption_configuration", "aws.s3.encryption", 1},
	{"aws_s3_bucket_replication_configuration", "aws.s3.replication", 2},
	{"aws_s3_bucket_logging", "aws.s3.logging", 2},
	{"aws_s3_bucket_acl", "aws.s3.acl", 2},
	{"aws_s3_bucket_ownership_controls", "aws.s3.ownership-controls", 2},
	{"aws_s3_bucket_notification", "aws.s3.notification", 2},
	{"aws_s3_bucket_cors_configuration", "aws.s3.cors", 1},
	{"aws_s3_bucket_website_configuration", "aws.s3.website", 1},
	{"aws_s3_bucket_object_lock_configuration", "aws.s3.object-lock", 2},
	{"aws_backup_selection", "aws.backup.selection", 2},
	{"aws_backup_vault_policy", "aws.backup.vault-policy", 2},
	{"aws_backup_vault_lock_configuration", "aws.backup.vault-lock", 2},
	{"aws_kms_alias", "aws.kms.alias", 2},
	{"aws_kms_grant", "aws.kms.grant", 1},
	{"aws_secretsmanager_secret_version", "aws.secretsmanager.secret-version", 2},
	{"aws_secretsmanager_secret_rotation", "aws.secretsmanager.rotation", 1},
	{"aws_ssm_parameter", "aws.ssm.parameter", 2},
	{"aws_acm_certificate", "aws.acm.certificate", 2},
	{"aws_iam_role_policy_attachment", "aws.iam.role-policy-attachment", 1},
	{"aws_iam_user_policy_attachment", "aws.iam.user-policy-attachment", 1},
	{"aws_iam_group_policy_attachment", "aws.iam.group-policy-attachment", 1},
	{"aws_iam_role_policy", "aws.iam.role-policy", 1},
	{"aws_iam_user_policy", "aws.iam.user-policy", 1},
	{"aws_iam_group_policy", "aws.iam.group-policy", 1},
	{"aws_iam_user_group_membership", "aws.iam.user-group-membership", 1},
	{"aws_iam_group_membership", "aws.iam.group-membership", 2},
	{"aws_iam_group", "aws.iam.group", 2},
	{"aws_iam_instance_profile", "aws.iam.instance-profile", 2},
	{"aws_iam_openid_connect_provider", "aws.iam.oidc-provider", 2},
	{"aws_iam_saml_provider", "aws.iam.saml-provider", 2},
	{"aws_iam_user_login_profile", "aws.iam.login-profile", 2},
	{"aws_iam_service_linked_role", "aws.iam.service-linked-role", 2},
	{"aws_launch_template", "aws.ec2.launch-template", 2},
	{"aws_autoscaling_group", "aws.autoscaling.group", 2},
	{"aws_key_pair", "aws.ec2.key-pair", 1},
	{"aws_eip", "aws.ec2.eip", 2},
	{"aws_eip_association", "aws.ec2.eip-association", 1},
	{"aws_placement_group", "aws.ec2.placement-group", 2},
	{"aws_ecs_cluster", "aws.ecs.cluster", 2},
	{"aws_ecs_service", "aws.ecs.service", 2},
	{"aws_ecs_task_definition", "aws.ecs.task-definition", 1},
	{"aws_ecs_capacity_provider", "aws.ecs.capacity-provider", 2},
	{"aws_eks_cluster", "aws.eks.cluster", 4},
	{"aws_eks_node_group", "aws.eks.node-group", 2},
	{"aws_eks_fargate_profile", "aws.eks.fargate-profile", 2},
	{"aws_eks_addon", "aws.eks.addon", 2},
	{"aws_eks_access_entry", "aws.eks.access-entry", 1},
	{"aws_lambda_alias", "aws.lambda.alias", 2},
	{"aws_lambda_permission", "aws.lambda.permission", 1},
	{"aws_lambda_event_source_mapping", "aws.lambda.event-source-mapping", 2},
	{"aws_lambda_function_url", "aws.lambda.function-url", 2},
	{"aws_lambda_layer_version", "aws.lambda.layer-version", 2},
	{"aws_route", "aws.vpc.route", 1},
	{"aws_security_group_rule", "aws.vpc.security-group-rule", 1},
	{"aws_vpc_security_group_ingress_rule", "aws.vpc.ingress-rule", 1},
	{"aws_vpc_security_group_egress_rule", "aws.vpc.egress-rule", 1},
	{"aws_network_acl", "aws.vpc.network-acl", 2},
	{"aws_network_interface", "aws.vpc.network-interface", 2},
	{"aws_vpc_endpoint", "aws.vpc.endpoint", 2},
	{"aws_vpc_peering_connection", "aws.vpc.peering-connection", 2},
	{"aws_ec2_transit_gateway", "aws.ec2.transit-gateway", 2},
	{"aws_vpn_connection", "aws.vpc.vpn-connection", 2},
	{"aws_lb_listener", "aws.elb.listener", 2},
	{"aws_lb_listener_rule", "aws.elb.listener-rule", 1},
	{"aws_lb_target_group", "aws.elb.target-group", 2},
	{"aws_cloudfront_distribution", "aws.cloudfront.distribution", 2},
	{"aws_api_gateway_rest_api", "aws.apigateway.rest-api", 2},
	{"aws_apigatewayv2_api", "aws.apigatewayv2.api", 2},
	{"aws_wafv2_web_acl", "aws.wafv2.web-acl", 2},
	{"aws_globalaccelerator_accelerator", "aws.globalaccelerator.accelerator", 2},
	{"aws_route53_health_check", "aws.route53.health-check", 1},
	{"aws_route53_zone_association", "aws.route53.zone-association", 1},
	{"aws_sqs_queue_policy", "aws.sqs.queue-policy", 1},
	{"aws_sns_topic_subscription", "aws.sns.subscription", 2},
	{"aws_sns_topic_policy", "aws.sns.topic-policy", 1},
	{"aws_msk_cluster", "aws.msk.cluster", 4},
	{"aws_msk_serverless_cluster", "aws.msk.serverless-cluster", 4},
	{"aws_msk_configuration", "aws.msk.configuration", 2},
	{"aws_mq_broker", "aws.mq.broker", 4},
	{"aws_kinesis_firehose_delivery_stream", "aws.firehose.delivery-stream", 2},
	{"aws_kinesis_video_stream", "aws.kinesis.video-stream", 4},
	{"aws_cloudwatch_event_bus", "aws.events.bus", 2},
	{"aws_cloudwatch_event_rule", "aws.events.rule", 2},
	{"aws_cloudwatch_event_target", "aws.events.target", 1},
	{"aws_cloudwatch_event_archive", "aws.events.archive", 4},
	{"aws_sfn_state_machine", "aws.sfn.state-machine", 2},
	{"aws_cloudwatch_log_stream", "aws.logs.stream", 4},
	{"aws_cloudwatch_log_subscription_filter", "aws.logs.subscription-filter", 2},
	{"aws_cloudwatch_log_metric_filter", "aws.logs.metric-filter", 1},
	{"aws_cloudwatch_metric_alarm", "aws.cloudwatch.alarm", 2},
	{"aws_cloudwatch_dashboard", "aws.cloudwatch.dashboard", 1},
	{"aws_flow_log", "aws.vpc.flow-log", 2},
	{"aws_config_configuration_recorder", "aws.config.recorder", 2},
	{"aws_guardduty_detector", "aws.guardduty.detector", 4},
	{"aws_securityhub_account", "aws.securityhub.account", 4},
	{"aws_codecommit_repository", "aws.codecommit.repository", 4},
	{"aws_ecr_lifecycle_policy", "aws.ecr.lifecycle-policy", 1},
	{"aws_ecr_repository_policy", "aws.ecr.repository-policy", 1},
	{"aws_directory_service_directory", "aws.ds.directory", 4},
	{"aws_workspaces_workspace", "aws.workspaces.workspace", 4},
	{"aws_transfer_server", "aws.transfer.server", 2},
	{"aws_athena_workgroup", "aws.athena.workgroup", 2},
	{"aws_glue_catalog_database", "aws.glue.catalog-database", 2},
	{"aws_glue_catalog_table", "aws.glue.catalog-table", 2},
	{"aws_organizations_organizational_unit", "aws.organizations.ou", 2},
	{"aws_organizations_policy", "aws.organizations.policy", 2},
	{"aws_organizations_policy_attachment", "aws.organizations.policy-attachment", 2},
	{"aws_cognito_user_pool_client", "aws.cognito.user-pool-client", 2},
	{"aws_cognito_user_pool_domain", "aws.cognito.user-pool-domain", 2},
	{"aws_cognito_identity_pool", "aws.cognito.identity-pool", 4},
	{"aws_cognito_user_group", "aws.cognito.user-group", 2},
	{"aws_kms_replica_key", "aws.kms.replica-key", 3},
	{"aws_kms_external_key", "aws.kms.external-key", 3},
	{"aws_acmpca_certificate_authority", "aws.acmpca.certificate-authority", 3},
	{"aws_lightsail_instance", "aws.lightsail.instance", 4},
}

// TestPlainRows hits every plain type's destroy row and, as its near miss,
// its in-place update row.
func TestPlainRows(t *testing.T) {
	var cases []rulestest.ResourceCase
	for _, p := range plainTiers {
		cases = append(cases, rulestest.PlainCases(p.typ, p.id, p.tier)...)
	}
	rulestest.RunResources(t, append(plainRules(), keyRules()...), cases)
}

// TestGuardedRows hits every row whose outcome turns on an attribute, each
// with a near miss that the attribute sends elsewhere.
func TestGuardedRows(t *testing.T) {
	del, upd, create := model.ActionDelete, model.ActionUpdate, model.ActionCreate
	c := func(name, typ string, a model.Action, before, after obj, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: typ, Action: a, Before: before, After: after, Rule: rule, Tier: tier}
	}
	expireAll := func(status string, filter []any) obj {
		return obj{"rule": []any{obj{"id": "all", "status": status, "filter": filter, "expiration": []any{obj{"days": 30.0}}}}}
	}
	var cases []rulestest.ResourceCase
	for _, f := range []struct {
		typ, id     string
		skipDefault bool
	}{
		{"aws_fsx_windows_file_system", "aws.fsx.windows", false},
		{"aws_fsx_openzfs_file_system", "aws.fsx.openzfs", false},
		{"aws_fsx_lustre_file_system", "aws.fsx.lustre", true},
		{"aws_fsx_ontap_volume", "aws.fsx.ontap-volume", false},
	} {
		absent, absentTier := f.id+".delete.final-backup", model.TierRecoverableFromBackup
		if f.skipDefault {
			absent, absentTier = f.id+".delete", model.TierUnrecoverable
		}
		cases = append(cases,
			c("final backup", f.typ, del, obj{"skip_final_backup": false}, nil, f.id+".delete.final-backup", 3),
			c("near miss: backup skipped", f.typ, del, obj{"skip_final_backup": true}, nil, f.id+".delete", 4),
			c("attribute absent: provider default", f.typ, del, obj{"id": "fs-1"}, nil, absent, absentTier),
			c("skip turned on", f.typ, upd, obj{"skip_final_backup": false}, obj{"skip_final_backup": true}, f.id+".update.skip-backup-on", 2),
			c("near miss: skip turned off", f.typ, upd, obj{"skip_final_backup": true}, obj{"skip_final_backup": false}, f.id+".update.in-place", 1))
	}
	cases = append(cases, rulestest.PlainCases("aws_fsx_ontap_file_system", "aws.fsx.ontap", 2)...)
	cases = append(cases, rulestest.PlainCases("aws_fsx_backup", "aws.fsx.backup", 4)...)
	cases = append(cases,
		c("memorydb final snapshot", "aws_memorydb_cluster", del, obj{"final_snapshot_name": "last"}, nil, "aws.memorydb.cluster.delete.final-snapshot", 3),
		c("near miss: memorydb without", "aws_memorydb_cluster", del, obj{"final_snapshot_name": nil}, nil, "aws.memorydb.cluster.delete", 4),
		c("memorydb node type", "aws_memorydb_cluster", upd, obj{"node_type": "a"}, obj{"node_type": "b"}, "aws.memorydb.cluster.update.in-place", 1),
		c("memcached", "aws_elasticache_cluster", del, obj{"engine": "memcached"}, nil, "aws.elasticache.cluster.delete.memcached", 2),
		c("redis final snapshot", "aws_elasticache_cluster", del, obj{"engine": "redis", "final_snapshot_identifier": "last"}, nil, "aws.elasticache.cluster.delete.final-snapshot", 3),
		c("near miss: redis without", "aws_elasticache_cluster", del, obj{"engine": "redis"}, nil, "aws.elasticache.cluster.delete", 4),
		c("cache node type", "aws_elasticache_cluster", upd, obj{"node_type": "a"}, obj{"node_type": "b"}, "aws.elasticache.cluster.update.in-place", 1),

		c("ledger protected by default", "aws_qldb_ledger", del, obj{"name": "l"}, nil, "aws.qldb.ledger.delete.protected", 1),
		c("near miss: ledger unprotected", "aws_qldb_ledger", del, obj{"deletion_protection": false}, nil, "aws.qldb.ledger.delete", 4),
		c("ledger protection off", "aws_qldb_ledger", upd, obj{"deletion_protection": true}, obj{"deletion_protection": false}, "aws.qldb.ledger.update.protection-off", 2),
		c("near miss: ledger protection on", "aws_qldb_ledger", upd, obj{"deletion_protection": false}, obj{"deletion_protection": true}, "aws.qldb.ledger.update.in-place", 1),
		c("keyspaces pitr", "aws_keyspaces_table", del, obj{"point_in_time_recovery": []any{obj{"status": "ENABLED"}}}, nil, "aws.keyspaces.table.delete.pitr", 3),
		c("near miss: keyspaces no pitr", "aws_keyspaces_table", del, obj{"point_in_time_recovery": []any{obj{"status": "DISABLED"}}}, nil, "aws.keyspaces.table.delete", 4),
		c("keyspaces pitr off", "aws_keyspaces_table", upd, obj{"point_in_time_recovery": []any{obj{"status": "ENABLED"}}}, obj{"point_in_time_recovery": []any{obj{"status": "DISABLED"}}}, "aws.keyspaces.table.update.pitr-off", 4),
		c("near miss: keyspaces pitr on", "aws_keyspaces_table", upd, obj{"point_in_time_recovery": []any{obj{"status": "DISABLED"}}}, obj{"point_in_time_recovery": []any{obj{"status": "ENABLED"}}}, "aws.keyspaces.table.update.in-place", 1),

		c("pool protected", "aws_cognito_user_pool", del, obj{"deletion_protection": "ACTIVE"}, nil, "aws.cognito.user-pool.delete.protected", 1),
		c("near miss: pool unprotected", "aws_cognito_user_pool", del, obj{"deletion_protection": "INACTIVE"}, nil, "aws.cognito.user-pool.delete", 4),
		c("pool protection off", "aws_cognito_user_pool", upd, obj{"deletion_protection": "ACTIVE"}, obj{"deletion_protection": "INACTIVE"}, "aws.cognito.user-pool.update.protection-off", 2),
		c("near miss: pool protection on", "aws_cognito_user_pool", upd, obj{"deletion_protection": "INACTIVE"}, obj{"deletion_protection": "ACTIVE"}, "aws.cognito.user-pool.update.in-place", 1),

		c("account closed", "aws_organizations_account", del, obj{"close_on_deletion": true}, nil, "aws.organizations.account.delete.close", 3),
		c("near miss: account removed only", "aws_organizations_account", del, obj{"close_on_deletion": false}, nil, "aws.organizations.account.delete", 2),
		c("close on deletion turned on", "aws_organizations_account", upd, obj{"close_on_deletion": false}, obj{"close_on_deletion": true}, "aws.organizations.account.update.close-on", 2),
		c("near miss: account tags", "aws_organizations_account", upd, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, "aws.organizations.account.update.in-place", 1),

		c("created expiring everything", "aws_s3_bucket_lifecycle_configuration", create, nil, expireAll("Enabled", []any{}), "aws.s3.lifecycle.expire-all", 4),
		c("created expiring everything, empty prefix filter", "aws_s3_bucket_lifecycle_configuration", create, nil, expireAll("Enabled", []any{obj{"prefix": ""}}), "aws.s3.lifecycle.expire-all", 4),
		c("updated to expire everything", "aws_s3_bucket_lifecycle_configuration", upd, expireAll("Disabled", []any{}), expireAll("Enabled", []any{}), "aws.s3.lifecycle.expire-all", 4),
		c("near miss: rule filtered by prefix", "aws_s3_bucket_lifecycle_configuration", create, nil, expireAll("Enabled", []any{obj{"prefix": "tmp/"}}), "terraform.create", 1),
		c("near miss: rule already expiring everything", "aws_s3_bucket_lifecycle_configuration", upd, expireAll("Enabled", []any{}), expireAll("Enabled", []any{}), "aws.s3.lifecycle.update.in-place", 1),
		c("lifecycle removed", "aws_s3_bucket_lifecycle_configuration", del, expireAll("Enabled", []any{}), nil, "aws.s3.lifecycle.delete", 1),

		c("emr protected", "aws_emr_cluster", del, obj{"termination_protection": true}, nil, "aws.emr.cluster.delete.protected", 1),
		c("near miss: emr unprotected", "aws_emr_cluster", del, obj{"termination_protection": false}, nil, "aws.emr.cluster.delete", 4),
		c("emr protection off", "aws_emr_cluster", upd, obj{"termination_protection": true}, obj{"termination_protection": false}, "aws.emr.cluster.update.protection-off", 2),
		c("near miss: emr protection on", "aws_emr_cluster", upd, obj{"termination_protection": false}, obj{"termination_protection": true}, "aws.emr.cluster.update.in-place", 1),
		c("domain deletes EFS", "aws_sagemaker_domain", del, obj{"retention_policy": []any{obj{"home_efs_file_system": "Delete"}}}, nil, "aws.sagemaker.domain.delete.efs-deleted", 4),
		c("near miss: domain retains EFS by default", "aws_sagemaker_domain", del, obj{"domain_name": "d"}, nil, "aws.sagemaker.domain.delete", 2),
		c("domain tags", "aws_sagemaker_domain", upd, obj{"tags": obj{}}, obj{"tags": obj{"a": "b"}}, "aws.sagemaker.domain.update.in-place", 1),
		c("lightsail db skip snapshot", "aws_lightsail_database", del, obj{"skip_final_snapshot": true}, nil, "aws.lightsail.database.delete.no-snapshot", 4),
		c("near miss: lightsail db final snapshot", "aws_lightsail_database", del, obj{"skip_final_snapshot": false, "final_snapshot_name": "last"}, nil, "aws.lightsail.database.delete", 3),
		c("lightsail db bundle", "aws_lightsail_database", upd, obj{"bundle_id": "a"}, obj{"bundle_id": "b"}, "aws.lightsail.database.update.in-place", 1),
		c("public repo force", "aws_ecrpublic_repository", del, obj{"force_destroy": true}, nil, "aws.ecr-public.repository.delete.force", 4),
		c("near miss: public repo must be empty", "aws_ecrpublic_repository", del, obj{"force_destroy": false}, nil, "aws.ecr-public.repository.delete", 2),
		c("public repo catalog", "aws_ecrpublic_repository", upd, obj{"catalog_data": []any{}}, obj{"catalog_data": []any{obj{"about_text": "x"}}}, "aws.ecr-public.repository.update.in-place", 1),
		c("directory bucket force", "aws_s3_directory_bucket", del, obj{"force_destroy": true}, nil, "aws.s3.directory-bucket.delete.force", 4),
		c("near miss: directory bucket must be empty", "aws_s3_directory_bucket", del, obj{"force_destroy": false}, nil, "aws.s3.directory-bucket.delete", 2),
		c("directory bucket update", "aws_s3_directory_bucket", upd, obj{"force_destroy": false}, obj{"force_destroy": false, "tags": obj{"a": "b"}}, "aws.s3.directory-bucket.update.in-place", 1),
	)
	rulestest.RunResources(t, guardedRules(), cases)
}

// TestKeyStillEncrypting: a key deleted while data that stays is encrypted
// under it is tier 4; dependents destroyed with it, or that keep no data,
// leave the waiting-period verdict.
func TestKeyStillEncrypting(t *testing.T) {
	del := model.ActionDelete
	window := obj{"deletion_window_in_days": 7.0}
	dep := func(typ string, depth int, destroyed bool) []model.Dependent {
		return []model.Dependent{{Address: typ + ".d", Type: typ, Depth: depth, Reason: "kms_key_id names the key's arn", AlsoDestroyed: destroyed}}
	}
	c := func(name string, before obj, deps []model.Dependent, rule string, tier model.Tier) rulestest.ResourceCase {
		return rulestest.ResourceCase{Name: name, Type: "aws_kms_key", Action: del, Before: before, Dependents: deps, Rule: rule, Tier: tier}
	}
	rulestest.RunResources(t, kmsRules(), []rulestest.ResourceCase{
		c("volume stays encrypted under it", window, dep("aws_ebs_volume", 1, false), "aws.kms.key.delete.still-encrypting", 4),
		c("database stays, default window", obj{"deletion_window_in_days": nil}, dep("aws_db_instance", 1, false), "aws.kms.key.delete.still-encrypting", 4),
		c("near miss: volume destroyed too", window, dep("aws_ebs_volume", 1, true), "aws.kms.key.delete.window", 3),
		c("near miss: only a role depends on it", window, dep("aws_iam_role", 1, false), "aws.kms.key.delete.window", 3),
		c("near miss: volume at depth 2", window, dep("aws_ebs_volume", 2, false), "aws.kms.key.delete.window", 3),
		c("no dependents, default window", obj{"deletion_window_in_days": nil}, nil, "aws.kms.key.delete.default-window", 3),
		{Name: "disabled", Type: "aws_kms_key", Action: model.ActionUpdate, Before: obj{"is_enabled": true}, After: obj{"is_enabled": false}, Rule: "aws.kms.key.update.disabled", Tier: 2},
		{Name: "description", Type: "aws_kms_key", Action: model.ActionUpdate, Before: obj{"description": "a"}, After: obj{"description": "b"}, Rule: "aws.kms.key.update.in-place", Tier: 1},
	})
}
