package system

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	var cases []rulestest.Case
	for _, p := range []string{"shutdown", "reboot", "halt", "poweroff"} {
		cases = append(cases,
			rulestest.Case{Row: "system." + p + ".help", Hit: p + " --help", Miss: p + " now"},
			rulestest.Case{Row: "system." + p + ".cancel", Hit: p + " -c", Miss: p + " -h now"},
			rulestest.Case{Row: "system." + p, Hit: p + " now", Miss: p + " -c"},
		)
	}
	cases = append(cases,
		rulestest.Case{Row: "system.kill.init", Hit: "kill -9 1", Miss: "kill -9 1234"},
		rulestest.Case{Row: "system.kill.list", Hit: "kill -l", Miss: "kill 42"},
		rulestest.Case{Row: "system.kill", Hit: "kill 42", Miss: "kill -9 -1"},
		rulestest.Case{Row: "system.pkill", Hit: "pkill node", Miss: "pgrep node"},
		rulestest.Case{Row: "system.killall", Hit: "killall nginx", Miss: "pgrep nginx"},
		rulestest.Case{Row: "system.killall5", Hit: "killall5 -9", Miss: "killall -0 nginx"},
		rulestest.Case{Row: "system.init", Hit: "init 0", Miss: "init q"},
		rulestest.Case{Row: "system.telinit", Hit: "telinit 6", Miss: "telinit u"},
		rulestest.Case{Row: "system.init.reload", Hit: "init q", Miss: "init 6"},
		rulestest.Case{Row: "system.telinit.reload", Hit: "telinit U", Miss: "telinit 1"},
		rulestest.Case{Row: "system.systemctl.stop", Hit: "systemctl stop nginx", Miss: "systemctl status nginx"},
		rulestest.Case{Row: "system.systemctl", Hit: "systemctl status nginx", Miss: "systemctl disable nginx"},
		rulestest.Case{Row: "system.service.stop", Hit: "service nginx stop", Miss: "service nginx status"},
		rulestest.Case{Row: "system.service", Hit: "service nginx status", Miss: "service nginx stop"},
		rulestest.Case{Row: "system.crontab.remove", Hit: "crontab -r", Miss: "crontab -l"},
		rulestest.Case{Row: "system.crontab.empty", Hit: "crontab /dev/null", Miss: "crontab jobs.cron"},
		rulestest.Case{Row: "system.crontab.replace", Hit: "crontab jobs.cron", Miss: "crontab -l"},
		rulestest.Case{Row: "system.crontab.replace", Hit: "grep -v backup jobs.cron | crontab -", Miss: "crontab -e"},
		rulestest.Case{Row: "system.crontab.list", Hit: "crontab -l", Miss: "crontab -r"},
		rulestest.Case{Row: "system.crontab", Hit: "crontab -e", Miss: "crontab -l -u www"},
		rulestest.Case{Row: "system.userdel.remove", Hit: "userdel -r bob", Miss: "userdel bob"},
		rulestest.Case{Row: "system.userdel", Hit: "userdel bob", Miss: "userdel --remove bob"},
		rulestest.Case{Row: "system.deluser.remove", Hit: "deluser --remove-home bob", Miss: "deluser bob"},
		rulestest.Case{Row: "system.deluser", Hit: "deluser bob", Miss: "deluser --remove-all-files bob"},
		rulestest.Case{Row: "system.iptables.flush", Hit: "iptables -F", Miss: "iptables -L"},
		rulestest.Case{Row: "system.iptables", Hit: "iptables -A INPUT -j DROP", Miss: "iptables --flush"},
		rulestest.Case{Row: "system.ip.down", Hit: "ip link set eth0 down", Miss: "ip link set eth0 up"},
		rulestest.Case{Row: "system.ip.down", Hit: "ip route flush table main", Miss: "ip route show"},
		rulestest.Case{Row: "system.ip", Hit: "ip addr show", Miss: "ip addr flush dev eth0"},
		rulestest.Case{Row: "system.ifconfig.down", Hit: "ifconfig eth0 down", Miss: "ifconfig eth0 up"},
		rulestest.Case{Row: "system.ifconfig", Hit: "ifconfig -a", Miss: "ifconfig en0 down"},
		rulestest.Case{Row: "system.nft.flush", Hit: "nft flush ruleset", Miss: "nft list ruleset"},
		rulestest.Case{Row: "system.nft", Hit: "nft list ruleset", Miss: "nft delete table inet filter"},
		rulestest.Case{Row: "system.ufw.disable", Hit: "ufw disable", Miss: "ufw status"},
		rulestest.Case{Row: "system.ufw", Hit: "ufw allow 22", Miss: "ufw reset"},
		rulestest.Case{Row: "system.rclone.dry-run", Hit: "rclone sync a remote:b --dry-run", Miss: "rclone sync a remote:b"},
		rulestest.Case{Row: "system.rclone.delete", Hit: "rclone purge remote:b", Miss: "rclone ls remote:b"},
		rulestest.Case{Row: "system.rclone.move", Hit: "rclone move a remote:b", Miss: "rclone copy a remote:b"},
		rulestest.Case{Row: "system.rclone", Hit: "rclone copy a remote:b", Miss: "rclone move a remote:b"},
		rulestest.Case{Row: "system.restic.forget", Hit: "restic forget --keep-last 1 --prune", Miss: "restic snapshots"},
		rulestest.Case{Row: "system.restic", Hit: "restic backup /srv", Miss: "restic prune"},
		rulestest.Case{Row: "system.borg.delete", Hit: "borg delete repo::archive", Miss: "borg list repo"},
		rulestest.Case{Row: "system.borg", Hit: "borg create repo::a /srv", Miss: "borg compact repo"},
		rulestest.Case{Row: "system.gh.repo-delete", Hit: "gh repo delete owner/repo --yes", Miss: "gh repo view owner/repo"},
		rulestest.Case{Row: "system.gh.repo-delete", Hit: "gh -R owner/repo repo delete --yes", Miss: "gh -R owner/repo repo view"},
		rulestest.Case{Row: "system.gh.api-delete", Hit: "gh api -X DELETE /repos/o/r", Miss: "gh api /repos/o/r"},
		rulestest.Case{Row: "system.gh.api-graphql-delete", Hit: "gh api graphql -f query='mutation { deleteRepository(input:{repositoryId:\"R_1\"}) { clientMutationId } }'", Miss: "gh api graphql -f query='query { viewer { login } }'"},
		rulestest.Case{Row: "system.gh.api-write", Hit: "gh api repos/o/r/issues -f title=bug", Miss: "gh api -X GET search/issues -f q=bug"},
		rulestest.Case{Row: "system.gh.api-write", Hit: "gh api --method PATCH repos/o/r -F private=true", Miss: "gh api repos/o/r"},
		rulestest.Case{Row: "system.gh.secret-set", Hit: "gh secret set TOKEN --body x", Miss: "gh secret list"},
		rulestest.Case{Row: "system.gh.secret-set", Hit: "gh variable set REGION --body eu", Miss: "gh variable get REGION"},
		rulestest.Case{Row: "system.gh.delete-branch", Hit: "gh pr merge 12 --squash --delete-branch", Miss: "gh pr merge 12 --squash"},
		rulestest.Case{Row: "system.gh.delete-branch", Hit: "gh pr close 12 -d", Miss: "gh pr close 12"},
		rulestest.Case{Row: "system.gh.codespace-ssh", Hit: "gh codespace ssh -c cs", Miss: "gh codespace list"},
		rulestest.Case{Row: "system.gh.codespace-delete", Hit: "gh codespace delete --all --force", Miss: "gh codespace list"},
		rulestest.Case{Row: "system.gh.delete-data", Hit: "gh issue delete 12", Miss: "gh issue close 12"},
		rulestest.Case{Row: "system.gh.delete", Hit: "gh cache delete key", Miss: "gh cache list"},
		rulestest.Case{Row: "system.gh.api-force-ref", Hit: "gh api repos/o/r/git/refs/heads/main -X PATCH -f sha=abc -F force=true", Miss: "gh api repos/o/r/git/refs/heads/main -X PATCH -f sha=abc -F force=false"},
		rulestest.Case{Row: "system.gh.release-clobber", Hit: "gh release upload v1.2.0 dist/app.tgz --clobber", Miss: "gh release upload v1.2.0 dist/app.tgz"},
		rulestest.Case{Row: "system.glab.mr-merge", Hit: "glab mr merge 1 --remove-source-branch", Miss: "glab mr view 1"},
		rulestest.Case{Row: "system.gh.repo-public", Hit: "gh repo edit --visibility public --accept-visibility-change-consequences", Miss: "gh repo edit --visibility private"},
		rulestest.Case{Row: "system.gh.gist-public", Hit: "gh gist create --public notes.md", Miss: "gh gist create notes.md"},
		rulestest.Case{Row: "system.gh.gist-create", Hit: "gh gist create -d notes notes.md", Miss: "gh gist list"},
		rulestest.Case{Row: "system.gh.repo-visibility", Hit: "gh repo edit o/r --visibility=private", Miss: "gh repo edit --description x"},
		rulestest.Case{Row: "system.gh.archive", Hit: "gh repo archive o/r", Miss: "gh repo clone o/r"},
		rulestest.Case{Row: "system.gh.repo-sync-force", Hit: "gh repo sync acme/fork --force", Miss: "gh repo sync acme/fork"},
		rulestest.Case{Row: "system.gh.workflow-run", Hit: "gh workflow run deploy.yml -f env=prod", Miss: "gh workflow list"},
		rulestest.Case{Row: "system.glab.repo-delete", Hit: "glab repo delete group/proj --yes", Miss: "glab repo view group/proj"},
		rulestest.Case{Row: "system.glab.api-delete", Hit: "glab api --method DELETE projects/1", Miss: "glab api projects/1"},
		rulestest.Case{Row: "system.glab.api-write", Hit: "glab api projects/1/issues -f title=bug", Miss: "glab api -X GET projects -f search=x"},
		rulestest.Case{Row: "system.glab.delete-data", Hit: "glab release delete v1 --yes", Miss: "glab release list"},
		rulestest.Case{Row: "system.glab.delete", Hit: "glab ci delete 123", Miss: "glab ci list"},
		rulestest.Case{Row: "system.glab", Hit: "glab mr list", Miss: "glab issue delete 12"},
		rulestest.Case{Row: "system.gh", Hit: "gh pr list", Miss: "gh release delete v1"},
	)
	cases = append(cases, adminCases()...)
	cases = append(cases, macOSCases()...)
	cases = append(cases, windowsCases()...)
	rulestest.Run(t, Rules(), cases)
}
