// Package containers holds the rules for docker, podman and compose.
package containers

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
	"path"
	"strings"
	"sync"
)

func row(id, typ string, when rules.Cond, tier model.Tier, reason string) rules.Rule {
	return rules.Rule{ID: id, Type: typ, On: rules.Execute, When: when, Tier: tier, Reason: reason}
}

// sub matches "docker SUB" and its management-command spelling
// ("docker container SUB").
func sub(group, verb string) rules.Cond {
	return rules.Any(rules.Sub(verb), rules.Sub(group, verb))
}

var unseen = rules.PathIs(1, rules.PathDynamic)

// Rules returns the rows for docker and podman.
func Rules() []rules.Rule {
	var out []rules.Rule
	for _, p := range []string{"docker", "podman", "nerdctl"} {
		out = append(out,
			row("container."+p+".volume-prune", p, rules.Sub("volume", "prune"), model.TierUnrecoverable,
				"deletes every volume no container uses, and the data in them"),
			row("container."+p+".volume-rm", p, rules.All(volumeRm, volumeLoss()), model.TierUnrecoverable,
				"deletes volumes and the data in them"),
			row("container."+p+".volume-rm-throwaway", p, volumeRm, model.TierRecoverableWithEffort, throwawayVolumeReason),
			row("container."+p+".system-reset", p, rules.Sub("system", "reset"), model.TierUnrecoverable,
				"system reset deletes every container, image, volume and network: all of the engine's storage"),
			row("container."+p+".system-prune", p, rules.All(rules.Sub("system", "prune"), rules.Flag("a", "all", "volumes")), model.TierUnrecoverable,
				"system prune -a deletes every image no container uses, locally built ones that were never pushed included, and --volumes the unused volumes with their data"),
			row("container."+p+".system-prune-dangling", p, rules.Sub("system", "prune"), model.TierRecoverableWithEffort,
				"system prune without -a or --volumes is maintenance: it deletes stopped containers, unused networks, dangling (untagged) images and the build cache; volumes and tagged images stay"),
			row("container."+p+".container-prune", p, rules.Sub("container", "prune"), model.TierUnrecoverable,
				"deletes every stopped container with its writable layer"),
			row("container."+p+".rm-volumes", p, rules.All(rules.Any(sub("container", "rm"), rules.Sub("rm")), rules.Flag("v", "volumes")), model.TierUnrecoverable,
				"deletes the containers and their anonymous volumes"),
			row("container."+p+".rm-unseen", p, rules.All(rules.Any(sub("container", "rm"), rules.Sub("rm")), unseen), model.TierNeedsReview,
				"deletes containers chosen at run time ($(docker ps -aq)); their writable layers are lost"),
			row("container."+p+".rm", p, rules.Any(sub("container", "rm"), rules.Sub("rm")), model.TierRecoverableFromBackup,
				"deletes the containers; what they wrote outside volumes is lost, the rest is recreated from the image"),
			row("container."+p+".image-rm", p, rules.Any(rules.Sub("rmi"), rules.Sub("image", "rm"), rules.Sub("image", "prune"), rules.Sub("builder", "prune"), rules.Sub("buildx", "prune")),
				model.TierRecoverableWithEffort, "deletes images or build cache; they are pulled or rebuilt again"),
			row("container."+p+".network-rm", p, rules.Any(rules.Sub("network", "rm"), rules.Sub("network", "prune")), model.TierRecoverableWithEffort,
				"deletes networks; they are recreated by compose or docker network create"),
			row("container."+p+".compose-down-volumes-test", p, rules.All(rules.Sub("compose", "down"), rules.Flag("v", "volumes"), testStack()), model.TierRecoverableWithEffort,
				testStackReason),
			row("container."+p+".compose-down-volumes-ci", p, rules.All(rules.Sub("compose", "down"), rules.Flag("v", "volumes"), rules.InCIJob()), model.TierRecoverableWithEffort,
				ciStackReason),
			row("container."+p+".compose-down-volumes", p, rules.All(rules.Sub("compose", "down"), rules.Flag("v", "volumes"), stackData()), model.TierUnrecoverable, stackResetReason),
			row("container."+p+".compose-rm-volumes", p, rules.All(rules.Sub("compose", "rm"), rules.Flag("v", "volumes")), model.TierUnrecoverable,
				"compose rm -v deletes the stopped service containers and their anonymous volumes, with the data in them"),
			row("container."+p+".swarm-leave", p, rules.All(rules.Sub("swarm", "leave"), rules.Flag("f", "force")), model.TierNeedsReview,
				"a manager forced out of the swarm can cost it its quorum, and the last manager's leaving deletes the swarm with its services, secrets and configs; which this node is, is not in the input"),
			row("container."+p+".secret-rm", p, rules.Any(rules.Sub("secret", "rm"), rules.Sub("secret", "remove"), rules.Sub("config", "rm"), rules.Sub("config", "remove")),
				model.TierRecoverableFromBackup, "deletes swarm secrets or configs: the engine never shows a secret's value again, so it is restored only from where it was kept"),
			row("container."+p+".service-rm", p, rules.Any(rules.Sub("service", "rm"), rules.Sub("service", "remove"), rules.Sub("stack", "rm"), rules.Sub("stack", "remove"),
				rules.Sub("stack", "down"), rules.Sub("node", "rm"), rules.Sub("node", "remove")), model.TierRecoverableWithEffort,
				"deletes swarm services, stacks or nodes with their running tasks: an outage until they are deployed again from their definitions"),
			row("container."+p+".cp-database", p, rules.All(sub("container", "cp"), rules.CopiesIntoDatabase()), model.TierNeedsReview,
				"copies files over a database server's data directory in a container: its files can be corrupted, and what they held is not kept; whether the database is running, and what the files are, is not in the input"),
			row("container."+p+".stop", p, rules.Any(sub("container", "stop"), sub("container", "kill"), rules.Sub("compose", "down"), rules.Sub("compose", "stop")),
				model.TierRecoverableWithEffort, "stops containers: an outage until they are started again"),
			row("container."+p+".read", p, rules.Any(rules.Sub("ps"), rules.Sub("images"), rules.Sub("logs"), rules.Sub("inspect"), rules.Sub("version"), rules.Sub("info"),
				rules.Sub("build"), rules.Sub("pull"), rules.Sub("search"), rules.Sub("stats"), rules.Sub("top"), rules.Sub("history"), rules.Sub("diff"),
				rules.Sub("container", "ls"), rules.Sub("image", "ls"), rules.Sub("volume", "ls"), rules.Sub("network", "ls"), rules.Sub("compose", "ps"),
				rules.Sub("compose", "logs"), rules.Sub("compose", "config"), rules.Sub("login"), rules.Sub("tag"), rules.Sub("push")),
				model.TierReversible, "reads state, builds, pulls, tags or pushes images"),
			row("container."+p+".other", p, nil, model.TierRecoverableWithEffort,
				"starts, runs or changes containers; what runs inside them is not analysed"),
		)
	}
	out = append(out,
		row("container.docker-compose.down-volumes-test", "docker-compose", rules.All(rules.Sub("down"), rules.Flag("v", "volumes"), testStack()), model.TierRecoverableWithEffort,
			testStackReason),
		row("container.docker-compose.down-volumes-ci", "docker-compose", rules.All(rules.Sub("down"), rules.Flag("v", "volumes"), rules.InCIJob()), model.TierRecoverableWithEffort,
			ciStackReason),
		row("container.docker-compose.down-volumes", "docker-compose", rules.All(rules.Sub("down"), rules.Flag("v", "volumes"), stackData()), model.TierUnrecoverable, stackResetReason),
		row("container.docker-compose.rm-volumes", "docker-compose", rules.All(rules.Sub("rm"), rules.Flag("v", "volumes")), model.TierUnrecoverable,
			"rm -v deletes the stopped service containers and their anonymous volumes, with the data in them"),
		row("container.docker-compose.rm", "docker-compose", rules.Sub("rm"), model.TierRecoverableFromBackup, "deletes stopped service containers"),
		row("container.docker-compose.other", "docker-compose", nil, model.TierRecoverableWithEffort, "starts, stops or builds services"),
	)
	return out
}

// stackResetReason is the reason of the rows for compose down -v of a
// stack not named as a test stack, outside a CI job: it deletes the
// stack's named and anonymous volumes, which the next up creates again,
// empty. Whether they held throwaway data (a local development database)
// or data that matters is not in the line (the incident of
// owncloud/client#7358: docker-compose down -v deleted a server's data),
// so the row is never decided without that fact (stackData): needs review
// naming throwaway-volume.
const stackResetReason = "compose down -v deletes the volumes of this directory's compose stack, with the data in them; the next up creates them again empty, so a development stack's loss is seeds, another's is its data"

// ciStackReason is the reason of the rows for compose down -v in a CI
// job, whose stack the job brought up on a runner it does not outlive.
const ciStackReason = "compose down -v in a CI job deletes the volumes of the stack the job brought up for its own run, on a runner the job does not outlive: running the job again creates and fills them again"

// stackData is Unknown, with rules.FactThrowawayVolume missing for the
// stack (its compose files or project name, else the directory's own),
// when compose down -v is not run in a CI job: whether its volumes hold
// throwaway data is not in the line. Reading the compose file's volumes is
// left to a later observation; nothing here is ever True.
func stackData() rules.Cond {
	return rules.Func("a stack whose volumes may hold data", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if c == nil || c.RunContext == model.RunCIJob {
			return rules.Result{Truth: rules.False}
		}
		stack := "the stack of the working directory's compose file"
		if files := rules.FlagValues(c, "f", "file"); len(files) > 0 {
			stack = files[0].Value
		} else if p, ok := rules.FlagValue(c, "p", "project-name"); ok {
			stack = p
		}
		return rules.Result{Truth: rules.Unknown, Missing: []string{rules.MissingFact(rules.FactThrowawayVolume, stack)}}
	})
}

// throwawayVolumeReason is the reason of the row for volumes named as
// test or development data.
const throwawayVolumeReason = "deletes volumes named as test or development data (test, ci, e2e, dev, local, tmp, scratch, cache): the stack that uses them creates and fills them again"

// volumeRm is docker volume rm (or remove).
var volumeRm = rules.Any(rules.Sub("volume", "rm"), rules.Sub("volume", "remove"))

// throwawayWords and productionWords are the words of a volume's name
// (split at _, - and .) that say what it holds.
var (
	throwawayWords = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"test": true, "tests": true, "testing": true, "ci": true, "e2e": true, "integration": true, "dev": true, "development": true, "local": true, "tmp": true, "temp": true, "scratch": true, "sandbox": true, "cache": true}
	})
	productionWords = map[string]bool{"prod": true, "production": true, "prd": true, "live": true}
)

// volumeWords reports whether a word of name is in words.
func volumeWords(name string, words map[string]bool) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		if words[w] {
			return true
		}
	}
	return false
}

// volumeLoss holds for docker volume rm when a volume's name says it holds
// production data; it is Unknown (rules.FactThrowawayVolume missing) when
// a name says neither (app_data, or one only known at run time), and
// false when every name says test or development data.
func volumeLoss() rules.Cond {
	return rules.Func("a volume that holds data that matters", func(f rules.Facts) rules.Result {
		ops := f.Operands()
		if len(ops) < 3 {
			return rules.Result{Truth: rules.False}
		}
		var missing []string
		for _, a := range ops[2:] {
			switch {
			case !a.Dynamic && volumeWords(a.Value, productionWords):
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "volume", Value: a.Value, Present: true, Description: "named as production data"}}}
			case a.Dynamic || !volumeWords(a.Value, throwawayWords()):
				missing = append(missing, rules.MissingFact(rules.FactThrowawayVolume, a.Value))
			}
		}
		if len(missing) > 0 {
			return rules.Result{Truth: rules.Unknown, Missing: missing}
		}
		return rules.Result{Truth: rules.False}
	})
}

// testStackReason is the reason of the rows for a test stack's volumes.
const testStackReason = "compose down -v deletes the volumes of a stack its compose files name as a test stack (docker-compose.test.yml, compose.ci.yaml, a project named NAME_test): the test run that brings it up creates and fills them again"

// testStack holds when every compose file the command names (-f), or its
// project name (-p), names a test stack: a file whose name has a word
// test, tests, testing, ci, e2e or integration (docker-compose.test.yml,
// compose.e2e.yaml), or a project named as a test database is. With no
// -f and no -p, the stack is the directory's own, and nothing says it is
// one for tests.
func testStack() rules.Cond {
	return rules.Func("a test stack", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if c == nil {
			return rules.Result{Truth: rules.False}
		}
		files := rules.FlagValues(c, "f", "file")
		if len(files) > 0 {
			for _, a := range files {
				if a.Dynamic || !testFileName(path.Base(a.Value)) {
					return rules.Result{Truth: rules.False}
				}
			}
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "compose-file", Value: files[0].Value, Present: true}}}
		}
		if p, ok := rules.FlagValue(c, "p", "project-name"); ok && rules.TestDatabaseName(p) {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "project", Value: p, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// testFileName reports whether a compose file's name has a word that
// names tests.
func testFileName(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
		switch w {
		case "test", "tests", "testing", "ci", "e2e", "integration":
			return true
		}
	}
	return false
}
