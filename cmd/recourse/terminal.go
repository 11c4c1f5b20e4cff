package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// errNoPerson says why a person's decision (allow-once, trust) was
// refused: it was not typed by a person at a terminal.
var errNoPerson = errors.New("needs a person at an interactive terminal: its standard input and the controlling terminal must both be terminals, and the person types yes there")

// controllingTTY is the process's controlling terminal.
func controllingTTY() string {
	if runtime.GOOS == "windows" {
		return "CONIN$"
	}
	return "/dev/tty"
}

// confirmAtTerminal asks the person at the controlling terminal whether
// to go ahead with what, and reports whether they typed yes. It refuses
// (errNoPerson) unless the command's standard input is a terminal — not
// a file, a pipe or /dev/null, which are character devices too — and the
// process has a controlling terminal: a script an agent runs has
// neither, and what it writes to stdin is never read as the answer.
func confirmAtTerminal(cmd *cobra.Command, what string) error {
	in, ok := cmd.InOrStdin().(*os.File)
	if !ok || !term.IsTerminal(int(in.Fd())) {
		return errNoPerson
	}
	tty, err := os.OpenFile(controllingTTY(), os.O_RDWR, 0)
	if err != nil {
		return errNoPerson
	}
	defer tty.Close()
	if !term.IsTerminal(int(tty.Fd())) {
		return errNoPerson
	}
	return confirm(tty, tty, what)
}

// confirm writes what and a question to out and reads the answer from in:
// exactly "yes" goes ahead.
func confirm(in io.Reader, out io.Writer, what string) error {
	fmt.Fprintf(out, "%s\nType yes to go ahead: ", what)
	line, err := bufio.NewReader(io.LimitReader(in, 256)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if strings.TrimSpace(line) != "yes" {
		return errors.New("not confirmed: nothing was changed")
	}
	return nil
}
