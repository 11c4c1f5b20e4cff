package shell

import "strings"

// bundledSwitches are, per interpreter, the switches that take no value
// and may be bundled before the inline-code switch in one word: perl
// -lpe CODE, -ne CODE and ruby -ne CODE are -l -p -e CODE, -n -e CODE. A
// switch that takes the rest of the word as its value (perl -i.bak, -l0,
// -0777) is not one: perl -pie CODE is -p -i with the backup suffix "e",
// which runs no inline code, so such a word is never read as -e.
var bundledSwitches = map[string]struct{ switches, inline string }{
	"perl": {"lnpaswWtTcU", "eE"},
	"ruby": {"lnpaswcvd", "e"},
}

// bundledInline reports whether flag, an argument of prog before its
// program, is a bundle of value-less switches ending in the inline-code
// switch, so that the next argument is the inline code.
func bundledInline(prog, flag string) bool {
	b, ok := bundledSwitches[prog]
	if !ok || len(flag) < 3 || flag[0] != '-' || flag[1] == '-' {
		return false
	}
	body := flag[1:]
	if !strings.ContainsRune(b.inline, rune(body[len(body)-1])) {
		return false
	}
	for _, c := range body[:len(body)-1] {
		if !strings.ContainsRune(b.switches, c) {
			return false
		}
	}
	return true
}
