package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/classifier"
	"github.com/recourse-dev/recourse/internal/suggest"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/builtin"
)

func newResourcesCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "resources [NAME...]",
		Short: "List what the deterministic rules cover: Terraform types, programs, MCP tools, and every rule row",
		Long: `List every rule row: the Terraform resource types, shell programs and MCP tools that
get deep analysis, with each row's id, condition, tier and reason. What is not
listed goes to the classifier fallback, which reads the type from its name and never
allows a destroy with confidence.

With NAMEs, only the rows of those types, programs or tools are listed (a NAME
ending in * is a prefix: aws_db_*), and for a NAME no row has, what the classifier
would make of a Terraform type of that name: its category, the word it read it
from, and the verdict on a destroy.`,
		Example: `  recourse resources
  recourse resources --format json | jq .counts
  recourse resources aws_db_instance 'google_sql_*' rm
  recourse resources acme_widget_store`,
		RunE: func(cmd *cobra.Command, names []string) error {
			if err := humanOrJSON(format); err != nil {
				return err
			}
			eng, err := builtin.Engine()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			cat := eng.Catalog("")
			if len(names) == 0 {
				if format == "json" {
					return report.WriteJSON(cmd.OutOrStdout(), cat)
				}
				return writeCatalog(cmd, cat)
			}
			only, none := cat.Only(names)
			found := foundCatalog{Catalog: only, Classifier: []classifierReading{}}
			known := cat.Names()
			for _, n := range none {
				found.Classifier = append(found.Classifier, classifierReading{Reading: classifier.ReadType(n),
					DidYouMean: suggest.Matches(strings.TrimSuffix(n, "*"), known, 3)})
			}
			if format == "json" {
				return report.WriteJSON(cmd.OutOrStdout(), found)
			}
			return writeFound(cmd, found)
		},
	}
	cmd.Flags().StringVar(&format, "format", "human", "output format: human or json")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletion("human", "json"))
	return cmd
}

// foundCatalog is the answer to resources NAME...: the rows of those
// names, and the classifier's reading of each name no row has.
type foundCatalog struct {
	rules.Catalog
	Classifier []classifierReading `json:"classifier"`
}

// classifierReading is the classifier's reading of a name no row has,
// with the covered names spelled like it.
type classifierReading struct {
	classifier.Reading
	// DidYouMean are covered names spelled like it: a typo's likely
	// meaning.
	DidYouMean []string `json:"didYouMean"`
}

func writeCatalog(cmd *cobra.Command, cat rules.Catalog) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d Terraform resource types, %d programs, %d MCP tools, %d rule rows.\n", cat.Counts.TerraformTypes, cat.Counts.Programs, cat.Counts.MCPTools, cat.Counts.Rules)
	fmt.Fprintf(&b, "\nTerraform types: %s\n", strings.Join(cat.TerraformTypes, ", "))
	fmt.Fprintf(&b, "\nPrograms: %s\n", strings.Join(cat.Programs, ", "))
	fmt.Fprintf(&b, "\nMCP tools: %s\n", strings.Join(cat.MCPTools, ", "))
	b.WriteString("\nRules (first match per type wins; * applies to every type after its own rows):\n")
	writeRows(&b, cat.Rules)
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}

func writeFound(cmd *cobra.Command, f foundCatalog) error {
	var b strings.Builder
	if len(f.Rules) > 0 {
		fmt.Fprintf(&b, "%d rule rows (first match per type wins; the rows for every type, *, come after them):\n", len(f.Rules))
		writeRows(&b, f.Rules)
	}
	for _, c := range f.Classifier {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: no rule row. As a Terraform type the classifier reads it as %s", c.Type, c.Category)
		if c.Word != "" {
			fmt.Fprintf(&b, " (from %q)", c.Word)
		}
		fmt.Fprintf(&b, "; a destroy is tier %d %s, %s confidence:\n  %s\n", c.Tier, c.Label, c.Confidence, c.Reasoning)
		if len(c.DidYouMean) > 0 {
			fmt.Fprintf(&b, "  Names with rows spelled like it: %s\n", strings.Join(c.DidYouMean, ", "))
		}
	}
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}

func writeRows(b *strings.Builder, rows []rules.CatalogRow) {
	for _, r := range rows {
		fmt.Fprintf(b, "  %-48s %-28s tier %d %-24s %s\n", r.ID, r.Type, r.Tier, r.Label, r.Condition)
	}
}
