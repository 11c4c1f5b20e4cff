package aws

import "github.com/recourse-dev/recourse/rules"

// Hints say how an agent can answer the evidence keys the AWS rows report
// missing, with read-only commands and the permissions they need.
func Hints() []rules.EvidenceHint {
	stateShow := []string{"terraform", "state", "show", "{address}"}
	stateAccess := []string{"read access to the Terraform state backend"}
	return []rules.EvidenceHint{
		{Type: "aws_sqs_queue", Key: "queue_empty",
			Why:         "messages still in the queue are deleted with it; an empty queue loses nothing (answer true when both counts are 0)",
			Argv:        []string{"aws", "sqs", "get-queue-attributes", "--queue-url", "{attr:id}", "--attribute-names", "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"},
			Permissions: []string{"sqs:GetQueueAttributes"}},
		{Type: "aws_db_snapshot", Key: sourceExists,
			Why:         "while the snapshot's database exists, deleting the snapshot loses only a point in time; without it, the snapshot may be the last copy",
			Argv:        []string{"aws", "rds", "describe-db-instances", "--db-instance-identifier", "{attr:db_instance_identifier}"},
			Permissions: []string{"rds:DescribeDBInstances"}},
		{Type: "aws_db_cluster_snapshot", Key: sourceExists,
			Why:         "while the snapshot's cluster exists, deleting the snapshot loses only a point in time; without it, the snapshot may be the last copy",
			Argv:        []string{"aws", "rds", "describe-db-clusters", "--db-cluster-identifier", "{attr:db_cluster_identifier}"},
			Permissions: []string{"rds:DescribeDBClusters"}},
		{Type: "aws_docdb_cluster_snapshot", Key: sourceExists,
			Why:         "while the snapshot's cluster exists, deleting the snapshot loses only a point in time; without it, the snapshot may be the last copy",
			Argv:        []string{"aws", "docdb", "describe-db-clusters", "--db-cluster-identifier", "{attr:db_cluster_identifier}"},
			Permissions: []string{"rds:DescribeDBClusters"}},
		{Type: "aws_neptune_cluster_snapshot", Key: sourceExists,
			Why:         "while the snapshot's cluster exists, deleting the snapshot loses only a point in time; without it, the snapshot may be the last copy",
			Argv:        []string{"aws", "neptune", "describe-db-clusters", "--db-cluster-identifier", "{attr:db_cluster_identifier}"},
			Permissions: []string{"rds:DescribeDBClusters"}},
		{Type: "aws_ebs_snapshot", Key: sourceExists,
			Why:         "while the snapshot's volume exists, deleting the snapshot loses only a point in time; without it, the snapshot may be the last copy",
			Argv:        []string{"aws", "ec2", "describe-volumes", "--volume-ids", "{attr:volume_id}"},
			Permissions: []string{"ec2:DescribeVolumes"}},
		{Type: "aws_s3_bucket", Key: "force_destroy",
			Why:         "with force_destroy the bucket is deleted with every object (and version) in it; without it, S3 refuses to delete a bucket that is not empty",
			Argv:        stateShow,
			Permissions: stateAccess},
	}
}
