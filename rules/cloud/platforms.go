package cloud

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// platformCommand is a row of an application platform's or a data
// store's CLI (heroku, fly, vercel, netlify, firebase, supabase, doctl,
// wrangler, turso, stripe, vault, consul, etcdctl, influx): the subcommands that
// destroy, overwrite or only read. A subcommand no row names is judged
// like a program no rule knows (warn, or needs review when its words
// name a destructive operation), never allowed.
type platformCommand struct {
	id       string
	programs []string
	// subs are alternative spellings of the subcommand, as rules.Sub
	// words (any letter case, "*" for any word).
	subs   [][]string
	tier   model.Tier
	reason string
}

const (
	keptElsewhere = "removes stored secrets or settings: their values come back only from where they are kept elsewhere"
	platformRead  = "reads state, or runs the project locally; nothing is changed"
)

var platformCommands = []platformCommand{
	{"apps-destroy", []string{"heroku"}, [][]string{{"apps:destroy"}, {"destroy"}}, model.TierUnrecoverable,
		"deletes the app with its add-ons, Heroku Postgres and Redis included: Heroku keeps no copy to restore"},
	{"pg-reset", []string{"heroku"}, [][]string{{"pg:reset"}}, model.TierUnrecoverable, "deletes every table and row of the database"},
	{"addons-destroy", []string{"heroku"}, [][]string{{"addons:destroy"}, {"addons:remove"}, {"pg:backups:delete"}}, model.TierUnrecoverable,
		"deletes the add-on with its data (a database's rows, a cache's keys) or a backup: that data or recovery point is gone"},
	{"config-unset", []string{"heroku"}, [][]string{{"config:unset"}, {"config:remove"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"read", []string{"heroku"}, [][]string{{"apps"}, {"apps:info"}, {"logs"}, {"config"}, {"config:get"}, {"ps"}, {"releases"}, {"pg:info"}, {"addons"},
		{"whoami"}, {"status"}, {"domains"}}, model.TierReversible, platformRead},

	{"apps-destroy", []string{"fly", "flyctl"}, [][]string{{"apps", "destroy"}, {"apps", "delete"}, {"apps", "remove"}, {"destroy"}}, model.TierUnrecoverable,
		"deletes the app with its machines and volumes: their data is gone"},
	{"volumes-destroy", []string{"fly", "flyctl"}, [][]string{{"volumes", "destroy"}, {"volumes", "delete"}, {"volumes", "rm"}, {"volume", "destroy"},
		{"vol", "destroy"}}, model.TierUnrecoverable, "deletes the volume with its data"},
	{"machine-destroy", []string{"fly", "flyctl"}, [][]string{{"machine", "destroy"}, {"machines", "destroy"}, {"machine", "rm"}, {"m", "destroy"}},
		model.TierRecoverableWithEffort, "deletes machines: a deploy creates them again from the image; what they wrote outside volumes is lost"},
	{"secrets-unset", []string{"fly", "flyctl"}, [][]string{{"secrets", "unset"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"read", []string{"fly", "flyctl"}, [][]string{{"status"}, {"logs"}, {"apps", "list"}, {"volumes", "list"}, {"secrets", "list"}, {"machine", "list"},
		{"version"}, {"auth", "whoami"}, {"doctor"}}, model.TierReversible, platformRead},

	{"remove", []string{"vercel"}, [][]string{{"remove"}, {"rm"}, {"project", "rm"}, {"project", "remove"}, {"projects", "rm"}, {"projects", "remove"}},
		model.TierUnrecoverable, "deletes deployments, or a project with all its deployments: Vercel keeps no copy"},
	{"env-rm", []string{"vercel"}, [][]string{{"env", "rm"}, {"env", "remove"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"domains-rm", []string{"vercel"}, [][]string{{"domains", "rm"}, {"domains", "remove"}, {"dns", "rm"}, {"dns", "remove"}, {"alias", "rm"}, {"alias", "remove"}},
		model.TierRecoverableWithEffort, "removes a domain, DNS record or alias: the site is unreachable at it until it is added again"},
	{"read", []string{"vercel"}, [][]string{{"ls"}, {"list"}, {"inspect"}, {"logs"}, {"whoami"}, {"env", "ls"}, {"domains", "ls"}, {"project", "ls"}, {"dev"},
		{"build"}, {"pull"}}, model.TierReversible, platformRead},

	// The Databricks CLI: the Workspace API's delete "cannot be undone"
	// (https://docs.databricks.com/api/workspace/workspace/delete, read
	// 2026-11-29); the legacy CLI spells it workspace rm.
	{"workspace-delete", []string{"databricks"}, [][]string{{"workspace", "delete"}, {"workspace", "rm"}}, model.TierUnrecoverable,
		"deletes notebooks, files or a folder of the workspace (with --recursive, all under it): the Workspace API documents that the deletion cannot be undone, and a recursive one is not atomic"},
	{"account-workspaces-delete", []string{"databricks"}, [][]string{{"account", "workspaces", "delete"}}, model.TierUnrecoverable,
		"deletes the whole workspace with its notebooks, jobs, clusters and settings; Databricks documents no restore, and leaves the cloud resources it used to the account"},
	{"read", []string{"databricks"}, [][]string{{"workspace", "list"}, {"workspace", "ls"}, {"workspace", "export"}, {"workspace", "export-dir"},
		{"workspace", "get-status"}, {"fs", "ls"}, {"fs", "cat"}, {"clusters", "list"}, {"clusters", "get"}, {"jobs", "list"}, {"jobs", "get"}, {"current-user", "me"},
		{"auth", "profiles"}, {"version"}}, model.TierReversible, platformRead},

	{"sites-delete", []string{"netlify"}, [][]string{{"sites:delete"}}, model.TierUnrecoverable, "deletes the site with its deploys, forms and functions"},
	{"env-unset", []string{"netlify"}, [][]string{{"env:unset"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"read", []string{"netlify"}, [][]string{{"status"}, {"sites:list"}, {"env:list"}, {"env:get"}, {"dev"}, {"build"}, {"logs"}, {"open"}},
		model.TierReversible, platformRead},

	{"firestore-delete", []string{"firebase"}, [][]string{{"firestore:delete"}, {"database:remove"}}, model.TierUnrecoverable,
		"deletes documents (with -r their subcollections, with --all-collections the whole database) or Realtime Database data: only a point-in-time recovery or an export brings them back"},
	{"database-set", []string{"firebase"}, [][]string{{"database:set"}}, model.TierRecoverableFromBackup,
		"overwrites the Realtime Database data at the path: the old data comes back only from a backup"},
	{"hosting-disable", []string{"firebase"}, [][]string{{"hosting:disable"}, {"functions:delete"}}, model.TierRecoverableWithEffort,
		"takes the site offline or deletes deployed functions until the next deploy from source"},
	{"read", []string{"firebase"}, [][]string{{"projects:list"}, {"use"}, {"login"}, {"emulators:start"}, {"serve"}, {"database:get"}, {"functions:log"}},
		model.TierReversible, platformRead},

	{"projects-delete", []string{"supabase"}, [][]string{{"projects", "delete"}, {"branches", "delete"}, {"storage", "rm"}}, model.TierUnrecoverable,
		"deletes the project or branch with its database and storage, or objects from Storage"},
	{"secrets-unset", []string{"supabase"}, [][]string{{"secrets", "unset"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"functions-delete", []string{"supabase"}, [][]string{{"functions", "delete"}}, model.TierRecoverableWithEffort,
		"deletes deployed functions until the next deploy from source"},
	{"read", []string{"supabase"}, [][]string{{"status"}, {"start"}, {"projects", "list"}, {"db", "diff"}, {"db", "lint"}, {"gen"}, {"link"}, {"login"},
		{"migration", "list"}, {"migration", "new"}, {"functions", "serve"}}, model.TierReversible, platformRead},

	{"delete", []string{"doctl"}, [][]string{{"*", "delete"}, {"*", "*", "delete"}, {"*", "*", "*", "delete"}, {"*", "rm"}, {"*", "*", "rm"}},
		model.TierUnrecoverable, "deletes the DigitalOcean resource (a droplet, database, volume, cluster, app ...): nothing is kept beyond backups and snapshots taken before"},
	{"read", []string{"doctl"}, [][]string{{"*", "list"}, {"*", "*", "list"}, {"*", "get"}, {"*", "*", "get"}, {"*", "ls"}, {"*", "*", "ls"}, {"account"},
		{"auth"}, {"version"}}, model.TierReversible, platformRead},

	{"storage-delete", []string{"wrangler"}, [][]string{{"kv", "namespace", "delete"}, {"kv:namespace", "delete"}, {"kv", "key", "delete"}, {"kv:key", "delete"},
		{"kv", "bulk", "delete"}, {"kv:bulk", "delete"}, {"d1", "delete"}, {"r2", "bucket", "delete"}, {"r2", "object", "delete"}, {"queues", "delete"},
		{"vectorize", "delete"}}, model.TierUnrecoverable, "deletes stored data (a KV namespace or keys, a D1 database, an R2 bucket or object, a queue)"},
	{"secret-delete", []string{"wrangler"}, [][]string{{"secret", "delete"}}, model.TierRecoverableFromBackup, keptElsewhere},
	{"delete", []string{"wrangler"}, [][]string{{"delete"}}, model.TierRecoverableWithEffort, "deletes the Worker until the next deploy from source"},
	{"read", []string{"wrangler"}, [][]string{{"whoami"}, {"tail"}, {"dev"}, {"kv", "key", "list"}, {"kv:key", "list"}, {"kv", "namespace", "list"}, {"d1", "list"},
		{"r2", "bucket", "list"}, {"types"}, {"login"}, {"versions", "list"}, {"deployments", "list"}}, model.TierReversible, platformRead},

	{"delete", []string{"stripe"}, [][]string{{"delete"}, {"*", "delete"}}, model.TierUnrecoverable,
		"deletes the Stripe object (a customer, product, price, webhook endpoint ...): Stripe does not restore deleted objects"},
	{"cancel", []string{"stripe"}, [][]string{{"*", "cancel"}, {"refunds", "create"}}, model.TierUnrecoverable,
		"cancels a subscription or payment, or refunds one: a canceled subscription cannot be resumed and money refunded is gone"},
	{"write", []string{"stripe"}, [][]string{{"post"}, {"*", "create"}, {"*", "update"}, {"trigger"}}, model.TierRecoverableWithEffort,
		"creates or changes Stripe objects (in live mode, real customers and charges)"},
	{"read", []string{"stripe"}, [][]string{{"listen"}, {"logs", "tail"}, {"*", "list"}, {"*", "retrieve"}, {"get"}, {"login"}, {"version"}},
		model.TierReversible, platformRead},

	{"destroy", []string{"vault"}, [][]string{{"kv", "destroy"}, {"kv", "metadata", "delete"}, {"secrets", "disable"}}, model.TierUnrecoverable,
		"destroys secret versions, every version of a secret, or a whole secrets engine with every secret in it"},
	{"delete", []string{"vault"}, [][]string{{"kv", "delete"}, {"delete"}}, model.TierNeedsReview,
		"deletes at the path: on a KV version 2 mount vault kv undelete restores it, on version 1 or another engine it is gone, and which the mount is, is not in the input"},
	{"config-delete", []string{"vault"}, [][]string{{"policy", "delete"}, {"auth", "disable"}}, model.TierUnrecoverable,
		"deletes a policy, or an auth method with its roles and configuration and every token it issued: Vault keeps no copy, and clients are locked out"},
	{"revoke", []string{"vault"}, [][]string{{"token", "revoke"}, {"lease", "revoke"}, {"operator", "seal"}}, model.TierRecoverableWithEffort,
		"revokes tokens or leases, or seals Vault: clients lose access until they log in again or Vault is unsealed"},
	{"write", []string{"vault"}, [][]string{{"kv", "put"}, {"kv", "patch"}, {"kv", "rollback"}, {"write"}}, model.TierRecoverableWithEffort,
		"writes secrets or configuration (KV version 2 keeps the old versions)"},
	{"read", []string{"vault"}, [][]string{{"kv", "get"}, {"kv", "list"}, {"read"}, {"list"}, {"status"}, {"login"}, {"token", "lookup"}, {"secrets", "list"},
		{"auth", "list"}, {"policy", "read"}, {"policy", "list"}, {"version"}}, model.TierReversible, platformRead},

	{"kv-delete", []string{"consul"}, [][]string{{"kv", "delete"}, {"snapshot", "restore"}}, model.TierUnrecoverable,
		"deletes keys (with -recurse, every key under the prefix), or replaces the whole state with a snapshot's: Consul keeps no versions"},
	{"kv-put", []string{"consul"}, [][]string{{"kv", "put"}, {"kv", "import"}}, model.TierRecoverableFromBackup,
		"writes keys, replacing their values: Consul keeps no versions, so the old values come back only from a snapshot"},
	{"deregister", []string{"consul"}, [][]string{{"services", "deregister"}, {"leave"}, {"force-leave"}}, model.TierRecoverableWithEffort,
		"deregisters services or takes an agent out of the cluster until it registers or joins again"},
	{"read", []string{"consul"}, [][]string{{"kv", "get"}, {"kv", "export"}, {"members"}, {"catalog"}, {"info"}, {"monitor"}, {"version"}, {"snapshot", "save"}},
		model.TierReversible, platformRead},

	{"del", []string{"etcdctl"}, [][]string{{"del"}}, model.TierUnrecoverable,
		"deletes keys (with --prefix every key under it; --prefix '' is the whole store, Kubernetes' included): old values survive only in history not yet compacted"},
	{"put", []string{"etcdctl"}, [][]string{{"put"}, {"txn"}, {"member", "remove"}}, model.TierRecoverableWithEffort,
		"writes keys (their old values stay in history until it is compacted) or removes a cluster member"},
	{"read", []string{"etcdctl"}, [][]string{{"get"}, {"watch"}, {"endpoint"}, {"member", "list"}, {"version"}, {"snapshot", "save"}, {"alarm", "list"}},
		model.TierReversible, platformRead},

	{"delete", []string{"influx"}, [][]string{{"delete"}, {"bucket", "delete"}, {"org", "delete"}}, model.TierUnrecoverable,
		"deletes data points, or a bucket or organization with all its data"},
	{"write", []string{"influx"}, [][]string{{"write"}}, model.TierRecoverableWithEffort, "writes data points, replacing any with the same series and time"},
	{"read", []string{"influx"}, [][]string{{"query"}, {"bucket", "list"}, {"org", "list"}, {"ping"}, {"version"}}, model.TierReversible, platformRead},

	{"delete", []string{"rabbitmqctl"}, [][]string{{"reset"}, {"force_reset"}, {"delete_vhost"}, {"delete_queue"}, {"purge_queue"}}, model.TierUnrecoverable,
		"deletes messages with their queues: reset returns the node to a blank state (every queue, message, user and virtual host on it), delete_vhost takes every queue of the host, purge_queue empties a queue"},
	{"access", []string{"rabbitmqctl"}, [][]string{{"delete_user"}, {"clear_permissions"}, {"forget_cluster_node"}}, model.TierNeedsReview,
		"deletes a user (its password and tags with it) or their permissions, or removes a node from the cluster: the clients that use them are locked out until someone sets them up again, and which clients those are is not in the input"},
	{"stop", []string{"rabbitmqctl"}, [][]string{{"stop_app"}, {"stop"}}, model.TierRecoverableWithEffort,
		"stops the broker: clients are cut off until it is started again (durable queues and persistent messages survive)"},
	{"read", []string{"rabbitmqctl"}, [][]string{{"list_queues"}, {"list_users"}, {"list_vhosts"}, {"list_exchanges"}, {"list_bindings"}, {"list_connections"},
		{"list_permissions"}, {"status"}, {"cluster_status"}, {"environment"}, {"report"}}, model.TierReversible, platformRead},
	{"delete", []string{"rabbitmqadmin"}, [][]string{{"delete", "queue"}, {"purge", "queue"}, {"delete", "vhost"}}, model.TierUnrecoverable,
		"deletes or empties a queue, or a virtual host with every queue in it: the messages are gone"},
	{"delete-config", []string{"rabbitmqadmin"}, [][]string{{"delete", "exchange"}, {"delete", "binding"}, {"delete", "user"}, {"delete", "permission"}, {"delete", "policy"}},
		model.TierNeedsReview, "deletes an exchange (with its bindings), a binding, user, permission or policy: messages published meanwhile are dropped, or clients are locked out, until someone declares it again, and who depends on it is not in the input"},
	{"read", []string{"rabbitmqadmin"}, [][]string{{"list"}, {"show"}}, model.TierReversible, platformRead},

	{"delete", []string{"nats"}, [][]string{{"stream", "rm"}, {"stream", "delete"}, {"stream", "purge"}, {"str", "rm"}, {"str", "purge"}, {"kv", "rm"}, {"kv", "purge"},
		{"object", "rm"}, {"object", "del"}, {"obj", "rm"}, {"obj", "del"}}, model.TierUnrecoverable,
		"deletes or purges a JetStream stream, key-value bucket or object store, or a key with its whole history: the messages are gone"},
	{"key-delete", []string{"nats"}, [][]string{{"kv", "del"}, {"kv", "delete"}, {"stream", "rmm"}}, model.TierNeedsReview,
		"deletes a key or a message: which earlier values survive depends on the bucket's history setting, which the input does not show"},
	{"consumer-delete", []string{"nats"}, [][]string{{"consumer", "rm"}, {"consumer", "delete"}, {"con", "rm"}}, model.TierNeedsReview,
		"deletes a durable consumer with its acknowledgements and position in the stream: created again, it starts where its deliver policy says, so its readers skip or reprocess messages"},
	{"read", []string{"nats"}, [][]string{{"stream", "ls"}, {"stream", "info"}, {"kv", "get"}, {"kv", "ls"}, {"kv", "history"}, {"consumer", "ls"},
		{"consumer", "info"}, {"server", "check"}, {"sub"}}, model.TierReversible, platformRead},

	{"repurpose", []string{"elasticsearch-node"}, [][]string{{"repurpose"}}, model.TierUnrecoverable,
		"deletes the shard data left on a node whose data role was removed (and the index metadata of one with no master role either): that data is gone"},
	{"unsafe", []string{"elasticsearch-node"}, [][]string{{"unsafe-bootstrap"}, {"detach-cluster"}, {"override-version"}, {"remove-settings"}, {"remove-customs"}},
		model.TierNeedsReview, "rewrites a stopped node's cluster metadata by hand (a new cluster formed from this node's, the node detached from its cluster): Elastic warns this can lose data arbitrarily, and whether this node's metadata is the latest is not in the input"},
}

// platformRows are the rows of platformCommands, after those of the
// platforms' SQL shells, whose statements evaluator/shell reads from
// their flags (wrangler d1 execute --command, heroku pg:psql -c) for the
// sql rows to judge one by one.
func platformRows() []rules.Rule {
	const runsFile, runsSQL = "runs SQL from a file that the input does not show", "runs SQL on a hosted database; each statement is judged on its own"
	out := []rules.Rule{
		row("wrangler.d1-execute-file", "wrangler", rules.All(rules.Sub("d1", "execute"), rules.Flag("file")), model.TierNeedsReview, runsFile),
		row("wrangler.d1-execute", "wrangler", rules.Sub("d1", "execute"), model.TierReversible, runsSQL),
		row("heroku.pg-psql-file", "heroku", rules.All(rules.Sub("pg:psql"), rules.Flag("f", "file")), model.TierNeedsReview, runsFile),
		row("heroku.pg-psql", "heroku", rules.Sub("pg:psql"), model.TierReversible, runsSQL),
		row("turso.db-destroy", "turso", rules.Any(rules.Sub("db", "destroy"), rules.Sub("group", "destroy")), model.TierUnrecoverable,
			"deletes the database, or a group with every database in it"),
		row("turso.db-shell", "turso", rules.Sub("db", "shell"), model.TierReversible, runsSQL),
		row("vault.revoke-prefix", "vault", rules.All(rules.Sub("lease", "revoke"), rules.Flag("prefix", "force")), model.TierNeedsReview,
			"revokes every lease under the prefix: the dynamic credentials are deleted at their backends, and which applications use them is not in the input"),
	}
	out = append(out,
		// Data and model versioning: DVC's cache and remote, MLflow's runs.
		row("dvc.gc.cloud", "dvc", rules.All(rules.Sub("gc"), rules.Flag("c", "cloud")), model.TierUnrecoverable,
			"dvc gc --cloud deletes from the remote storage every cached version the kept workspace or commits do not use: those data versions are gone"),
		row("dvc.gc", "dvc", rules.Sub("gc"), model.TierRecoverableFromBackup,
			"dvc gc deletes the cached versions the workspace (or the given commits) do not use: they come back only from a remote that still has them"),
		row("dvc.destroy", "dvc", rules.Sub("destroy"), model.TierNeedsReview,
			"dvc destroy removes DVC from the project with its cache: files the workspace links into the cache lose their data, and cached versions not pushed to a remote are gone"),
		row("mlflow.gc", "mlflow", rules.Sub("gc"), model.TierUnrecoverable,
			"mlflow gc permanently deletes the runs and experiments already marked deleted, with their artifacts"),
	)
	out = append(out, kafkaRows()...)
	for _, c := range platformCommands {
		subs := make([]rules.Cond, len(c.subs))
		for i, words := range c.subs {
			subs[i] = rules.Sub(words...)
		}
		for _, p := range c.programs {
			out = append(out, row(p+"."+c.id, p, rules.Any(subs...), c.tier, c.reason))
		}
	}
	return out
}

// kafkaRows judge Kafka's admin scripts, which take their action as a flag
// (kafka-topics --delete), under both of their names.
func kafkaRows() []rules.Rule {
	var out []rules.Rule
	for _, sh := range []string{"", ".sh"} {
		topics, records, groups, configs := "kafka-topics"+sh, "kafka-delete-records"+sh, "kafka-consumer-groups"+sh, "kafka-configs"+sh
		out = append(out,
			row(topics+".delete", topics, rules.Flag("delete"), model.TierUnrecoverable,
				"deletes topics with every message in them (a --topic pattern can match many)"),
			row(topics+".alter", topics, rules.Flag("alter"), model.TierRecoverableWithEffort,
				"changes a topic's partitions or settings: partitions can be added, never removed, and keys map to partitions anew"),
			row(topics+".read", topics, rules.Flag("list", "describe", "version"), model.TierReversible, platformRead),
			row(records+".delete", records, rules.Not(rules.Flag("help", "version")), model.TierUnrecoverable,
				"deletes every message of the partitions before the given offsets"),
			row(groups+".change", groups, rules.Any(rules.All(rules.Flag("reset-offsets"), rules.Flag("execute")), rules.Flag("delete", "delete-offsets")),
				model.TierNeedsReview, "moves or deletes consumer groups' committed offsets: the consumers skip or reprocess messages (which, depends on their auto.offset.reset, not in the input), and the old offsets come back only if they were exported first"),
			row(groups+".read", groups, rules.Not(rules.Flag("execute", "delete", "delete-offsets")), model.TierReversible,
				"lists or describes consumer groups, or shows what an offset reset would do without --execute; nothing is changed"),
			row(configs+".retention", configs, rules.All(rules.Flag("alter"), retentionConfig()), model.TierNeedsReview,
				"changes how long a topic keeps messages: a shorter retention (or compaction) deletes older messages at the broker's next cleanup, and the current setting is not in the input"),
		)
	}
	return out
}

// retentionConfig holds when kafka-configs adds or deletes a setting that
// decides how long messages are kept.
func retentionConfig() rules.Cond {
	return rules.Func("a retention or cleanup setting changes", func(f rules.Facts) rules.Result {
		for _, name := range []string{"add-config", "delete-config"} {
			v, ok := rules.FlagValue(f.M.Command, name)
			if ok && (strings.Contains(v, "retention.") || strings.Contains(v, "cleanup.policy")) {
				return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: name, Value: v, Present: true}}}
			}
		}
		return rules.Result{Truth: rules.False}
	})
}
