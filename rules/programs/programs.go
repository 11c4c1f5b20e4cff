// Package programs holds the shell rows that are about programs in
// general rather than one domain: the catalog of read-only and everyday
// programs, shells and interpreters running code the input does or does
// not show, HTTP clients, and the commands the parser could not analyse.
package programs

import (
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/internal/lazyregexp"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// readOnly are programs that only read, print or compute: they change no
// file (output redirections are judged apart).
var readOnly = []string{
	"ls", "ll", "la", "dir", "cat", "bat", "less", "more", "head", "tail", "grep", "egrep", "fgrep", "rg", "ag", "ack",
	"echo", "printf", "pwd", "cd", "pushd", "popd", "wc", "sort", "uniq", "cut", "tr", "column", "paste", "join", "comm",
	"which", "whereis", "type", "command", "builtin", "whoami", "id", "groups", "date", "cal", "uptime", "uname", "hostname", "arch", "nproc",
	"free", "df", "du", "ps", "pgrep", "top", "htop", "lsof", "lsblk", "mount", "findmnt", "stat", "file", "tree",
	"true", "false", ":", "test", "[", "man", "info", "help", "apropos", "whatis", "diff", "cmp", "colordiff", "sdiff",
	"jq", "yq", "xq", "xxd", "hexdump", "od", "strings", "md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "b2sum",
	"base64", "base32", "basename", "dirname", "realpath", "readlink", "sleep", "seq", "yes", "printenv", "env", "locale",
	"set", "unset", "alias", "unalias", "history", "clear", "tput", "stty", "tty", "read", "wait", "jobs",
	"fg", "bg", "disown", "trap", "shift", "return", "exit", "break", "continue",
	"getopts", "hash", "ulimit", "umask", "times", "mkdir", "touch", "nl",
	"fold", "fmt", "expand", "unexpand", "rev", "tac", "look", "ping", "dig", "nslookup", "host", "whois", "traceroute",
	"netstat", "ss", "ip", "ifconfig", "awk", "gawk", "mawk", "zcat", "zless", "zgrep", "bzcat", "xzcat",
	"zip", "unzip", "gzip", "gunzip", "bzip2", "xz", "7z", "zstd", "unzstd", "pigz", "pbzip2", "lz4", "unxz", "w", "who", "last", "finger", "locate",
	"fd", "fzf", "code", "vim", "vi", "nano", "emacs", "open", "xdg-open", "pbcopy", "pbpaste", "xclip",
	"numfmt", "expr", "bc", "dc", "factor", "shuf", "split", "csplit", "mktemp",
	"go", "gofmt", "npm", "npx", "yarn", "pnpm", "pip", "pip3", "pipx", "poetry", "uv", "cargo", "rustc",
	"rustup", "make", "gmake", "cmake", "ninja", "mvn", "mvnw", "gradle", "gradlew", "javac", "gcc", "g++", "clang", "ld", "tsc",
	// Build and task runners like make: their targets are in files the
	// input does not show, and a target named for a destructive operation
	// is read first (taskRunnerRows); their clean and reset commands
	// delete build outputs and caches.
	"just", "task", "mage", "bazel", "bazelisk", "ant", "pants", "lerna", "nx", "turbo", "buck2", "sbt", "lein",
	"eslint", "prettier", "black", "ruff", "flake8", "mypy", "pytest", "jest", "vitest", "mocha", "rspec", "bundle",
	"gem", "composer", "dotnet", "swift", "xcodebuild", "pod", "flutter", "dart", "mix", "elixir", "erl", "ghc",
	"cabal", "stack", "zig", "nix-shell", "direnv", "asdf", "nvm", "pyenv", "rbenv", "brew", "apt-cache", "dpkg-query",
	"apt-get", "apt", "aptitude", "dpkg", "rpm", "yum", "dnf", "microdnf", "zypper", "pacman", "apk", "snap", "flatpak",
	"conda", "mamba", "micromamba", "port", "nix-env", "choco", "winget", "scoop", "mas",
	"getenforce", "sestatus", "lsmod", "modinfo", "lsattr", "blkid", "lscpu", "lspci", "lsusb", "dmesg",
	"shellcheck", "shfmt", "hadolint", "tflint", "terraform-docs", "pre-commit", "tig",
	// Kubernetes helpers that read logs or switch the kubeconfig's context
	// (as kubectl config use-context does).
	"stern", "kubectx", "kubens",
	// Python modules run as python -m NAME.
	"venv", "unittest", "json.tool", "http.server", "timeit", "pydoc", "compileall", "py_compile", "doctest", "cprofile", "trace", "ensurepip",
}

// AnyRules returns the rows read for every command, whatever its
// program: they are a table of their own so that an engine that builds
// its tables on first use (rules.NewLazyEngine) need not build Rules to
// have them.
func AnyRules() []rules.Rule {
	return []rules.Rule{
		{ID: "program.help", Type: rules.AnyType, On: rules.Execute, First: true, When: rules.Needing(helpWords, rules.All(helpFlag(), printsHelp())),
			Tier: model.TierReversible, Reason: "prints help or the version and changes nothing"},
		{ID: "program.fork-bomb", Type: rules.AnyType, On: rules.Execute, First: true, When: forkBomb(), Tier: model.TierNeedsReview,
			Reason: "calls a shell function that starts itself again in the background or through a pipe (a fork bomb): the copies multiply until the machine runs out of processes and must be restarted"},
		{ID: "program.line-function", Type: rules.AnyType, On: rules.Execute, When: lineFunction(), Tier: model.TierReversible,
			Reason: "calls a shell function the line defines: it runs the function's body, whose commands are judged where it is defined"},
		{ID: "program.prose", Type: rules.AnyType, On: rules.Execute, First: true, When: proseProgram(), Tier: model.TierNeedsReview,
			Reason: "the command starts with a word and a colon (THOUGHT:, Plan:, Note:): the agent sent its prose to the shell, which runs no such program and goes on to the lines after it; what the agent meant to run is not certain"},
		{ID: "program.lookalike-option", Type: rules.AnyType, On: rules.Execute, First: true, When: lookalikeOption(),
			Tier: model.TierNeedsReview, Reason: "an argument starts with a Unicode dash made to look like an option (git reset ‐‐hard): " +
				"the program reads it as a name, not an option, so the line does not do what it shows, and such spellings are how a command slips past a guard"},
	}
}

// Rules returns the general rows of programs.
func Rules() []rules.Rule {
	out := []rules.Rule{
		row("program.unanalysed", model.UnanalysedProgram, problem(), model.TierNeedsReview,
			"this part of the command line could not be analysed, so what it does is unknown"),
	}
	out = append(out, supplyChainRows()...)
	out = append(out, consoleRows()...)
	for _, sh := range shells {
		out = append(out,
			row("program."+sh+".script-read", sh, scriptRead(), model.TierReversible, scriptReadReason),
			rules.Rule{ID: "program." + sh + ".script-file", Type: sh, On: rules.Execute, When: rules.Operand(0, "a script file", anyArg),
				Tier: model.TierRecoverableWithEffort, Confidence: model.ConfidenceLow,
				Reason: "runs a script file whose contents the input does not show: like a program no rule knows, it is not analysed"},
			row("program."+sh+".interactive", sh, nil, model.TierRecoverableWithEffort,
				"starts an interactive shell; what is typed into it is not analysed"),
		)
	}
	for _, py := range pythons {
		out = append(out, row("program."+py+".django-flush.test-env", py, rules.All(djangoFlush(), rules.TestEnvironment("DJANGO_SETTINGS_MODULE")), model.TierRecoverableWithEffort,
			"manage.py flush with the test settings empties the test database, which Django's test runner creates and fills on every run"),
			row("program."+py+".django-flush", py, djangoFlush(), model.TierUnrecoverable,
				"manage.py flush (or reset_db) deletes every row of every table in the project's database"),
			row("program."+py+".django-dbshell-fed", py, djangoDbshellFed(), model.TierNeedsReview,
				"manage.py dbshell runs the SQL it is fed on stdin (python manage.py sqlflush | python manage.py dbshell empties every table) or given after --, which the input does not show"),
			row("program."+py+".django-migrate-zero", py, djangoMigrateZero(), model.TierNeedsReview,
				"manage.py migrate APP zero unapplies every migration of the app, which drops the tables they created: whether data goes with them is not in the input"))
	}
	// perl -i and ruby -i edit the files they are given, whatever their
	// inline code says.
	out = append(out, inPlaceObserved("program.perl.in-place", "perl", rules.Flag("i"), "perl -i edits the files in place")...)
	out = append(out, inPlace("program.ruby.in-place", "ruby", rules.Flag("i"), "ruby -i edits the files in place")...)
	// Bun and Deno are runtimes, package managers and test runners at once:
	// their inline code and the programs they run are judged like node's,
	// their other subcommands (install, test, fmt, lint, build) are
	// everyday.
	for _, rt := range []string{"bun", "deno"} {
		out = append(out,
			row("program."+rt+".inline-build-cleanup", rt, inlineCleansBuildOutput(), model.TierRecoverableWithEffort, inlineBuildCleanupReason),
			row("program."+rt+".inline-project-writes", rt, rules.All(destructiveScript(), writesProjectFilesOnly()), model.TierRecoverableWithEffort, inlineProjectWritesReason),
			row("program."+rt+".inline-destructive", rt, destructiveScript(), model.TierNeedsReview,
				"the inline code deletes files, kills processes, runs shell commands or builds code at run time (eval); the commands it spawns are judged on their own too"),
			row("program."+rt+".inline", rt, hasScript(), model.TierReversible,
				"the inline code calls nothing that deletes files or spawns processes"),
			row("program."+rt+".remote", rt, rules.Operand(0, "a URL", isURL), model.TierNeedsReview,
				"runs a program fetched from a URL: remote code that the input does not show"),
			row("program."+rt+".destructive-script", rt, destructivePackageScript(false, "run", "task"), model.TierNeedsReview, destructiveScriptReason),
			row("program."+rt+".run-file", rt, rules.Any(rules.Sub("run"), rules.Operand(0, "a script file", isScriptFile)), model.TierRecoverableWithEffort,
				"runs a program file or package script whose contents the input does not show"),
			uninstallRow(rt, "remove", "rm", "uninstall"),
			row("catalog."+rt, rt, nil, model.TierReversible, "installs, tests, formats or builds: everyday work that deletes nothing by itself"),
		)
	}
	out = append(out, powershellRows()...)
	out = append(out, taskRunnerRows()...)
	out = append(out, agentRows()...)
	out = append(out, gateRows()...)
	out = append(out, dataToolRows()...)
	for _, lang := range inlineLanguages {
		if lang == "pwsh" || lang == "powershell" {
			continue // powershellRows
		}
		if slices.Contains(readPythons, lang) {
			// The walker reads Python call by call (evaluator/shell/pyread.go):
			// its writes, deletes and commands are mutations of their own,
			// and what it cannot read is a problem. What is left to the
			// rows here is SQL that drops or empties data.
			out = append(out,
				row("program."+lang+".inline-read", lang, inlineRead(), model.TierReversible, inlineReadReason),
				row("program."+lang+".inline-destructive", lang, destructiveScript(), model.TierNeedsReview,
					"the inline code deletes a directory tree (shutil.rmtree, also judged as rm -r of its path) or hands a database a statement that drops or empties data"),
				row("program."+lang+".file", lang, nil, model.TierRecoverableWithEffort,
					"runs a program file or module whose contents the input does not show"))
			continue
		}
		if !slices.Contains([]string{"tclsh", "wish", "expect", "osascript"}, lang) { // their deletes are not calls of inlineDeletes
			out = append(out, row("program."+lang+".inline-build-cleanup", lang, inlineCleansBuildOutput(), model.TierRecoverableWithEffort, inlineBuildCleanupReason))
		}
		if slices.Contains(inlineWriteLanguages, lang) {
			out = append(out, row("program."+lang+".inline-project-writes", lang, rules.All(destructiveScript(), writesProjectFilesOnly()), model.TierRecoverableWithEffort, inlineProjectWritesReason))
		}
		out = append(out,
			row("program."+lang+".inline-destructive", lang, destructiveScript(), model.TierNeedsReview,
				"the inline code deletes files, kills processes, runs shell commands or builds code at run time (eval); the commands it spawns are judged on their own too"),
			row("program."+lang+".inline", lang, hasScript(), model.TierReversible,
				"the inline code calls nothing that deletes files or spawns processes"),
			row("program."+lang+".file", lang, nil, model.TierRecoverableWithEffort,
				"runs a program file or module whose contents the input does not show"),
		)
	}
	out = append(out, inPlaceObserved("program.sed.in-place", "sed", rules.Flag("i", "in-place"), "sed -i edits the files in place")...)
	out = append(out,
		row("program.sed", "sed", nil, model.TierReversible, "sed without -i only prints"),
		row("program.tar.extract-agent-config", "tar", rules.All(rules.Any(rules.Flag("x", "extract", "get"), oldStyleFlag('x')), rules.AgentConfigDirFlag("C", "directory")),
			model.TierNeedsReview, intoAgentConfig),
		row("program.tar.extract-critical", "tar", rules.All(rules.Any(rules.Flag("x", "extract", "get"), oldStyleFlag('x')), rules.FlagPathIs("directory", []string{"C", "directory"}, critical...)), model.TierUnrecoverable,
			"extracts an archive into the root, a system or a home directory, overwriting what is there"),
		row("program.tar.extract-home-dotfile", "tar", rules.All(rules.Any(rules.Flag("x", "extract", "get"), oldStyleFlag('x')), homeDotfileFlag("C", "directory")),
			model.TierNeedsReview, intoHomeDotfile),
		row("program.tar.extract", "tar", rules.Any(rules.Flag("x", "extract", "get"), oldStyleFlag('x')), model.TierRecoverableWithEffort, "extracting overwrites files of the same names"),
		row("program.tar.remove-files", "tar", rules.Flag("remove-files"), model.TierRecoverableWithEffort, "tar --remove-files deletes the files once they are archived: they survive only in the archive"),
		row("program.tar", "tar", nil, model.TierReversible, "creating or listing an archive changes no existing file"),
		row("program.zip.move", "zip", rules.Flag("m", "move"), model.TierRecoverableWithEffort, "zip -m deletes the files once they are archived: they survive only in the archive"),
	)
	for _, p := range []string{"7z", "7za", "7zz", "7zr"} {
		out = append(out, row("program."+p+".delete-after", p, rules.Flag("sdel"), model.TierRecoverableWithEffort,
			"7z -sdel deletes the files once they are archived: they survive only in the archive"))
	}
	for _, src := range []string{"source", "."} {
		out = append(out, row("program."+src+".script-read", src, scriptRead(), model.TierReversible, scriptReadReason))
		out = append(out, row("program."+src, src, nil, model.TierRecoverableWithEffort, "runs a script in the current shell; its contents are not shown"))
	}
	// Raw network clients send their stdin to the other end.
	for _, nc := range []string{"nc", "ncat", "netcat", "socat", "telnet"} {
		out = append(out, row("program."+nc+".sends-secret", nc, rules.SecretStdin(), model.TierNeedsReview, rules.SendsSecretReason))
	}
	for _, client := range []string{"curl", "wget", "http", "https", "xh"} {
		out = append(out,
			row("program."+client+".sends-secret", client, sendsSecret(), model.TierNeedsReview, rules.SendsSecretReason),
			row("program."+client+".delete", client, rules.Any(httpMethod("DELETE"), destructiveURL()), model.TierNeedsReview,
				"sends an HTTP DELETE, or calls an endpoint named for deleting: what the API deletes, and whether it can be restored, is not in the input"),
			// Not "….write.…": that prefix is the image build's and the
			// run contexts' local file writes (rules/imagebuild.go).
			row("program."+client+".remote-write", client, rules.All(rules.Any(httpMethod("PUT", "PATCH", "POST"), sendsBody()), rules.Not(readEndpoint()), remoteWrite()),
				model.TierNeedsReview, remoteWriteReason),
			row("program."+client+".write", client, rules.Any(httpMethod("PUT", "PATCH", "POST"), sendsBody()), model.TierRecoverableWithEffort,
				"sends an HTTP request that changes state on the server (a request with a body or form is a POST or PUT unless -G makes it a GET)"),
			row("program."+client, client, nil, model.TierReversible, "fetches a URL"),
		)
	}
	out = append(out,
		row("program.unzip.agent-config", "unzip", rules.AgentConfigDirFlag("d"), model.TierNeedsReview, intoAgentConfig),
		row("program.unzip.critical", "unzip", rules.FlagPathIs("directory", []string{"d"}, critical...), model.TierUnrecoverable,
			"extracts into the root, a system or a home directory, over what is there"),
		row("program.unzip.home-dotfile", "unzip", homeDotfileFlag("d"), model.TierNeedsReview, intoHomeDotfile),
		row("program.unzip.overwrite", "unzip", rules.Flag("o"), model.TierRecoverableWithEffort,
			"unzip -o overwrites files of the same names without asking"),
		// Fetch-and-run is judged as npx, pipx run and uvx are (issue 32):
		// where the code comes from is a supply-chain question, not one of
		// recoverability; a published tool does its documented job.
		row("program.go.run-remote", "go", rules.All(rules.Sub("run"), rules.Operand(1, "a module at a version", moduleAtVersion)), model.TierRecoverableWithEffort,
			"go run PACKAGE@VERSION downloads and runs a published module's command, as npx and uvx run a package's: what it changes is that tool's job, which its arguments name"),
		row("program.go.run", "go", rules.Sub("run"), model.TierRecoverableWithEffort, runsSource),
		row("program.cargo.run", "cargo", rules.Sub("run"), model.TierRecoverableWithEffort, runsSource),
		row("program.dotnet.run", "dotnet", rules.Sub("run"), model.TierRecoverableWithEffort, runsSource),
		row("program.swift.run", "swift", rules.Sub("run"), model.TierRecoverableWithEffort, runsSource),
		row("program.npm.publish", "npm", rules.All(rules.Sub("publish"), notDryRun), model.TierNeedsReview, publishReason),
		row("program.npm.destructive-script", "npm", destructivePackageScript(false, "run", "run-script", "rum", "urn"), model.TierNeedsReview, destructiveScriptReason),
		row("program.yarn.destructive-script", "yarn", destructivePackageScript(true, "run"), model.TierNeedsReview, destructiveScriptReason),
		row("program.pnpm.destructive-script", "pnpm", destructivePackageScript(true, "run"), model.TierNeedsReview, destructiveScriptReason),
		row("program.npm.access-public", "npm", rules.Any(rules.All(rules.Sub("access", "set"), rules.Operand(2, "status=public", func(a model.Arg, _ *model.Command) bool {
			return strings.EqualFold(a.Value, "status=public")
		})), rules.Sub("access", "public")), model.TierNeedsReview,
			"makes a private package public: anyone can install and read it, and copies made meanwhile cannot be taken back"),
		row("program.npm.registry-change", "npm", rules.Any(rules.Sub("deprecate"), rules.Sub("dist-tag", "rm"), rules.Sub("dist-tag", "remove"),
			rules.Sub("owner", "rm"), rules.Sub("owner", "remove"), rules.Sub("token", "revoke"), rules.Sub("access", "revoke")), model.TierRecoverableWithEffort,
			"changes the package on the registry for everyone who installs it (a deprecation, a dist-tag removed, an owner or token revoked); the opposite command restores it"),
		row("program.ssh-keygen.read", "ssh-keygen", rules.Flag("l", "y", "F", "L", "B"), model.TierReversible,
			"prints a key's fingerprint or public half, a certificate, or a host's known key"),
		row("program.ssh-keygen.remove-host", "ssh-keygen", rules.Flag("R"), model.TierRecoverableWithEffort,
			"removes a host's keys from known_hosts: the next connection must trust the host again"),
		// -p, -c, -e, -i, -s and -Y change a passphrase or comment, convert,
		// sign or verify: they ask nothing about overwriting.
		row("program.ssh-keygen.over-home-key", "ssh-keygen", rules.All(homeDotfileFlag("f"), rules.Not(rules.Flag("p", "c", "e", "i", "s", "Y"))), model.TierNeedsReview,
			"writes a key to a file in a home directory's dot directories (~/.ssh/id_ed25519): if a key is there, the answer to ssh-keygen's overwrite question (yes | ssh-keygen …, <<< y) replaces it, and the old private key is gone; whether one is there is not in the input"),
		row("program.ssh-keygen", "ssh-keygen", nil, model.TierRecoverableWithEffort,
			"creates or changes key files (a new key, a passphrase with -p, a certificate): it asks before overwriting a key, and an overwritten private key is gone"),
		row("program.ssh-add.remove", "ssh-add", rules.Flag("d", "D"), model.TierRecoverableWithEffort,
			"removes identities from the SSH agent; ssh-add adds them back from their key files"),
		row("program.ssh-add", "ssh-add", nil, model.TierReversible, "adds or lists the SSH agent's identities"),
		row("program.cargo.yank", "cargo", rules.All(rules.Sub("yank"), rules.Not(rules.Flag("undo"))), model.TierRecoverableWithEffort,
			"yanks a published version: new projects can no longer depend on it until cargo yank --undo"),
		row("program.gem.yank", "gem", rules.Sub("yank"), model.TierNeedsReview,
			"removes a published version from RubyGems: it cannot be pushed again under the same number, and projects locked to it fail to install"),
		row("program.npm.lifecycle-script", "npm", rules.Any(rules.All(rules.Sub("pkg", "set"), rules.Operand(2, "a lifecycle script", lifecycleScript)),
			rules.All(rules.Sub("set-script"), rules.Operand(1, "a lifecycle script", func(a model.Arg, _ *model.Command) bool {
				return lifecycleScripts()[strings.ToLower(a.Value)]
			}))), model.TierNeedsReview,
			"sets a script that npm runs by itself on the next install, pack or publish (postinstall, prepare): whatever the command line does runs then, unreviewed"),
		row("program.npm.pkg-edit", "npm", rules.Any(rules.Sub("pkg", "set"), rules.Sub("pkg", "delete"), rules.Sub("set-script")), model.TierRecoverableWithEffort,
			"edits package.json in place; its old contents survive only in version control"),
		row("program.pnpm.publish", "pnpm", rules.All(rules.Sub("publish"), notDryRun), model.TierNeedsReview, publishReason),
		row("program.yarn.publish", "yarn", rules.All(rules.Any(rules.Sub("publish"), rules.Sub("npm", "publish")), notDryRun), model.TierNeedsReview, publishReason),
		row("program.cargo.publish", "cargo", rules.All(rules.Sub("publish"), notDryRun), model.TierNeedsReview, publishReason),
		row("program.gem.push", "gem", rules.Sub("push"), model.TierNeedsReview, publishReason),
		row("program.poetry.publish", "poetry", rules.All(rules.Sub("publish"), notDryRun), model.TierNeedsReview, publishReason),
		row("program.twine.upload", "twine", rules.Sub("upload"), model.TierNeedsReview, publishReason),
		row("program.dotnet.push", "dotnet", rules.Any(rules.Sub("nuget", "push"), rules.Sub("push")), model.TierNeedsReview, publishReason),
		row("program.mvn.deploy", "mvn", rules.Sub("deploy"), model.TierNeedsReview, publishReason),
		row("program.mvnw.deploy", "mvnw", rules.Sub("deploy"), model.TierNeedsReview, publishReason),
		row("program.hostname.set", "hostname", rules.All(rules.Operand(0, "a new name", func(model.Arg, *model.Command) bool { return true }),
			rules.Not(rules.Flag("f", "s", "d", "i", "I", "a", "A", "y", "fqdn", "short", "domain", "ip-address", "all-ip-addresses", "alias", "all-fqdns", "yp"))),
			model.TierRecoverableWithEffort, "renames the machine until reboot: what finds it by the old name fails until it is set back"),
		// updatecli apply (and pipeline apply) commits the changes its
		// manifests describe to their targets, other repositories and
		// files, and may open pull requests (updatecli.io, "updatecli
		// apply"); diff and show only print them.
		row("program.updatecli.apply", "updatecli", rules.Any(rules.Sub("apply"), rules.Sub("pipeline", "apply")), model.TierNeedsReview,
			"applies the changes its manifests describe to their targets (files, other repositories, pull requests): which targets, and what it changes there, is in the manifests the line does not show"),
		row("program.gradle.publish", "gradle", publishTask, model.TierNeedsReview, publishReason),
		row("program.gradlew.publish", "gradlew", publishTask, model.TierNeedsReview, publishReason),
		row("program.registry.delete", "dotnet", rules.Sub("nuget", "delete"), model.TierNeedsReview, unlistReason),
		row("program.pod.trunk-delete", "pod", rules.Any(rules.Sub("trunk", "delete"), rules.Sub("trunk", "deprecate")), model.TierNeedsReview, unlistReason),
		row("program.mix.hex-revert", "mix", rules.All(rules.Sub("hex.publish"), rules.Flag("revert")), model.TierNeedsReview, unlistReason),
		row("program.npm.unpublish", "npm", rules.Sub("unpublish"), model.TierUnrecoverable,
			"npm unpublish removes a published version from the registry; that name and version can never be published again, and installs that pin it break"),
	)
	out = append(out, packageRows()...)
	out = append(out,
		row("program.mount", "mount", rules.Any(rules.Flag("o", "options", "t", "types", "bind", "rbind", "move"), rules.Operand(0, "a device or directory", anyArg)),
			model.TierRecoverableWithEffort, "mounts or remounts a filesystem: what was in the directory is hidden, or the filesystem changes mode (read-only), until it is unmounted or remounted"),
		row("program.date.set", "date", rules.Flag("s", "set"), model.TierRecoverableWithEffort,
			"sets the system clock: certificates, tokens, cron and builds that compare times misbehave until it is set right again"),
	)
	// gzip, bzip2, xz and their kin replace each file with its compressed
	// copy (zstd and lz4 only with --rm); gunzip and the like the reverse.
	// A system file so replaced is gone from where the system reads it.
	keep := rules.Flag("c", "k", "stdout", "to-stdout", "keep", "l", "list", "t", "test", "d", "decompress", "h", "help", "V", "version")
	for _, p := range []string{"gzip", "bzip2", "xz", "pigz", "pbzip2", "lzma", "gunzip", "bunzip2", "unxz", "unlzma"} {
		out = append(out, row("program."+p+".critical", p, rules.All(rules.Not(keep), rules.CriticalPath(0)), model.TierUnrecoverable, compressesSystemFile))
	}
	for _, p := range []string{"zstd", "lz4", "unzstd"} {
		out = append(out, row("program."+p+".critical", p, rules.All(rules.Flag("rm"), rules.CriticalPath(0)), model.TierUnrecoverable, compressesSystemFile))
	}
	// A compiler or linker's -o FILE overwrites FILE: over a system
	// binary or library, what runs it runs the new one.
	for _, p := range []string{"gcc", "g++", "clang", "clang++", "cc", "c++", "ld", "rustc", "zig", "go"} {
		out = append(out, row("program."+p+".output-critical", p, rules.FlagPathIs("directory", []string{"o"}, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
			"writes its output (-o) over a system file or device: the program or library there is replaced, and the old one is not kept"))
	}
	out = append(out,
		row("program.openssl.output-critical", "openssl", opensslOutput(rules.PathRoot, rules.PathSystem, rules.PathDevice, rules.PathHome), model.TierUnrecoverable,
			"writes a key, certificate or output file (-out, -keyout) over a system file or device"),
		row("program.openssl.output", "openssl", rules.Flag("out", "keyout"), model.TierRecoverableWithEffort,
			"writes a key, certificate or output file (-out, -keyout), replacing one of the same name: an overwritten private key is gone"),
		row("program.openssl", "openssl", nil, model.TierReversible, "computes, converts, checks or prints keys, certificates and digests, or connects to a server"),
		row("program.prisma.everyday", "prisma", rules.Any(rules.Sub("generate"), rules.Sub("format"), rules.Sub("validate"), rules.Sub("studio"),
			rules.Sub("version"), rules.Sub("-v"), rules.Sub("init"), rules.Sub("migrate", "status"), rules.Sub("migrate", "diff")), model.TierReversible,
			"generates the client, formats or validates the schema, or reads migration status: the database is not changed"))
	out = append(out, row("program.iconv.output-critical", "iconv", rules.FlagPathIs("directory", []string{"o", "output"}, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
		"writes its output (-o) over a system file or device; the old contents are not kept"))
	out = append(out, row("program.dmesg.clear", "dmesg", rules.Flag("c", "C", "clear", "read-clear"), model.TierRecoverableWithEffort,
		"clears the kernel's message buffer: the boot and hardware messages in it are gone unless a log daemon kept them"))
	out = append(out, row("program.uniq.output-critical", "uniq", rules.PathIs(1, rules.PathRoot, rules.PathSystem, rules.PathDevice), model.TierUnrecoverable,
		"uniq's second operand is its output file: it overwrites a system file or device"))
	out = append(out, row("program.nix.delete-generations", "nix-env", rules.Flag("delete-generations"), model.TierRecoverableWithEffort,
		"deletes old profile generations: the current one is untouched, but rolling back to those is no longer possible"))
	out = append(out, row("program.nix-collect-garbage.delete-old", "nix-collect-garbage", rules.Flag("d", "delete-old", "delete-older-than"), model.TierRecoverableWithEffort,
		"deletes old profile generations and the store paths only they used: rolling back to them is no longer possible"))
	out = append(out, row("program.nix-collect-garbage", "nix-collect-garbage", nil, model.TierReversible,
		"deletes store paths nothing uses; they are rebuilt or downloaded again when needed"))
	out = append(out, row("program.uniq.output", "uniq", rules.Operand(1, "an output file", func(model.Arg, *model.Command) bool { return true }), model.TierRecoverableFromBackup,
		"uniq's second operand is its output file, which it overwrites"))
	out = append(out, row("program.http.server.exposes", "http.server", servesDirectory(critical...), model.TierNeedsReview,
		"serves a root, system or home directory over HTTP on every interface: anyone who can reach the port can read the files there (keys, credentials), and what is read cannot be taken back"))
	out = append(out, inPlaceRows()...)
	out = append(out, row("program.open.script", "open", rules.Any(rules.Operand(0, "a script", opensScript), rules.FlagEquals("a", "Terminal", "iTerm", "iTerm2")),
		model.TierRecoverableWithEffort, "opens a script in a terminal, which runs it: its contents are not shown, so it is not analysed"))
	for _, p := range readOnly {
		out = append(out, row("catalog."+p, p, nil, model.TierReversible, "a read-only or everyday program: it deletes and overwrites nothing by itself"))
	}
	return out
}

func anyArg(model.Arg, *model.Command) bool { return true }

func isURL(a model.Arg, _ *model.Command) bool {
	return strings.HasPrefix(a.Value, "https://") || strings.HasPrefix(a.Value, "http://") || strings.HasPrefix(a.Value, "npm:") || strings.HasPrefix(a.Value, "jsr:")
}

// moduleAtVersion holds for a Go package path at a version
// (example.com/tool@latest), which go run fetches rather than builds from
// the working tree.
func moduleAtVersion(a model.Arg, _ *model.Command) bool {
	path, version, ok := strings.Cut(a.Value, "@")
	return ok && version != "" && strings.Contains(path, ".") && strings.Contains(path, "/") && !strings.HasPrefix(path, ".")
}

// opensScript holds for a file macOS's open runs in a terminal.
func opensScript(a model.Arg, _ *model.Command) bool {
	for _, ext := range []string{".command", ".tool", ".sh", ".bash", ".zsh"} {
		if strings.HasSuffix(a.Value, ext) {
			return true
		}
	}
	return false
}

func isScriptFile(a model.Arg, _ *model.Command) bool {
	for _, ext := range []string{".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts"} {
		if strings.HasSuffix(a.Value, ext) {
			return true
		}
	}
	return false
}

// passesFlags are the programs that hand the flags after a script to the
// script (python deploy.py --help runs deploy.py), and the mutations that
// are not a program's own flags.
var passesFlags = map[string]bool{model.UnanalysedProgram: true, model.RedirectProgram: true, model.SQLProgram: true,
	"source": true, ".": true, "eval": true, "exec": true}

// helpWords are the arguments helpFlag looks for: a command with none of
// them is not read for help at all (rules.Needing).
var helpWords = []string{"--help", "-help", "--version", "-version"}

// helpFlag holds for --help, -help, --version or -version given alone: a
// flag with a value (vault -version=1) is the program's own option.
func helpFlag() rules.Cond {
	return rules.Func("flag help|version", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i, a := range args {
			if a.Value == "--" {
				break
			}
			switch a.Value {
			case "--version", "-version":
				// cargo yank --version 1.0.0, helm upgrade --version 2.1.0:
				// a version option that takes a value does not print one.
				if i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-") {
					continue
				}
				fallthrough
			case "--help", "-help":
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: strings.TrimLeft(a.Value, "-"), Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// dashLookalikes are the Unicode characters that render like "-": the
// hyphens, dashes and minus signs of U+2010–U+2015, U+2212, U+FE58,
// U+FE63 and U+FF0D.
const dashLookalikes = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"

// lookalikeOption holds for an argument written like an option with
// Unicode dashes instead of "-": one or two of them, then a letter.
func lookalikeOption() rules.Cond {
	return rules.Func("an option spelled with Unicode dashes", func(f rules.Facts) rules.Result {
		for _, a := range f.M.Command.Args {
			if a.Value == "" || a.Value[0] < utf8.RuneSelf {
				continue // every lookalike dash is outside ASCII
			}
			rest, n := a.Value, 0
			for n < 2 {
				r, size := utf8.DecodeRuneInString(rest)
				if size == 0 || !strings.ContainsRune(dashLookalikes, r) {
					break
				}
				rest, n = rest[size:], n+1
			}
			if !a.Dynamic && n > 0 && rest != "" && (rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z') {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "argument", Value: a.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// printsHelp holds when the program reads --help itself rather than
// passing it to a script or code it runs.
func printsHelp() rules.Cond {
	return rules.Func("the program prints its own help", func(f rules.Facts) rules.Result {
		p := f.M.Command.Program
		if p == "" || f.M.Command.Problem != "" || passesFlags[p] || slices.Contains(shells, p) || slices.Contains(inlineLanguages, p) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True}
	})
}

// critical are the directories an archive must not be extracted over.
var critical = []rules.PathClass{rules.PathRoot, rules.PathSystem, rules.PathHome}

// intoHomeDotfile says why extracting into a home dot directory needs
// review.
const intoHomeDotfile = "extracts an archive into a home directory's dot directory (~/.ssh, ~/.aws, ~/.config), over the keys, credentials and settings there, which no version control keeps: what the archive holds is not in the input"

// homeDotfileFlag holds when the path an option names is a home dotfile
// or dot directory, or inside one (ssh-keygen -f ~/.ssh/id_rsa, tar -C
// ~/.ssh, unzip -d ~/.aws), and not a backup copy's name.
func homeDotfileFlag(names ...string) rules.Cond {
	return rules.FlagWhere(names, "a home dotfile", "path", func(_ rules.Facts, v string) (string, bool) {
		return "a dotfile in a home directory", rules.HomeDotfile(v) && !rules.BackupName(v)
	})
}

// shells and inlineLanguages run scripts and inline code.
var (
	shells          = []string{"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish"}
	inlineLanguages = []string{"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "perl", "ruby", "php", "lua", "osascript", "pwsh", "powershell",
		"tclsh", "wish", "expect", "rscript"}
)

// runsSource says why go run, cargo run and the like warn: like python
// app.py, they run a program whose source is in files the input does not
// show (go test and go build run or build nothing that changes data).
const runsSource = "builds and runs a program whose source the input does not show: what it does (a migration down, a cleanup) is not analysed"

// lineFunction holds for a call of a function the command line defines
// (model.Command.Function). Rows of a program of the same name are read
// first: only a name no row knows is left to it.
func lineFunction() rules.Cond {
	return rules.Func("a call of a function the line defines", func(f rules.Facts) rules.Result {
		if f.M.Command == nil || !f.M.Command.Function {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "function", Value: f.M.Command.Program, Present: true}}}
	})
}

// forkBomb holds for a call of a function the line defines that starts
// itself again in the background or through a pipe.
func forkBomb() rules.Cond {
	return rules.Func("a call of a function that forks itself", func(f rules.Facts) rules.Result {
		if f.M.Command == nil || !f.M.Command.ForkBomb {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "function", Value: f.M.Command.Program, Present: true}}}
	})
}

// servesDirectory holds when python -m http.server serves a directory of
// one of classes: its --directory, or where it runs.
func servesDirectory(classes ...rules.PathClass) rules.Cond {
	return rules.Func("serves a root, system or home directory", func(f rules.Facts) rules.Result {
		dir, ok := rules.FlagValue(f.M.Command, "d", "directory")
		if !ok {
			// The working directory, when the line says where that is
			// (not after a cd).
			if dir = f.M.Command.Cwd; dir == "" {
				return rules.Result{Truth: rules.False}
			}
		}
		got := rules.ClassifyPath(model.Arg{Value: dir}, f.M.Command)
		if !slices.Contains(classes, got) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "directory", Value: dir, Present: true, Description: string(got)}}}
	})
}

// intoAgentConfig says why extracting into an agent's configuration
// directory needs review.
const intoAgentConfig = "extracts files into a directory that holds a coding agent's configuration or git's hooks (.claude, .cursor, .git/hooks, .husky): " +
	"they can replace the hooks and permissions that guard the agent, or plant code git runs later"

// lifecycleScripts are the package.json scripts npm runs by itself, on
// install, pack and publish (npm help scripts).
var lifecycleScripts = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"preinstall": true, "install": true, "postinstall": true, "prepublish": true,
		"preprepare": true, "prepare": true, "postprepare": true, "prepack": true, "postpack": true, "prepublishonly": true,
		"publish": true, "postpublish": true, "dependencies": true, "preuninstall": true, "uninstall": true, "postuninstall": true}
})

// lifecycleScript holds for npm pkg set's scripts.NAME=VALUE when NAME is
// a lifecycle script.
func lifecycleScript(a model.Arg, _ *model.Command) bool {
	key, _, _ := strings.Cut(a.Value, "=")
	name, ok := strings.CutPrefix(strings.ToLower(key), "scripts.")
	return ok && lifecycleScripts()[name]
}

// compressesSystemFile says why compressing a system file in place blocks.
const compressesSystemFile = "replaces a system file or directory's files with compressed copies under other names (or the reverse): what reads them finds nothing, as if they were moved away"

// publishTask holds for a Gradle task that publishes (publish,
// :lib:publishToMavenCentral).
var publishTask = rules.Operand(0, "a publish task", func(a model.Arg, _ *model.Command) bool {
	return !a.Dynamic && (strings.HasPrefix(a.Value, "publish") || strings.Contains(a.Value, ":publish"))
})

// opensslOutput holds when openssl writes (-out FILE, -keyout FILE: its
// options take one dash) a path of one of classes.
func opensslOutput(classes ...rules.PathClass) rules.Cond {
	return rules.Func("-out|-keyout path", func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		for i := 0; i+1 < len(args); i++ {
			if v := strings.TrimPrefix(args[i].Value, "-"); v != "out" && v != "-out" && v != "keyout" && v != "-keyout" {
				continue
			}
			if got := rules.ClassifyPath(args[i+1], f.M.Command); slices.Contains(classes, got) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "output", Value: args[i+1].Value, Present: true, Description: string(got)}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// destructiveScriptReason says why a package script named for a
// destructive operation needs review.
const destructiveScriptReason = "runs a package script named for a destructive operation (db:reset, migrate:down, destroy): its command is in package.json, which the input does not show"

// destructiveScriptWords name destructive operations in script names.
var destructiveScriptWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"drop": true, "reset": true, "destroy": true, "delete": true, "wipe": true, "purge": true,
		"nuke": true, "truncate": true, "rollback": true, "down": true, "teardown": true, "flush": true, "undeploy": true, "erase": true}
})

// destructiveName reports whether a script or target name has a word of
// destructiveScriptWords (db:reset, migrate-down, nuke_all).
func destructiveName(name string) bool {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == ':' || r == '-' || r == '_' || r == '.' || r == '/' })
	return slices.ContainsFunc(words, func(w string) bool { return destructiveScriptWords()[w] })
}

// taskRunners run targets their build file defines (make destroy, just
// db-reset, task db:drop): a target named for a destructive operation
// needs review, like a package script of such a name.
var taskRunners = []string{"make", "gmake", "just", "task", "mage"}

// taskRunnerRows are the task runners' destructive-target rows.
func taskRunnerRows() []rules.Rule {
	out := make([]rules.Rule, 0, len(taskRunners)+2)
	for _, p := range []string{"make", "gmake"} {
		out = append(out, row("program."+p+".agent-config-dir", p, makesInAgentConfig(), model.TierNeedsReview,
			"runs the makefile of a directory that holds a coding agent's configuration or git's hooks (make -C .claude): its recipes could not be read here, and they run where the hooks and permissions that guard the agent are"))
	}
	for _, p := range taskRunners {
		out = append(out, row("program."+p+".destructive-target", p, destructiveTarget(), model.TierNeedsReview,
			"runs a target named for a destructive operation (destroy, db-drop, nuke, teardown …): what its recipe runs is in a build file the input does not show"))
	}
	return out
}

// makesInAgentConfig holds when make runs in (cd, -C, --directory) a
// directory that holds an agent's configuration or git's hooks and its
// makefile was not read (a makefile that was is judged by its recipes).
func makesInAgentConfig() rules.Cond {
	return rules.Func("make -C into an agent's configuration directory", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if c.ScriptFile != nil && c.ScriptFile.From != "" {
			return rules.Result{Truth: rules.False}
		}
		if c.Cwd != "" && rules.AgentConfigHolder(c.Cwd) { // cd .claude && make; make -C moves c.Cwd too
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "directory", Value: c.Cwd, Present: true,
				Description: "holds an agent's configuration or git's hooks"}}}
		}
		for _, d := range rules.FlagValues(c, "C", "directory") {
			if !d.Dynamic && rules.AgentConfigHolder(d.Value) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "directory", Value: d.Value, Present: true,
					Description: "holds an agent's configuration or git's hooks"}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// destructiveTarget holds when a target a task runner is asked to run
// (any operand but a VAR=value assignment) has a destructive word.
func destructiveTarget() rules.Cond {
	return rules.Func("a target named for a destructive operation", func(f rules.Facts) rules.Result {
		for _, op := range f.Operands() {
			if op.Dynamic || strings.Contains(op.Value, "=") {
				continue
			}
			if destructiveName(op.Value) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "target", Value: op.Value, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// destructivePackageScript holds when a package manager runs a script
// whose name has a destructive word: after one of runWords (npm run
// db:reset, deno task nuke) or, with bare, as the first operand (yarn
// db:drop, pnpm teardown run the script of that name).
func destructivePackageScript(bare bool, runWords ...string) rules.Cond {
	c := rules.Func("a script named for a destructive operation", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) == 0 {
			return rules.Result{Truth: rules.False}
		}
		name := ops[0]
		switch {
		case slices.Contains(runWords, ops[0].Value):
			if len(ops) < 2 {
				return rules.Result{Truth: rules.False}
			}
			name = ops[1]
		case !bare:
			return rules.Result{Truth: rules.False}
		}
		if name.Dynamic {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"the script " + name.Value}}
		}
		if destructiveName(name.Value) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "script", Value: name.Value, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
	if bare {
		return c
	}
	return rules.Needing(runWords, c)
}

// unlistReason says why deleting a published version needs review.
const unlistReason = "deletes or unlists a published package version on its registry: projects that depend on it fail to install, and the version number may not be usable again"

// publishReason says why publishing a package needs review.
const publishReason = "publishes a package version to a registry, where anyone can fetch it and no one can replace it (only deprecate or yank it); whether this release and what it contains are intended is not in the input"

// pythons are the Python interpreters' names.
var pythons = []string{"python", "python2", "python3", "pypy", "pypy3"}

// readPythons are the Python interpreters whose inline code the walker
// reads call by call (Python 3; python2's exec statement and backticks
// are not read, so its code is scanned).
var readPythons = []string{"python", "python3", "pypy", "pypy3"}

// manage returns the operands of python manage.py COMMAND when COMMAND is
// one of commands.
func manage(f rules.Facts, commands ...string) ([]model.Arg, bool) {
	var found []model.Arg
	f.Readings(func(ops []model.Arg) rules.Result {
		if len(ops) < 2 || path.Base(ops[0].Value) != "manage.py" || !slices.Contains(commands, ops[1].Value) {
			return rules.Result{Truth: rules.False}
		}
		found = ops
		return rules.Result{Truth: rules.True}
	})
	return found, found != nil
}

// djangoFlush holds for python manage.py flush / reset_db.
func djangoFlush() rules.Cond {
	return rules.Func("manage.py flush", func(f rules.Facts) rules.Result {
		ops, ok := manage(f, "flush", "reset_db")
		if !ok {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "subcommand", Value: ops[1].Value, Present: true}}}
	})
}

// djangoDbshellFed holds for python manage.py dbshell reading its stdin
// from a pipe, a file or a here-document, or given the client's own
// arguments after --.
func djangoDbshellFed() rules.Cond {
	return rules.Func("manage.py dbshell fed SQL", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if _, ok := manage(f, "dbshell"); !ok {
			return rules.Result{Truth: rules.False}
		}
		if c.StdinFrom != "" {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "stdin", Value: c.StdinFrom, Present: true}}}
		}
		for _, a := range c.Args {
			if a.Value == "--" {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "client arguments", Value: "--", Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// djangoMigrateZero holds for python manage.py migrate APP zero.
func djangoMigrateZero() rules.Cond {
	return rules.Func("manage.py migrate APP zero", func(f rules.Facts) rules.Result {
		ops, ok := manage(f, "migrate")
		if !ok || len(ops) < 4 || ops[3].Value != "zero" {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "app", Value: ops[2].Value, Present: true}}}
	})
}

// oldStyleFlag holds when a first argument without a dash bundles the
// letter as a flag (tar xzf).
func oldStyleFlag(letter rune) rules.Cond {
	return rules.Func("old-style flag "+string(letter), func(f rules.Facts) rules.Result {
		args := f.M.Command.Args
		if len(args) > 0 && !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-") && strings.ContainsRune(args[0].Value, letter) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "flag", Value: string(letter), Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// problem carries the parser's reason into the evidence.
func problem() rules.Cond {
	return rules.Func("the command could not be analysed", func(f rules.Facts) rules.Result {
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "problem", Value: f.M.Command.Problem, Present: true}}}
	})
}

// scriptReadReason is the reason of a shell running a script file whose
// content is known.
const scriptReadReason = "runs a script file whose content was read (written earlier in the line, or read where the action runs): each command in it is judged on its own"

// scriptRead holds when the command runs a script file whose content is
// known (model.ScriptFile): the commands in it are judged, not the file.
func scriptRead() rules.Cond {
	return rules.Func("runs a script file whose content was read", func(f rules.Facts) rules.Result {
		sf := f.M.Command.ScriptFile
		if sf == nil || sf.From == "" || f.M.Command.Problem != "" {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "script", Value: sf.Path, Present: true, Description: "content from " + sf.From}}}
	})
}

func hasScript() rules.Cond {
	return rules.Func("runs inline code", func(f rules.Facts) rules.Result {
		if f.M.Command.Script != "" {
			return rules.Result{Truth: rules.True}
		}
		return rules.Result{Truth: rules.False}
	})
}

// inlineReadReason says what Python code read call by call does.
const inlineReadReason = "the inline Python code was read call by call: it reads, prints, imports or calls APIs, and each file it writes, " +
	"deletes or moves and each command it runs is judged on its own as the shell command that does the same (open(p, 'w') as > p, os.remove(p) as rm p, subprocess.run([...]) as that command)"

// inlineRead holds when the walker read the inline code call by call
// (model.Command.ScriptRead) and it hands a database no statement that
// drops or empties data.
func inlineRead() rules.Cond {
	return rules.Func("inline code read call by call", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if !c.ScriptRead || c.Problem != "" {
			return rules.Result{Truth: rules.False}
		}
		if _, ok := runsDestructiveSQL(c.Script); ok {
			return rules.Result{Truth: rules.False}
		}
		if containsCall(withoutStrings(c.Script), "rmtree") {
			// A recursive delete is judged as rm -r of its path and still
			// needs review here: the conformance corpora (dcg's canonical
			// heredoc.inline.python cases) deny every rmtree, temp or not.
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "read", Value: "call by call", Present: true}}}
	})
}

// destructiveCalls are the library calls through which inline code deletes
// files, kills processes or spawns commands.
var destructiveCalls = []string{
	"rmtree", "os.remove", "os.unlink", "os.rmdir", "os.removedirs", "unlink(", ".unlink", "rmdir(", "Path.unlink",
	"shutil.move", "os.system", "os.popen", "subprocess", "os.kill", "os.killpg", "pty.spawn", "os.exec",
	"empty trash", "empty the trash", // AppleScript: the Finder's trash, for good
	"rmSync", "rmdirSync", "unlinkSync", "fs.rm", "fs.rmdir", "fs.unlink", "child_process", "execSync", "spawnSync",
	"process.kill", "rimraf", "FileUtils.rm", "FileUtils.remove", "File.delete", "Dir.rmdir", "rm_rf", "rm_r",
	"system(", "system ", "exec(", "`", "%x", "qx(", "qx{", "qx/", "Kernel.exec", "IO.popen", "Open3", "File.unlink", "unlink ", "remove_tree", "rmtree(",
	"shell_exec", "passthru", "proc_open", "popen(", "Remove-Item", "del ", "do shell script", "truncate(", "open(",
	// PowerShell: every Remove- and Clear- cmdlet deletes, and these stop, wipe, overwrite or run code.
	"Remove-", "Clear-", "Format-Volume", "Initialize-Disk", "Stop-Computer", "Restart-Computer", "Stop-Process", "Stop-Service",
	"Disable-", "Uninstall-", "Set-MpPreference", "Set-Content", "Out-File", "Move-Item", "Invoke-Expression", "iex ", "Start-Process",
	"rm -", "git reset", "git clean", "git push",
	"Deno.remove", "Deno.truncate", "Deno.run", "Deno.Command", "Bun.spawn", "Bun.$", "Bun.write",
	"file delete", "exec ", "spawn ", "open \"|", // Tcl and expect
	"file.remove", "system2(", // R (unlink( and system( are above)
	// Code built at run time, which is how a destructive call is hidden
	// from a scan (getattr(__import__('o'+'s'), 'sys'+'tem'), eval(atob(…))):
	// what it runs is not in the input.
	"eval(", "__import__(", "import_module(", "new Function", "instance_eval", "class_eval", "vm.runIn",
	// Writes that replace a file's contents, renames, and promise-style
	// deletes (fs.promises.rm, a destructured rm).
	"writeFile", "File.write", "IO.write", "file_put_contents", "truncateSync", "ftruncate", "renameSync", ".rename(", "os.replace(",
	".write_text(", ".write_bytes(", // pathlib: the file's contents are replaced
	".rm(", "rm(",
}

// wholeWordCalls must start a word to count: eval( is not literal_eval(.
// functionCalls must not be a method either: exec( and eval( are
// functions, /re/.exec( and model.eval( are not. The other calls count
// anywhere (_os.remove( removes as os.remove( does).
var (
	wholeWordCalls = map[string]bool{"import_module(": true, "instance_eval": true, "class_eval": true}
	functionCalls  = map[string]bool{"eval(": true, "exec(": true, "rm(": true}
)

// wordStart reports whether the call found at i in src may count there.
func wordStart(src string, i int, call string) bool {
	switch {
	case i == 0:
		return true
	case functionCalls[call]:
		return !isIdentByte(src[i-1]) && src[i-1] != '.'
	case wholeWordCalls[call]:
		return !isIdentByte(src[i-1])
	}
	return true
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// containsCall reports whether src calls call (see wholeWordCalls).
func containsCall(src, call string) bool {
	for off := 0; ; {
		i := strings.Index(src[off:], call)
		if i < 0 {
			return false
		}
		if wordStart(src, off+i, call) {
			return true
		}
		off += i + 1
	}
}

// destructiveScript holds when inline code calls one of destructiveCalls
// outside its string literals (print('rm -rf /') only prints). open( is
// listed because writing a file truncates it.
func destructiveScript() rules.Cond {
	return rules.Func("inline code deletes, kills or spawns", func(f rules.Facts) rules.Result {
		src := withoutStrings(f.M.Command.Script)
		for _, call := range destructiveCalls {
			if call == "open(" && !writesFile(f.M.Command.Script) { // the mode is a string literal
				continue
			}
			if containsCall(src, call) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: strings.TrimRight(call, "( "), Present: true}}}
			}
		}
		if name, ok := namedCallback(f.M.Command.Program, f.M.Command.Script, src); ok {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "call", Value: name, Present: true}}}
		}
		if st, ok := runsDestructiveSQL(f.M.Command.Script); ok {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "sql", Value: st, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// withoutStrings blanks the contents of quoted string literals, keeping the
// quotes, so that a call named inside a string does not count.
func withoutStrings(src string) string {
	b := []byte(src)
	var quote byte
	for i := 0; i < len(b); i++ {
		switch {
		case quote == 0 && (b[i] == '\'' || b[i] == '"'):
			quote = b[i]
		case quote != 0 && b[i] == '\\' && i+1 < len(b):
			b[i], b[i+1] = ' ', ' '
			i++
		case quote != 0 && b[i] == quote:
			quote = 0
		case quote != 0:
			b[i] = ' '
		}
	}
	if quote != 0 {
		return src // an unterminated string: blanking it could hide code
	}
	return string(b)
}

// destructiveURL holds when a URL operand names a deleting endpoint
// (Elasticsearch _delete_by_query, Jenkins doDelete, .../delete).
func destructiveURL() rules.Cond {
	return rules.Operand(0, "a URL naming a delete", func(a model.Arg, _ *model.Command) bool {
		v := strings.ToLower(a.Value)
		return (strings.Contains(v, "://") || strings.HasPrefix(v, "localhost")) && rules.URLNamesDelete(v)
	})
}

// callbackTakers call a function given by its name as a string:
// PHP's array_map("unlink", ...) and call_user_func("system", ...),
// Ruby's send(:x) / public_send("x"), Python's getattr(os, "remove").
var callbackTakers = []string{"array_map", "array_walk", "array_filter", "call_user_func", "register_shutdown_function",
	"send(", "public_send(", "__send__(", "method(", "getattr("}

// namedCallables are destructive functions that code can call by their
// name in a string (PHP's callables, Ruby's send, Python's getattr).
var namedCallables = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"unlink": true, "rmdir": true, "system": true, "exec": true, "shell_exec": true,
		"passthru": true, "popen": true, "proc_open": true, "file_put_contents": true, "remove": true, "rmtree": true,
		"rm_rf": true, "rm_r": true, "rm": true, "delete": true, "kill": true, "truncate": true}
})

// phpVariableCall is a PHP variable function call: $f(...).
var phpVariableCall = lazyregexp.New(`\$[A-Za-z_][A-Za-z0-9_]*\s*\(`)

// namedCallback returns the destructive function inline code calls by
// its name in a string literal (array_map("unlink", glob("*")),
// $f = "unlink"; $f($p)): a string is data, unless a callback taker or
// a PHP variable function is there to call it. stripped is src with its
// string literals blanked.
func namedCallback(program, src, stripped string) (string, bool) {
	called := program == "php" && phpVariableCall.MatchString(stripped)
	for _, t := range callbackTakers {
		called = called || strings.Contains(stripped, t)
	}
	if !called {
		return "", false
	}
	for _, lit := range stringLiterals(src) {
		name := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(lit), ":"))
		if namedCallables()[name] {
			return name, true
		}
	}
	for _, sym := range strings.FieldsFunc(stripped, func(r rune) bool { return r != ':' && r != '_' && !('a' <= r && r <= 'z') }) {
		if name, ok := strings.CutPrefix(sym, ":"); ok && namedCallables()[name] { // Ruby's send(:system, ...)
			return name, true
		}
	}
	return "", false
}

// stringLiterals returns the contents of src's quoted string literals.
func stringLiterals(src string) []string {
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(src); i++ {
		switch {
		case quote == 0 && (src[i] == '\'' || src[i] == '"'):
			quote, start = src[i], i+1
		case quote != 0 && src[i] == '\\':
			i++
		case quote != 0 && src[i] == quote:
			out = append(out, src[start:i])
			quote = 0
		}
	}
	return out
}

// writesFile reports whether inline code writes a file: a write call, or
// an open mode literal that truncates or updates ('w', "wb", 'w+', 'r+').
func writesFile(src string) bool {
	if strings.Contains(src, "writeFile") || strings.Contains(src, "File.write") {
		return true
	}
	for i := 0; i+2 < len(src); i++ {
		q := src[i]
		if q != '\'' && q != '"' {
			continue
		}
		end := strings.IndexByte(src[i+1:], q)
		if end < 1 || end > 3 {
			continue
		}
		mode := src[i+1 : i+1+end]
		if strings.Trim(mode, "rwabt+x") == "" && (mode[0] == 'w' || strings.Contains(mode, "+")) {
			return true
		}
	}
	// Perl's two-argument open names the mode in the path: '>/etc/hosts'.
	return strings.Contains(src, `open(`) && (strings.Contains(src, `">`) || strings.Contains(src, `'>`) || strings.Contains(src, `"+<`) || strings.Contains(src, `'+<`))
}

// dbCalls run SQL given in a string; destructiveSQL are the statements,
// lower-cased, that drop or empty data.
var (
	dbCalls        = []string{".execute(", ".executescript(", ".executemany(", ".exec(", ".query(", ".raw(", ".sql("}
	destructiveSQL = []string{"drop table", "drop database", "drop schema", "truncate ", "delete from", "drop collection"}
)

// runsDestructiveSQL reports whether inline code hands a database a
// statement that drops or empties data: a call that runs SQL, and such a
// statement in one of its string literals (print("DROP TABLE") alone runs
// nothing).
func runsDestructiveSQL(script string) (string, bool) {
	if !slices.ContainsFunc(dbCalls, func(c string) bool { return strings.Contains(script, c) }) {
		return "", false
	}
	lower := strings.ToLower(script)
	for _, st := range destructiveSQL {
		if strings.Contains(lower, st) {
			return strings.TrimSpace(st), true
		}
	}
	return "", false
}

// sendsBody holds when a request carries a body, which makes curl and
// wget send a POST (or a PUT, for an upload): curl -d/--data*/--json/
// -F/--form/-T, wget --post-data/--post-file/--body-data/--body-file. curl
// -G sends the data as a query string instead.
func sendsBody() rules.Cond {
	return rules.Func("a request body", func(f rules.Facts) rules.Result {
		names := wgetBodyFlags
		if f.M.Command.Program == "curl" {
			if f.HasFlag("G", "get") {
				return rules.Result{Truth: rules.False}
			}
			names = curlBodyFlags
		}
		// The evidence names the flag, not the body: a body often holds
		// credentials, and the report is shown in logs.
		for _, n := range names {
			if f.HasFlag(n) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "body flag", Value: flagText(n), Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// sendsSecret holds when an HTTP client's request carries a credential
// file: curl's body from @FILE (-d, --data-binary, --json, -F name=@FILE
// or <FILE, --data-urlencode name@FILE) or its upload (-T FILE), wget's
// --post-file or --body-file, HTTPie's and xh's field@FILE and @FILE; or
// stdin, where the request reads it (curl -d @-, -T -; HTTPie and xh read
// it unless told not to) and it carries one.
func sendsSecret() rules.Cond {
	return rules.Func("credentials in the request", func(f rules.Facts) rules.Result {
		for _, a := range requestData(f) {
			if ev, ok := rules.SecretInArg(f.M.Command, a); ok {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{ev}}
			}
		}
		for _, file := range requestFiles(f) {
			if file.Value == "-" || file.Value == "/dev/stdin" {
				if ev, ok := rules.SecretOnStdin(f.M.Command); ok {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{ev}}
				}
				continue
			}
			if rules.SecretFile(rules.Resolve(file, f.M.Command)) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "file", Value: file.Value, Present: true, Description: "a credential file"}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// requestData are the arguments an HTTP client sends as the request's
// URL or body: a command's output substituted into one of them leaves the
// machine. Headers are left out: a token printed into one
// (-H "Authorization: Bearer $(gcloud auth print-access-token)") is how
// an API is called, not a leak.
func requestData(f rules.Facts) []model.Arg {
	c := f.M.Command
	if c.Sources == nil || len(c.Sources.Substituted) == 0 {
		return nil
	}
	switch c.Program {
	case "curl":
		return append(rules.FlagValues(c, curlBodyFlags...), f.Operands()...)
	case "wget":
		return append(rules.FlagValues(c, wgetBodyFlags...), f.Operands()...)
	}
	var out []model.Arg // HTTPie and xh: the URL and request items, less headers (Name:value)
	for _, a := range f.Operands() {
		if i := strings.IndexAny(a.Value, ":=@"); i < 0 || a.Value[i] != ':' || strings.HasPrefix(a.Value[i:], ":=") || strings.HasPrefix(a.Value[i:], "://") {
			out = append(out, a)
		}
	}
	return out
}

// requestFiles are the files an HTTP client's request sends ("-" for
// stdin).
func requestFiles(f rules.Facts) []model.Arg {
	c := f.M.Command
	var out []model.Arg
	after := func(a model.Arg, i int) model.Arg {
		v, _, _ := strings.Cut(a.Value[i+1:], ";") // -F name=@FILE;type=text/plain
		return model.Arg{Value: v, Dynamic: a.Dynamic}
	}
	switch c.Program {
	case "curl":
		for _, v := range rules.FlagValues(c, "d", "data", "data-binary", "data-ascii", "json") {
			if strings.HasPrefix(v.Value, "@") {
				out = append(out, after(v, 0))
			}
		}
		for _, v := range rules.FlagValues(c, "F", "form") {
			if _, val, ok := strings.Cut(v.Value, "="); ok && (strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<")) {
				out = append(out, after(v, strings.IndexByte(v.Value, '=')+1))
			}
		}
		for _, v := range rules.FlagValues(c, "data-urlencode") {
			if i := strings.IndexByte(v.Value, '@'); i >= 0 && !strings.Contains(v.Value[:i], "=") {
				out = append(out, after(v, i))
			}
		}
		for _, v := range rules.FlagValues(c, "T", "upload-file") {
			if v.Value == "." {
				v.Value = "-" // -T . streams stdin too
			}
			out = append(out, v)
		}
	case "wget":
		out = rules.FlagValues(c, "post-file", "body-file")
	default: // HTTPie and xh
		for _, a := range f.Operands() {
			if i := strings.IndexByte(a.Value, '@'); i >= 0 && !strings.Contains(a.Value[:i], "/") {
				out = append(out, after(a, i))
			}
		}
		if !f.HasFlag("I", "ignore-stdin") {
			out = append(out, model.Arg{Value: "-"})
		}
	}
	return out
}

// notDryRun holds for a publish that is not a rehearsal (--dry-run packs
// and checks, and uploads nothing).
var notDryRun = rules.Not(rules.Flag("dry-run"))

// The flags that give curl and wget a request body.
var (
	curlBodyFlags = []string{"d", "data", "data-raw", "data-binary", "data-urlencode", "data-ascii", "json", "F", "form", "form-string", "T", "upload-file"}
	wgetBodyFlags = []string{"post-data", "post-file", "body-data", "body-file"}
)

// flagText spells a flag name as it is typed: -d, --data.
func flagText(n string) string {
	if len(n) == 1 {
		return "-" + n
	}
	return "--" + n
}

// httpMethod holds when an HTTP client sends one of methods (-X DELETE,
// --request=DELETE, -XDELETE, --method DELETE; httpie's positional method).
func httpMethod(methods ...string) rules.Cond {
	return rules.Func("HTTP method "+strings.Join(methods, "|"), func(f rules.Facts) rules.Result {
		c := f.M.Command
		if v, ok := rules.FlagValue(c, "X", "request", "method"); ok {
			for _, m := range methods {
				if strings.EqualFold(v, m) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "method", Value: m, Present: true}}}
				}
			}
		}
		if len(c.Args) > 0 && (c.Program == "http" || c.Program == "https" || c.Program == "xh") {
			for _, m := range methods {
				if strings.EqualFold(c.Args[0].Value, m) {
					return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "method", Value: m, Present: true}}}
				}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}

// proseProgram holds when the program's name is a word and a colon
// (THOUGHT:, Plan:): an agent's reasoning text sent to the shell.
func proseProgram() rules.Cond {
	return rules.Func("the program is a word and a colon", func(f rules.Facts) rules.Result {
		c := f.M.Command
		word, ok := strings.CutSuffix(c.Program, ":")
		if !ok || word == "" || len(c.Wrappers) > 0 || strings.ContainsFunc(word, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }) {
			return rules.Result{Truth: rules.False}
		}
		return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "program", Value: c.Program, Present: true}}}
	})
}

// readEndpoints are the last path segments of the APIs that read through
// a POST: a search or a query sent as a body (Elasticsearch and
// OpenSearch _search, _count, _msearch, _mget; Algolia's /query).
var readEndpoints = []string{"_search", "_msearch", "_count", "_mget", "_explain", "_validate", "query", "queries", "search"}

// readEndpoint holds when a URL operand names an endpoint that only
// reads (readEndpoints).
func readEndpoint() rules.Cond {
	return rules.Operand(0, "a URL of an endpoint that reads", func(a model.Arg, _ *model.Command) bool {
		v := strings.ToLower(a.Value)
		if i := strings.IndexAny(v, "?#"); i >= 0 {
			v = v[:i]
		}
		_, rest, ok := strings.Cut(v, "://")
		if !ok || !strings.Contains(rest, "/") {
			return false
		}
		return slices.Contains(readEndpoints, path.Base(rest))
	})
}
