package cloud

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	rulestest.Run(t, Rules(), []rulestest.Case{
		{Row: "aws.dry-run", Hit: "aws s3 rm s3://b/k --dryrun", Miss: "aws s3 rm s3://b/k"},
		{Row: "aws.help", Hit: "aws s3 rb help", Miss: "aws s3 rb s3://b"},
		{Row: "aws.s3.rb.force", Hit: "aws s3 rb s3://b --force", Miss: "aws s3 rb s3://b"},
		{Row: "aws.s3.rb", Hit: "aws s3 rb s3://b", Miss: "aws s3 ls s3://b"},
		{Row: "aws.s3.rm", Hit: "aws s3 rm s3://b/ --recursive", Miss: "aws s3 cp s3://b/k ."},
		{Row: "aws.s3.sync.delete", Hit: "aws s3 sync . s3://b --delete", Miss: "aws s3 sync . s3://b"},
		{Row: "aws.s3.mv", Hit: "aws s3 mv s3://a/k s3://b/k", Miss: "aws s3 cp s3://a/k s3://b/k"},
		{Row: "aws.organizations.close-account", Hit: "aws organizations close-account --account-id 111122223333", Miss: "aws organizations list-accounts"},
		{Row: "aws.rds.delete.skip-snapshot", Hit: "aws rds delete-db-instance --db-instance-identifier db --skip-final-snapshot",
			Miss: "aws rds delete-db-instance --db-instance-identifier db --final-db-snapshot-identifier db-final"},
		{Row: "aws.rds.delete.final-snapshot", Hit: "aws rds delete-db-cluster --db-cluster-identifier c --final-db-snapshot-identifier c-final",
			Miss: "aws rds delete-db-cluster --db-cluster-identifier c --skip-final-snapshot"},
		{Row: "aws.secretsmanager.delete.force", Hit: "aws secretsmanager delete-secret --secret-id s --force-delete-without-recovery",
			Miss: "aws secretsmanager delete-secret --secret-id s --recovery-window-in-days 7"},
		{Row: "aws.secretsmanager.delete", Hit: "aws secretsmanager delete-secret --secret-id s", Miss: "aws secretsmanager describe-secret --secret-id s"},
		{Row: "aws.secretsmanager.overwrite", Hit: "aws secretsmanager put-secret-value --secret-id s --secret-string x", Miss: "aws secretsmanager get-secret-value --secret-id s"},
		{Row: "aws.kms.schedule-deletion", Hit: "aws kms schedule-key-deletion --key-id k --pending-window-in-days 7", Miss: "aws kms describe-key --key-id k"},
		{Row: "aws.ec2.terminate", Hit: "aws ec2 terminate-instances --instance-ids i-1", Miss: "aws ec2 stop-instances --instance-ids i-1"},
		{Row: "aws.dynamodb.delete-table", Hit: "aws dynamodb delete-table --table-name t", Miss: "aws dynamodb describe-table --table-name t"},
		{Row: "aws.cloudformation.delete-stack", Hit: "aws cloudformation delete-stack --stack-name s", Miss: "aws cloudformation describe-stacks"},
		{Row: "aws.delete", Hit: "aws ec2 delete-volume --volume-id v-1", Miss: "aws ec2 create-volume --size 1"},
		{Row: "aws.read", Hit: "aws ec2 describe-instances", Miss: "aws iam delete-role --role-name r"},
		{Row: "aws.other", Hit: "aws ec2 create-tags --resources i-1", Miss: "aws ec2 describe-tags"},
		{Row: "gcloud.help", Hit: "gcloud help compute", Miss: "gcloud compute instances delete vm"},
		{Row: "gcloud.storage.rsync.delete", Hit: "gcloud storage rsync -r --delete-unmatched-destination-objects ./out gs://b", Miss: "gcloud storage rsync -r ./out gs://b"},
		{Row: "gsutil.help", Hit: "gsutil help rsync", Miss: "gsutil rsync -d -r a gs://b"},
		{Row: "gsutil.rm", Hit: "gsutil -m rm -r gs://b", Miss: "gsutil -m cp -r gs://b ."},
		{Row: "gsutil.rsync.delete", Hit: "gsutil -m rsync -d -r empty gs://b", Miss: "gsutil -m rsync -r out gs://b"},
		{Row: "gsutil.mv", Hit: "gsutil mv gs://a/k gs://b/k", Miss: "gsutil cp gs://a/k gs://b/k"},
		{Row: "gsutil.rb", Hit: "gsutil rb gs://b", Miss: "gsutil rm -r gs://b"},
		{Row: "gsutil.read", Hit: "gsutil -o GSUtil:parallel_composite_upload_threshold=150M ls gs://b", Miss: "gsutil -o X:y=z rm gs://b/k"},
		{Row: "gsutil.other", Hit: "gsutil -m cp -r out gs://b", Miss: "gsutil ls gs://b"},
		{Row: "gcloud.projects.delete", Hit: "gcloud projects delete my-project", Miss: "gcloud projects describe my-project"},
		{Row: "gcloud.kms.destroy", Hit: "gcloud kms keys versions destroy 1 --key k --keyring r --location global", Miss: "gcloud kms keys list --keyring r --location global"},
		{Row: "gcloud.storage.buckets.delete", Hit: "gcloud storage buckets delete gs://b", Miss: "gcloud storage rm -r gs://b"},
		{Row: "gcloud.compute.instances.delete.disks", Hit: "gcloud compute instances delete vm --delete-disks=all", Miss: "gcloud compute instances delete vm --keep-disks=data"},
		{Row: "aws.rds.modify.backups-off", Hit: "aws rds modify-db-instance --db-instance-identifier p --backup-retention-period 0 --apply-immediately", Miss: "aws rds modify-db-instance --db-instance-identifier p --backup-retention-period 7"},
		{Row: "gcloud.compute.instances.delete", Hit: "gcloud compute instances delete vm --zone z", Miss: "gcloud compute disks delete d --zone z"},
		{Row: "gcloud.delete", Hit: "gcloud sql instances delete prod-db", Miss: "gcloud sql instances list"},
		{Row: "gcloud.read", Hit: "gcloud sql instances describe prod-db", Miss: "gcloud sql instances patch prod-db --tier x"},
		{Row: "gcloud.other", Hit: "gcloud sql instances patch prod-db --tier x", Miss: "gcloud sql instances list"},
		{Row: "az.help", Hit: "az group delete -h", Miss: "az group delete -n rg"},
		{Row: "az.group.delete", Hit: "az group delete -n rg --yes", Miss: "az group show -n rg"},
		{Row: "az.keyvault.purge", Hit: "az keyvault purge --name kv", Miss: "az keyvault list"},
		{Row: "az.keyvault.delete", Hit: "az keyvault delete --name kv", Miss: "az keyvault purge --name kv"},
		{Row: "az.delete", Hit: "az sql db delete -n db -s srv -g rg", Miss: "az sql db list -s srv -g rg"},
		{Row: "az.delete", Hit: "az storage blob delete-batch -s c --account-name a", Miss: "az storage blob upload-batch -d c -s ./out"},
		{Row: "az.read", Hit: "az vm list", Miss: "az vm delete -n vm -g rg"},
		{Row: "az.other", Hit: "az vm start -n vm -g rg", Miss: "az vm show -n vm -g rg"},
	})
}
