package iac

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	var cases []rulestest.Case
	for _, tf := range []string{"terraform", "tofu", "terragrunt"} {
		cases = append(cases,
			rulestest.Case{Row: "iac." + tf + ".destroy", Hit: tf + " destroy -auto-approve", Miss: tf + " plan -destroy"},
			rulestest.Case{Row: "iac." + tf + ".destroy", Hit: tf + " apply -destroy", Miss: tf + " apply"},
			rulestest.Case{Row: "iac." + tf + ".apply.auto-approve", Hit: tf + " apply -auto-approve", Miss: tf + " apply"},
			rulestest.Case{Row: "iac." + tf + ".state-rm", Hit: tf + " state rm aws_s3_bucket.b", Miss: tf + " state list"},
			rulestest.Case{Row: "iac." + tf + ".state-push.force", Hit: tf + " state push -force old.tfstate", Miss: tf + " state push new.tfstate"},
			rulestest.Case{Row: "iac." + tf + ".taint", Hit: tf + " taint aws_db_instance.main", Miss: tf + " untaint aws_db_instance.main"},
			rulestest.Case{Row: "iac." + tf + ".workspace-delete", Hit: tf + " workspace delete staging", Miss: tf + " workspace list"},
			rulestest.Case{Row: "iac." + tf + ".apply.saved-plan", Hit: tf + " apply plan.out", Miss: tf + " apply -var-file prod.tfvars"},
			rulestest.Case{Row: "iac." + tf + ".init.force-copy", Hit: tf + " init -migrate-state -force-copy", Miss: tf + " init -migrate-state"},
			rulestest.Case{Row: "iac." + tf + ".apply", Hit: tf + " apply -var-file prod.tfvars", Miss: tf + " apply -auto-approve"},
			rulestest.Case{Row: "iac." + tf + ".read", Hit: tf + " plan -out=plan.out", Miss: tf + " import a.b id"},
			rulestest.Case{Row: "iac." + tf + ".read", Hit: tf + " state pull", Miss: tf + " state push backup.tfstate"},
			rulestest.Case{Row: "iac." + tf + ".other", Hit: tf + " import aws_s3_bucket.b b", Miss: tf + " validate"},
		)
	}
	cases = append(cases,
		rulestest.Case{Row: "iac.pulumi.destroy", Hit: "pulumi destroy --yes", Miss: "pulumi preview"},
		rulestest.Case{Row: "iac.pulumi.destroy", Hit: "pulumi -C infra destroy --yes", Miss: "pulumi -C infra preview"},
		rulestest.Case{Row: "iac.terragrunt.destroy", Hit: "terragrunt run-all destroy --terragrunt-non-interactive", Miss: "terragrunt run-all plan"},
		rulestest.Case{Row: "iac.terragrunt.destroy", Hit: "terragrunt run --all destroy", Miss: "terragrunt run --all plan"},
		rulestest.Case{Row: "iac.terragrunt.apply.auto-approve", Hit: "terragrunt run-all apply --terragrunt-non-interactive", Miss: "terragrunt run-all apply"},
		rulestest.Case{Row: "iac.terragrunt.apply.replace", Hit: "terragrunt apply -replace=aws_db_instance.main", Miss: "terragrunt apply"},
		rulestest.Case{Row: "iac.terraform.apply.replace", Hit: "terraform apply -replace=aws_db_instance.main", Miss: "terraform apply"},
		rulestest.Case{Row: "iac.tofu.apply.replace", Hit: "tofu apply -replace aws_db_instance.main", Miss: "tofu plan -replace=aws_db_instance.main"},
		rulestest.Case{Row: "iac.pulumi.destroy", Hit: "pulumi destroy -s prod", Miss: "pulumi destroy --preview-only"},
		rulestest.Case{Row: "iac.pulumi.up.yes", Hit: "pulumi up --yes", Miss: "pulumi up"},
		rulestest.Case{Row: "iac.pulumi.stack-rm", Hit: "pulumi stack rm dev", Miss: "pulumi stack ls"},
		rulestest.Case{Row: "iac.pulumi.read", Hit: "pulumi preview --diff", Miss: "pulumi up"},
		rulestest.Case{Row: "iac.pulumi.read", Hit: "pulumi config get dbHost", Miss: "pulumi config set dbHost x"},
		rulestest.Case{Row: "iac.pulumi.unprotect", Hit: "pulumi state unprotect --all --yes", Miss: "pulumi state protect urn:x"},
		rulestest.Case{Row: "iac.pulumi.config-set", Hit: "pulumi config set --secret dbPassword x", Miss: "pulumi config"},
		rulestest.Case{Row: "iac.pulumi.other", Hit: "pulumi up", Miss: "pulumi whoami"},
		rulestest.Case{Row: "iac.pulumi.state-delete", Hit: "pulumi state delete urn:pulumi:x", Miss: "pulumi stack ls"},
		rulestest.Case{Row: "iac.cdk.destroy", Hit: "cdk destroy --force", Miss: "cdk diff"},
		rulestest.Case{Row: "iac.cdk.read", Hit: "cdk synth", Miss: "cdk deploy"},
		rulestest.Case{Row: "iac.cdk.other", Hit: "cdk deploy --all", Miss: "cdk ls"},
		rulestest.Case{Row: "iac.cdk.deploy.unreviewed", Hit: "cdk deploy --all --require-approval never", Miss: "cdk deploy --all --require-approval broadening"},
		rulestest.Case{Row: "iac.sam.delete", Hit: "sam delete --no-prompts", Miss: "sam list stack-outputs"},
		rulestest.Case{Row: "iac.sam.deploy.unreviewed", Hit: "sam deploy --no-confirm-changeset", Miss: "sam deploy --confirm-changeset"},
		rulestest.Case{Row: "iac.sam.read", Hit: "sam build", Miss: "sam deploy --guided"},
		rulestest.Case{Row: "iac.sam.other", Hit: "sam deploy --guided", Miss: "sam validate"},
		rulestest.Case{Row: "iac.cdktf.destroy", Hit: "cdktf destroy --auto-approve", Miss: "cdktf diff"},
		rulestest.Case{Row: "iac.cdktf.auto-approve", Hit: "cdktf deploy --auto-approve", Miss: "cdktf deploy"},
		rulestest.Case{Row: "iac.cdktf.read", Hit: "cdktf synth", Miss: "cdktf deploy"},
		rulestest.Case{Row: "iac.cdktf.other", Hit: "cdktf deploy", Miss: "cdktf plan"},
	)
	rulestest.Run(t, Rules(), cases)
}
