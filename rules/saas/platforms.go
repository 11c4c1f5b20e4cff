package saas

import "github.com/recourse-dev/recourse/rules"

// platformRules are the types of application platforms, managed data
// services and the tools around them (Heroku, Vercel, DigitalOcean,
// Terraform Cloud, Confluent, Aiven, Databricks, the PostgreSQL and MySQL
// providers, Elasticsearch, Grafana, Sentry, PagerDuty, New Relic, Okta,
// Auth0, Fastly) whose destroy has one outcome whatever their attributes.
func platformRules() []rules.Rule {
	return rules.PlainRows(
		// Heroku: an app's add-ons are deleted with it, Heroku Postgres
		// and Redis with their data.
		rules.Plain{Type: "heroku_app", ID: "heroku.app", Tier: lost, Confidence: medium,
			Reason: "the app is deleted with its add-ons, a Heroku Postgres or Key-Value Store among them with their data, and its config vars and releases"},
		rules.Plain{Type: "heroku_addon", ID: "heroku.addon", Tier: lost, Confidence: medium,
			Reason: "the add-on is deprovisioned: a Heroku Postgres or Key-Value Store add-on is deleted with its data, and a new one gets new credentials"},

		// Vercel.
		rules.Plain{Type: "vercel_project", ID: "vercel.project", Tier: effort, Confidence: medium,
			Reason: "the project is deleted with its deployments, domains and environment variables: an apply and a deploy from the repository bring the code back, environment variables set outside this configuration are lost"},

		// DigitalOcean.
		rules.Plain{Type: "digitalocean_database_cluster", ID: "digitalocean.database-cluster", Tier: lost, Confidence: medium,
			Reason: "the cluster is deleted with its databases and its automatic backups"},
		rules.Plain{Type: "digitalocean_volume", ID: "digitalocean.volume", Tier: lost,
			Reason: "the volume's data is deleted; only snapshots taken of it survive"},
		rules.Plain{Type: "digitalocean_droplet", ID: "digitalocean.droplet", Tier: lost, Confidence: medium,
			Reason: "the Droplet's disk is deleted and its automatic backups with it; snapshots taken of it survive and can be restored into a new Droplet"},

		// Terraform Cloud / Enterprise.
		rules.Plain{Type: "tfe_workspace", ID: "tfe.workspace", Tier: lost, Confidence: medium,
			Reason: "the workspace is deleted with every state version and run; with force_delete even while it still manages resources, which are left running and unmanaged"},
		rules.Plain{Type: "tfe_organization", ID: "tfe.organization", Tier: lost,
			Reason: "the organization is deleted with every workspace, state version, private module and policy set in it"},

		// Confluent and Aiven.
		rules.Plain{Type: "confluent_kafka_cluster", ID: "confluent.kafka-cluster", Tier: lost,
			Reason: "the cluster is deleted with every topic and the messages in them"},
		rules.Plain{Type: "confluent_kafka_topic", ID: "confluent.kafka-topic", Tier: lost,
			Reason: "the topic's messages are deleted; consumers lose their place, and producers fail until an apply recreates it empty"},
		rules.Plain{Type: "aiven_pg", ID: "aiven.pg", Tier: lost, Confidence: medium,
			Reason: "the PostgreSQL service is deleted with its databases; Aiven's backups of it go with it"},
		rules.Plain{Type: "aiven_kafka_topic", ID: "aiven.kafka-topic", Tier: lost,
			Reason: "the topic's messages are deleted; an apply recreates it empty"},

		// Databricks Unity Catalog: a managed table dropped can be
		// undropped for seven days; a schema or catalog removed with
		// force_destroy takes its tables along.
		rules.Plain{Type: "databricks_catalog", ID: "databricks.catalog", Tier: lost, Confidence: medium,
			Reason: "the catalog is dropped; with force_destroy its schemas and tables go too, and managed tables' data is deleted"},
		rules.Plain{Type: "databricks_schema", ID: "databricks.schema", Tier: lost, Confidence: medium,
			Reason: "the schema is dropped; with force_destroy its tables go too, and managed tables' data is deleted"},
		rules.Plain{Type: "databricks_table", ID: "databricks.table", Tier: fromBackup, Confidence: medium,
			Reason: "a managed table's data is deleted but can be brought back with UNDROP TABLE for seven days; an external table's files stay where they are"},
		rules.Plain{Type: "databricks_cluster", ID: "databricks.cluster", Tier: effort,
			Reason: "the cluster is terminated and deleted; notebooks and tables are not stored on it, and an apply recreates it (running jobs on it fail)"},

		// Databases through their own providers.
		rules.Plain{Type: "postgresql_database", ID: "postgresql.database", Tier: lost,
			Reason: "DROP DATABASE: every table and row in it is deleted; only a backup brings it back"},
		rules.Plain{Type: "postgresql_role", ID: "postgresql.role", Tier: effort, Confidence: medium,
			Reason: "the role is dropped after its objects are reassigned to the provider's user (unless skip_reassign_owned): logins with it fail, and grants given outside this configuration are lost"},
		rules.Plain{Type: "mysql_database", ID: "mysql.database", Tier: lost,
			Reason: "DROP DATABASE: every table and row in it is deleted; only a backup brings it back"},
		rules.Plain{Type: "elasticsearch_index", ID: "elasticsearch.index", Tier: lost,
			Reason: "the index and its documents are deleted; only a snapshot brings them back"},

		// Observability and incident response.
		rules.Plain{Type: "grafana_dashboard", ID: "grafana.dashboard", Tier: effort,
			Reason: "an apply recreates the dashboard from configuration; its version history and edits made in the UI since are lost"},
		rules.Plain{Type: "sentry_project", ID: "sentry.project", Tier: lost,
			Reason: "the project is deleted with its issues and events; a recreated project starts empty with a new DSN"},
		rules.Plain{Type: "pagerduty_service", ID: "pagerduty.service", Tier: effort, Confidence: medium,
			Reason: "the service is deleted with its incidents' history and integrations: alerts sent to its integration keys are dropped until an apply recreates it, with new keys"},
		rules.Plain{Type: "newrelic_alert_policy", ID: "newrelic.alert-policy", Tier: effort,
			Reason: "the policy's conditions stop alerting until an apply recreates them"},

		// Identity and edge.
		rules.Plain{Type: "okta_user", ID: "okta.user", Tier: effort, Confidence: medium,
			Reason: "the user is deactivated and deleted: a recreated user is a new identity, who must enrol again, and app assignments made outside this configuration are lost"},
		rules.Plain{Type: "auth0_client", ID: "auth0.client", Tier: effort,
			Reason: "applications using the client fail to log users in; an apply recreates it with a new client id and secret, which every application must be given"},
		rules.Plain{Type: "fastly_service_vcl", ID: "fastly.service-vcl", Tier: effort,
			Reason: "the service stops serving its domains and its versions are deleted; an apply recreates it from configuration"},
	)
}
