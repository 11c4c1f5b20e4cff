package system

import "github.com/recourse-dev/recourse/internal/rulestest"

// macOSCases are the test rows for macOSRules.
func macOSCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "system.tmutil.delete", Hit: "tmutil delete /Volumes/TM/Backups.backupdb/mac/2024-01-01-000000", Miss: "tmutil listbackups"},
		{Row: "system.tmutil.delete", Hit: "tmutil deletelocalsnapshots /", Miss: "tmutil listlocalsnapshots /"},
		{Row: "system.tmutil.disable", Hit: "tmutil disable", Miss: "tmutil enable"},
		{Row: "system.tmutil", Hit: "tmutil startbackup", Miss: "tmutil thinlocalsnapshots / 10000000000 4"},
		{Row: "system.tmutil.restore", Hit: "tmutil restore /Volumes/Backup/x ~/x", Miss: "tmutil listbackups"},
		{Row: "system.tmutil.destination", Hit: "tmutil setdestination /Volumes/X", Miss: "tmutil destinationinfo"},
		{Row: "system.csrutil.disable", Hit: "csrutil disable", Miss: "csrutil status"},
		{Row: "system.csrutil", Hit: "csrutil status", Miss: "csrutil authenticated-root disable"},
		{Row: "system.spctl.disable", Hit: "spctl --master-disable", Miss: "spctl --status"},
		{Row: "system.spctl", Hit: "spctl --assess -v /Applications/X.app", Miss: "spctl --global-disable"},
		{Row: "system.fdesetup.disable", Hit: "fdesetup disable", Miss: "fdesetup status"},
		{Row: "system.fdesetup", Hit: "fdesetup status", Miss: "fdesetup removerecovery -personal"},
		{Row: "system.security.delete-keychain", Hit: "security delete-keychain login.keychain", Miss: "security list-keychains"},
		{Row: "system.security.delete-item", Hit: "security delete-generic-password -s github", Miss: "security find-generic-password -s github"},
		{Row: "system.security", Hit: "security find-certificate -a", Miss: "security delete-certificate -c x"},
		{Row: "system.security.set", Hit: "security set-keychain-password login.keychain", Miss: "security unlock-keychain login.keychain"},
		{Row: "system.defaults.delete", Hit: "defaults delete com.apple.dock", Miss: "defaults read com.apple.dock"},
		{Row: "system.defaults.write", Hit: "defaults write com.apple.dock autohide -bool true", Miss: "defaults domains"},
		{Row: "system.defaults", Hit: "defaults read com.apple.dock", Miss: "defaults delete com.apple.dock autohide"},
		{Row: "system.launchctl.stop", Hit: "launchctl unload -w /Library/LaunchDaemons/x.plist", Miss: "launchctl list"},
		{Row: "system.launchctl.stop", Hit: "launchctl bootout system/com.x", Miss: "launchctl print system/com.x"},
		{Row: "system.launchctl.load", Hit: "launchctl load ~/Library/LaunchAgents/x.plist", Miss: "launchctl list"},
		{Row: "system.launchctl.load", Hit: "launchctl bootstrap gui/501 x.plist", Miss: "launchctl print gui/501"},
		{Row: "system.launchctl", Hit: "launchctl list", Miss: "launchctl disable system/com.x"},
		{Row: "system.launchctl.restart", Hit: "launchctl kickstart -k system/com.x", Miss: "launchctl kickstart system/com.x"},
		{Row: "system.sysadminctl.delete-user", Hit: "sysadminctl -deleteUser bob", Miss: "sysadminctl -deleteUser bob -keepHome"},
		{Row: "system.sysadminctl.delete-user-keep-home", Hit: "sysadminctl -deleteUser bob -keepHome", Miss: "sysadminctl -addUser bob"},
		{Row: "system.sysadminctl", Hit: "sysadminctl -addUser bob", Miss: "sysadminctl -deleteUser bob"},
		{Row: "system.dscl.delete", Hit: "dscl . -delete /Users/bob", Miss: "dscl . -read /Users/bob"},
		{Row: "system.dscl.read", Hit: "dscl . -list /Users", Miss: "dscl . -create /Users/bob"},
		{Row: "system.dscl", Hit: "dscl . -passwd /Users/bob new", Miss: "dscl . -readall /Users"},
		{Row: "system.nvram.clear", Hit: "nvram -c", Miss: "nvram -p"},
		{Row: "system.nvram", Hit: "nvram -p", Miss: "nvram -d boot-args"},
		{Row: "system.nvram.set", Hit: "nvram auto-boot=false", Miss: "nvram boot-args"},
		{Row: "system.networksetup.off", Hit: "networksetup -setairportpower en0 off", Miss: "networksetup -setairportpower en0 on"},
		{Row: "system.networksetup.read", Hit: "networksetup -listallnetworkservices", Miss: "networksetup -setdnsservers Wi-Fi 1.1.1.1"},
		{Row: "system.networksetup", Hit: "networksetup -setdnsservers Wi-Fi 1.1.1.1", Miss: "networksetup -getinfo Wi-Fi"},
	}
}
