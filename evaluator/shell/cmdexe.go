package shell

import "sync"
import "strings"

// cmdVars are cmd.exe's environment variables that name a place, written
// as the rules read places: the home, temp and system directories.
var cmdVars = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"userprofile": "$HOME", "homepath": "$HOME", "home": "$HOME", "appdata": "$HOME/AppData/Roaming",
		"localappdata": "$HOME/AppData/Local", "temp": "$TMPDIR", "tmp": "$TMPDIR", "systemroot": "C:/Windows", "windir": "C:/Windows",
		"systemdrive": "C:", "programfiles": "C:/Program Files", "programfiles(x86)": "C:/Program Files (x86)", "programdata": "C:/ProgramData",
	}
})

// cmdLine rewrites a command line cmd.exe runs (cmd /c LINE) so that the
// bash parser reads its words as cmd.exe does: a backslash is a path
// separator, not an escape (C:\Windows), so it becomes a slash, which the
// rules read in Windows paths too; ^ escapes the next character, as a
// backslash does in bash; %USERPROFILE% and its kin are the places they
// name (%HOMEDRIVE%%HOMEPATH% is the home), and any other %NAME% a
// variable known only at run time.
func cmdLine(line string) string { return rewriteCmd(line, false) }

// cmdText is cmdLine for the whole text of a cmd /c line that is read
// again (cmd /c del C:\x, unquoted): the places its variables name are
// quoted, so that the line handed to cmd stays known and its command sees
// them as the variables they are.
func cmdText(text string) string { return rewriteCmd(text, true) }

func rewriteCmd(line string, quoteVars bool) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '\\':
			b.WriteByte('/')
		case '^': // cmd's escape is bash's backslash: ^& is a literal &
			if i+1 < len(line) {
				i++
				b.WriteByte('\\')
				b.WriteByte(line[i])
			}
		case '%':
			end := strings.IndexByte(line[i+1:], '%')
			if end <= 0 {
				b.WriteByte(c)
				continue
			}
			name := strings.ToLower(line[i+1 : i+1+end])
			if strings.ContainsAny(name, " \t\"") {
				b.WriteByte(c)
				continue
			}
			i += end + 1
			if name == "homedrive" && strings.HasPrefix(strings.ToLower(line[i+1:]), "%homepath%") {
				continue // %HOMEDRIVE%%HOMEPATH% is the home, written by %HOMEPATH%
			}
			v, ok := cmdVars()[name]
			if !ok {
				v = "${" + strings.NewReplacer("(", "_", ")", "_").Replace(name) + "}"
			}
			if quoteVars {
				v = "'" + v + "'"
			}
			b.WriteString(v)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// cmdPrograms are cmd.exe's commands and Windows' own programs, which
// read a backslash as a path separator.
var cmdPrograms = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"cmd": true, "rd": true, "rmdir": true, "del": true, "erase": true, "copy": true, "move": true, "ren": true,
		"xcopy": true, "robocopy": true, "icacls": true, "takeown": true, "attrib": true, "reg": true, "sdelete": true, "cipher": true,
		"format": true, "type": true, "mklink": true}
})

// windowsCommand reports whether a command line, as written, is one of
// cmdPrograms given a Windows path (C:\x, \\server\share) or a
// %VARIABLE%, which bash would misread: rd /s /q C:\data is C:data to
// it. Only then is it read as cmd.exe reads it; rmdir foo\ bar stays
// bash's.
func windowsCommand(prog, text string) bool {
	// Most lines have neither a backslash nor a percent sign: they are
	// answered without the map.
	if strings.IndexByte(text, '\\') < 0 && strings.IndexByte(text, '%') < 0 || !cmdPrograms()[prog] {
		return false
	}
	for i := 0; i+2 < len(text); i++ {
		c := text[i]
		switch {
		case isLetter(c) && text[i+1] == ':' && text[i+2] == '\\' && (i == 0 || !isIdent(text[i-1])):
			return true
		case c == '\\' && text[i+1] == '\\' && (i == 0 || text[i-1] == ' '):
			return true
		case c == '%' && strings.IndexByte(text[i+1:], '%') > 0:
			return true
		}
	}
	return false
}

// unquotedCmdLine reports whether the command line after cmd's /c (or /k)
// in text is written unquoted, so that bash has read its words.
func unquotedCmdLine(text string) bool {
	fields := strings.Fields(text)
	for i, f := range fields {
		if strings.EqualFold(f, "/c") || strings.EqualFold(f, "/k") {
			return i+1 < len(fields) && fields[i+1][0] != '"' && fields[i+1][0] != '\''
		}
	}
	return false
}
