package shell

import (
	"strings"
	"testing"
)

// TestReadPython: what Python code does to files and processes comes out
// as the shell commands that do the same; what cannot be read is a
// problem naming the missing fact. Lines are the effects joined by " ; ",
// or "!" and the start of the problem.
func TestReadPython(t *testing.T) {
	tests := []struct{ name, src, want string }{
		// Reads, prints, imports and HTTP calls do nothing the gate judges.
		{"read and print", "from pathlib import Path\nprint(Path('a.py').read_text())", ""},
		{"open reads by default", "s = open('setup.cfg').read()\nprint(s)", ""},
		{"open read mode by keyword", "with open('x.json', mode='rb') as f: f.read()", ""},
		{"import_module of a literal", "from importlib import import_module\nm = import_module('django.db.models.sql.query')", ""},
		{"a call named in a string", "print('os.remove(\"x\")'); print(\"rm -rf /\")", ""},
		{"a call in a comment", "# shutil.rmtree('/')\nprint(1)", ""},
		{"str.replace is no rename", "s = 'abc'\ns = s.replace('a', 'b')\nprint(s)", ""},
		{"dict rename is no file", "ds = load()\nds = ds.rename({'x': 'y'})", ""},
		{"HTTP call", "import requests\nrequests.post('https://api.example.com/x', json={})", ""},
		{"compile of an AST", "code = compile(tree, '<t>', 'exec')", ""},
		{"literal_eval", "import ast\nprint(ast.literal_eval('[1]'))", ""},

		// Writes are redirections into the file they name.
		{"Path write_text", "from pathlib import Path\np = Path('django/http/response.py')\ns = p.read_text()\np.write_text(s)", ": > django/http/response.py"},
		{"pathlib.Path written", "import pathlib\npathlib.Path('a/b.txt').write_bytes(b'')", ": > a/b.txt"},
		{"open for writing", "open('tab.txt', 'w').write(mrt)", ": > tab.txt"},
		{"open for appending", "with open(\"log.txt\", \"a\") as f:\n    f.write('x')", ": >> log.txt"},
		{"a name bound to a path", "fn = 'out/x.json'\nwith open(fn, 'w') as f: f.write('{}')", ": > out/x.json"},
		{"os.path.join of literals", "import os\nopen(os.path.join('a', 'b.txt'), 'w')", ": > a/b.txt"},
		{"Path division", "from pathlib import Path\n(Path('a') / 'b.py').write_text('')", ": > a/b.py"},
		{"with_suffix", "from pathlib import Path\np = Path('m/x.py')\nb = p.with_suffix('.py.bak')\nb.write_text(p.read_text())", ": > m/x.py.bak"},
		{"mkdtemp", "import tempfile, os\nd = tempfile.mkdtemp()\nopen(os.path.join(d, 't.html'), 'w')", ": > /tmp/mkdtemp/t.html"},
		{"a system file", "open('/etc/hosts', 'w')", ": > /etc/hosts"},
		{"write to a path built at run time", "import sys\nopen(sys.argv[1], 'w')", "!open writes sys.argv[1]"},
		{"an f-string path", "n = 1\nopen(f'out{n}.txt', 'w')", "!open writes"},
		{"a mode built at run time", "open('x', m)", "!open() is given a mode built at run time"},
		{"Path bound twice", "from pathlib import Path\np = Path('a')\nfor p in Path('.').glob('*.py'):\n    p.write_text('')", "!pathlib.Path.write_text writes p"},

		// Deletes and moves are rm, rmdir and mv of their paths.
		{"os.remove", "import os\nos.remove('reproduce.py')", "rm -- reproduce.py"},
		{"from os import remove as", "from os import remove as rm\nrm('x.py')", "rm -- x.py"},
		{"aliased module", "import shutil as sh\nsh.rmtree('build')", "rm -r -- build"},
		{"bare rmtree", "rmtree('dist')", "rm -r -- dist"},
		{"Path.unlink", "from pathlib import Path\nPath('tests/test_x.py').unlink()", "rm -- tests/test_x.py"},
		{"Path.unlink of a name", "from pathlib import Path\np = Path('a.txt')\np.unlink(missing_ok=True)", "rm -- a.txt"},
		{"os.rename", "import os\nos.rename('/etc/passwd', '/tmp/p')", "mv -- /etc/passwd /tmp/p"},
		{"shutil.copy2", "import shutil\nshutil.copy2('a.py', 'a.py.bak')", "cp -- a.py a.py.bak"},
		{"os.chdir then a delete", "import os\nos.chdir('/srv')\nos.remove('x')", "cd -- /srv ; rm -- x"},
		{"a delete of a path built at run time", "import os, sys\nos.remove(sys.argv[1])", "!os.remove(sys.argv[1]) acts on a path built at run time"},
		{"rmtree of a loop variable", "import shutil\nfor d in dirs:\n    shutil.rmtree(d)", "!shutil.rmtree(d)"},
		{"unlink of an unknown object", "x.unlink()", "!x.unlink() acts on a path"},
		{"a deleter passed as a value", "import os\nlist(map(os.remove, files))", "!os.remove is passed as a value"},

		// Commands are the shell lines they run.
		{"os.system", "import os\nos.system('git reset --hard')", "git reset --hard"},
		{"subprocess list", "import subprocess\nsubprocess.run(['rm', '-rf', 'x y'])", "rm -rf 'x y'"},
		{"sys.executable", "import subprocess, sys\nsubprocess.run([sys.executable, '-m', 'pytest', '-q'])", "python3 -m pytest -q"},
		{"a command bound to a name", "import subprocess\nc = 'nl -ba a.py'\nsubprocess.check_output(c, shell=True)", "nl -ba a.py"},
		{"from subprocess import run", "from subprocess import run as r\nr(['ls'])", "ls"},
		{"__import__ of a literal", "__import__('os').system('rm -rf /')", "rm -rf /"},
		{"a command built at run time", "import subprocess\nsubprocess.run(cmd, shell=True)", "!subprocess.run(cmd) runs a command built at run time"},
		{"a word built at run time", "import subprocess\nsubprocess.run(['rm', path])", "!subprocess.run runs a command with a word built at run time"},
		{"getattr by a name built at run time", "getattr(__import__('os'), 'sys'+'tem')('rm -rf /srv')", "!getattr(os"},
		{"getattr of a deleter", "import os\ngetattr(os, 'remove')(p)", "!getattr(os, \"remove\")"},
		{"star import", "from os import *\nremove('x')", "!from os import *"},
		{"eval of code built at run time", "eval(input())", "!eval(input()) runs Python code"},
		{"exec of literal code", "exec(\"import os; os.remove('x')\")", "rm -- x"},
		{"os.kill", "import os\nos.kill(1, 9)", "!os.kill kills a process"},
		{"a def is no call", "def remove(p):\n    pass\nremove('x')", ""},
		{"unterminated string", "print('x", "!the Python code does not tokenize"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := readPython(tt.src)
			got := strings.Join(e.lines, " ; ")
			if e.problem != "" {
				got = "!" + e.problem
			}
			if want, ok := strings.CutPrefix(tt.want, "!"); ok {
				if !strings.HasPrefix(got, "!"+want) {
					t.Fatalf("got %q, want a problem starting %q", got, want)
				}
				return
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPythonTokens: the string literals Python reads, decoded.
func TestPythonTokens(t *testing.T) {
	tests := []struct{ src, want string }{
		{`'a' "b"`, "ab"},
		{`r'\n'`, `\n`},
		{`'\n'`, "\n"},
		{`"""x
y"""`, "x\ny"},
		{`b'x'`, "x"},
		{`'it\'s'`, "it's"},
	}
	for _, tt := range tests {
		toks, ok := pyTokenize(tt.src)
		if !ok || len(toks) != 1 || toks[0].Kind != pyString || toks[0].Value != tt.want {
			t.Errorf("%s: got %+v (%v), want one string %q", tt.src, toks, ok, tt.want)
		}
	}
	if toks, ok := pyTokenize(`f'{x}'`); !ok || !toks[0].Dynamic {
		t.Errorf("an f-string is not marked dynamic: %+v", toks)
	}
}

// FuzzReadPython: any source is read without a panic, in bounded time,
// and every effect it reports is a line the shell parser can be given.
func FuzzReadPython(f *testing.F) {
	for _, s := range []string{"import os\nos.remove('x')", "open('a','w')", "p=Path('a')\np.unlink()", "'''", "f(", "subprocess.run(['a', b])",
		"from os import remove as r\nr(x)", "exec('exec(\"1\")')"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e := readPython(src)
		if e.problem == "" && len(e.lines) > 0 {
			_, _ = Parse(strings.Join(e.lines, "\n"), Options{Cwd: "/w"})
		}
	})
}
