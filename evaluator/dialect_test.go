package evaluator

import (
	"context"
	"testing"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
	"github.com/recourse-dev/recourse/rules"
)

// dialectCase is a line in a dialect, the decision it must get, and for a
// decision below escalate the rule that must decide its worst change.
type dialectCase struct {
	line string
	want model.Decision
	rule string
}

// judgeDialect runs the cases through the whole evaluator, in a project
// directory.
func judgeDialect(t *testing.T, d shell.Dialect, cases []dialectCase) {
	t.Helper()
	ev := newEvaluator(t)
	for _, tt := range cases {
		rep, err := ev.Shell(context.Background(), tt.line, Options{Cwd: "/home/dev/project", Dialect: d})
		if err != nil {
			t.Errorf("%s %q: %v", d, tt.line, err)
			continue
		}
		if rep.RiskAssessment != tt.want {
			t.Errorf("%s %q: %s, want %s (%s)", d, tt.line, rep.RiskAssessment, tt.want, rep.AssessmentReason)
			continue
		}
		if tt.rule != "" && !decidedBy(rep.Mutations, tt.rule) {
			t.Errorf("%s %q: no change is decided by %s (%s)", d, tt.line, tt.rule, rep.AssessmentReason)
		}
	}
}

// decidedBy reports whether rule decided one of the changes.
func decidedBy(ms []report.Mutation, rule string) bool {
	for _, m := range ms {
		if m.Recoverability.RuleID == rule {
			return true
		}
	}
	return false
}

// TestDockerfileDialect holds that in an image build the image's own file
// system is recoverable by rebuilding, and that nothing that leaves the
// image, no device, no package source and no world-writable system tree
// is lowered.
func TestDockerfileDialect(t *testing.T) {
	judgeDialect(t, shell.DialectDockerfile, []dialectCase{
		{`tar -C /usr/local -xzf go.tgz`, model.Warn, rules.ImageBuildRuleID},
		{`set -eux; tar -C /usr/local -xzf go.tgz; rm go.tgz`, model.Warn, rules.ImageBuildRuleID},
		{`rm -rf /var/lib/apt/lists/* /usr/share/doc/*`, model.Warn, ""},
		{`rm -rf /`, model.Warn, rules.ImageBuildRuleID},
		{`sudo rm -rf /usr/local/lib/android`, model.Warn, rules.ImageBuildRuleID},
		{`DEBIAN_FRONTEND=noninteractive rm -f /etc/apk/keys/abuild-key.rsa.pub`, model.Warn, rules.ImageBuildRuleID},
		{`bash -c 'cp -aR nu/* /usr/bin/'`, model.Warn, rules.ImageBuildRuleID},
		{`cd /usr/src && rm -r src man manual`, model.Warn, rules.ImageBuildRuleID},
		{`curl -fL -o /usr/local/bin/gosu.asc "https://example.com/gosu.asc"`, model.Warn, rules.ImageBuildRuleID},
		{`go build -o /usr/local/bin/function ./cmd`, model.Warn, rules.ImageBuildRuleID},
		{`echo 'Acquire::Retries "3";' > /etc/apt/apt.conf.d/80-retries`, model.Warn, rules.ImageBuildRuleID},
		{`sed -i -e 's/# en_US/en_US/' /etc/locale.gen`, model.Warn, rules.ImageBuildRuleID},
		{`find /usr/local -name '*.pyc' -delete`, model.Warn, rules.ImageBuildRuleID},
		{`git -C /tmp/core checkout --force -B main origin/main`, model.Warn, rules.ImageBuildRuleID},
		{`chown -R nobody:nobody /etc/prometheus`, model.Warn, rules.ImageBuildRuleID},
		{`chmod -R 1777 "$GOPATH"`, model.Warn, rules.ImageBuildRuleID},
		// What leaves the image, or the image ships, is judged as anywhere.
		{`ssh build-host rm -rf /srv/data`, model.Block, ""},
		{`ssh build-host -- rm -rf /srv/data`, model.Block, ""},
		{`docker exec db rm -rf /var/lib/postgresql/data`, model.Block, ""},
		{`dd if=/dev/zero of=/dev/sda`, model.Block, ""},
		{`echo "@testing https://dl-cdn.alpinelinux.org/alpine/edge/testing" >> /etc/apk/repositories`, model.Escalate, ""},
		{`echo "deb https://apt.example.com/ /" | tee /etc/apt/sources.list.d/x.list`, model.Escalate, ""},
		{`sed -i 's/^mirrorlist/#mirrorlist/' /etc/yum.repos.d/CentOS-Base.repo`, model.Block, ""},
		{`chmod -R 777 /usr/bin`, model.Block, ""},
		{`chmod -R a+w /etc`, model.Block, ""},
		{`curl -sSL https://example.com/install.sh | sh`, model.Escalate, ""},
		{`aws s3 rm s3://bucket --recursive`, model.Escalate, ""},
	})
}

// TestDockerfileDialectElsewhere holds that the same command is judged on
// its own facts outside an image build.
func TestDockerfileDialectElsewhere(t *testing.T) {
	judgeDialect(t, shell.DialectBash, []dialectCase{
		{`tar -C /usr/local -xzf go.tgz`, model.Block, ""},
		{`rm -rf /`, model.Block, ""},
		{`cp -aR nu/* /usr/bin/`, model.Block, ""},
	})
}

// TestNamedTools holds that a tool named by a path in a tool directory
// (namedTools) is judged by its name when its file is not read, however
// the line reaches it, and that any other unread script needs review.
func TestNamedTools(t *testing.T) {
	judgeDialect(t, shell.DialectBash, []dialectCase{
		{`vendor/bin/phpunit -c phpunit.xml --coverage-clover=coverage.xml`, model.Warn, ""},
		{`sudo vendor/bin/phpstan analyse`, model.Warn, ""},
		{`APP_ENV=test ./vendor/bin/phpcs`, model.Warn, ""},
		{`bash -c 'vendor/bin/php-coveralls -v'`, model.Warn, ""},
		{`cd app && ./tools/phpstan analyse --no-progress`, model.Warn, ""},
		{`./configure --prefix=/usr/local`, model.Warn, ""},
		{`bundle exec railties/exe/rails new myapp --dev`, model.Warn, ""},
		{`vendor/bin/deploy --prod`, model.Escalate, ""},
		{`./build.sh -v`, model.Escalate, ""},
		{`deps/configure`, model.Escalate, ""},
	})
}

// TestActionsWorkflowProgram holds that a program named by a workflow
// context (matrix, env, vars, runner, the github context's paths and ids),
// or computed from them and literals, is judged as a program no rule knows, its
// arguments read, and that any other expression as the program needs
// review.
func TestActionsWorkflowProgram(t *testing.T) {
	judgeDialect(t, shell.DialectGitHubActions, []dialectCase{
		{`${{ env.CARGO }} build --verbose --workspace ${{ env.TARGET_FLAGS }}`, model.Warn, ""},
		{`${{ matrix.python }} -m pytest`, model.Warn, ""},
		{`${{ matrix.make }} -j4`, model.Warn, ""},
		{`cd regress && ${{ matrix.make }} check`, model.Warn, ""},
		{`sudo ${{ matrix.tool }} build`, model.Warn, ""},
		{`FOO=1 ${{ vars.TOOL }} lint`, model.Warn, ""},
		{`bash -c '${{ matrix.make }} check'`, model.Warn, ""}, // the runner pastes the value into the script's text
		{`bash -c '${{ matrix.make }}'`, model.Escalate, ""},   // the whole script is the value
		{`${{ env.VCPKG_ROOT }}/vcpkg/vcpkg install`, model.Warn, ""},
		{`"${{ env.VCPKG_ROOT }}/vcpkg" install`, model.Warn, ""},
		// Arguments are read; other contexts and computed values are
		// only known at run time.
		{`${{ matrix.tool }} rm -rf /`, model.Block, ""},
		{`${{ env.X }}/rm -rf ~`, model.Block, ""},
		{`${{ matrix.tool }} --force delete prod`, model.Escalate, ""},
		{`${{ inputs.cmd }} build`, model.Escalate, ""},
		{`${{ matrix.runs.prepare }}`, model.Escalate, ""}, // alone: maybe a whole command
		{`${{ github.event.issue.title }}`, model.Escalate, ""},
		{`${{ steps.x.outputs.tool }} build`, model.Escalate, ""},
		{`${{ (matrix.os == 'windows' && 'dir') || 'ls -lh' }} dist/`, model.Warn, ""}, // one of the workflow's words
		{`${{ (github.event.issue.title == 'x' && 'dir') || 'ls -lh' }} dist/`, model.Escalate, ""},
		{`${{ format('{0}', inputs.tool) }} build`, model.Escalate, ""},
		{`${{ env.X }}${{ env.Y }} build`, model.Escalate, ""},
	})
}

// TestMakeFunctions holds make's own functions and quiet prefixes: what
// they leave in the line is judged, and $(shell CMD) runs CMD.
func TestMakeFunctions(t *testing.T) {
	judgeDialect(t, shell.DialectMake, []dialectCase{
		{`$(info ******** checking formatting ********)`, model.Allow, ""},
		{`@$(warning deprecated target)`, model.Allow, ""},
		{`$(Q)$(MAKE) -C $(TESTDIR) all`, model.Allow, ""},
		{`$(Q)go build $(GOFLAGS) -o $@ ./cmd/x`, model.Allow, ""},
		{`@echo $(shell git describe --tags)`, model.Allow, ""},
		{`$(AT)cd lib && $(MAKE) check`, model.Allow, ""},
		{`$(shell rm -rf /)`, model.Block, ""},
		{`$(info cleaning) rm -rf $(OUT)`, model.Escalate, ""},
		{`$(Q)rm -rf $(BUILDDIR)`, model.Escalate, ""},
		{`$(shell $(TOOL) --version)`, model.Escalate, ""},
		{`$(EXE) --gen-completions fish > $@`, model.Escalate, ""}, // a command held in a variable
		{`$(EXE)`, model.Escalate, ""},
	})
}

// TestUnseenCodeAndSources holds the pipeline lines that run code or add
// a source the line does not show: each needs review, however reached.
func TestUnseenCodeAndSources(t *testing.T) {
	judgeDialect(t, shell.DialectBash, []dialectCase{
		{"Import-Module ./tools/ci.psm1\nInstall-CIPester", model.Escalate, ""},
		{`import-module ./build.psm1`, model.Escalate, ""},
		{`Import-Module -Name .\tools\ci.psm1 -Force`, model.Escalate, ""},
		{`Import-Module Pester`, model.Allow, ""}, // installed, by name
		{`Import-Module ./tools/ci`, model.Escalate, ""},
		{`Import-Module "$env:ProgramFiles\Azure Cosmos DB Emulator\PSModules\Microsoft.Azure.CosmosDB.Emulator"`, model.Allow, ""},
		{`flatpak remote-add --if-not-exists --user flathub https://dl.flathub.org/repo/flathub.flatpakrepo`, model.Escalate, ""},
		{`sudo flatpak remote-add flathub https://dl.flathub.org/repo/flathub.flatpakrepo`, model.Escalate, ""},
		{`updatecli pipeline apply --config ./updatecli/updatecli.d`, model.Escalate, ""},
		{`cd ci && updatecli apply --config updatecli.yaml`, model.Escalate, ""},
		{`ssh default -- sudo KUBECONFIG=/etc/rancher/k3s/k3s.yaml /vagrant/testutil/wait-for-coredns.sh`, model.Escalate, ""},
		{`ssh default -- KUBECONFIG=/home/vagrant/.kube/k3s.yaml /vagrant/testutil/wait-for-coredns.sh`, model.Escalate, ""},
		{`apk add jq && /usr/bin/jdk-download.sh alpine`, model.Escalate, ""},
		{`sudo /usr/local/bin/setup.py`, model.Escalate, ""},
		{`/usr/bin/git status`, model.Allow, ""},
	})
	judgeDialect(t, shell.DialectDockerfile, []dialectCase{
		{`apk add --no-cache curl && rm -fr /var/cache/apk/* && /usr/bin/jdk-download.sh alpine`, model.Escalate, ""},
	})
}
