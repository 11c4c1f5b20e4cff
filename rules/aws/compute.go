package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// iamRules: a role can be recreated by apply with the same name and
// policies, but IAM gives it a new unique id, and policies elsewhere that
// resolved the old role (bucket and key policies, other accounts' trust
// policies) no longer match it until they are edited.
func iamRules() []rules.Rule {
	const typ = "aws_iam_role"
	return []rules.Rule{
		{ID: "aws.iam.role.delete", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "an apply recreates the role, but with a new unique id: resource and trust policies that named the old role stop matching and must be edited, and sessions using it fail meanwhile"},
		rules.InPlace(typ, "aws.iam.role.update.in-place"),
	}
}

// identityRules: an IAM user, access key or managed policy is recreated by
// an apply, but an access key's secret is shown only once, so a new key
// must be handed to everything that used the old one; a user gets a new
// unique id, and its console password and MFA devices must be set again.
func identityRules() []rules.Rule {
	return []rules.Rule{
		{ID: "aws.iam.access-key.delete", Type: "aws_iam_access_key", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "the key stops working at once; its secret cannot be recovered, so a new key must be created and distributed to everything that used this one"},
		rules.InPlace("aws_iam_access_key", "aws.iam.access-key.update.in-place"),
		{ID: "aws.iam.user.delete", Type: "aws_iam_user", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "an apply recreates the user with a new unique id; its access keys, console password and MFA devices are gone and must be issued again, and policies naming the old id stop matching"},
		rules.InPlace("aws_iam_user", "aws.iam.user.update.in-place"),
		{ID: "aws.iam.policy.delete", Type: "aws_iam_policy", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "an apply recreates the policy from configuration, but its attachments outside this configuration are removed with it and its version history is lost"},
		rules.InPlace("aws_iam_policy", "aws.iam.policy.update.in-place"),
	}
}

// lambdaRules: a function's code comes from a package, an S3 object or an
// image the configuration names, so an apply recreates it; published
// versions, their aliases' traffic and event source mappings outside this
// configuration go with it.
func lambdaRules() []rules.Rule {
	const typ = "aws_lambda_function"
	return []rules.Rule{
		{ID: "aws.lambda.function.delete", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "an apply recreates the function from its package; published versions and triggers configured outside this configuration are lost and invocations fail meanwhile"},
		rules.InPlace(typ, "aws.lambda.function.update.in-place"),
	}
}

// ec2Rules: API termination protection refuses a terminate. Volumes with
// delete_on_termination (the default for the root volume) are deleted with
// the instance.
func ec2Rules() []rules.Rule {
	const typ = "aws_instance"
	return []rules.Rule{
		{ID: "aws.ec2.instance.delete.protected", Type: typ, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.Was("disable_api_termination", rules.Eq(true)),
			Reason: "termination protection is on, so EC2 refuses the terminate and nothing is lost"},
		{ID: "aws.ec2.instance.delete.data-volumes", Type: typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.WasSome("ebs_block_device", "delete_on_termination", rules.Eq(true)),
			Reason: "attached EBS data volumes are deleted with the instance, with no snapshot"},
		{ID: "aws.ec2.instance.delete.root-volume", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableFromBackup, Confidence: model.ConfidenceMedium,
			When:   rules.WasDefault("root_block_device.0.delete_on_termination", true, rules.Ne(false)),
			Reason: "the root volume is deleted with the instance (delete_on_termination defaults to true): the instance can be relaunched from its AMI, but anything written to it since is lost unless snapshotted"},
		{ID: "aws.ec2.instance.delete.root-kept", Type: typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "the root volume survives the terminate (delete_on_termination=false); a new instance can be launched and the volume attached to it"},
		{ID: "aws.ec2.instance.update.protection-off", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("disable_api_termination", rules.Eq(true), rules.Ne(true)),
			Reason: "termination protection is removed, so a later terminate is no longer refused"},
		rules.InPlace(typ, "aws.ec2.instance.update.in-place"),
	}
}
