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
	"github.com/recourse-dev/recourse/rules/saas"
	"github.com/recourse-dev/recourse/rules/sql"
	"github.com/recourse-dev/recourse/rules/system"
	"github.com/recourse-dev/recourse/rules/terraform"
)

// Engine returns an engine over every built-in table. It fails only if a
// table is malformed, which the tests catch.
func Engine() (*rules.Engine, error) {
	eng, err := rules.NewEngine(dryrun.Rules(), aws.Rules(), gcp.Rules(), azure.Rules(), kubernetes.ResourceRules(), saas.Rules(), terraform.Builtin(), terraform.Utility(), terraform.Rules(), filesystem.Rules(), git.Rules(), git.OtherVCSRules(), sql.Rules(),
		kubernetes.Rules(), containers.Rules(), cloud.Rules(), iac.Rules(), system.Rules(), programs.Rules(), mcp.Rules())
	if err != nil {
		return nil, err
	}
	return eng.WithHints(append(append(aws.Hints(), gcp.Hints()...), azure.Hints()...)), nil
}

// CommandEngine returns an engine over the tables of shell commands and
// MCP tool calls only, in Engine's order: what a hook judges. The
// Terraform resource tables (AWS, Google Cloud, Azure, Kubernetes and SaaS
// resources, Terraform's own) have no row for a command or a call, so they
// change no verdict of one (TestCommandEngineAgrees); leaving them out
// saves a hook process, which builds its engine for one call, half of
// that work.
func CommandEngine() (*rules.Engine, error) {
	return rules.NewEngine(dryrun.Rules(), filesystem.Rules(), git.Rules(), git.OtherVCSRules(), sql.Rules(),
		kubernetes.Rules(), containers.Rules(), cloud.Rules(), iac.Rules(), system.Rules(), programs.Rules(), mcp.Rules())
}
