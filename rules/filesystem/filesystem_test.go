package filesystem

import (
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
)

func TestRows(t *testing.T) {
	cases := []rulestest.Case{
		{Row: "fs.rm.help", Hit: "rm --help", Miss: "rm --helpful"},
		{Row: "fs.rm.critical", Hit: "rm -rf /", Miss: "rm -rf /tmp/x"},
		{Row: "fs.rm.critical", Hit: "sudo rm /etc/passwd", Miss: "rm ./etc/passwd"},
		{Row: "fs.rm.critical", Hit: "rm -rf ~", Miss: "rm -rf ~/project/build"},
		{Row: "fs.rm.critical", Hit: "rm -rf /home/alice", Miss: "rm -rf /home/alice/.cache/x"},
		{Row: "fs.rm.rf.piped-no-operands", Hit: "echo yes | rm -rf", Miss: "rm -rf"},
		{Row: "fs.rm.no-operands", Hit: "rm -rf", Miss: "rm -rf x"},
		{Row: "fs.rm.rf.working-dir", Hit: "rm -rf .", Miss: "rm -r ."},
		{Row: "fs.rm.rf.working-dir", Hit: "rm -rf *", Miss: "rm -rf ./src"},
		{Row: "fs.rm.rf.working-dir", Hit: "rm -rf ../sibling", Miss: "rm -rf sibling"},
		{Row: "fs.rm.rf.home-data", Hit: "rm -rf ~/.ssh", Miss: "rm -f ~/.ssh/known_hosts.old"},
		{Row: "fs.rm.rf.unseen", Hit: "rm -rf $DIR", Miss: "rm -rf $TMPDIR/x"},
		{Row: "fs.rm.rf.unseen", Hit: "echo / | xargs rm -rf", Miss: "echo / | xargs rm -f"},
		{Row: "fs.rm.rf.absolute", Hit: "rm -rf /some/path", Miss: "rm -r /some/path"},
		{Row: "fs.rm.rf.project", Hit: "rm -rf ./build", Miss: "rm -rf node_modules"},
		{Row: "fs.rm.rf.project", Hit: "cd sub && rm -rf out", Miss: "rm -rf out", Cwd: "/tmp/work"},
		{Row: "fs.rm.rf.regenerable", Hit: "rm -rf /tmp/build", Miss: "rm -rf /tmp/../etc"},
		{Row: "fs.rm.rf.regenerable", Hit: "rm -rf ${TMPDIR:-/tmp}/x", Miss: "TMPDIR=/etc rm -rf $TMPDIR/x"},
		{Row: "fs.rm.rf.regenerable", Hit: "rm -rf node_modules __pycache__", Miss: "rm -rf node_modules src"},
		{Row: "fs.rm.rf.regenerable", Hit: "rm -rf build", Miss: "rm -rf .", Cwd: "/tmp/work"},
		{Row: "fs.rm.files", Hit: "rm file.txt", Miss: "rm -rf file.txt"},
		{Row: "fs.rmdir", Hit: "rmdir empty", Miss: "rmdir /usr"},
		{Row: "fs.rmdir.critical", Hit: "rmdir /usr", Miss: "rmdir build"},
		{Row: "fs.shred.help", Hit: "shred --version", Miss: "shred secret.key"},
		{Row: "fs.shred", Hit: "shred -u secret.key", Miss: "shred --help"},
		{Row: "fs.wipefs.help", Hit: "wipefs --help", Miss: "wipefs -a /dev/sdb"},
		{Row: "fs.wipefs.no-act", Hit: "wipefs -n -a /dev/sdb", Miss: "wipefs -a /dev/sdb"},
		{Row: "fs.wipefs", Hit: "wipefs -a /dev/sdb", Miss: "wipefs /dev/sdb"},
		{Row: "fs.wipefs.list", Hit: "wipefs /dev/sdb", Miss: "wipefs --all /dev/sdb"},
		{Row: "fs.dd.device", Hit: "dd if=/dev/zero of=/dev/sda bs=1M", Miss: "dd if=/dev/sda of=backup.img"},
		{Row: "fs.dd.file", Hit: "dd if=/dev/sda of=backup.img", Miss: "dd if=/dev/sda of=/tmp/backup.img"},
		{Row: "fs.dd", Hit: "dd if=/dev/sda of=/tmp/backup.img", Miss: "dd if=x of=/etc/fstab"},
		{Row: "fs.truncate.help", Hit: "truncate --help", Miss: "truncate -s 0 app.log"},
		{Row: "fs.truncate", Hit: "truncate -s 0 app.log", Miss: "truncate --version"},
		{Row: "fs.mv.critical", Hit: "mv /etc/hosts /tmp/", Miss: "mv a.txt b.txt"},
		{Row: "fs.mv.dev-null", Hit: "mv data.db /dev/null", Miss: "mv data.db /tmp/data.db"},
		{Row: "fs.mv.overwrite", Hit: "mv a.txt b.txt", Miss: "mv -n a.txt b.txt"},
		{Row: "fs.mv.safe", Hit: "mv -n a.txt b.txt", Miss: "mv -f a.txt b.txt"},
		{Row: "fs.cp.critical", Hit: "cp evil /etc/passwd", Miss: "cp /etc/passwd ./passwd.bak"},
		{Row: "fs.cp.overwrite", Hit: "cp a.txt b.txt", Miss: "cp -n a.txt b.txt"},
		{Row: "fs.cp.safe", Hit: "cp -i a.txt b.txt", Miss: "cp a.txt b.txt"},
		{Row: "fs.chmod.recursive-system", Hit: "chmod -R 777 /", Miss: "chmod -R 755 ./scripts"},
		{Row: "fs.chmod", Hit: "chmod +x build.sh", Miss: "chmod -R 000 /etc"},
		{Row: "fs.chown.recursive-system", Hit: "chown -R nobody /usr", Miss: "chown -R me ./src"},
		{Row: "fs.chown", Hit: "chown me file", Miss: "chown --recursive me /home/alice"},
		{Row: "fs.chgrp.recursive-system", Hit: "chgrp -R staff /etc", Miss: "chgrp staff file"},
		{Row: "fs.chgrp", Hit: "chgrp staff file", Miss: "chgrp -R staff /var"},
		{Row: "fs.rsync.delete", Hit: "rsync -a --delete src/ dst/", Miss: "rsync -a --delete -n src/ dst/"},
		{Row: "fs.rsync", Hit: "rsync -a src/ dst/", Miss: "rsync -a --remove-source-files src/ dst/"},
		{Row: "fs.find.delete", Hit: "find / -delete", Miss: "find / -name x"},
		{Row: "fs.find", Hit: "find . -name '*.go'", Miss: "find . -name '*.tmp' -delete"},
		{Row: "fs.redirect.critical", Hit: "echo x > /etc/hosts", Miss: "echo x > hosts"},
		{Row: "fs.redirect.harmless", Hit: "ls 2>/dev/null > /tmp/out", Miss: "ls > out"},
		{Row: "fs.redirect.home-data", Hit: "echo x > ~/.ssh/authorized_keys", Miss: "echo x >> ~/.ssh/authorized_keys"},
		{Row: "fs.redirect.home-data", Hit: "> ~/.bashrc", Miss: "> ./bashrc"},
		{Row: "fs.redirect.critical", Hit: "> /etc/passwd", Miss: "> passwd"},
		{Row: "fs.redirect.critical", Hit: "{ echo a; } > /etc/hosts", Miss: "{ echo a; } 2>/dev/null"},
		{Row: "fs.redirect.critical", Hit: "for i in 1; do echo; done > /etc/fstab", Miss: "for i in 1; do echo; done"},
		{Row: "fs.redirect.dynamic", Hit: "echo x > $OUT", Miss: "echo x > out"},
		{Row: "fs.redirect", Hit: "echo x > out.txt", Miss: "echo x > /tmp/out.txt"},
	}
	for _, mkfs := range []string{"mkfs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat",
		"mkfs.msdos", "mkfs.ntfs", "mkfs.exfat", "mkfs.f2fs", "mke2fs", "mkswap", "newfs"} {
		cases = append(cases,
			rulestest.Case{Row: "fs." + mkfs + ".help", Hit: mkfs + " --help", Miss: mkfs + " /dev/sdb1"},
			rulestest.Case{Row: "fs." + mkfs, Hit: mkfs + " /dev/sdb1", Miss: mkfs + " --version"},
		)
	}
	rulestest.Run(t, Rules(), cases)
}
