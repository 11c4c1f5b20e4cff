package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/config"
	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// maxInputs bounds the documents of one run: past it the run is an error,
// never a run over the first ones only.
const maxInputs = 10000

// evalInput is one document of a run over many: a file, or one line of
// NDJSON on stdin (data set).
type evalInput struct {
	name string
	data []byte
}

// runEvalMany evaluates every input — files, the .json files of
// directories, or the documents of NDJSON on stdin — and writes one report
// with a section per input. The exit status is the worst decision's, or 1
// when any input could not be evaluated (nothing that was not understood
// exits 0). A single document on stdin is an ordinary run.
func runEvalMany(cmd *cobra.Command, flags *evalFlags, kind inputKind, args []string) error {
	format, failOn, err := flags.check()
	if err != nil {
		return err
	}
	if flags.tfDir != "" && kind == kindMCP {
		return usageErr("--tf-dir %s: a Terraform directory goes with plans, not with MCP calls", flags.tfDir)
	}
	ins, err := expandInputs(cmd.InOrStdin(), args)
	if err != nil {
		return err
	}
	if len(ins) == 1 && args[0] == "-" {
		cmd.SetIn(bytes.NewReader(ins[0].data))
		return runEval(cmd, flags, kind, "-", "")
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	run, err := startEval(cmd, flags, kind, "", failOn)
	if err != nil {
		_ = report.RenderError(stderr, model.AsError(err), report.FormatHuman)
		return &exitStatus{code: exitError}
	}
	failOn = run.failOn
	results := make([]report.Input, 0, len(ins))
	var findings []config.BaselineFinding
	for _, in := range ins {
		stdin, name := io.Reader(nil), in.name
		if in.data != nil {
			stdin, name = bytes.NewReader(in.data), "-"
		}
		rep, err := run.judge(cmd.Context(), stdin, name)
		if err != nil {
			results = append(results, report.Input{Name: in.name, Err: model.AsError(err)})
			continue
		}
		results = append(results, report.Input{Name: in.name, Report: rep})
		findings = append(findings, baselineFindings(rep)...)
	}
	if err := report.RenderMany(stdout, results, format, report.RenderOptions{Color: colorEnabled(stdout), ToolVersion: buildVersion()}); err != nil {
		return &exitStatus{code: exitError, err: fmt.Errorf("writing the report: %w", err)}
	}
	worst, failed := report.WorstOf(results)
	if failed {
		fmt.Fprintf(stderr, "recourse: %d of %d inputs could not be evaluated (their sections say why); that is not a decision\n", countFailed(results), len(results))
		return &exitStatus{code: exitError}
	}
	if flags.writeBaseline != "" {
		return saveBaseline(flags.writeBaseline, findings, stderr)
	}
	return decisionStatus(worst, failOn)
}

func countFailed(ins []report.Input) int {
	n := 0
	for _, in := range ins {
		if in.Err != nil {
			n++
		}
	}
	return n
}

// expandInputs lists the documents of args: each file; each directory's
// .json files (not its subdirectories), sorted; or every JSON document of
// stdin ("-"), one per line as NDJSON. An empty directory or stdin with no
// document is an error: a run over nothing must not pass.
func expandInputs(stdin io.Reader, args []string) ([]evalInput, error) {
	if len(args) == 1 && args[0] == "-" {
		return splitNDJSON(stdin)
	}
	var ins []evalInput
	for _, a := range args {
		if !isDir(a) {
			ins = append(ins, evalInput{name: a})
			continue
		}
		entries, err := os.ReadDir(a)
		if err != nil {
			return nil, &model.Error{Kind: model.KindWrongDocument, File: a, Message: "the directory cannot be read: " + err.Error()}
		}
		var names []string
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".json") {
				names = append(names, filepath.Join(a, e.Name()))
			}
		}
		if len(names) == 0 {
			return nil, usageErr("%s holds no .json file (plans from terraform show -json, or MCP calls)", a)
		}
		sort.Strings(names)
		for _, n := range names {
			ins = append(ins, evalInput{name: n})
		}
	}
	if len(ins) > maxInputs {
		return nil, usageErr("%d inputs: at most %d in one run", len(ins), maxInputs)
	}
	return ins, nil
}

// splitNDJSON reads stdin (bounded as one input is) and cuts it into its
// JSON documents, named by the line each starts on. A document that does
// not parse ends the split: the rest is one more document, which then
// fails with its own error, never silently dropped.
func splitNDJSON(stdin io.Reader) ([]evalInput, error) {
	data, err := evaluator.ReadInput(stdin, "-")
	if err != nil {
		return nil, err
	}
	var ins []evalInput
	dec := json.NewDecoder(bytes.NewReader(data))
	start := int64(0)
	for {
		var doc json.RawMessage
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		line := 1 + bytes.Count(data[:start], []byte("\n")) + leadingNewlines(data[start:])
		if err != nil {
			ins = append(ins, evalInput{name: fmt.Sprintf("-:%d", line), data: data[start:]})
			break
		}
		ins = append(ins, evalInput{name: fmt.Sprintf("-:%d", line), data: doc})
		start = dec.InputOffset()
		if len(ins) > maxInputs {
			return nil, usageErr("more than %d documents on stdin: at most %d in one run", maxInputs, maxInputs)
		}
	}
	if len(ins) <= 1 {
		// One document, or none: an ordinary run, which says what is
		// wrong with an empty or broken input.
		ins = []evalInput{{name: "-", data: data}}
	}
	return ins, nil
}

func leadingNewlines(b []byte) int {
	n := 0
	for _, c := range b {
		switch c {
		case '\n':
			n++
		case ' ', '\t', '\r':
		default:
			return n
		}
	}
	return n
}
