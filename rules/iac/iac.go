// Package iac holds the rules for infrastructure-as-code tools run from a
// shell: terraform, tofu, terragrunt, pulumi, cdk. A plan they would apply is better
// judged from its JSON (recourse eval terraform), and the reasoning says so.
package iac

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// tfSub matches a subcommand of terraform or tofu; terragrunt's are the
// same, also run on every module at once (terragrunt run-all destroy,
// terragrunt run --all destroy).
func tfSub(tool string) func(words ...string) rules.Cond {
	if tool != "terragrunt" {
		return rules.Sub
	}
	return func(words ...string) rules.Cond {
		return rules.Any(rules.Sub(words...), rules.Sub(append([]string{"run-all"}, words...)...), rules.Sub(append([]string{"run"}, words...)...))
	}
}

// Rules returns the IaC rows.
func Rules() []rules.Rule {
	var out []rules.Rule
	for _, tf := range []string{"terraform", "tofu", "terragrunt"} {
		sub := tfSub(tf)
		autoApprove := rules.Flag("auto-approve")
		if tf == "terragrunt" {
			autoApprove = rules.Flag("auto-approve", "terragrunt-non-interactive", "non-interactive")
		}
		out = append(out,
			row("iac."+tf+".destroy", tf, rules.Any(sub("destroy"), rules.All(sub("apply"), rules.Flag("destroy"))), model.TierNeedsReview,
				"destroys every resource in the state, which the input does not show; evaluate `"+tf+" plan -destroy` with recourse eval terraform"),
			row("iac."+tf+".apply.replace", tf, rules.All(sub("apply"), rules.Flag("replace")), model.TierNeedsReview,
				"-replace destroys the named resources and creates them again: what they hold is lost unless something kept a copy, which the input does not show"),
			row("iac."+tf+".apply.auto-approve", tf, rules.All(sub("apply"), autoApprove), model.TierNeedsReview,
				"applies a plan nobody reviews; evaluate the saved plan with recourse eval terraform first"),
			row("iac."+tf+".state-push.force", tf, rules.All(sub("state", "push"), rules.Flag("force")), model.TierNeedsReview,
				"state push -force replaces the stored state without the lineage and serial checks: a newer state there is lost unless the backend keeps versions, and the resources only it records fall out of management; whether it is newer is not in the input"),
			row("iac."+tf+".state-rm", tf, rules.Any(sub("state", "rm"), sub("state", "push")), model.TierRecoverableWithEffort,
				"changes the state by hand: removed resources keep running unmanaged until imported again"),
			row("iac."+tf+".taint", tf, sub("taint"), model.TierNeedsReview,
				"marks the resource for replacement: the next apply destroys it and creates it again, and what it holds is lost unless something kept a copy"),
			row("iac."+tf+".workspace-delete", tf, sub("workspace", "delete"), model.TierRecoverableFromBackup,
				"deletes a workspace and its state; its resources keep running, unmanaged"),
			row("iac."+tf+".apply.saved-plan", tf, sub("apply", "*"), model.TierNeedsReview,
				"applies a saved plan without asking: what it changes is in the plan file, which the input does not show; evaluate `"+tf+" show -json PLAN` with recourse eval terraform"),
			row("iac."+tf+".init.force-copy", tf, rules.All(sub("init"), rules.Flag("force-copy")), model.TierRecoverableFromBackup,
				"copies the state to the new backend without asking, replacing a state already there: the replaced one comes back only from the backend's versions"),
			row("iac."+tf+".apply", tf, sub("apply"), model.TierRecoverableWithEffort,
				"applies changes after an interactive approval: evaluate the plan with recourse eval terraform"),
			row("iac."+tf+".read", tf, rules.Any(sub("plan"), sub("validate"), sub("fmt"), sub("init"), sub("output"), sub("show"),
				sub("version"), sub("providers"), sub("graph"), sub("state", "list"), sub("state", "show"), sub("state", "pull"), sub("workspace", "list"),
				sub("workspace", "select"), sub("workspace", "new"), sub("console"), sub("get"), sub("login"), sub("test")),
				model.TierReversible, "plans, validates or reads; nothing is changed"),
			row("iac."+tf+".other", tf, nil, model.TierRecoverableWithEffort, "changes state or infrastructure (import, untaint, force-unlock ...)"),
		)
	}
	out = append(out,
		row("iac.pulumi.destroy", "pulumi", rules.All(rules.Sub("destroy"), rules.Not(rules.Flag("preview-only"))), model.TierNeedsReview, "destroys every resource of the stack, which the input does not show"),
		row("iac.pulumi.up.yes", "pulumi", rules.All(rules.Any(rules.Sub("up"), rules.Sub("update")), rules.Flag("y", "yes", "skip-preview")), model.TierNeedsReview,
			"applies changes without a reviewed preview"),
		row("iac.pulumi.state-delete", "pulumi", rules.Sub("state", "delete"), model.TierRecoverableWithEffort,
			"changes the state by hand: removed resources keep running unmanaged until imported again"),
		row("iac.pulumi.stack-rm", "pulumi", rules.Sub("stack", "rm"), model.TierRecoverableFromBackup, "removes the stack and its state; resources keep running unmanaged"),
		row("iac.pulumi.unprotect", "pulumi", rules.Sub("state", "unprotect"), model.TierNeedsReview,
			"removes pulumi's protect flag from resources (with --all, from every one): a later up or destroy may then delete them, which the flag refused"),
		row("iac.pulumi.config-set", "pulumi", rules.Any(rules.Sub("config", "set"), rules.Sub("config", "rm"), rules.Sub("config", "set-all"), rules.Sub("config", "rm-all")),
			model.TierRecoverableWithEffort, "sets or removes stack configuration, replacing what was there (a secret's old value is not shown again); the next up applies it"),
		row("iac.pulumi.read", "pulumi", rules.Any(rules.Sub("preview"), rules.Sub("stack", "ls"), rules.Sub("stack", "output"), rules.Sub("config"), rules.Sub("whoami"), rules.Sub("version"), rules.Sub("about")),
			model.TierReversible, "previews or reads; nothing is changed"),
		row("iac.pulumi.other", "pulumi", nil, model.TierRecoverableWithEffort, "changes infrastructure after an interactive preview"),
		row("iac.cdk.destroy", "cdk", rules.Sub("destroy"), model.TierNeedsReview, "destroys the stacks' resources that have no retain policy"),
		row("iac.cdk.deploy.unreviewed", "cdk", rules.All(rules.Sub("deploy"), rules.FlagEquals("require-approval", "never")), model.TierNeedsReview,
			"deploys without asking even about security changes: what the stacks replace or delete is in the synthesised templates, which the input does not show; evaluate `cdk diff` first"),
		row("iac.cdk.read", "cdk", rules.Any(rules.Sub("synth"), rules.Sub("diff"), rules.Sub("ls"), rules.Sub("list"), rules.Sub("doctor"), rules.Sub("version")), model.TierReversible,
			"synthesises or compares; nothing is changed"),
		row("iac.cdk.other", "cdk", nil, model.TierRecoverableWithEffort, "deploys changes"),
		// AWS SAM deploys through CloudFormation change sets, which it
		// executes without showing them unless asked to confirm.
		row("iac.sam.delete", "sam", rules.Sub("delete"), model.TierNeedsReview, "deletes the stack and every resource in it that has no retain policy, which the input does not show"),
		row("iac.sam.deploy.unreviewed", "sam", rules.All(rules.Sub("deploy"), rules.Not(rules.Flag("confirm-changeset", "guided", "no-execute-changeset"))), model.TierNeedsReview,
			"executes the change set without showing it (no --confirm-changeset): what it replaces or deletes is in the template, which the input does not show"),
		row("iac.sam.read", "sam", rules.Any(rules.Sub("build"), rules.Sub("validate"), rules.Sub("local"), rules.Sub("logs"), rules.Sub("list"), rules.Sub("init"),
			rules.Sub("package"), rules.Sub("traces")), model.TierReversible, "builds, validates, runs locally or reads; nothing is deployed"),
		row("iac.sam.other", "sam", nil, model.TierRecoverableWithEffort, "deploys or syncs changes after showing them, or changes the pipeline's settings"),
		row("iac.cdktf.destroy", "cdktf", rules.Sub("destroy"), model.TierNeedsReview, "destroys every resource of the stacks, which the input does not show"),
		row("iac.cdktf.auto-approve", "cdktf", rules.All(rules.Any(rules.Sub("deploy"), rules.Sub("apply")), rules.Flag("auto-approve")), model.TierNeedsReview,
			"applies a plan nobody reviews; evaluate `cdktf diff` first"),
		row("iac.cdktf.read", "cdktf", rules.Any(rules.Sub("synth"), rules.Sub("diff"), rules.Sub("plan"), rules.Sub("list"), rules.Sub("get"), rules.Sub("init"), rules.Sub("output")),
			model.TierReversible, "synthesises, plans or reads; nothing is changed"),
		row("iac.cdktf.other", "cdktf", nil, model.TierRecoverableWithEffort, "deploys changes after an interactive approval"),
	)
	return out
}
