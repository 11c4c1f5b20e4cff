package filesystem

import "github.com/recourse-dev/recourse/internal/rulestest"

// agentConfigCases are the test rows for agentConfigRows; TestRows runs
// them with the rest.
func agentConfigCases() []rulestest.Case {
	return []rulestest.Case{
		{Row: "fs.rm.git-lock", Hit: "rm -rf .git/index.lock", Miss: "rm -rf .git/index.lock src"},
		{Row: "fs.rm.git-lock", Hit: "rm -f /home/u/proj/.git/refs/heads/main.lock", Miss: "rm -f package-lock.json"},
		{Row: "fs.rm.tfstate", Hit: "rm terraform.tfstate", Miss: "rm terraform.tfvars"},
		{Row: "fs.rm.tfstate", Hit: "rm -rf terraform.tfstate.d", Miss: "rm -rf .terraform"},
		{Row: "fs.truncate.tfstate", Hit: "truncate -s 0 envs/prod.tfstate", Miss: "truncate -s 0 prod.log"},
		{Row: "fs.redirect.tfstate", Hit: "echo '{}' > terraform.tfstate.backup", Miss: "echo '{}' > plan.json"},
		{Row: "fs.redirect.tfstate", Hit: "terraform show -json > terraform.tfstate", Miss: "terraform state pull > backup.tfstate"},
		{Row: "fs.redirect.state-backup", Hit: "terraform state pull > backup.tfstate", Miss: "terraform state list > backup.tfstate"},
		{Row: "fs.rm.agent-config", Hit: "rm .claude/settings.json", Miss: "rm .claude/notes.md"},
		{Row: "fs.rm.agent-config", Hit: "rm -f .git/hooks/pre-commit", Miss: "rm -f .git/objects/pack/tmp_x"},
		{Row: "fs.mv.agent-config", Hit: "mv .mcp.json /tmp/mcp.json.bak", Miss: "mv mcp.md docs/"},
		{Row: "fs.cp.agent-config", Hit: "cp /tmp/evil.json .claude/settings.local.json", Miss: "cp .claude/settings.json /tmp/backup.json"},
		{Row: "fs.install.agent-config", Hit: "install -m 755 hook.sh .git/hooks/pre-push", Miss: "install -m 755 tool bin/tool"},
		{Row: "fs.ln.agent-config", Hit: "ln -sf ../../scripts/hook.sh .git/hooks/pre-commit", Miss: "ln -s .git/hooks hooks"},
		{Row: "fs.tee.agent-config", Hit: "echo '{}' | tee .cursor/mcp.json", Miss: "echo '{}' | tee .cursor/rules.md"},
		{Row: "fs.sponge.agent-config", Hit: "jq . .mcp.json | sponge .mcp.json", Miss: "jq . mcp.json | sponge mcp.json"},
		{Row: "fs.truncate.agent-config", Hit: "truncate -s 0 .vscode/settings.json", Miss: "truncate -s 0 .vscode/launch.json"},
		{Row: "fs.shred.agent-config", Hit: "shred -u .codex/config.toml", Miss: "shred -u notes.toml"},
		{Row: "fs.chmod.agent-config", Hit: "chmod +x .husky/pre-commit", Miss: "chmod +x scripts/build.sh"},
		{Row: "fs.redirect.agent-config", Hit: "echo '{}' > .claude/settings.json", Miss: "echo '{}' > claude-settings.json"},
		{Row: "fs.append.agent-config", Hit: "echo 'rm -rf ~' >> .git/hooks/post-checkout", Miss: "echo x >> .gitignore"},
		{Row: "fs.cp.into-agent-config", Hit: "cp -r evil/ .claude/", Miss: "cp -r .claude/ backup/"},
		{Row: "fs.cp.into-agent-config", Hit: "cp -t ~/.cursor mcp.json", Miss: "cp -t docs mcp.json"},
		{Row: "fs.mv.into-agent-config", Hit: "mv hooks .git/", Miss: "mv hooks scripts/"},
		{Row: "fs.install.into-agent-config", Hit: "install -D -m 755 hook.sh -t .husky", Miss: "install -D -m 755 hook.sh -t bin"},
		{Row: "fs.ln.into-agent-config", Hit: "ln -s /tmp/evil.json ~/.cursor", Miss: "ln -s /tmp/evil.json docs"},
		{Row: "fs.rsync.into-agent-config", Hit: "rsync -a evil/ /home/u/.claude/", Miss: "rsync -a .claude/ backup/"},
		// A configuration file name in each directory find -execdir runs in.
		{Row: "fs.rm.agent-config-name", Hit: "find . -name settings.json -execdir rm {} +", Miss: "find . -name notes.json -execdir rm {} +"},
		{Row: "fs.rm.agent-config-name", Hit: "find . -name x -execdir rm settings.json \\;", Miss: "find . -name x -exec rm settings.json \\;"},
		{Row: "fs.rm.agent-config-name", Hit: "find . -iname PRE-COMMIT -okdir rm {} \\;", Miss: "find . -name 'settings*' -execdir rm {} +"},
		{Row: "fs.mv.agent-config-name", Hit: "find . -name settings.json -execdir mv {} x \\;", Miss: "find . -name settings.json -exec mv {} x \\;"},
		{Row: "fs.cp.agent-config-name", Hit: "find . -type d -execdir cp /tmp/e.json settings.json \\;", Miss: "find . -type d -execdir cp settings.json /tmp/e.json \\;"},
		{Row: "fs.install.agent-config-name", Hit: "find . -type d -execdir install /tmp/h pre-commit \\;", Miss: "find . -type d -execdir install /tmp/h tool \\;"},
		{Row: "fs.ln.agent-config-name", Hit: "find . -type d -execdir ln -sf /tmp/h post-checkout \\;", Miss: "find . -type d -execdir ln -sf /tmp/h tool \\;"},
		{Row: "fs.tee.agent-config-name", Hit: "find . -type d -execdir tee config.toml \\;", Miss: "find . -type d -execdir tee notes.toml \\;"},
		{Row: "fs.sponge.agent-config-name", Hit: "find . -type d -execdir sponge mcp.json \\;", Miss: "find . -type d -execdir sponge x.json \\;"},
		{Row: "fs.truncate.agent-config-name", Hit: "find . -name settings.json -execdir truncate -s 0 {} +", Miss: "find . -name x.log -execdir truncate -s 0 {} +"},
		{Row: "fs.shred.agent-config-name", Hit: "find . -name hooks.json -execdir shred -u {} +", Miss: "find . -name x.json -execdir shred -u {} +"},
		{Row: "fs.chmod.agent-config-name", Hit: "find . -name pre-push -execdir chmod +x {} +", Miss: "find . -name build.sh -execdir chmod +x {} +"},
	}
}
