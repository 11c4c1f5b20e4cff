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
var plainTiers = []rulestest.PlainTier{
	{Type: "aws_rds_cluster_instance", ID: "aws.rds.cluster-instance", Tier: 2},
	{Type: "aws_docdb_cluster_instance", ID: "aws.docdb.cluster-instance", Tier: 2},
	{Type: "aws_neptune_cluster_instance", ID: "aws.neptune.cluster-instance", Tier: 2},
	{Type: "aws_db_parameter_group", ID: "aws.rds.parameter-group", Tier: 2},
	{Type: "aws_rds_cluster_parameter_group", ID: "aws.rds.cluster-parameter-group", Tier: 2},
	{Type: "aws_db_subnet_group", ID: "aws.rds.subnet-group", Tier: 2},
	{Type: "aws_db_option_group", ID: "aws.rds.option-group", Tier: 2},
	{Type: "aws_db_proxy", ID: "aws.rds.proxy", Tier: 2},
	{Type: "aws_rds_global_cluster", ID: "aws.rds.global-cluster", Tier: 2},
	{Type: "aws_elasticache_parameter_group", ID: "aws.elasticache.parameter-group", Tier: 2},
	{Type: "aws_elasticache_subnet_group", ID: "aws.elasticache.subnet-group", Tier: 2},
	{Type: "aws_dynamodb_table_replica", ID: "aws.dynamodb.table-replica", Tier: 2},
	{Type: "aws_dynamodb_global_table", ID: "aws.dynamodb.global-table", Tier: 2},
	{Type: "aws_opensearch_domain", ID: "aws.opensearch.domain", Tier: 4},
	{Type: "aws_elasticsearch_domain", ID: "aws.elasticsearch.domain", Tier: 4},
	{Type: "aws_timestreamwrite_database", ID: "aws.timestream.database", Tier: 2},
	{Type: "aws_timestreamwrite_table", ID: "aws.timestream.table", Tier: 4},
	{Type: "aws_keyspaces_keyspace", ID: "aws.keyspaces.keyspace", Tier: 4},
	{Type: "aws_redshiftserverless_namespace", ID: "aws.redshift-serverless.namespace", Tier: 4},
	{Type: "aws_redshiftserverless_workgroup", ID: "aws.redshift-serverless.workgroup", Tier: 2},
	{Type: "aws_efs_access_point", ID: "aws.efs.access-point", Tier: 2},
	{Type: "aws_efs_mount_target", ID: "aws.efs.mount-target", Tier: 2},
	{Type: "aws_volume_attachment", ID: "aws.ec2.volume-attachment", Tier: 2},
	{Type: "aws_glacier_vault", ID: "aws.glacier.vault", Tier: 2},
	{Type: "aws_ami", ID: "aws.ec2.ami", Tier: 4},
	{Type: "aws_ami_copy", ID: "aws.ec2.ami-copy", Tier: 4},
	{Type: "aws_ami_from_instance", ID: "aws.ec2.ami-from-instance", Tier: 4},
	{Type: "aws_ebs_snapshot_copy", ID: "aws.ebs.snapshot-copy", Tier: 4},
	{Type: "aws_s3_bucket_policy", ID: "aws.s3.bucket-policy", Tier: 2},
	{Type: "aws_s3_bucket_public_access_block", ID: "aws.s3.public-access-block", Tier: 2},
	{Type: "aws_s3_bucket_server_side_encryption_configuration", ID: "aws.s3.encryption", Tier: 1},
	{Type: "aws_s3_bucket_replication_configuration", ID: "aws.s3.replication", Tier: 2},
	{Type: "aws_s3_bucket_logging", ID: "aws.s3.logging", Tier: 2},
	{Type: "aws_s3_bucket_acl", ID: "aws.s3.acl", Tier: 2},
	{Type: "aws_s3_bucket_ownership_controls", ID: "aws.s3.ownership-controls", Tier: 2},
	{Type: "aws_s3_bucket_notification", ID: "aws.s3.notification", Tier: 2},
	{Type: "aws_s3_bucket_cors_configuration", ID: "aws.s3.cors", Tier: 1},
	{Type: "aws_s3_bucket_website_configuration", ID: "aws.s3.website", Tier: 1},
	{Type: "aws_s3_bucket_object_lock_configuration", ID: "aws.s3.object-lock", Tier: 2},
	{Type: "aws_backup_selection", ID: "aws.backup.selection", Tier: 2},
	{Type: "aws_backup_vault_policy", ID: "aws.backup.vault-policy", Tier: 2},
	{Type: "aws_backup_vault_lock_configuration", ID: "aws.backup.vault-lock", Tier: 2},
	{Type: "aws_kms_alias", ID: "aws.kms.alias", Tier: 2},
	{Type: "aws_kms_grant", ID: "aws.kms.grant", Tier: 1},
	{Type: "aws_secretsmanager_secret_version", ID: "aws.secretsmanager.secret-version", Tier: 2},
	{Type: "aws_secretsmanager_secret_rotation", ID: "aws.secretsmanager.rotation", Tier: 1},
	{Type: "aws_ssm_parameter", ID: "aws.ssm.parameter", Tier: 2},
	{Type: "aws_acm_certificate", ID: "aws.acm.certificate", Tier: 2},
	{Type: "aws_iam_role_policy_attachment", ID: "aws.iam.role-policy-attachment", Tier: 1},
	{Type: "aws_iam_user_policy_attachment", ID: "aws.iam.user-policy-attachment", Tier: 1},
	{Type: "aws_iam_group_policy_attachment", ID: "aws.iam.group-policy-attachment", Tier: 1},
	{Type: "aws_iam_role_policy", ID: "aws.iam.role-policy", Tier: 1},
	{Type: "aws_iam_user_policy", ID: "aws.iam.user-policy", Tier: 1},
	{Type: "aws_iam_group_policy", ID: "aws.iam.group-policy", Tier: 1},
	{Type: "aws_iam_user_group_membership", ID: "aws.iam.user-group-membership", Tier: 1},
	{Type: "aws_iam_group_membership", ID: "aws.iam.group-membership", Tier: 2},
	{Type: "aws_iam_group", ID: "aws.iam.group", Tier: 2},
	{Type: "aws_iam_instance_profile", ID: "aws.iam.instance-profile", Tier: 2},
	{Type: "aws_iam_openid_connect_provider", ID: "aws.iam.oidc-provider", Tier: 2},
	{Type: "aws_iam_saml_provider", ID: "aws.iam.saml-provider", Tier: 2},
	{Type: "aws_iam_user_login_profile", ID: "aws.iam.login-profile", Tier: 2},
	{Type: "aws_iam_service_linked_role", ID: "aws.iam.service-linked-role", Tier: 2},
	{Type: "aws_launch_template", ID: "aws.ec2.launch-template", Tier: 2},
	{Type: "aws_autoscaling_group", ID: "aws.autoscaling.group", Tier: 2},
	{Type: "aws_key_pair", ID: "aws.ec2.key-pair", Tier: 1},
	{Type: "aws_eip", ID: "aws.ec2.eip", Tier: 2},
	{Type: "aws_eip_association", ID: "aws.ec2.eip-association", Tier: 1},
	{Type: "aws_placement_group", ID: "aws.ec2.placement-group", Tier: 2},
	{Type: "aws_ecs_cluster", ID: "aws.ecs.cluster", Tier: 2},
	{Type: "aws_ecs_service", ID: "aws.ecs.service", Tier: 2},
	{Type: "aws_ecs_task_definition", ID: "aws.ecs.task-definition", Tier: 1},
	{Type: "aws_ecs_capacity_provider", ID: "aws.ecs.capacity-provider", Tier: 2},
	{Type: "aws_eks_cluster", ID: "aws.eks.cluster", Tier: 4},
	{Type: "aws_eks_node_group", ID: "aws.eks.node-group", Tier: 2},
	{Type: "aws_eks_fargate_profile", ID: "aws.eks.fargate-profile", Tier: 2},
	{Type: "aws_eks_addon", ID: "aws.eks.addon", Tier: 2},
	{Type: "aws_eks_access_entry", ID: "aws.eks.access-entry", Tier: 1},
	{Type: "aws_lambda_alias", ID: "aws.lambda.alias", Tier: 2},
	{Type: "aws_lambda_permission", ID: "aws.lambda.permission", Tier: 1},
	{Type: "aws_lambda_event_source_mapping", ID: "aws.lambda.event-source-mapping", Tier: 2},
	{Type: "aws_lambda_function_url", ID: "aws.lambda.function-url", Tier: 2},
	{Type: "aws_ami_launch_permission", ID: "aws.ec2.ami-launch-permission", Tier: 1},
	{Type: "aws_lambda_layer_version", ID: "aws.lambda.layer-version", Tier: 2},
	{Type: "aws_route", ID: "aws.vpc.route", Tier: 1},
	{Type: "aws_security_group_rule", ID: "aws.vpc.security-group-rule", Tier: 1},
	{Type: "aws_vpc_security_group_ingress_rule", ID: "aws.vpc.ingress-rule", Tier: 1},
	{Type: "aws_vpc_security_group_egress_rule", ID: "aws.vpc.egress-rule", Tier: 1},
	{Type: "aws_network_acl", ID: "aws.vpc.network-acl", Tier: 2},
	{Type: "aws_network_interface", ID: "aws.vpc.network-interface", Tier: 2},
	{Type: "aws_vpc_endpoint", ID: "aws.vpc.endpoint", Tier: 2},
	{Type: "aws_vpc_peering_connection", ID: "aws.vpc.peering-connection", Tier: 2},
	{Type: "aws_ec2_transit_gateway", ID: "aws.ec2.transit-gateway", Tier: 2},
	{Type: "aws_vpn_connection", ID: "aws.vpc.vpn-connection", Tier: 2},
	{Type: "aws_lb_listener", ID: "aws.elb.listener", Tier: 2},
	{Type: "aws_lb_listener_rule", ID: "aws.elb.listener-rule", Tier: 1},
	{Type: "aws_lb_target_group", ID: "aws.elb.target-group", Tier: 2},
	{Type: "aws_cloudfront_distribution", ID: "aws.cloudfront.distribution", Tier: 2},
	{Type: "aws_api_gateway_rest_api", ID: "aws.apigateway.rest-api", Tier: 2},
	{Type: "aws_apigatewayv2_api", ID: "aws.apigatewayv2.api", Tier: 2},
	{Type: "aws_wafv2_web_acl", ID: "aws.wafv2.web-acl", Tier: 2},
	{Type: "aws_globalaccelerator_accelerator", ID: "aws.globalaccelerator.accelerator", Tier: 2},
	{Type: "aws_route53_health_check", ID: "aws.route53.health-check", Tier: 1},
	{Type: "aws_route53_zone_association", ID: "aws.route53.zone-association", Tier: 1},
	{Type: "aws_sqs_queue_policy", ID: "aws.sqs.queue-policy", Tier: 1},
	{Type: "aws_sns_topic_subscription", ID: "aws.sns.subscription", Tier: 2},
	{Type: "aws_sns_topic_policy", ID: "aws.sns.topic-policy", Tier: 1},
	{Type: "aws_msk_cluster", ID: "aws.msk.cluster", Tier: 4},
	{Type: "aws_msk_serverless_cluster", ID: "aws.msk.serverless-cluster", Tier: 4},
	{Type: "aws_msk_configuration", ID: "aws.msk.configuration", Tier: 2},
	{Type: "aws_mq_broker", ID: "aws.mq.broker", Tier: 4},
	{Type: "aws_kinesis_firehose_delivery_stream", ID: "aws.firehose.delivery-stream", Tier: 2},
	{Type: "aws_kinesis_video_stream", ID: "aws.kinesis.video-stream", Tier: 4},
	{Type: "aws_cloudwatch_event_bus", ID: "aws.events.bus", Tier: 2},
	{Type: "aws_cloudwatch_event_rule", ID: "aws.events.rule", Tier: 2},
	{Type: "aws_cloudwatch_event_target", ID: "aws.events.target", Tier: 1},
	{Type: "aws_cloudwatch_event_archive", ID: "aws.events.archive", Tier: 4},
	{Type: "aws_sfn_state_machine", ID: "aws.sfn.state-machine", Tier: 2},
	{Type: "aws_cloudwatch_log_stream", ID: "aws.logs.stream", Tier: 4},
	{Type: "aws_cloudwatch_log_subscription_filter", ID: "aws.logs.subscription-filter", Tier: 2},
	{Type: "aws_cloudwatch_log_metric_filter", ID: "aws.logs.metric-filter", Tier: 1},
	{Type: "aws_cloudwatch_metric_alarm", ID: "aws.cloudwatch.alarm", Tier: 2},
	{Type: "aws_cloudwatch_dashboard", ID: "aws.cloudwatch.dashboard", Tier: 1},
	{Type: "aws_flow_log", ID: "aws.vpc.flow-log", Tier: 2},
	{Type: "aws_config_configuration_recorder", ID: "aws.config.recorder", Tier: 2},
	{Type: "aws_guardduty_detector", ID: "aws.guardduty.detector", Tier: 4},
	{Type: "aws_securityhub_account", ID: "aws.securityhub.account", Tier: 4},
	{Type: "aws_codecommit_repository", ID: "aws.codecommit.repository", Tier: 4},
	{Type: "aws_ecr_lifecycle_policy", ID: "aws.ecr.lifecycle-policy", Tier: 1},
	{Type: "aws_ecr_repository_policy", ID: "aws.ecr.repository-policy", Tier: 1},
	{Type: "aws_directory_service_directory", ID: "aws.ds.directory", Tier: 4},
	{Type: "aws_workspaces_workspace", ID: "aws.workspaces.workspace", Tier: 4},
	{Type: "aws_transfer_server", ID: "aws.transfer.server", Tier: 2},
	{Type: "aws_athena_workgroup", ID: "aws.athena.workgroup", Tier: 2},
	{Type: "aws_glue_catalog_database", ID: "aws.glue.catalog-database", Tier: 2},
	{Type: "aws_glue_catalog_table", ID: "aws.glue.catalog-table", Tier: 2},
	{Type: "aws_organizations_organizational_unit", ID: "aws.organizations.ou", Tier: 2},
	{Type: "aws_organizations_policy", ID: "aws.organizations.policy", Tier: 2},
	{Type: "aws_organizations_policy_attachment", ID: "aws.organizations.policy-attachment", Tier: 2},
	{Type: "aws_cognito_user_pool_client", ID: "aws.cognito.user-pool-client", Tier: 2},
	{Type: "aws_cognito_user_pool_domain", ID: "aws.cognito.user-pool-domain", Tier: 2},
	{Type: "aws_cognito_identity_pool", ID: "aws.cognito.identity-pool", Tier: 4},
	{Type: "aws_cognito_user_group", ID: "aws.cognito.user-group", Tier: 2},
	{Type: "aws_kms_replica_key", ID: "aws.kms.replica-key", Tier: 3},
	{Type: "aws_kms_external_key", ID: "aws.kms.external-key", Tier: 3},
	{Type: "aws_acmpca_certificate_authority", ID: "aws.acmpca.certificate-authority", Tier: 3},
	{Type: "aws_lightsail_instance", ID: "aws.lightsail.instance", Tier: 4},
	{Type: "aws_lightsail_disk", ID: "aws.lightsail.disk", Tier: 4},
	{Type: "aws_dax_cluster", ID: "aws.dax.cluster", Tier: 2},
	{Type: "aws_sagemaker_notebook_instance", ID: "aws.sagemaker.notebook-instance", Tier: 4},
	{Type: "aws_storagegateway_gateway", ID: "aws.storagegateway.gateway", Tier: 4},
	{Type: "aws_athena_database", ID: "aws.athena.database", Tier: 2},
	{Type: "aws_dms_replication_instance", ID: "aws.dms.replication-instance", Tier: 2},
	{Type: "aws_codeartifact_repository", ID: "aws.codeartifact.repository", Tier: 4},
	{Type: "aws_opensearchserverless_collection", ID: "aws.opensearchserverless.collection", Tier: 4},
	{Type: "aws_docdbelastic_cluster", ID: "aws.docdbelastic.cluster", Tier: 4},
	{Type: "aws_neptune_global_cluster", ID: "aws.neptune.global-cluster", Tier: 2},
	{Type: "aws_dlm_lifecycle_policy", ID: "aws.dlm.lifecycle-policy", Tier: 2},
	{Type: "aws_ssm_document", ID: "aws.ssm.document", Tier: 2},
	{Type: "aws_appsync_graphql_api", ID: "aws.appsync.graphql-api", Tier: 2},
	{Type: "aws_amplify_app", ID: "aws.amplify.app", Tier: 2},
}

// TestPlainRows hits every plain type's destroy row and, as its near miss,
// its in-place update row.
func TestPlainRows(t *testing.T) {
	rulestest.RunPlain(t, append(plainRules(), keyRules()...), plainTiers)
}

// TestGuardedRows hits every row whose outcome turns on an attribute, each
// with a near miss that the attribute sends elsewhere.
func TestGuardedRows(t *testing.T) {
	del, upd, create := model.ActionDelete, model.ActionUpdate, model.ActionCreate
	c := rulestest.Change
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
