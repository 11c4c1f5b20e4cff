// Package aws holds the recoverability rules for resources of the AWS
// Terraform provider, one file per service. Each row cites the provider
// or service behaviour it rests on in its reason.
package aws

import "github.com/recourse-dev/recourse/rules"

// Rules returns every AWS row.
func Rules() []rules.Rule {
	var out []rules.Rule
	for _, t := range [][]rules.Rule{
		rdsRules("aws_db_instance", "aws.rds.instance", "instance", "replicate_source_db"),
		rdsRules("aws_rds_cluster", "aws.rds.cluster", "cluster", "replication_source_identifier"),
		s3Rules(),
		dynamodbRules(),
		ebsRules(),
		kmsRules(),
		secretsManagerRules(),
		iamRules(),
		ec2Rules(),
		clusterSnapshotRules("aws_neptune_cluster", "aws.neptune.cluster", "Neptune", "backup_retention_period", false),
		clusterSnapshotRules("aws_docdb_cluster", "aws.docdb.cluster", "DocumentDB", "backup_retention_period", false),
		clusterSnapshotRules("aws_redshift_cluster", "aws.redshift.cluster", "Redshift", "automated_snapshot_retention_period", true),
		elastiCacheRules(),
		efsRules(),
		snapshotRules(),
		ecrRules(),
		backupRules(),
		logRules(),
		messagingRules(),
		networkRules(),
		identityRules(),
		lambdaRules(),
		guardedRules(),
		keyRules(),
		plainRules(),
	} {
		out = append(out, t...)
	}
	return out
}
