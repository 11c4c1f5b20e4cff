package main

import (
	"reflect"
	"testing"
)

// TestCommandsOf checks that each kind's cases are cut as its executor
// receives them: a run: block whole, Docker continuations joined,
// make's backslash-newlines kept and its @/- prefixes dropped.
func TestCommandsOf(t *testing.T) {
	tests := []struct {
		name, kind, in string
		want           []string
	}{
		{"actions steps in order, the block whole", "actions",
			"on: push\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n      - run: make\n      - run: |\n          go test ./...\n          echo ${{ github.sha }}\n  b:\n    steps:\n      - run: npm ci\n",
			[]string{"make", "go test ./...\necho ${{ github.sha }}\n", "npm ci"}},
		{"actions, not YAML", "actions", "jobs: [", nil},
		{"gitlab scripts, nested lists flattened, references left out", "gitlab",
			"stages: [test]\ndefault:\n  before_script:\n    - apt-get update\njob:\n  script:\n    - make\n    - [make test, make lint]\n    - !reference [.x, script]\n  after_script: echo done\n",
			[]string{"apt-get update", "make", "make test", "make lint", "echo done"}},
		{"dockerfile continuations joined, comments inside dropped, flags dropped", "dockerfile",
			"FROM alpine\n# RUN not-this\nRUN --mount=type=cache,target=/root/.cache apk add \\\n    # a comment\n    curl\nrun echo lower\nCMD [\"x\"]\n",
			[]string{"apk add     curl", "echo lower"}},
		{"dockerfile exec form and heredoc", "dockerfile",
			"RUN [\"sh\", \"-c\", \"echo hi\"]\nRUN <<EOF\nset -e\nmake\nEOF\n",
			[]string{"sh -c 'echo hi'", "set -e\nmake"}},
		{"makefile recipes, prefixes dropped, variables kept", "makefile",
			"CC ?= gcc\nall: build\n\t@echo building\n\t-$(CC) -o $@ $<\n\nclean:\n\trm -rf $(OBJ) \\\n\t  out\ndefine X\n\techo not-a-recipe\nendef\n",
			[]string{"echo building", "$(CC) -o $@ $<", "rm -rf $(OBJ) \\\n  out"}},
		{"makefile, a tab line after an assignment is not a recipe", "makefile",
			"X := a\n\techo no\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := commandsOf(tt.kind, []byte(tt.in))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestWorkflowShells checks that each run: step gets the shell its step,
// else its job's defaults, else the workflow's defaults declare.
func TestWorkflowShells(t *testing.T) {
	in := "defaults:\n  run:\n    shell: bash\njobs:\n  a:\n    steps:\n      - run: ls\n      - run: Get-ChildItem\n        shell: pwsh\n" +
		"  b:\n    defaults:\n      run:\n        shell: powershell\n    steps:\n      - uses: x\n      - run: dir\n" +
		"  c:\n    steps:\n      - run: echo\n"
	want := []string{"bash", "pwsh", "powershell", "bash"}
	if got := workflowShells([]byte(in)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := workflowShells([]byte("jobs:\n  a:\n    steps:\n      - run: ls\n")); !reflect.DeepEqual(got, []string{""}) {
		t.Errorf("no shell declared: got %q", got)
	}
}

// TestSliceOf pins the blind draw: changing it would unblind the corpus.
func TestSliceOf(t *testing.T) {
	blind := 0
	for i := 0; i < 3000; i++ {
		if sliceOf("pl-actions-x-"+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676))) == "blind" {
			blind++
		}
	}
	if blind < 800 || blind > 1200 {
		t.Errorf("%d of 3000 ids are blind; the rule draws about a third", blind)
	}
	for id, want := range map[string]string{
		"pl-actions-prometheus-prometheus-1": "tune",
		"pl-actions-prometheus-prometheus-2": "blind",
		"pl-actions-prometheus-prometheus-3": "tune",
		"pl-actions-prometheus-prometheus-4": "blind",
	} {
		if got := sliceOf(id); got != want {
			t.Errorf("sliceOf(%q) = %s, want %s (the slices of pipelines.jsonl)", id, got, want)
		}
	}
}

// FuzzDockerRuns checks the Dockerfile reader never panics or loops.
func FuzzDockerRuns(f *testing.F) {
	f.Add("RUN a \\\n b\nRUN <<EOF\nx\nEOF\nRUN [\"a\"]\n")
	f.Add("RUN \\")
	f.Fuzz(func(t *testing.T, s string) {
		dockerRuns([]byte(s))
		makeRecipes([]byte(s))
	})
}
