package system

import "github.com/recourse-dev/recourse/internal/rulestest"

// adminCases are the test rows for adminRules; TestRows runs them with the
// rest, so that a row without a case fails.
func adminCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "system.passwd.delete", Hit: "passwd -d root", Miss: "passwd -l root"},
		{Row: "system.passwd.status", Hit: "passwd -S alice", Miss: "passwd alice"},
		{Row: "system.passwd", Hit: "passwd -l alice", Miss: "passwd --status alice"},
		{Row: "system.chpasswd", Hit: "chpasswd", Miss: "passwd -S"},
		{Row: "system.usermod", Hit: "usermod -G docker alice", Miss: "useradd alice"},
		{Row: "system.groupdel", Hit: "groupdel devs", Miss: "groupadd devs"},

		{Row: "system.setenforce.off", Hit: "setenforce 0", Miss: "setenforce 1"},
		{Row: "system.setenforce.off", Hit: "setenforce Permissive", Miss: "setenforce Enforcing"},
		{Row: "system.setenforce", Hit: "setenforce 1", Miss: "setenforce permissive"},
		{Row: "system.auditctl.off", Hit: "auditctl -D", Miss: "auditctl -l"},
		{Row: "system.auditctl.off", Hit: "auditctl -e 0", Miss: "auditctl -e 1"},
		{Row: "system.auditctl.read", Hit: "auditctl -s", Miss: "auditctl -w /etc/passwd -p wa"},
		{Row: "system.auditctl", Hit: "auditctl -w /etc/passwd -p wa", Miss: "auditctl -D"},

		{Row: "system.journalctl.vacuum", Hit: "journalctl --vacuum-time=1s", Miss: "journalctl --rotate"},
		{Row: "system.journalctl.vacuum", Hit: "journalctl --vacuum-size 1M", Miss: "journalctl -u nginx"},
		{Row: "system.journalctl", Hit: "journalctl -u nginx -f", Miss: "journalctl --vacuum-files=1"},
		{Row: "system.logrotate.debug", Hit: "logrotate -d /etc/logrotate.conf", Miss: "logrotate -f /etc/logrotate.conf"},
		{Row: "system.logrotate", Hit: "logrotate -f /etc/logrotate.conf", Miss: "logrotate --debug /etc/logrotate.conf"},

		{Row: "system.modprobe.remove", Hit: "modprobe -r nvidia", Miss: "modprobe nvidia"},
		{Row: "system.modprobe", Hit: "modprobe br_netfilter", Miss: "modprobe --remove br_netfilter"},
		{Row: "system.rmmod", Hit: "rmmod nvidia", Miss: "modprobe nvidia"},
		{Row: "system.sysctl.write", Hit: "sysctl -w net.ipv4.ip_forward=0", Miss: "sysctl -a"},
		{Row: "system.sysctl.write", Hit: "sysctl vm.swappiness=10", Miss: "sysctl vm.swappiness"},
		{Row: "system.sysctl", Hit: "sysctl net.ipv4.ip_forward", Miss: "sysctl --system"},

		{Row: "system.ifdown", Hit: "ifdown eth0", Miss: "ifup eth0"},
		{Row: "system.ifup", Hit: "ifup eth0", Miss: "ifdown eth0"},
		{Row: "system.nmcli.delete", Hit: "nmcli connection delete home", Miss: "nmcli connection show"},
		{Row: "system.nmcli.delete", Hit: "nmcli c del home", Miss: "nmcli c down home"},
		{Row: "system.nmcli.down", Hit: "nmcli networking off", Miss: "nmcli networking on"},
		{Row: "system.nmcli.down", Hit: "nmcli radio wifi off", Miss: "nmcli radio wifi"},
		{Row: "system.nmcli.down", Hit: "nmcli -w 10 dev disconnect eth0", Miss: "nmcli dev status"},
		{Row: "system.nmcli.modify", Hit: "nmcli con mod home ipv4.dns 1.1.1.1", Miss: "nmcli con show home"},
		{Row: "system.nmcli", Hit: "nmcli device status", Miss: "nmcli connection down vpn"},

		{Row: "system.swapoff", Hit: "swapoff -a", Miss: "swapon -a"},
		{Row: "system.swapon", Hit: "swapon --show", Miss: "swapoff -a"},
		{Row: "system.umount", Hit: "umount -l /mnt/data", Miss: "mount /mnt/data"},
		{Row: "system.timedatectl.set", Hit: "timedatectl set-time '2020-01-01'", Miss: "timedatectl status"},
		{Row: "system.timedatectl", Hit: "timedatectl status", Miss: "timedatectl set-timezone UTC"},
		{Row: "system.hostnamectl.set", Hit: "hostnamectl set-hostname web1", Miss: "hostnamectl status"},
		{Row: "system.hostnamectl.set", Hit: "hostnamectl hostname web1", Miss: "hostnamectl hostname"},
		{Row: "system.hostnamectl", Hit: "hostnamectl", Miss: "hostnamectl set-hostname web1"},

		{Row: "system.snapper.delete", Hit: "snapper delete 1-100", Miss: "snapper list"},
		{Row: "system.snapper.rollback", Hit: "snapper rollback 42", Miss: "snapper create -d before"},
		{Row: "system.snapper", Hit: "snapper list", Miss: "snapper -c root delete 5"},
		{Row: "system.timeshift.delete", Hit: "timeshift --delete-all", Miss: "timeshift --list"},
		{Row: "system.timeshift.restore", Hit: "timeshift --restore --snapshot 2024-01-01", Miss: "timeshift --create"},
		{Row: "system.timeshift", Hit: "timeshift --create --comments x", Miss: "timeshift --delete --snapshot x"},
		{Row: "system.sudo.edit", Hit: "sudo -e /etc/hosts", Miss: "sudo -l"},
		{Row: "system.sudoedit", Hit: "sudoedit /etc/ssh/sshd_config", Miss: "sudo -k"},
		{Row: "system.sudo.own", Hit: "sudo -l", Miss: "sudo -e /etc/hosts"},
		{Row: "system.chattr.unprotect-critical", Hit: "chattr -i /etc/passwd", Miss: "chattr -i notes.txt"},
		{Row: "system.chattr.unprotect", Hit: "chattr -ia notes.txt", Miss: "chattr +i notes.txt"},
		{Row: "system.chattr", Hit: "chattr +i /etc/resolv.conf", Miss: "chattr -a /var/log/app.log"},
		{Row: "system.visudo.check", Hit: "visudo -c", Miss: "visudo"},
		{Row: "system.visudo.editor", Hit: "echo 'x ALL=(ALL) NOPASSWD: ALL' | sudo EDITOR='tee -a' visudo", Miss: "sudo visudo"},
		{Row: "system.visudo.editor", Hit: "VISUAL=ed visudo", Miss: "FOO=1 visudo"},
		{Row: "system.visudo", Hit: "visudo -f /etc/sudoers.d/ops", Miss: "visudo --check"},
	}
}
