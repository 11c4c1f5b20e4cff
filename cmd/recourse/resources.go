package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/builtin"
)

func newResourcesCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "resources",
		Short: "List what the deterministic rules cover: Terraform types, programs, MCP tools, and every rule row",
		Long: `List every rule row: the Terraform resource types, shell programs and MCP tools that
get deep analysis, with each row's id, condition, tier and reason. What is not
listed goes to the classifier fallback, which reads the type from its name and never
allows a destroy with confidence.`,
		Example: `  recourse resources
  recourse resources --format json | jq .counts`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "human" && format != "json" {
				return usageErr("--format %q: expected human or json", format)
			}
			eng, err := builtin.Engine()
			if err != nil {
				return &exitStatus{code: exitError, err: err}
			}
			cat := eng.Catalog("")
			if format == "json" {
				return report.WriteJSON(cmd.OutOrStdout(), cat)
			}
			return writeCatalog(cmd, cat)
		},
	}
	cmd.Flags().StringVar(&format, "format", "human", "output format: human or json")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletion("human", "json"))
	return cmd
}

func writeCatalog(cmd *cobra.Command, cat rules.Catalog) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d Terraform resource types, %d programs, %d MCP tools, %d rule rows.\n", cat.Counts.TerraformTypes, cat.Counts.Programs, cat.Counts.MCPTools, cat.Counts.Rules)
	fmt.Fprintf(&b, "\nTerraform types: %s\n", strings.Join(cat.TerraformTypes, ", "))
	fmt.Fprintf(&b, "\nPrograms: %s\n", strings.Join(cat.Programs, ", "))
	fmt.Fprintf(&b, "\nMCP tools: %s\n", strings.Join(cat.MCPTools, ", "))
	b.WriteString("\nRules (first match per type wins; * applies to every type after its own rows):\n")
	for _, r := range cat.Rules {
		fmt.Fprintf(&b, "  %-48s %-28s tier %d %-24s %s\n", r.ID, r.Type, r.Tier, r.Label, r.Condition)
	}
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}
