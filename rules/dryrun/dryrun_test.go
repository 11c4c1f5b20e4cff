package dryrun

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	rulestest.Run(t, Rules(), []rulestest.Case{
		{Row: "dry-run.git.push", Hit: "git push --force --dry-run origin main", Miss: "git push --force origin main"},
		{Row: "dry-run.kubectl", Hit: "kubectl apply --prune -f m.yaml --dry-run=client", Miss: "kubectl apply --prune -f m.yaml --dry-run=none"},
		{Row: "dry-run.helm", Hit: "helm uninstall app --dry-run", Miss: "helm uninstall app"},
		{Row: "dry-run.borg.prune", Hit: "borg prune --dry-run --keep-daily 7 repo", Miss: "borg prune --keep-daily 7 repo"},
		{Row: "dry-run.borg.prune", Hit: "borg prune -n -d 7 /mnt/repo", Miss: "borg create repo::a -n"},
		{Row: "dry-run.borg.delete", Hit: "borg delete -n repo::archive", Miss: "borg delete repo::archive"},
		{Row: "dry-run.restic.forget", Hit: "restic forget --keep-last 3 --prune --dry-run", Miss: "restic forget --keep-last 3 --prune"},
		{Row: "dry-run.restic.forget", Hit: "restic -r /srv/repo forget -n latest", Miss: "restic -r /srv/repo forget latest"},
		{Row: "dry-run.restic.prune", Hit: "restic prune --dry-run", Miss: "restic prune"},
		{Row: "dry-run.zfs.destroy", Hit: "zfs destroy -nv pool/ds@snap", Miss: "zfs destroy pool/ds@snap"},
		{Row: "dry-run.lvremove", Hit: "lvremove --test vg/lv", Miss: "lvremove vg/lv"},
		{Row: "dry-run.vgremove", Hit: "vgremove -t vg", Miss: "vgremove vg"},
		{Row: "dry-run.pvremove", Hit: "pvremove --test /dev/sdb", Miss: "pvremove /dev/sdb"},
		{Row: "dry-run.lvreduce", Hit: "lvreduce -t -L 10G vg/lv", Miss: "lvreduce -L 10G vg/lv"},
		{Row: "dry-run.lvresize", Hit: "lvresize --test -L 10G vg/lv", Miss: "lvresize -L 10G vg/lv"},
		{Row: "dry-run.apt-get", Hit: "apt-get -s purge nginx", Miss: "apt-get purge nginx"},
		{Row: "dry-run.apt", Hit: "apt remove --simulate nginx", Miss: "apt remove nginx"},
		{Row: "dry-run.dnf", Hit: "dnf remove nginx --assumeno", Miss: "dnf remove nginx"},
		{Row: "dry-run.yum", Hit: "yum remove nginx --assumeno", Miss: "yum remove nginx -y"},
		{Row: "dry-run.pulumi.destroy", Hit: "pulumi destroy --preview-only", Miss: "pulumi destroy --yes"},
		{Row: "dry-run.pulumi.up", Hit: "pulumi up --preview-only", Miss: "pulumi up --yes"},
		{Row: "dry-run.ansible-playbook", Hit: "ansible-playbook site.yml --check", Miss: "ansible-playbook site.yml"},
		{Row: "dry-run.docker.compose", Hit: "docker compose --dry-run down -v", Miss: "docker compose down -v"},
		{Row: "dry-run.gsutil.rsync", Hit: "gsutil rsync -n -d -r ./dist gs://site", Miss: "gsutil rsync -d -r ./dist gs://site"},
		{Row: "dry-run.az", Hit: "az deployment group create -g rg -f main.bicep --what-if", Miss: "az deployment group create -g rg -f main.bicep"},
		{Row: "dry-run.rclone", Hit: "rclone sync src remote:dst --dry-run", Miss: "rclone sync src remote:dst"},
		{Row: "dry-run.rsync", Hit: "rsync -a --delete -n src/ dst/", Miss: "rsync -a --delete src/ dst/"},
	})
}
