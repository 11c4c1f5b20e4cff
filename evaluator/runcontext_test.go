package evaluator

import (
	"testing"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// ciWorkspaceCases hold for both CI dialects: a change to files inside
// the job's checkout is recoverable by running the job again; a path
// outside it, one only known at run time, a command run elsewhere and
// every remote effect are judged as anywhere.
var ciWorkspaceCases = []dialectCase{
	{`rm -rf modules/_templates`, model.Warn, rules.CIWorkspaceRuleID},
	{`rm -r webui/static`, model.Warn, rules.CIWorkspaceRuleID},
	{`rm -rf docs/_site/`, model.Warn, rules.CIWorkspaceRuleID},
	{`sudo rm -rf ./dist "src/generated"`, model.Warn, rules.CIWorkspaceRuleID},
	{`cd sdk && rm -rf *`, model.Warn, rules.CIWorkspaceRuleID},
	{`rm -rf /home/dev/project/out/site`, model.Warn, rules.CIWorkspaceRuleID},
	{`find . -name '*.orig' -delete`, model.Warn, rules.CIWorkspaceRuleID},
	{`git checkout -- pyproject.toml poetry.lock`, model.Warn, rules.CIWorkspaceRuleID},
	{`git reset --hard HEAD~1`, model.Warn, rules.CIWorkspaceRuleID},
	{`echo x > schema.json`, model.Warn, ""}, // tier 2 already: kept
	// Outside the checkout: as anywhere.
	{`rm -rf ~/projects`, model.Block, ""},
	{`rm -rf ../other`, model.Block, ""},
	{`rm -rf /srv/data`, model.Block, ""},
	{`sudo rm -rf /usr/local/lib/android`, model.Block, ""},
	{`cd / && rm -rf *`, model.Block, ""},
	{`cd ~ && rm -rf projects`, model.Block, ""},
	{`git -C /srv/repo reset --hard`, model.Block, ""},
	// Only known at run time.
	{`rm -rf "$OUT_DIR"`, model.Escalate, ""},
	// Run elsewhere: another machine, a container's file system.
	{`ssh deploy@host rm -rf app/data`, model.Block, ""},
	// Remote effects: a runner being discarded does not undo them.
	{`git push --force origin main`, model.Block, ""},
	{`aws s3 rm --recursive s3://bucket/data`, model.Escalate, "aws.s3.rm"},
}

// TestCIJobRunContext holds the CI job context for a GitHub Actions run:
// step and a GitLab CI script: entry alike.
func TestCIJobRunContext(t *testing.T) {
	judgeDialect(t, shell.DialectGitHubActions, ciWorkspaceCases)
	judgeDialect(t, shell.DialectGitLabCI, ciWorkspaceCases)
	judgeDialect(t, shell.DialectGitHubActions, []dialectCase{
		{`rm -rf ${{ matrix.dir }}`, model.Escalate, ""},
	})
}

// TestMakeRecipeRunContext holds that a recipe deleting files inside the
// project is warned about (the makefile names them as its own), while
// paths outside it and make references stay as anywhere.
func TestMakeRecipeRunContext(t *testing.T) {
	judgeDialect(t, shell.DialectMake, []dialectCase{
		{`rm -rf venv/`, model.Warn, rules.MakeRecipeRuleID},
		{`rm -rf swagger.json`, model.Warn, rules.MakeRecipeRuleID},
		{`rm -r webui/static`, model.Warn, rules.MakeRecipeRuleID},
		{`rm -f tools/svg-term`, model.Warn, ""},
		{`rm -rf ~/.cache/../projects`, model.Block, ""},
		{`rm -rf /srv/data`, model.Block, ""},
		{`rm -rf $(DESTDIR)`, model.Escalate, ""},
	})
}

// TestBashStatesNoRunContext holds that the same lines with no dialect
// (an agent's or a person's shell) are not lowered.
func TestBashStatesNoRunContext(t *testing.T) {
	judgeDialect(t, shell.DialectBash, []dialectCase{
		{`rm -rf modules/_templates`, model.Block, ""},
		{`git checkout -- pyproject.toml poetry.lock`, model.Block, ""},
	})
}
