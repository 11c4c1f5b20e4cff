package evaluator

import (
	"context"
	"testing"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
)

// falseAllowCase is a line of a class issue 32 found warned on the agents
// and incidents corpora, and the decision it must get.
type falseAllowCase struct {
	class, line string
	want        model.Decision
}

// judgeClasses runs the cases through the whole evaluator in a project
// directory, with nothing observed: the line alone decides.
func judgeClasses(t *testing.T, d shell.Dialect, cases []falseAllowCase) {
	t.Helper()
	ev := newEvaluator(t)
	for _, tt := range cases {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Cwd: "/home/dev/project", Dialect: d})
		if err != nil {
			t.Errorf("%s %q: %v", tt.class, tt.line, err)
			continue
		}
		if rep.RiskAssessment != tt.want {
			t.Errorf("%s %q (%s): %s, want %s (%s)", tt.class, tt.line, d, rep.RiskAssessment, tt.want, rep.AssessmentReason)
		}
	}
}

// TestPowerShellCommandLine holds that powershell reads a first value that
// is no parameter as -Command and pwsh as -File (psargs.go, from
// Microsoft's about_Pwsh and "Breaking Changes for PowerShell 6.0"), so
// the command text of Windows PowerShell is judged, not taken for a file.
func TestPowerShellCommandLine(t *testing.T) {
	// Remove-Item -Recurse -Force C:\x, base64 of UTF-16LE.
	const encoded = "UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIABDADoAXAB4AA=="
	judgeClasses(t, shell.DialectBash, []falseAllowCase{
		{"powershell", `powershell Remove-Item -Recurse -Force C:\Users\me\projects\*`, model.Block},
		{"powershell", `powershell 'Remove-Item -Recurse -Force C:\Users\me\projects\*'`, model.Block},
		{"powershell", `powershell.exe Remove-Item -Recurse -Force 'C:\Users\me\projects'`, model.Block},
		{"powershell", `powershell -NoProfile -ExecutionPolicy Bypass Remove-Item -Recurse -Force 'C:\data'`, model.Block},
		{"powershell", `powershell -nop -ep Bypass -Command "Remove-Item -Recurse -Force C:\data"`, model.Block},
		{"powershell", `powershell -command Remove-Item -Recurse -Force 'C:\data'`, model.Block},
		{"powershell", `powershell -NonI -c "Remove-Item -Recurse -Force C:\data"`, model.Block},
		{"powershell", `pwsh -c "Remove-Item -Recurse -Force /srv/data"`, model.Block},
		{"powershell", `sudo pwsh -NoProfile -Command "Remove-Item -Recurse -Force /srv/data"`, model.Block},
		{"powershell", `bash -c "powershell Remove-Item -Recurse -Force 'C:\data'"`, model.Block},
		{"powershell", `cd /srv && powershell Remove-Item -Recurse -Force data`, model.Block},
		{"powershell", `powershell -EncodedCommand ` + encoded, model.Block},
		{"powershell", `pwsh -ec ` + encoded, model.Block},
		{"powershell", `powershell -enc not-base64!`, model.Escalate},
		{"powershell", `pwsh -c "$cmd"`, model.Escalate},
		// Readers stay allowed, whatever the spelling.
		{"powershell", `powershell Get-ChildItem`, model.Allow},
		{"powershell", `powershell -NoProfile -Command "Get-ChildItem -Recurse | Select-Object Name"`, model.Allow},
		{"powershell", `pwsh -nop -c Get-Date`, model.Allow},
		// pwsh's positional parameter is -File: a script the line does not
		// show, judged as before (never an allow).
		{"powershell", `pwsh script.ps1`, model.Warn},
		{"powershell", `pwsh -File ./build.ps1 -Configuration Release`, model.Warn},
		{"powershell", `powershell -File script.ps1`, model.Warn},
	})
}

// TestNamedFileDeletes holds issue 32 §3 for rm of named files: in a shell
// that states no context, whether git keeps a project or home file is the
// deciding fact, which the line does not show (needs review, never a
// warn); what the name shows regenerable, temp, and rm -i stay warned; a
// CI job, a make recipe and an image build keep their verdicts.
func TestNamedFileDeletes(t *testing.T) {
	judgeClasses(t, shell.DialectBash, []falseAllowCase{
		{"named-file", "rm reproduce.py", model.Escalate},
		{"named-file", "rm -f x.py.bak", model.Escalate},
		{"named-file", "rm /home/user/compare_json.py", model.Escalate},
		{"named-file", `rm "tests/invalid_models_tests/test_temp_ordering_lookup.py"`, model.Escalate},
		{"named-file", "sudo rm -v notes.txt", model.Escalate},
		{"named-file", "LC_ALL=C rm -- a.py b.py", model.Escalate},
		{"named-file", "cd src && rm util.py", model.Escalate},
		{"named-file", `bash -c 'rm reproduce.py'`, model.Escalate},
		{"named-file", `find /home/user/event_comparison -type f -name "*_new.json" -exec rm {} +`, model.Escalate},
		{"named-file", `rm "$HOME/notes.txt"`, model.Escalate},
		// Regenerable by name, temp, or asked of a person.
		{"named-file", "rm foo.pyc", model.Warn},
		{"named-file", "rm -f build/main.o", model.Warn},
		{"named-file", "rm -f package-lock.json", model.Warn},
		{"named-file", "rm /tmp/scratch.py", model.Warn},
		{"named-file", "find . -name '*.pyc' -exec rm {} +", model.Warn},
		{"named-file", "rm -i notes.txt", model.Warn},
	})
	for _, d := range []shell.Dialect{shell.DialectGitHubActions, shell.DialectGitLabCI, shell.DialectMake, shell.DialectDockerfile} {
		judgeClasses(t, d, []falseAllowCase{
			{"named-file", "rm -f tools/svg-term", model.Warn},
			{"named-file", "rm pyproject.toml.bak", model.Warn},
		})
	}
}

// TestComposeVolumeResets holds that compose down -v, which deletes the
// stack's volumes, needs review where the line does not show that they
// hold throwaway data (owncloud/client#7358), warns for a test stack and
// for a CI job's own stack, and never goes further than needs review on a
// stack nothing is known of.
func TestComposeVolumeResets(t *testing.T) {
	judgeClasses(t, shell.DialectBash, []falseAllowCase{
		{"compose", "docker-compose down -v", model.Escalate},
		{"compose", "docker compose down --volumes", model.Escalate},
		{"compose", "sudo docker compose -p shop down -v --remove-orphans", model.Escalate},
		{"compose", "cd deploy && podman compose down -v", model.Escalate},
		{"compose", "docker compose -f docker-compose.test.yml down -v", model.Warn},
		{"compose", "docker compose down", model.Warn},
	})
	for _, d := range []shell.Dialect{shell.DialectGitHubActions, shell.DialectGitLabCI} {
		judgeClasses(t, d, []falseAllowCase{
			{"compose", "docker compose down -v", model.Warn},
			{"compose", "docker-compose -f docker-compose.yml down --volumes", model.Warn},
		})
	}
}

// TestRemoteWrites holds that a request that changes state on another
// machine, sent from a shell that states no context, needs review
// (server-effect:HOST), while one to this machine, one to an endpoint that
// only reads, a GET, and a CI job's or a make recipe's request warn or
// allow as before.
func TestRemoteWrites(t *testing.T) {
	judgeClasses(t, shell.DialectBash, []falseAllowCase{
		{"remote-write", `curl -X POST -F "file=5" -F "file=@printenv.pl" http://web.chal.csaw.io:8000/cgi-bin/file.pl`, model.Escalate},
		{"remote-write", `curl -X POST -d "name=test;id&age=123" http://web.chal.csaw.io:8000/cgi-bin/forms.pl`, model.Escalate},
		{"remote-write", `curl -sS --json '{"a":1}' https://api.example.com/v1/items`, model.Escalate},
		{"remote-write", `sudo curl -T backup.tar https://files.example.com/up/`, model.Escalate},
		{"remote-write", `bash -c 'curl -X PUT -d x https://api.example.com/x'`, model.Escalate},
		{"remote-write", `curl -X POST -d x "$API/items"`, model.Escalate},
		{"remote-write", `wget --post-data=a=1 https://api.example.com/v1`, model.Escalate},
		{"remote-write", `http POST api.example.com/items name=x`, model.Escalate},
		{"remote-write", `curl -X POST -d '{"q":1}' http://localhost:8000/api/items`, model.Warn},
		{"remote-write", `curl -X POST http://127.0.0.1:9200/logs/_search -d '{}'`, model.Warn},
		{"remote-write", `curl -X POST https://es.example.com/logs/_search -d '{}'`, model.Warn},
		{"remote-write", `curl -fsSL https://example.com/install.txt -o install.txt`, model.Warn},
		{"remote-write", `curl https://api.example.com/v1/items`, model.Allow},
	})
	for _, d := range []shell.Dialect{shell.DialectGitHubActions, shell.DialectGitLabCI, shell.DialectMake} {
		judgeClasses(t, d, []falseAllowCase{
			{"remote-write", `curl -X POST -d '{"text":"done"}' https://hooks.slack.com/services/T/B/X`, model.Warn},
			{"remote-write", `curl https://scan.coverity.com/download/cxx/linux64 --form project=git --form md5=1`, model.Warn},
		})
	}
}
