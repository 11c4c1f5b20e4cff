// Package builtin assembles every rule table that ships with Recourse into
// one engine. It is the one place that knows which domains exist, so the
// evaluator, the CLI and the MCP catalog see the same rules.
package builtin

import (
	"github.com/recourse-dev/recourse/rules"
	"github.com/recourse-dev/recourse/rules/aws"
	"github.com/recourse-dev/recourse/rules/azure"
	"github.com/recourse-dev/recourse/rules/cloud"
	"github.com/recourse-dev/recourse/rules/containers"
	"github.com/recourse-dev/recourse/rules/dryrun"
	"github.com/recourse-dev/recourse/rules/filesystem"
	"github.com/recourse-dev/recourse/rules/gcp"
	"github.com/recourse-dev/recourse/rules/git"
	"github.com/recourse-dev/recourse/rules/iac"
	"github.com/recourse-dev/recourse/rules/kubernetes"
	"github.com/recourse-dev/recourse/rules/mcp"
	"github.com/recourse-dev/recourse/rules/programs"
	"github.com/recourse-dev/recourse/rules/review"
	"github.com/recourse-dev/recourse/rules/saas"
	"github.com/recourse-dev/recourse/rules/sql"
	"github.com/recourse-dev/recourse/rules/system"
	"github.com/recourse-dev/recourse/rules/terraform"
)

// Engine returns an engine over every built-in table. It fails only if a
// table is malformed, which the tests catch.
func Engine() (*rules.Engine, error) {
	eng, err := rules.NewEngine(dryrun.Rules(), aws.Rules(), gcp.Rules(), azure.Rules(), kubernetes.ResourceRules(), saas.Rules(), terraform.Builtin(), terraform.Utility(), terraform.Rules(), filesystem.Rules(), git.Rules(), git.OtherVCSRules(), sql.Rules(),
		kubernetes.Rules(), containers.Rules(), cloud.Rules(), iac.Rules(), system.Rules(), programs.AnyRules(), programs.Rules(), mcp.AnyRules(), mcp.Rules(), review.Rules())
	if err != nil {
		return nil, err
	}
	return eng.WithHints(append(append(aws.Hints(), gcp.Hints()...), azure.Hints()...)), nil
}

// CommandEngine returns an engine over the tables of shell commands and
// MCP tool calls only, in Engine's order: what a hook judges. The
// Terraform resource tables (AWS, Google Cloud, Azure, Kubernetes and SaaS
// resources, Terraform's own) have no row for a command or a call, so they
// change no verdict of one (TestCommandEngineAgrees). The engine builds
// each table when a change of one of its types is first judged
// (rules.NewLazyEngine): a hook, a process per tool call, builds the
// tables of the programs on its line and no others. Their types are
// indexed in types.go, which TestCommandTypes keeps true.
func CommandEngine() (*rules.Engine, error) {
	return rules.NewLazyEngine(CommandTables()...), nil
}

// CommandTables are the tables of CommandEngine, in order.
func CommandTables() []rules.Table {
	return []rules.Table{
		{Name: "dryrun", Rows: dryrun.Rules, Types: dryrunTypes, On: dryrunOn},
		{Name: "filesystem", Rows: filesystem.Rules, Types: filesystemTypes, On: filesystemOn},
		{Name: "git", Rows: git.Rules, Types: gitTypes, On: gitOn},
		{Name: "git-other", Rows: git.OtherVCSRules, Types: gitOtherTypes, On: gitOtherOn},
		{Name: "sql", Rows: sql.Rules, Types: sqlTypes, On: sqlOn},
		{Name: "kubernetes", Rows: kubernetes.Rules, Types: kubernetesTypes, On: kubernetesOn},
		{Name: "containers", Rows: containers.Rules, Types: containersTypes, On: containersOn},
		{Name: "cloud", Rows: cloud.Rules, Types: cloudTypes, On: cloudOn},
		{Name: "iac", Rows: iac.Rules, Types: iacTypes, On: iacOn},
		{Name: "system", Rows: system.Rules, Types: systemTypes, On: systemOn},
		{Name: "programs-any", Rows: programs.AnyRules, Types: programsAnyTypes, On: programsAnyOn},
		{Name: "programs", Rows: programs.Rules, Types: programsTypes, On: programsOn},
		{Name: "mcp-any", Rows: mcp.AnyRules, Types: mcpAnyTypes, On: mcpAnyOn},
		{Name: "mcp", Rows: mcp.Rules, Types: mcpTypes, On: mcpOn},
	}
}
