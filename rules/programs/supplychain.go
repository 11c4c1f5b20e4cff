package programs

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Installing from a registry is everyday work; installing from a URL or a
// git repository the line names runs install code from wherever that is,
// and pointing a package manager at another registry or proxy does so for
// every later install. Both need a person, as curl | sh does.

const (
	installURLReason = "installs a package from a URL or git repository rather than the registry: its install scripts, which the input does not show, run now"
	registryReason   = "points the package manager at another registry, index, proxy or channel: every later install fetches its code from there"
	tlsOffReason     = "turns off the check of the registry's TLS certificate: whoever sits between this machine and the registry can serve the code every later install runs"
	systemRepoReason = "adds a package repository or signing key the system trusts: every later system package install or upgrade can come from there, and its install scripts run as root"
)

// isSourceURL holds for an operand that names a package by URL or
// repository (https://…, git+https://…, git://…, ssh://…, git@host:…).
func isSourceURL(a model.Arg, _ *model.Command) bool {
	v := strings.ToLower(a.Value)
	for _, p := range []string{"http://", "https://", "git+", "git://", "ssh://", "git@"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

func supplyChainRows() []rules.Rule {
	var out []rules.Rule
	out = append(out, row("program.uv.install-url", "uv", rules.All(rules.Any(rules.Sub("add"), rules.Sub("pip", "install")),
		rules.Any(rules.Operand(1, "a URL or repository", isSourceURL), rules.Flag("index-url", "extra-index-url", "index", "default-index", "find-links", "f"))),
		model.TierNeedsReview, installURLReason))
	for _, pip := range []string{"pip", "pip3"} {
		out = append(out,
			row("program."+pip+".install-url", pip, rules.All(rules.Sub("install"), rules.Any(rules.Operand(1, "a URL or repository", isSourceURL),
				rules.Flag("i", "index-url", "extra-index-url", "find-links", "f"))), model.TierNeedsReview, installURLReason),
			row("program."+pip+".registry", pip, rules.All(rules.Sub("config", "set"), rules.Operand(2, "an index setting", func(a model.Arg, _ *model.Command) bool {
				k := strings.ToLower(a.Value)
				return strings.HasSuffix(k, "index-url") || strings.HasSuffix(k, "extra-index-url") || strings.HasSuffix(k, "find-links")
			})), model.TierNeedsReview, registryReason),
			row("program."+pip+".trusted-host", pip, rules.Any(rules.All(rules.Sub("config", "set"), rules.Operand(2, "a trusted host", func(a model.Arg, _ *model.Command) bool {
				return strings.HasSuffix(strings.ToLower(a.Value), "trusted-host")
			})), rules.All(rules.Sub("install"), rules.Flag("trusted-host"))), model.TierNeedsReview, tlsOffReason),
		)
	}
	install := rules.Any(rules.Sub("install"), rules.Sub("i"), rules.Sub("add"))
	out = append(out, row("program.bun.install-url", "bun", rules.All(install, rules.Operand(1, "a URL or repository", isSourceURL)), model.TierNeedsReview, installURLReason))
	for _, js := range []string{"npm", "pnpm", "yarn"} {
		out = append(out,
			row("program."+js+".install-url", js, rules.All(install, rules.Any(rules.Operand(1, "a URL or repository", isSourceURL), rules.Flag("registry"))),
				model.TierNeedsReview, installURLReason),
			row("program."+js+".tls-off", js, rules.All(rules.Sub("config", "set"), rules.Operand(2, "strict-ssl false", func(a model.Arg, c *model.Command) bool {
				k, v, hasValue := strings.Cut(strings.ToLower(a.Value), "=")
				if !hasValue { // npm config set strict-ssl false
					ops := rules.Operands(c)
					v = strings.ToLower(ops[len(ops)-1].Value)
				}
				return (k == "strict-ssl" || k == "enablestrictssl") && v == "false"
			})), model.TierNeedsReview, tlsOffReason),
			row("program."+js+".registry", js, rules.All(rules.Sub("config", "set"), rules.Operand(2, "a registry setting", func(a model.Arg, _ *model.Command) bool {
				k := strings.ToLower(a.Value)
				return strings.Contains(k, "registry") || strings.Contains(k, "npmregistryserver")
			})), model.TierNeedsReview, registryReason),
		)
	}
	return append(out,
		row("program.cargo.install-url", "cargo", rules.All(rules.Sub("install"), rules.Flag("git", "index", "registry")), model.TierNeedsReview, installURLReason),
		row("program.go.proxy", "go", rules.All(rules.Sub("env"), rules.Flag("w"), rules.Operand(1, "a proxy or checksum setting", func(a model.Arg, _ *model.Command) bool {
			k, v, _ := strings.Cut(a.Value, "=")
			return k == "GOPROXY" || k == "GONOSUMDB" || k == "GONOSUMCHECK" || k == "GOINSECURE" || k == "GOSUMDB" && v == "off" || k == "GOFLAGS" && strings.Contains(v, "-insecure")
		})), model.TierNeedsReview, registryReason),
		row("program.gem.sources-add", "gem", rules.All(rules.Sub("sources"), rules.Flag("a", "add")), model.TierNeedsReview, registryReason),
		row("program.bundle.mirror", "bundle", rules.All(rules.Sub("config"), rules.Operand(1, "a mirror setting", func(a model.Arg, _ *model.Command) bool {
			return strings.HasPrefix(strings.ToLower(a.Value), "mirror.")
		})), model.TierNeedsReview, registryReason),
		row("program.conda.channel", "conda", rules.All(rules.Sub("config"), rules.Flag("add", "prepend", "append"), rules.Operand(1, "channels", func(a model.Arg, _ *model.Command) bool {
			return a.Value == "channels"
		})), model.TierNeedsReview, registryReason),
		row("program.brew.tap-url", "brew", rules.All(rules.Sub("tap"), rules.Operand(2, "a tap URL", isSourceURL)), model.TierNeedsReview, registryReason),
		// The system's own package sources and signing keys.
		row("program.add-apt-repository.list", "add-apt-repository", rules.Flag("L", "list"), model.TierReversible, "lists the configured package sources"),
		row("program.add-apt-repository.component", "add-apt-repository", rules.All(rules.Flag("c", "component", "s", "enable-source"),
			rules.Not(rules.Flag("P", "ppa", "C", "cloud", "S", "sourceslist", "U", "uri")), rules.Any(rules.NoOperands(0), rules.EveryOperand(0, "an archive component", func(a model.Arg) bool {
				return !a.Dynamic && archiveComponents[a.Value]
			}))), model.TierRecoverableWithEffort,
			"enables a component (universe, non-free) or the source packages of the repositories already configured: no new source of packages"),
		row("program.add-apt-repository", "add-apt-repository", rules.Not(rules.Flag("r", "remove", "help", "h")), model.TierNeedsReview, systemRepoReason),
		row("program.apt-key.add", "apt-key", rules.Any(rules.Sub("add"), rules.Sub("adv")), model.TierNeedsReview, systemRepoReason),
		row("program.rpm.import-key", "rpm", rules.Flag("import"), model.TierNeedsReview, systemRepoReason),
		row("program.rpm.install-url", "rpm", rules.All(rules.Flag("i", "U", "install", "upgrade"), rules.Operand(0, "a URL", isSourceURL)), model.TierNeedsReview, installURLReason),
		// flatpak remote-add: a remote flatpak installs apps and runtimes
		// from (flatpak-remote-add(1)); --if-not-exists changes nothing if
		// one of that name is there, whose URL the line does not show.
		row("program.flatpak.remote-add", "flatpak", rules.Sub("remote-add"), model.TierNeedsReview,
			"adds a flatpak remote: every later flatpak install or update from it runs its apps and runtimes, so it is a new source of code the system trusts"),
		row("program.zypper.add-repo", "zypper", rules.Any(rules.Sub("addrepo"), rules.Sub("ar")), model.TierNeedsReview, systemRepoReason),
		row("program.dnf.add-repo", "dnf", rules.All(rules.Sub("config-manager"), rules.Flag("add-repo")), model.TierNeedsReview, systemRepoReason),
		row("program.yum-config-manager.add-repo", "yum-config-manager", rules.Flag("add-repo"), model.TierNeedsReview, systemRepoReason),
		row("program.snap.install-unsigned", "snap", rules.All(rules.Sub("install"), rules.Flag("dangerous", "devmode", "jailmode")), model.TierNeedsReview,
			"installs a snap without checking its signature (--dangerous) or outside its confinement (--devmode): its code runs with what it asks for"),
	)
}

// archiveComponents are the components of Debian's and Ubuntu's own
// archives that add-apt-repository -c enables.
var archiveComponents = map[string]bool{"main": true, "universe": true, "multiverse": true, "restricted": true, "contrib": true, "non-free": true, "non-free-firmware": true}
