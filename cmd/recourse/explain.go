package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
)

// explainStep is one row in `recourse explain --format json`.
type explainStep struct {
	Rule      string           `json:"rule"`
	Condition string           `json:"condition"`
	Tier      int              `json:"tier"`
	Result    string           `json:"result"`
	Facts     []model.Evidence `json:"facts"`
	Missing   []string         `json:"missing,omitempty"`
}

type explainDoc struct {
	Address    string                `json:"address"`
	Type       string                `json:"type"`
	Action     model.Action          `json:"action"`
	Verdict    report.Recoverability `json:"verdict"`
	Classifier bool                  `json:"classifier"`
	Steps      []explainStep         `json:"steps"`
	WouldMove  []string              `json:"wouldChange"`
}

func newExplainCmd() *cobra.Command {
	var format, state, evidence, schema string
	cmd := &cobra.Command{
		Use:   "explain PLAN.json|CALL.json|- ADDRESS",
		Short: "Show how one change got its verdict: every rule checked, the facts each read, what would change it",
		Long: `Explain the verdict of one change of a plan (by its address) or of an MCP call
(by its target id): every rule row read, in order, what its condition made of
the facts (holds, does not hold, or cannot be decided and which facts are
missing), the row that decided, and what would change the verdict.
--state, --evidence and --provider-schema add what they add to eval: a state's
resources as dependents, facts for keys a report listed as missing, and the
providers' own schemas, read for a destroyed type no rule knows.`,
		Example: `  recourse explain testdata/plans/rds-variants.json aws_db_instance.retained
  recourse explain --state testdata/states/data-workspace.tfstate testdata/plans/kms-key-delete.json aws_kms_key.shared
  recourse explain --format json plan.json 'module.db.aws_db_instance.main["a"]'
  recourse explain --provider-schema schema.json plan.json dbtcloud_job.nightly`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErr("expected an input and an address, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := humanOrJSON(format); err != nil {
				return err
			}
			x, err := explain(cmd, args[0], args[1], state, evidence, schema)
			if err != nil {
				return errorDocument(cmd, err)
			}
			doc := explainDocument(x)
			if format == "json" {
				return report.WriteJSON(cmd.OutOrStdout(), doc)
			}
			return writeExplanation(cmd, doc)
		},
	}
	cmd.Flags().StringVar(&format, "format", "human", "output format: human or json")
	cmd.Flags().StringVar(&state, "state", "", "Terraform only: a state file whose resources count as dependents, as for eval --state")
	cmd.Flags().StringVar(&evidence, "evidence", "", "a JSON file of facts for missing-evidence keys, as for eval --evidence")
	cmd.Flags().StringVar(&schema, "provider-schema", "", "Terraform only: the providers' schemas (terraform providers schema -json > schema.json), as for eval --provider-schema")
	cmd.AddCommand(newExplainEachCmd(evaluator.KindShell), newExplainEachCmd(evaluator.KindMCPCall))
	return cmd
}

// newExplainEachCmd is recourse explain shell and recourse explain mcp:
// every change of a command line or a tool call, explained.
func newExplainEachCmd(kind evaluator.Kind) *cobra.Command {
	var format, cwd, evidence string
	use, short, example := "shell [--cwd DIR] [--] LINE|-", "Explain every command of a shell line: the rules checked, the facts each read, what would change each verdict",
		`  recourse explain shell -- 'git clean -fdx && rm -rf ./build'
  recourse explain shell --cwd /srv/app --format json -- 'rm -rf data'`
	if kind == evaluator.KindMCPCall {
		use, short, example = "mcp CALL.json|-", "Explain an MCP tool call's verdict and those of what its arguments run",
			`  recourse explain mcp testdata/mcp/delete-repository.json
  echo '{"server":"postgres","tool":"query","arguments":{"sql":"DELETE FROM users"}}' | recourse explain mcp -`
	}
	cmd := &cobra.Command{
		Use: use, Short: short, Example: example,
		Long: short + `.

For each change (a command, or the call and the SQL, shell line or code its
arguments hold): its verdict, every rule row read in order with what its
condition made of the facts (holds, does not hold, or cannot be decided and
which facts are missing), and what would change the verdict: the flag, the
path or the evidence. Nothing is run. Credentials are masked as in reports.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("expected one input, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := humanOrJSON(format); err != nil {
				return err
			}
			dir, err := absCwd(cwd)
			if err != nil {
				return err
			}
			docs, err := explainEach(cmd, kind, args[0], dir, evidence)
			if err != nil {
				return errorDocument(cmd, err)
			}
			if format == "json" {
				return report.WriteJSON(cmd.OutOrStdout(), docs)
			}
			for i, d := range docs {
				if i > 0 {
					fmt.Fprintln(cmd.OutOrStdout())
				}
				if err := writeExplanation(cmd, d); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "human", "output format: human or json")
	cmd.Flags().StringVar(&evidence, "evidence", "", "a JSON file of facts for missing-evidence keys, as for eval --evidence")
	if kind == evaluator.KindShell {
		cmd.Flags().StringVar(&cwd, "cwd", "", "the directory the line would run in, as for eval shell --cwd")
	}
	return cmd
}

// explainEach explains every change of a line (the argument itself, or
// stdin for -) or of a call (a file, or stdin for -).
func explainEach(cmd *cobra.Command, kind evaluator.Kind, arg, cwd, evidencePath string) ([]explainDoc, error) {
	data := []byte(arg)
	if kind == evaluator.KindMCPCall || arg == "-" {
		var err error
		if data, err = readInput(cmd.InOrStdin(), arg); err != nil {
			return nil, err
		}
	}
	ev, items, err := explainer(evidencePath)
	if err != nil {
		return nil, err
	}
	file := ""
	if kind == evaluator.KindMCPCall {
		file = arg
	}
	xs, err := ev.ExplainEach(kind, data, items, evaluator.Options{Cwd: cwd, File: file})
	if err != nil {
		return nil, err
	}
	docs := make([]explainDoc, len(xs))
	for i := range xs {
		docs[i] = explainDocument(&xs[i])
	}
	return docs, nil
}

// explainer is the evaluator explanations use, with the evidence of
// --evidence.
func explainer(evidencePath string) (*evaluator.Evaluator, []report.EvidenceItem, error) {
	items, err := readEvidence(evidencePath)
	if err != nil {
		return nil, nil, err
	}
	ev, err := newEvaluator(context.Background(), nil)
	return ev, items, err
}

func explain(cmd *cobra.Command, input, address, statePath, evidencePath, schemaPath string) (*evaluator.Explanation, error) {
	data, err := readInput(cmd.InOrStdin(), input)
	if err != nil {
		return nil, err
	}
	ev, items, err := explainer(evidencePath)
	if err != nil {
		return nil, err
	}
	kind, opts := evaluator.KindTerraform, evaluator.Options{File: input}
	if evaluator.Sniff(data) == evaluator.KindMCPCall {
		kind = evaluator.KindMCPCall
	}
	if err := withState(&opts, statePath, input, kind); err != nil {
		return nil, err
	}
	if err := withProviderSchema(&opts, schemaPath, input, kind); err != nil {
		return nil, err
	}
	return ev.Explain(kind, data, address, items, opts)
}

func explainDocument(x *evaluator.Explanation) explainDoc {
	v := x.Verdict
	doc := explainDoc{Address: x.Mutation.Target.ID, Type: x.Mutation.Target.Type, Action: x.Mutation.Action, Classifier: x.Classifier,
		Verdict: report.Recoverability{Tier: v.Tier, Label: v.Tier.Label(), Reasoning: v.Reasoning, Source: v.Source, RuleID: v.RuleID, Confidence: v.Confidence},
		Steps:   []explainStep{}, WouldMove: []string{}}
	for _, s := range x.Steps {
		result := map[rules.Truth]string{rules.True: "holds", rules.False: "does not hold", rules.Unknown: "cannot be decided"}[s.Truth]
		facts := s.Evidence
		if facts == nil {
			facts = []model.Evidence{}
		}
		doc.Steps = append(doc.Steps, explainStep{Rule: s.Rule.ID, Condition: s.Rule.When.String(), Tier: int(s.Rule.Tier), Result: result, Facts: facts, Missing: s.Missing})
		switch {
		case s.Truth == rules.Unknown:
			doc.WouldMove = append(doc.WouldMove, fmt.Sprintf("evidence for %s could decide %s (tier %d)", strings.Join(s.Missing, ", "), s.Rule.ID, s.Rule.Tier))
		case s.Truth == rules.False && s.Rule.Tier != v.Tier:
			doc.WouldMove = append(doc.WouldMove, fmt.Sprintf("if %s held: tier %d %s (%s)", s.Rule.When.String(), s.Rule.Tier, s.Rule.Tier.Label(), s.Rule.ID))
		}
	}
	if x.Classifier {
		doc.WouldMove = append(doc.WouldMove, "a rule for "+x.Mutation.Target.Type+" (none exists; the classifier judged it)")
	}
	return masked(doc)
}

// masked hides credentials in what an explanation quotes of its input,
// as reports do (internal/redact).
func masked(d explainDoc) explainDoc {
	d.Address, d.Verdict.Reasoning = redact.String(d.Address), redact.String(d.Verdict.Reasoning)
	for i := range d.Steps {
		facts := make([]model.Evidence, len(d.Steps[i].Facts))
		for j, f := range d.Steps[i].Facts {
			f.Value, f.Description = redact.Value(f.Value), redact.String(f.Description)
			facts[j] = f
		}
		d.Steps[i].Facts = facts
	}
	for i, w := range d.WouldMove {
		d.WouldMove[i] = redact.String(w)
	}
	return d
}

func writeExplanation(cmd *cobra.Command, d explainDoc) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s %s): tier %d %s, rule %s, %s confidence\n  %s\n", d.Address, d.Action, d.Type, d.Verdict.Tier, d.Verdict.Label,
		d.Verdict.RuleID, d.Verdict.Confidence, d.Verdict.Reasoning)
	b.WriteString("\nChecks, in order (the first that holds decides; an undecided worse row makes it needs-review):\n")
	for _, s := range d.Steps {
		mark := map[string]string{"holds": "✓", "does not hold": "✗", "cannot be decided": "?"}[s.Result]
		fmt.Fprintf(&b, "  %s %-50s tier %d  %s\n", mark, s.Rule, s.Tier, s.Condition)
		var facts []string
		for _, f := range s.Facts {
			facts = append(facts, rules.FactText(f))
		}
		if len(facts) > 0 {
			fmt.Fprintf(&b, "      facts: %s\n", strings.Join(facts, ", "))
		}
		if len(s.Missing) > 0 {
			fmt.Fprintf(&b, "      missing: %s\n", strings.Join(s.Missing, ", "))
		}
	}
	if len(d.Steps) == 0 {
		b.WriteString("  no rule covers this type and action\n")
	}
	if len(d.WouldMove) > 0 {
		b.WriteString("\nWhat would change the verdict:\n")
		for _, w := range d.WouldMove {
			fmt.Fprintf(&b, "  - %s\n", w)
		}
	}
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}
