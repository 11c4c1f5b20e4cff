package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// logRules: deleting a CloudWatch log group deletes its log events, unless
// skip_destroy makes Terraform only forget it. Deleting a CloudTrail trail
// stops recording; the logs it delivered stay in their bucket.
func logRules() []rules.Rule {
	const group = "aws_cloudwatch_log_group"
	return []rules.Rule{
		{ID: "aws.logs.group.delete.skip-destroy", Type: group, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.Was("skip_destroy", rules.Eq(true)),
			Reason: "skip_destroy makes Terraform remove the log group from state only; the group and its events stay in AWS"},
		{ID: "aws.logs.group.delete", Type: group, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.WasDefault("skip_destroy", false, rules.Ne(true)),
			Reason: "the log group is deleted with all its log events; events not exported elsewhere are lost"},
		{ID: "aws.logs.group.update.retention-set", Type: group, On: rules.Update, Tier: model.TierUnrecoverable,
			When: rules.Any(rules.Becomes("retention_in_days", rules.Null(), rules.Above(0)),
				rules.Becomes("retention_in_days", rules.AtMost(0), rules.Above(0))),
			Reason: "events were kept forever and now expire: CloudWatch deletes those older than the new retention at once"},
		{ID: "aws.logs.group.update.retention-shortened", Type: group, On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Shrinks("retention_in_days"),
			Reason: "the retention is shortened: CloudWatch deletes the events older than the new period"},
		rules.InPlace(group, "aws.logs.group.update.in-place"),
		{ID: "aws.cloudtrail.trail.delete", Type: "aws_cloudtrail", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "the trail stops recording until it is recreated, leaving a gap in the audit log; log files already delivered stay in their S3 bucket"},
		{ID: "aws.cloudtrail.trail.update.logging-off", Type: "aws_cloudtrail", On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("enable_logging", rules.Ne(false), rules.Eq(false)),
			Reason: "logging is turned off: actions taken meanwhile are never recorded"},
		rules.InPlace("aws_cloudtrail", "aws.cloudtrail.trail.update.in-place"),
	}
}
