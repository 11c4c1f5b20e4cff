package classifier

import (
	"slices"
	"strings"
	"sync"
)

// Category is what the classifier takes an unknown resource type (or a
// tool's resource words) to be.
type Category string

// The categories. The first seven hold data: deleting one loses what is in
// it unless something outside the plan kept a copy.
const (
	Database      Category = "database"
	ObjectStorage Category = "object-storage"
	BlockStorage  Category = "block-storage"
	Backup        Category = "backup"
	KeyMaterial   Category = "key-material"
	Secret        Category = "secret"
	Messaging     Category = "messaging"
	Identity      Category = "identity"
	Network       Category = "network"
	Compute       Category = "compute"
	Config        Category = "config"
	Observability Category = "observability"
	Container     Category = "container"
	Unclassified  Category = "unclassified"
)

// categories lists every category, data-bearing first.
var categories = []Category{Database, ObjectStorage, BlockStorage, Backup, KeyMaterial, Secret, Messaging,
	Identity, Network, Compute, Config, Observability, Container, Unclassified}

// DataBearing reports whether deleting something of category c loses data.
func (c Category) DataBearing() bool {
	switch c {
	case Database, ObjectStorage, BlockStorage, Backup, KeyMaterial, Secret, Messaging:
		return true
	}
	return false
}

// sense is one meaning of a word in a type name: its category, and the
// words that must come just before it for this meaning ("ssh" before
// "key"). A sense with no before words is the word's default meaning.
type sense struct {
	cat    Category
	before []string
}

// s builds a sense.
func s(c Category, before ...string) sense { return sense{cat: c, before: before} }

// vocabulary maps the words of resource type names to their senses, most
// specific first. Matching is on whole words of the name split at '_',
// '-' and '.', so "disk" does not match "diskless".
var vocabulary = sync.OnceValue(func() map[string][]sense {
	return map[string][]sense{
		// Databases and caches.
		"database": {s(Database)}, "databases": {s(Database)}, "db": {s(Database)}, "sql": {s(Database)}, "mysql": {s(Database)},
		"postgres": {s(Database)}, "postgresql": {s(Database)}, "mariadb": {s(Database)}, "mongodb": {s(Database)}, "mongo": {s(Database)},
		"redis": {s(Database)}, "valkey": {s(Database)}, "memcached": {s(Database)}, "cache": {s(Config, "domain", "cdn"), s(Database)}, "table": {s(Network, "route", "routing", "nat"), s(Database)},
		"keyspace": {s(Database)}, "schema": {s(Config, "kafka", "user", "group", "registry", "avro", "event"), s(Database)}, "collection": {s(Database)}, "cassandra": {s(Database)}, "ledger": {s(Database)},
		"elasticsearch": {s(Database)}, "opensearch": {s(Database)}, "clickhouse": {s(Database)}, "influxdb": {s(Database)},
		"datastore": {s(Database)}, "dataset": {s(Database)}, "document": {s(Database)}, "graph": {s(Database)}, "kv": {s(Database)},
		"timeseries": {s(Database)}, "index": {s(Database)}, "replica": {s(Database)}, "rds": {s(Database)}, "rdb": {s(Database)}, "kvstore": {s(Database)}, "dbaas": {s(Database)}, "pg": {s(Database)}, "dynamodb": {s(Database)},
		"cosmosdb": {s(Database)}, "hbase": {s(Database)}, "couchbase": {s(Database)}, "couchdb": {s(Database)},
		"neo4j": {s(Database)}, "mssql": {s(Database)}, "sqlserver": {s(Database)}, "oracle": {s(Database)}, "tidb": {s(Database)},
		"cockroachdb": {s(Database)}, "m3db": {s(Database)}, "scylla": {s(Database)}, "scylladb": {s(Database)}, "druid": {s(Database)},
		"ydb": {s(Database)}, "greenplum": {s(Database)}, "gaussdb": {s(Database)}, "polardb": {s(Database)}, "etcd": {s(Database)},
		"nosql": {s(Database)}, "shard": {s(Database)}, "slave": {s(Database)}, "spanner": {s(Database)}, "bigtable": {s(Database)}, "firestore": {s(Database)}, "warehouse": {s(Compute)},
		// Huawei Cloud's family (huaweicloud, opentelekomcloud, flexibleengine,
		// sbercloud, g42cloud) names services by acronym: distributed cache,
		// document database and database middleware.
		"dcs": {s(Database)}, "dds": {s(Database)}, "ddm": {s(Database)},

		// Object and artifact storage.
		"bucket": {s(ObjectStorage)}, "objectstorage": {s(ObjectStorage)}, "object": {s(Observability, "dashboard", "saved"), s(ObjectStorage)}, "blob": {s(ObjectStorage)},
		"storage": {s(BlockStorage, "block", "file"), s(ObjectStorage)}, "registry": {s(ObjectStorage)}, "repository": {s(Backup, "snapshot", "backup"), s(ObjectStorage)}, "repo": {s(ObjectStorage)},
		"artifact": {s(ObjectStorage)}, "archive": {s(ObjectStorage)}, "oss": {s(ObjectStorage)}, "s3": {s(ObjectStorage)},
		"file": {s(ObjectStorage)}, "files": {s(ObjectStorage)}, "package": {s(Network, "bandwidth"), s(ObjectStorage)},

		// Block and file storage.
		"volume": {s(BlockStorage)}, "volumes": {s(BlockStorage)}, "disk": {s(BlockStorage)}, "disks": {s(BlockStorage)},
		"filesystem": {s(BlockStorage)}, "system": {s(BlockStorage, "file")}, "fs": {s(BlockStorage)}, "share": {s(BlockStorage)}, "nfs": {s(BlockStorage)},
		"drive": {s(BlockStorage)}, "vdi": {s(BlockStorage)}, "nas": {s(BlockStorage)}, "block": {s(Network, "ip", "cidr", "address"), s(BlockStorage)}, "lun": {s(BlockStorage)},

		// Backups and recovery points.
		"backup": {s(Config, "auto", "scheduled", "schedule"), s(Backup)}, "backups": {s(Backup)}, "snapshot": {s(Backup)}, "snapshots": {s(Backup)}, "image": {s(ObjectStorage, "registry", "docker", "container"), s(Backup)},
		"recovery": {s(Backup)}, "cdrom": {s(Backup)}, "iso": {s(Backup)}, "restore": {s(Backup)}, "template": {s(Observability, "alarm", "alert", "monitor", "dashboard", "dashify", "observability"), s(Config)},

		// Key material.
		"kms": {s(KeyMaterial)}, "keyring": {s(KeyMaterial)}, "hsm": {s(KeyMaterial)}, "cmk": {s(KeyMaterial)},
		"certificate": {s(KeyMaterial)}, "secretsmanager": {s(Secret)}, "cert": {s(KeyMaterial)}, "ca": {s(KeyMaterial)}, "keystore": {s(KeyMaterial)},
		"key": {s(KeyMaterial, "kms", "crypto", "encryption", "cmk", "master", "signing", "customer", "hsm", "vault", "private", "symmetric", "asymmetric"),
			s(Identity, "ssh", "sftp", "deploy", "public", "login", "gpg", "pgp", "repository", "repo"), s(Config, "category", "tag"), s(Secret)},
		"gpg": {s(KeyMaterial)}, "pgp": {s(KeyMaterial)},
		"sshkey": {s(Identity)}, "keypair": {s(Identity)}, "cmek": {s(KeyMaterial)}, "truststore": {s(KeyMaterial)}, "store": {s(KeyMaterial, "trust")},
		"issuer": {s(Identity, "jwt", "oidc", "token"), s(KeyMaterial)}, "symmetric": {s(KeyMaterial)}, "asymmetric": {s(KeyMaterial)},

		// Secrets.
		"secret": {s(Secret)}, "secrets": {s(Secret)}, "password": {s(Identity, "account", "method", "policy", "rule"), s(Secret)}, "credential": {s(Identity, "identity", "federated"), s(Secret)}, "credentials": {s(Secret)},
		"token": {s(Secret)}, "appcode": {s(Secret)}, "signature": {s(Secret, "apig", "apigw", "api")}, "kubeconfig": {s(Secret)}, "apikey": {s(Secret)}, "passphrase": {s(Secret)}, "vault": {s(KeyMaterial, "kms", "key"), s(Backup, "backup", "recovery", "cbr"), s(Secret)}, "secretstore": {s(Secret)}, "keymanager": {s(Secret)}, "scim": {s(Identity)}, "entitlement": {s(Identity)}, "ssl": {s(KeyMaterial)},

		// Messaging.
		"queue": {s(Messaging)}, "topic": {s(Messaging)}, "stream": {s(Observability, "log"), s(Database, "data", "replication"), s(Messaging)}, "conversation": {s(Messaging)}, "kafka": {s(Messaging)},
		"broker": {s(Messaging)}, "exchange": {s(Messaging)}, "pubsub": {s(Messaging)}, "eventhub": {s(Messaging)}, "channel": {s(Observability, "notification", "alert"), s(Network, "vpc", "apig", "apigw"), s(Messaging)},
		"subscription": {s(Container, "billing", "account"), s(Messaging)}, "mq": {s(Messaging)}, "sqs": {s(Messaging)}, "sns": {s(Messaging)}, "rocketmq": {s(Messaging)}, "pulsar": {s(Messaging)},
		"nats": {s(Messaging)}, "rabbitmq": {s(Messaging)}, "activemq": {s(Messaging)}, "kinesis": {s(Messaging)},

		// Identity and access.
		"user": {s(Identity)}, "users": {s(Identity)}, "admin": {s(Identity)}, "role": {s(Identity)}, "roles": {s(Identity)}, "iam": {s(Identity)}, "ram": {s(Identity)}, "cam": {s(Identity)}, "collaborator": {s(Identity)}, "usergroup": {s(Identity)}, "ownership": {s(Identity)},
		"binding": {s(Network, "dhcp"), s(Identity)}, "member": {s(Identity)}, "members": {s(Identity)}, "membership": {s(Identity)},
		"permission": {s(Identity)}, "permissions": {s(Identity)}, "grant": {s(Identity)}, "grants": {s(Identity)},
		"principal": {s(Identity)}, "identity": {s(Identity)}, "login": {s(Identity)}, "sso": {s(Identity)}, "ldap": {s(Identity)}, "directory": {s(Identity)}, "saml": {s(Identity)},
		"oidc": {s(Identity)}, "oauth": {s(Identity)}, "oauth2": {s(Identity)}, "jwt": {s(Identity)}, "authorizer": {s(Identity)}, "team": {s(Identity)}, "invitation": {s(Identity)}, "invite": {s(Identity)},
		"authorization": {s(Identity)}, "authentication": {s(Identity)}, "auth": {s(Identity)}, "access": {s(Identity)},
		"assignment": {s(Identity)}, "client": {s(Identity)}, "idp": {s(Identity)}, "mfa": {s(Identity)}, "factor": {s(Identity)},
		"privileges": {s(Identity)}, "privilege": {s(Identity)}, "registration": {s(Identity)}, "pair": {s(Identity, "key")},
		"acl": {s(Network, "network", "lb", "slb", "alb", "elb", "nlb", "vpc", "subnet", "firewall", "waf", "ip", "rdb", "db", "database"), s(Identity)},
		"policy": {s(Observability, "alert", "escalation", "notification"), s(Config, "backup", "snapshot", "lifecycle", "retention", "scaling", "autoscaling", "placement",
			"routing", "resource", "storage", "cache", "origin", "response", "compression", "sampling", "tag", "maintenance"),
			s(Network, "firewall", "security", "network", "waf", "dns"), s(Identity)},
		"group": {s(Identity, "org", "organization", "user", "team"), s(Container, "resource"), s(Network, "security", "sec", "target", "network", "firewall", "control"),
			s(Compute, "node", "instance", "autoscaling", "scaling", "as", "server", "placement", "worker", "scale", "isolation"),
			s(Config, "parameter", "option", "subnet", "endpoint"), s(Observability, "log"), s(Database, "replication"),
			s(Messaging, "consumer"), s(Identity)},

		// Network.
		"network": {s(Container, "ipv4", "ipv6", "ipam"), s(Network)}, "networks": {s(Network)}, "vpc": {s(Network)}, "vnet": {s(Network)}, "subnet": {s(Network)},
		"subnetwork": {s(Network)}, "firewall": {s(Network)}, "fw": {s(Network)}, "vcn": {s(Network)}, "vswitch": {s(Network)}, "switch": {s(Network)},
		"vlan": {s(Network)}, "dhcp": {s(Network)}, "ipsec": {s(Network)}, "lan": {s(Network)}, "floatingip": {s(Network)}, "secgroup": {s(Network)}, "rdns": {s(Network)},
		"nlb": {s(Network)}, "alb": {s(Network)}, "elb": {s(Network)}, "nodebalancer": {s(Network)}, "list": {s(Network, "security", "access", "control", "deny")},
		"egress": {s(Network)}, "mesh": {s(Network)}, "connect": {s(Messaging, "kafka"), s(Network)},
		"mount": {s(Network)}, "route": {s(Network)}, "routes": {s(Network)}, "router": {s(Network)},
		"routing": {s(Network)}, "gateway": {s(Network)}, "nat": {s(Network)}, "vpn": {s(Network)}, "peering": {s(Network)},
		"lb": {s(Network)}, "loadbalancer": {s(Network)}, "balancer": {s(Network)}, "listener": {s(Network)}, "dns": {s(Network)},
		"record": {s(Database, "data"), s(Network)}, "zone": {s(Network)}, "domain": {s(Network)}, "ip": {s(Network)}, "ipv4": {s(Network)},
		"ipv6": {s(Network)}, "address": {s(Network)}, "eip": {s(Network)}, "port": {s(Network)}, "interconnect": {s(Network)},
		"endpoint": {s(Network)}, "cdn": {s(Network)}, "proxy": {s(Network)}, "ingress": {s(Network)},
		"waf": {s(Network)}, "nic": {s(Network)}, "interface": {s(Network)}, "tunnel": {s(Network)}, "bgp": {s(Network)},
		"transit": {s(Network)}, "cidr": {s(Network)}, "prefix": {s(Network)}, "backend": {s(Network)}, "pool": {s(Compute, "node", "worker", "agent", "k8s", "kubernetes", "resource"), s(Config, "connection"), s(Network)},
		"origin": {s(Network)}, "hostname": {s(Network)}, "net": {s(Network)}, "internet": {s(Network)}, "clb": {s(Network)}, "slb": {s(Network)}, "cen": {s(Network)},
		"dnat": {s(Network)}, "ssid": {s(Network)}, "uplink": {s(Network)}, "uplinks": {s(Network)}, "firewalled": {s(Network)}, "snat": {s(Network)}, "vrrp": {s(Network)}, "upstream": {s(Network)}, "anycast": {s(Network)}, "bandwidth": {s(Network)},
		"ipset": {s(Network)}, "ddos": {s(Network)}, "packet": {s(Network)}, "bridge": {s(Network)}, "eni": {s(Network)}, "vip": {s(Network)}, "peer": {s(Network)}, "cfw": {s(Network)}, "apigw": {s(Network)}, "apig": {s(Network)}, "certificate_pack": {s(KeyMaterial)},

		// Compute.
		"instance": {s(Compute)}, "instances": {s(Compute)}, "server": {s(Identity, "auth", "authorization", "resource"), s(Compute)}, "servers": {s(Compute)}, "vm": {s(Compute)},
		"machine": {s(Compute)}, "droplet": {s(Compute)}, "node": {s(Compute)}, "nodepool": {s(Compute)}, "function": {s(Network, "network"), s(Compute)},
		"lambda": {s(Compute)}, "app": {s(Compute)}, "application": {s(Identity, "iam", "azuread", "oauth", "oidc", "saml", "apig", "apigw"), s(Compute)},
		"device": {s(Network, "network"), s(Compute)}, "blockdevice": {s(BlockStorage)}, "pvc": {s(BlockStorage)}, "flink": {s(Compute)}, "spark": {s(Compute)}, "hadoop": {s(Compute)}, "dataproc": {s(Compute)},
		"databricks": {s(Compute)}, "affinity": {s(Compute)}, "worker": {s(Compute)}, "job": {s(Backup, "restore", "export", "backup", "snapshot"), s(Compute)},
		"container": {s(ObjectStorage, "storage", "blob", "objectstorage"), s(Secret, "keymanager"), s(Compute)}, "pod": {s(Compute)}, "task": {s(Backup, "restore", "export", "backup", "snapshot"), s(Compute)}, "host": {s(Compute)},
		"runner": {s(Compute)}, "service": {s(Compute)}, "id": {s(Identity, "service", "external")}, "deployment": {s(Compute)}, "autoscaler": {s(Compute)}, "script": {s(Config, "init", "startup", "boot"), s(Compute)},
		"compute": {s(Compute)}, "scale": {s(Compute, "auto")}, "autoscale": {s(Compute)}, "paas": {s(Compute)}, "hpc": {s(Compute)}, "gpu": {s(Compute)}, "command": {s(Compute)}, "invocation": {s(Compute)},
		"notebook": {s(Compute)}, "jupyterhub": {s(Compute)}, "jupyter": {s(Compute)}, "mlflow": {s(Compute)}, "cron": {s(Compute)}, "udf": {s(Compute)}, "daemon": {s(Compute)}, "agent": {s(Compute)}, "baremetal": {s(Compute)},
		"cluster": {s(Container, "kubernetes", "k8s", "kube", "container", "containerengine", "aks", "eks", "gke", "oke", "lke", "sks", "ske", "cce", "tke", "doks", "rancher2", "nomad",
			"ack", "iks", "nks", "oks", "vks", "cks", "mks"),
			s(Messaging, "kafka"), s(BlockStorage, "datastore"), s(Compute, "ai", "gpu", "hpc"), s(Database)},
		"kubernetes": {s(Container)}, "k8s": {s(Container)}, "kube": {s(Container)},

		// Providers whose resources only compute values in the state
		// (random_id, time_sleep, null_resource): read only when nothing else
		// in the name is.
		"random": {s(Config)}, "time": {s(Config)}, "null": {s(Config)},

		// Configuration.
		"config": {s(Network, "dhcp"), s(Config)}, "configuration": {s(Config)}, "setting": {s(Secret, "secured", "secret", "sensitive"), s(Config)}, "settings": {s(Config)}, "parameter": {s(Config)},
		"option": {s(Network, "dhcp"), s(Config)}, "tag": {s(Config)}, "tags": {s(Config)}, "label": {s(Config)}, "alias": {s(Config)},
		"webhook": {s(Config)}, "hook": {s(Config)}, "rule": {s(Network, "firewall", "security", "sec", "secgroup", "ddos", "filter", "forwarding", "lb", "nat", "acl", "ingress", "egress", "waf"),
			s(Observability, "alert", "alerting", "monitor", "notification"), s(Config)},
		"rules": {s(Network, "firewall", "security", "secgroup", "filter"), s(Config)}, "versioning": {s(Config)}, "quota": {s(Config)},
		"resources": {s(Config)}, "source": {s(Config, "data")}, "ruleset": {s(Observability, "metric", "alert"), s(Config)}, "integration": {s(Config)}, "lifecycle": {s(Config)}, "replication": {s(Config)}, "context": {s(Config)},
		"restriction": {s(Config)}, "protection": {s(Network, "ddos", "eip", "ip", "ips"), s(Config)}, "preferences": {s(Config)}, "query": {s(Config)}, "catalog": {s(Config)},
		"license": {s(Config)}, "configstore": {s(Config)}, "view": {s(Database, "materialized"), s(Observability, "log"), s(Container, "dns", "network"), s(Config)}, "materialized": {s(Database)}, "cfg": {s(Config)}, "dkim": {s(Config)}, "budget": {s(Config)}, "cors": {s(Config)},
		"runbook": {s(Config)}, "process": {s(Config)}, "freeze": {s(Config)}, "feed": {s(Config)},
		"category": {s(Config)}, "window": {s(Config)}, "sla": {s(Config)}, "limit": {s(Config)}, "spec": {s(Config)}, "strategy": {s(Config)},
		"board": {s(Config)}, "banner": {s(Config)}, "field": {s(Config)}, "segment": {s(Network, "network"), s(Compute, "isolation"), s(Config)},
		"qualitygate": {s(Config)}, "buildpack": {s(Config)}, "ignition": {s(Config)}, "cloudinit": {s(Config)}, "badge": {s(Config)}, "reply": {s(Config)}, "appearance": {s(Config)}, "compliance": {s(Config)},
		"framework": {s(Config)}, "requirement": {s(Config)}, "data": {s(Config, "user")}, "workflow": {s(Config)}, "connector": {s(Config)}, "orchestration": {s(Config)},
		"brand": {s(Config)}, "branding": {s(Config)}, "pipeline": {s(Config)}, "trigger": {s(Config)},
		"variable": {s(Config)}, "variables": {s(Config)}, "flag": {s(Config)}, "feature": {s(Config)}, "attachment": {s(Config)},
		"association": {s(Config)}, "mapping": {s(Config)}, "plan": {s(Config)}, "page": {s(Config)},
		"pagerule": {s(Config)}, "schedule": {s(Observability, "oncall", "on", "escalation"), s(Config)}, "environment": {s(Config)},
		"env": {s(Config)}, "build": {s(Config)}, "definition": {s(Config)}, "profile": {s(Config)}, "preference": {s(Config)},
		"customization": {s(Config)}, "addon": {s(Config)}, "configmap": {s(Config)}, "bootstrap": {s(Config)}, "storageclass": {s(Config)},
		"status": {s(Config)}, "scheduler": {s(Observability, "alert", "oncall", "escalation"), s(Config)}, "set": {s(Database, "data"), s(Config)}, "text": {s(Config)}, "texts": {s(Config)}, "filter": {s(Network, "traffic", "packet", "ip"), s(Config)}, "response": {s(Config)}, "extension": {s(Config)}, "plugin": {s(Config)}, "route53": {s(Network)},

		// Observability.
		"log": {s(Observability)}, "logs": {s(Observability)}, "logging": {s(Observability)}, "metric": {s(Observability)},
		"metrics": {s(Observability)}, "monitor": {s(Network, "lb", "health"), s(Observability)}, "monitoring": {s(Observability)}, "alert": {s(Observability)},
		"alerting": {s(Observability)}, "alarm": {s(Observability)}, "dashboard": {s(Observability)}, "trace": {s(Observability)},
		"tracing": {s(Observability)}, "audit": {s(Observability)}, "auditing": {s(Observability)}, "trail": {s(Observability)}, "sink": {s(Observability)},
		"uptime": {s(Observability)}, "synthetics": {s(Observability)}, "synthetic": {s(Observability)}, "slo": {s(Observability)},
		"apm": {s(Observability)}, "incident": {s(Observability)}, "escalation": {s(Observability)}, "check": {s(Observability)},
		"healthcheck": {s(Observability)}, "notification": {s(Observability)}, "oncall": {s(Observability)}, "downtime": {s(Observability)},
		"muting": {s(Observability)}, "heartbeat": {s(Observability)}, "collector": {s(Observability)}, "grafana": {s(Observability)}, "prometheus": {s(Observability)},
		"loki": {s(Observability)}, "kibana": {s(Observability)}, "drain": {s(Observability)}, "annotation": {s(Observability)},
		"panel": {s(Observability)}, "chart": {s(Config, "helm"), s(Observability)}, "observability": {s(Observability)}, "telemetry": {s(Observability)}, "tracker": {s(Observability, "cts", "trail", "event")}, "snmp": {s(Observability)}, "netflow": {s(Observability)}, "forwarder": {s(Observability)}, "recipient": {s(Observability)}, "detector": {s(Observability)},
		"anomaly": {s(Observability)}, "correlation": {s(Observability)}, "report": {s(Observability, "event")},
		// Huawei Cloud's family: Cloud Eye, Cloud Trace, Log Tank and
		// Application Operations Management.
		"ces": {s(Observability)}, "cts": {s(Observability)}, "lts": {s(Observability)}, "aom": {s(Observability)},

		// Containers and groupings.
		"project": {s(Observability, "log", "logging"), s(Container)}, "projects": {s(Container)}, "folder": {s(Container)}, "account": {s(Identity, "service", "user", "acme", "db", "database", "iam", "sql", "mysql", "rds", "postgresql", "postgres", "mongodb", "redis", "mariadb", "robot", "cdb"), s(Container)},
		"organization": {s(Container)}, "portfolio": {s(Container)}, "org": {s(Container)}, "namespace": {s(ObjectStorage, "registry", "cr", "tcr"), s(Container)}, "workspace": {s(Container)},
		"space": {s(Network, "ip", "address"), s(Container)}, "tenant": {s(Container)}, "tenancy": {s(Container)}, "compartment": {s(Container)},
		"stack": {s(Container)}, "resourcegroup": {s(Container)}, "vdc": {s(Container)}, "datacenter": {s(Container)},
		"realm": {s(Container)}, "vhost": {s(Container)}, "cloud": {s(Container)}, "unit": {s(Container)},
	}
})

// generic are head words that name a role more than a kind ("the
// instance of a database", "the account of a storage service"): when the
// phrase before them names a kind, that kind decides.
var generic = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"instance": true, "instances": true, "cluster": true, "server": true, "servers": true,
		"service": true, "account": true, "node": true, "pool": true, "deployment": true, "group": true, "app": true,
		"application": true, "datastore": true, "unit": true, "set": true}
})

// links are head words that name a relation or a part of the thing before
// them: the category of the phrase before them picks theirs (the key ""
// is the phrase with no category). An attachment of a role policy is
// identity, an attachment of a floating IP is configuration; a member of a
// load-balancer pool is network, a member of a group identity; a version
// of a secret is a secret.
var links = sync.OnceValue(func() map[string]map[Category]Category {
	return map[string]map[Category]Category{
		"attachment":   {Identity: Identity, "": Config},
		"attachments":  {Identity: Identity, "": Config},
		"detachment":   {Identity: Identity, "": Config},
		"association":  {Identity: Identity, "": Config},
		"connection":   {Network: Network, "": Config},
		"conn":         {Network: Network, "": Config},
		"assignment":   {Identity: Identity, "": Config},
		"attach":       {Identity: Identity, "": Config},
		"associate":    {Identity: Identity, "": Config},
		"registration": {Identity: Identity, Network: Network, "": Config},
		"sync":         {Identity: Identity, "": Config},
		"mapping":      {Identity: Identity, Network: Network, "": Config},
		"map":          {Identity: Identity, Network: Network, "": Config},
		"provider":     {Identity: Identity, Observability: Observability, "": Config},
		"rule":         {Network: Network, Identity: Identity, Observability: Observability, "": Config},
		"rules":        {Network: Network, Identity: Identity, Observability: Observability, "": Config},
		"member":       {Network: Network, "": Identity},
		"members":      {Network: Network, "": Identity},
		"membership":   {Network: Network, "": Identity},
		"policy": {Identity: Identity, ObjectStorage: Identity, Secret: Identity, KeyMaterial: Identity, Database: Identity,
			Network: Network, Observability: Observability, "": Config},
		"target": {Identity: Identity, "": Network},
		// The attributes of anything are its settings; a link of a named thing
		// to another is an association (of an identity, identity), a bare link
		// a network link; the configuration of a sign-on is identity.
		"attributes": {"": Config},
		"attribute":  {"": Config},
		"link": {Network: Config, Compute: Config, BlockStorage: Config, ObjectStorage: Config, Database: Config, Identity: Identity,
			Backup: Config, Container: Config, Observability: Config, "": Network},
		"config":        {Identity: Identity, Observability: Observability, "": Config},
		"configuration": {Identity: Identity, Observability: Observability, "": Config},
		"version":       {Secret: Secret, KeyMaterial: KeyMaterial, Backup: Backup, ObjectStorage: ObjectStorage, Identity: Identity, Compute: Compute, "": Config},
	}
})

// vendorDomains are providers whose every resource belongs to one domain:
// an unknown or compute-sounding type of an incident-management vendor
// (pagerduty_business_service) is observability, of an identity vendor
// (okta_resource_set) identity. A category read this way comes from the
// provider, not the name's head, so it never earns more than LOW
// confidence; and it never replaces a data-bearing or container category.
var vendorDomains = sync.OnceValue(func() map[string]Category {
	return map[string]Category{
		"pagerduty": Observability, "opsgenie": Observability, "newrelic": Observability, "datadog": Observability,
		"grafana": Observability, "sumologic": Observability, "splunk": Observability, "sentry": Observability,
		"honeycombio": Observability, "dynatrace": Observability, "signalfx": Observability, "lightstep": Observability,
		"logzio": Observability, "victorops": Observability, "statuspage": Observability, "checkly": Observability,
		"betteruptime": Observability, "uptimerobot": Observability, "pingdom": Observability, "wavefront": Observability,
		"coralogix": Observability, "chronosphere": Observability, "axiom": Observability, "mezmo": Observability,
		"logdna": Observability, "rollbar": Observability, "bugsnag": Observability, "incident": Observability,
		"firehydrant": Observability, "rootly": Observability, "squadcast": Observability, "cronitor": Observability,
		"healthchecksio": Observability, "site24x7": Observability, "appdynamics": Observability, "instana": Observability,
		"thousandeyes": Observability, "catchpoint": Observability, "icinga": Observability, "zabbix": Observability,
		"okta": Identity, "auth0": Identity, "azuread": Identity, "keycloak": Identity, "onelogin": Identity,
		"jumpcloud": Identity, "authentik": Identity, "zitadel": Identity, "descope": Identity, "fusionauth": Identity,
		"logto": Identity, "pingone": Identity, "freeipa": Identity, "ldap": Identity, "oktaasa": Identity,
		// Database services: their services, clusters and instances hold data.
		"cockroach": Database, "clickhouse": Database, "couchbase": Database, "ybm": Database, "astra": Database,
		"neon": Database, "planetscale": Database, "supabase": Database, "timescale": Database,
		"singlestoredb": Database, "turso": Database, "xata": Database, "tidbcloud": Database,
		"elasticsearch": Database, "opensearch": Database, "pinecone": Database, "upstash": Database,
		// Secret managers.
		"akeyless": Secret, "infisical": Secret, "doppler": Secret, "onepassword": Secret, "bitwarden": Secret,
		"conjur": Secret, "secrethub": Secret, "passbolt": Secret,
		// Networks and DNS.
		"twingate": Network, "zerotier": Network, "tailscale": Network, "netbird": Network, "ns1": Network,
		"dnsimple": Network, "gandi": Network, "porkbun": Network, "namecheap": Network, "powerdns": Network,
		"infoblox": Network, "ultradns": Network, "constellix": Network, "nsxt": Network, "panos": Network,
		// Message brokers.
		"cloudamqp": Messaging, "confluent": Messaging, "redpanda": Messaging, "ably": Messaging, "pusher": Messaging,
	}
})

// byVendor replaces a category read from the name with the provider's
// domain when the name said nothing or only named a generic kind of
// thing: compute (service, app, instance; at a data, secret, network or
// messaging vendor only the generic heads) and, at an identity vendor,
// configuration read before the name's head (okta_policy_signon, a
// sign-on policy). Configuration read at the head of an identity vendor's
// name stays configuration: its texts, settings, features and labels
// (zitadel_login_texts, zitadel_default_oidc_settings) hold no identity,
// and the provider's defaults apply until an apply restores them.
func byVendor(provider string, cat Category, word string, head bool) (Category, bool) {
	dom, ok := vendorDomains()[provider]
	switch {
	case !ok || cat == dom:
		return cat, false
	case cat == Unclassified || dom == Identity && cat == Config && !head:
		return dom, true
	case cat == Compute && (dom == Observability || dom == Identity || products[word]):
		// A data vendor's service, cluster or instance is its product; its
		// functions, jobs, apps and nodes are compute.
		return dom, true
	}
	return cat, false
}

// products are the generic heads that name a vendor's product itself.
var products = map[string]bool{"service": true, "services": true, "cluster": true, "instance": true, "instances": true,
	"server": true, "servers": true, "deployment": true}

// skip are words that say nothing about the kind: version suffixes.
var skip = map[string]bool{"v1": true, "v2": true, "v3": true, "v4": true, "beta": true, "alpha": true}

// Categorize returns the category a resource type name suggests, the
// word that decided it, and whether the category was read at the name's
// head (its last meaningful word, possibly through the phrase it
// qualifies): a category read there is more reliable than one read from
// an earlier word. The first word of a multi-word name is the provider
// and only counts when nothing else does.
func Categorize(typ string) (cat Category, word string, head bool) {
	words := strings.FieldsFunc(strings.ToLower(typ), func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	for len(words) > 0 && skip[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return Unclassified, "", false
	}
	lo := 1
	if len(words) == 1 {
		lo = 0
	}
	words = splitCompounds(words, lo)
	c, w, at := phrase(words, lo, withoutTarget(words, lo))
	if lead, ok := leadingKinds[words[lo]]; ok && lo < len(words)-1 && !iamGrant(words) {
		c, w, at = lead, words[lo], len(words)-1
	}
	if c == "" {
		c, w, at = Unclassified, "", -1
		if pc, _, ok := senseOf(words[0], ""); ok {
			c, w = pc, words[0]
		}
	}
	if lo == 1 {
		if dc, ok := byVendor(words[0], c, w, at == len(words)-1); ok {
			return dc, words[0], false
		}
	}
	return c, w, at == len(words)-1
}

// targets are the systems a resource connects to or acts on, named after
// the kind of thing it is: dynamic_secret_mysql is a secret for MySQL,
// auth_method_k8s a way to sign in from Kubernetes, event_forwarder_slack a
// notification sent to Slack.
var targets = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"aws": true, "azure": true, "gcp": true, "google": true, "github": true, "gitlab": true,
		"bitbucket": true, "k8s": true, "kubernetes": true, "eks": true, "gke": true, "aks": true, "mysql": true,
		"postgresql": true, "postgres": true, "mongodb": true, "mongo": true, "redis": true, "cassandra": true,
		"snowflake": true, "redshift": true, "oracle": true, "mssql": true, "mariadb": true, "elasticsearch": true,
		"opensearch": true, "splunk": true, "datadog": true, "sumologic": true, "syslog": true, "logstash": true,
		"slack": true, "teams": true, "email": true, "pagerduty": true, "opsgenie": true, "jira": true, "servicenow": true,
		"ldap": true, "saml": true, "oidc": true, "okta": true, "s3": true, "gcs": true, "artifactory": true,
		"dockerhub": true, "docker": true, "webhook": true, "hashi": true, "hashicorp": true}
})

// targetedKinds are the kinds of thing whose names end in the system they
// target.
var targetedKinds = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"secret": true, "secrets": true, "auth": true, "method": true, "forwarder": true,
		"connection": true, "integration": true, "sync": true, "migration": true, "exporter": true, "export": true,
		"destination": true, "credential": true, "credentials": true, "token": true}
})

// leadingKinds are kinds that lead a name whose other words say what
// they are for: jenkins_credential_ssh, a secret of an SSH key;
// credential_secret_file, a secret held in a file.
var leadingKinds = map[string]Category{"credential": Secret, "credentials": Secret, "secret": Secret, "secrets": Secret}

// iamGrant reports whether a name ends in an IAM grant on the thing it
// names first (secret_manager_secret_iam_binding): who may use the secret,
// identity, not the secret itself.
func iamGrant(words []string) bool {
	n := len(words)
	return n >= 2 && words[n-2] == "iam" && (words[n-1] == "binding" || words[n-1] == "policy" || words[n-1] == "member")
}

// withoutTarget returns where the name's phrase ends once the systems it
// targets are left off its end: only after a kind that names them so.
func withoutTarget(words []string, lo int) int {
	hi := len(words)
	for hi-1 > lo && targets()[words[hi-1]] {
		hi--
	}
	for i := lo; i < hi; i++ {
		if targetedKinds()[words[i]] && hi < len(words) {
			return hi
		}
	}
	return len(words)
}

// splitCompounds reads the words from lo on that no vocabulary knows as a
// plural or a compound of words it does: records is record; apigateway is
// an api gateway, alikafka a kafka, gpdb a db, as English compounds put
// their head last. The unknown part before a known head must be three
// letters or more and the head four (db and mq excepted), so that
// resource, report and diskless stay what they are.
func splitCompounds(words []string, lo int) []string {
	var out []string
	for i, w := range words {
		if i < lo {
			out = append(out, w)
			continue
		}
		out = append(out, compound(w)...)
	}
	return out
}

func compound(w string) []string {
	if known(w) {
		return []string{w}
	}
	if one, ok := strings.CutSuffix(w, "s"); ok && known(one) {
		return []string{one}
	}
	// A product abbreviation with the vendor's initial (krds, ks3, ufs,
	// uk8s) or a version (ccev2) is the abbreviation.
	if len(w) >= 3 && known(w[1:]) && len(w[1:]) >= 2 {
		return []string{w[1:]}
	}
	if i := strings.LastIndexByte(w, 'v'); i >= 2 && i < len(w)-1 && strings.Trim(w[i+1:], "0123456789") == "" && known(w[:i]) {
		return []string{w[:i]}
	}
	// Load balancers are abbreviated by their last letters: blb, appblb.
	if strings.HasSuffix(w, "lb") && len(w) <= 6 {
		return []string{"lb"}
	}
	for cut := 2; cut <= len(w)-2; cut++ {
		modifier, head := w[:cut], w[cut:]
		if !known(head) {
			continue
		}
		if known(modifier) || len(modifier) >= 3 && len(head) >= 4 || head == "db" || head == "mq" {
			return []string{modifier, head}
		}
	}
	return []string{w}
}

func known(w string) bool {
	_, ok := vocabulary()[w]
	return ok || links()[w] != nil
}

// phrase categorizes words[lo:hi] from its last word backwards and returns
// the category, the word that gave it and the index of the word it was
// read at; "" when no word there has a category. Context senses look one
// word further back, even at the provider word.
func phrase(words []string, lo, hi int) (Category, string, int) {
	for i := hi - 1; i >= lo; i-- {
		w, prev := words[i], ""
		if i > 0 {
			prev = words[i-1]
		}
		c, contextual, ok := senseOf(w, prev)
		if ok && contextual {
			return c, w, i
		}
		if by, isLink := links()[w]; isLink {
			pc, _, _ := phrase(words, lo, i)
			if to, ok := by[pc]; ok && pc != "" {
				return to, w, i
			}
			if by[Identity] == Identity && namesPrincipal(words[lo:i]) {
				return Identity, w, i
			}
			return by[""], w, i
		}
		if !ok {
			continue
		}
		if generic()[w] {
			// A generic head takes the kind its phrase names (a database
			// instance), except a vendor's "cloud" product prefix: a cloud
			// instance is an instance.
			if pc, pw, _ := phrase(words, lo, i); pc != "" && pw != "cloud" {
				return pc, pw, i
			}
		}
		return c, w, i
	}
	return "", "", -1
}

// principals are the words that name who is granted something.
var principals = map[string]bool{"user": true, "users": true, "role": true, "roles": true, "principal": true,
	"member": true, "members": true, "team": true}

// namesPrincipal reports whether one of words names a principal: the
// assignment of a user to a project is identity, whatever the project is.
func namesPrincipal(words []string) bool {
	for _, w := range words {
		if principals[w] {
			return true
		}
	}
	return false
}

// senseOf returns the category of word after prev: the first sense whose
// before words include prev (contextual), else the word's default sense.
func senseOf(word, prev string) (cat Category, contextual, ok bool) {
	senses, ok := vocabulary()[word]
	if !ok {
		return "", false, false
	}
	for _, sn := range senses {
		if len(sn.before) > 0 && slices.Contains(sn.before, prev) {
			return sn.cat, true, true
		}
	}
	for _, sn := range senses {
		if len(sn.before) == 0 {
			return sn.cat, false, true
		}
	}
	return "", false, false
}
