package system

import "github.com/recourse-dev/recourse/internal/rulestest"

// windowsCases are the test rows for windowsRules.
func windowsCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "system.vssadmin.delete", Hit: "vssadmin delete shadows /all /quiet", Miss: "vssadmin list shadows"},
		{Row: "system.wsl.unregister", Hit: "wsl --unregister Ubuntu", Miss: "wsl --terminate Ubuntu"},
		{Row: "system.wsl.import", Hit: `wsl --import Dev C:\wsl\dev dev.tar`, Miss: "wsl --export Dev dev.tar"},
		{Row: "system.wsl.read", Hit: "wsl -l -v", Miss: "wsl --shutdown"},
		{Row: "system.wsl", Hit: "wsl --shutdown", Miss: "wsl --status"},
		{Row: "system.vssadmin", Hit: "vssadmin list shadowstorage", Miss: "vssadmin resize shadowstorage /for=C: /maxsize=1GB"},
		{Row: "system.wbadmin.delete", Hit: "wbadmin delete catalog -quiet", Miss: "wbadmin get versions"},
		{Row: "system.wbadmin", Hit: "wbadmin get versions", Miss: "wbadmin delete systemstatebackup"},
		{Row: "system.wmic.shadowcopy-delete", Hit: "wmic shadowcopy delete", Miss: "wmic shadowcopy list brief"},
		{Row: "system.wevtutil.clear", Hit: "wevtutil cl System", Miss: "wevtutil qe System /c:5"},
		{Row: "system.wevtutil", Hit: "wevtutil el", Miss: "wevtutil clear-log Security"},
		{Row: "system.wevtutil.disable", Hit: "wevtutil sl Security /e:false", Miss: "wevtutil sl Security /e:true"},
		{Row: "system.wevtutil.change", Hit: "wevtutil sl Security /ms:1024", Miss: "wevtutil gl Security"},
		{Row: "system.bcdedit.recovery-off", Hit: "bcdedit /set {default} recoveryenabled No", Miss: "bcdedit /set {default} recoveryenabled yes"},
		{Row: "system.bcdedit", Hit: "bcdedit /timeout 5", Miss: "bcdedit /set {default} bootstatuspolicy ignoreallfailures"},
		{Row: "system.netsh.firewall-off", Hit: "netsh advfirewall set allprofiles state off", Miss: "netsh advfirewall set allprofiles state on"},
		{Row: "system.netsh", Hit: "netsh interface ip set dns Ethernet static 1.1.1.1", Miss: "netsh firewall set opmode disable"},
		{Row: "system.reg.delete", Hit: `reg delete HKLM\Software\X /f`, Miss: `reg query HKLM\Software\X`},
		{Row: "system.reg.write", Hit: `reg add HKCU\Software\X /v a /d 1 /f`, Miss: `reg export HKCU\Software\X x.reg`},
		{Row: "system.reg", Hit: `reg query HKLM\Software`, Miss: `reg import x.reg`},
		{Row: "system.net.user-delete", Hit: "net user bob /delete", Miss: "net user bob"},
		{Row: "system.net.stop", Hit: "net stop wuauserv", Miss: "net start wuauserv"},
		{Row: "system.net", Hit: "net user", Miss: "net localgroup admins bob /DELETE"},
		{Row: "system.net", Hit: "net user bob /domain", Miss: "net user bob NewPass1"},
		{Row: "system.net.account-change", Hit: "net user bob *", Miss: "net user bob"},
		{Row: "system.net.account-change", Hit: "net localgroup administrators bob /add", Miss: "net localgroup administrators"},
		{Row: "system.sc.stop", Hit: "sc stop WinDefend", Miss: "sc query WinDefend"},
		{Row: "system.sc", Hit: "sc query", Miss: "sc delete svc"},
		{Row: "system.taskkill", Hit: "taskkill /f /im node.exe", Miss: "tasklist"},
		{Row: "system.schtasks.delete", Hit: "schtasks /delete /tn backup /f", Miss: "schtasks /query"},
		{Row: "system.robocopy.mirror", Hit: `robocopy C:\src D:\dst /MIR`, Miss: `robocopy C:\src D:\dst /E`},
		{Row: "system.robocopy.move", Hit: `robocopy C:\src D:\dst /MOV`, Miss: `robocopy C:\src D:\dst /purge`},
		{Row: "system.robocopy", Hit: `robocopy C:\src D:\dst /E`, Miss: `robocopy C:\src D:\dst /move`},
		{Row: "system.icacls", Hit: `icacls C:\data /grant Everyone:F /T`, Miss: `takeown /f C:\data`},
		{Row: "system.takeown", Hit: `takeown /f C:\Windows /r`, Miss: `icacls C:\data`},
		{Row: "system.format", Hit: "format D: /q", Miss: "diskpart"},
		{Row: "system.diskpart", Hit: "diskpart /s clean.txt", Miss: "format D:"},
	}
}
