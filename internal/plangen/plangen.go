// Package plangen generates large Terraform plans in the `terraform show
// -json` format for benchmarks and load tests: a realistic mix of
// creates, updates, deletes and replaces over rule-backed and unknown
// types, in nested modules, with sensitive and unknown values.
package plangen

import (
	"encoding/json"
	"fmt"
	"strings"
)

type change struct {
	Actions         []string       `json:"actions"`
	Before          map[string]any `json:"before"`
	After           map[string]any `json:"after"`
	AfterUnknown    map[string]any `json:"after_unknown"`
	BeforeSensitive any            `json:"before_sensitive"`
	AfterSensitive  any            `json:"after_sensitive"`
}

type resourceChange struct {
	Address       string `json:"address"`
	ModuleAddress string `json:"module_address,omitempty"`
	Mode          string `json:"mode"`
	Type          string `json:"type"`
	Name          string `json:"name"`
	Index         int    `json:"index"`
	ProviderName  string `json:"provider_name"`
	Change        change `json:"change"`
}

type plan struct {
	FormatVersion    string           `json:"format_version"`
	TerraformVersion string           `json:"terraform_version"`
	PlannedValues    map[string]any   `json:"planned_values"`
	ResourceChanges  []resourceChange `json:"resource_changes"`
	Configuration    map[string]any   `json:"configuration"`
	Errored          bool             `json:"errored"`
}

// kind is one template of the mix.
type kind struct {
	typ     string
	actions []string
	before  func(i int) map[string]any
	after   func(i int) map[string]any
}

var mix = []kind{
	{"aws_db_instance", []string{"delete"}, func(i int) map[string]any {
		return map[string]any{"identifier": fmt.Sprintf("db-%d", i), "engine": "postgres", "skip_final_snapshot": i%2 == 0,
			"final_snapshot_identifier": fmt.Sprintf("db-%d-final", i), "backup_retention_period": float64(i % 8),
			"delete_automated_backups": true, "deletion_protection": i%5 == 0, "password": "generated-secret", "instance_class": "db.t3.micro",
			"allocated_storage": 20, "tags": map[string]any{"team": "platform", "n": fmt.Sprint(i)}}
	}, nil},
	{"aws_s3_bucket", []string{"create"}, nil, func(i int) map[string]any {
		return map[string]any{"bucket": fmt.Sprintf("bucket-%d", i), "force_destroy": false, "tags": map[string]any{"team": "web"}}
	}},
	{"aws_instance", []string{"update"}, func(i int) map[string]any {
		return map[string]any{"ami": "ami-0abc", "instance_type": "t3.small", "disable_api_termination": false,
			"root_block_device": []any{map[string]any{"delete_on_termination": true, "volume_size": 20}}, "tags": map[string]any{"n": fmt.Sprint(i)}}
	}, func(i int) map[string]any {
		return map[string]any{"ami": "ami-0abc", "instance_type": "t3.medium", "disable_api_termination": false,
			"root_block_device": []any{map[string]any{"delete_on_termination": true, "volume_size": 20}}, "tags": map[string]any{"n": fmt.Sprint(i)}}
	}},
	{"aws_dynamodb_table", []string{"delete", "create"}, func(i int) map[string]any {
		return map[string]any{"name": fmt.Sprintf("table-%d", i), "hash_key": "id", "deletion_protection_enabled": false,
			"point_in_time_recovery": []any{map[string]any{"enabled": i%3 == 0}}}
	}, func(i int) map[string]any {
		return map[string]any{"name": fmt.Sprintf("table-%d-v2", i), "hash_key": "id", "deletion_protection_enabled": false,
			"point_in_time_recovery": []any{map[string]any{"enabled": true}}}
	}},
	{"acme_widget", []string{"delete"}, func(i int) map[string]any {
		return map[string]any{"name": fmt.Sprintf("widget-%d", i), "size": float64(i)}
	}, nil},
	{"aws_kms_key", []string{"no-op"}, func(i int) map[string]any {
		return map[string]any{"description": "key", "deletion_window_in_days": float64(30), "is_enabled": true}
	}, func(i int) map[string]any {
		return map[string]any{"description": "key", "deletion_window_in_days": float64(30), "is_enabled": true}
	}},
}

// Plan returns the JSON of a plan with n resource changes.
func Plan(n int) []byte {
	p := plan{FormatVersion: "1.2", TerraformVersion: "1.9.5",
		PlannedValues: map[string]any{"root_module": map[string]any{}}, Configuration: map[string]any{"root_module": map[string]any{}}}
	p.ResourceChanges = make([]resourceChange, n)
	for i := range p.ResourceChanges {
		k := mix[i%len(mix)]
		module := fmt.Sprintf("module.team%d.module.svc%d", i%7, i%13)
		name := fmt.Sprintf("r%d", i)
		rc := resourceChange{
			Address:       fmt.Sprintf("%s.%s.%s[%d]", module, k.typ, name, i),
			ModuleAddress: module,
			Mode:          "managed",
			Type:          k.typ,
			Name:          name,
			Index:         i,
			ProviderName:  "registry.terraform.io/hashicorp/aws",
			Change:        change{Actions: k.actions, AfterUnknown: map[string]any{}, BeforeSensitive: false, AfterSensitive: false},
		}
		if k.before != nil {
			rc.Change.Before = k.before(i)
			rc.Change.BeforeSensitive = map[string]any{"password": true}
		}
		if k.after != nil {
			rc.Change.After = k.after(i)
			rc.Change.AfterUnknown = map[string]any{"id": true, "arn": true}
			rc.Change.AfterSensitive = map[string]any{}
		}
		p.ResourceChanges[i] = rc
	}
	data, err := json.Marshal(p)
	if err != nil {
		panic(err) // the generator's own types always marshal
	}
	return data
}

// Dependencies builds a plan over n resources in groups of five: a KMS
// key, two volumes encrypted with it, and two instances using them. The
// keys and the first volume of each group are deleted (2 of 5 = 40%).
func Dependencies(n int) []byte {
	var prior, changes []string
	for g := 0; g*5 < n; g++ {
		key := fmt.Sprintf("arn:aws:kms:eu-west-1:1:key/%08d", g)
		res := []struct{ addr, typ, values string }{
			{fmt.Sprintf("aws_kms_key.k%d", g), "aws_kms_key", fmt.Sprintf(`{"arn": %q, "id": "key-%08d"}`, key, g)},
			{fmt.Sprintf("aws_ebs_volume.a%d", g), "aws_ebs_volume", fmt.Sprintf(`{"id": "vol-a%08d", "kms_key_id": %q}`, g, key)},
			{fmt.Sprintf("aws_ebs_volume.b%d", g), "aws_ebs_volume", fmt.Sprintf(`{"id": "vol-b%08d", "kms_key_id": %q}`, g, key)},
			{fmt.Sprintf("aws_instance.a%d", g), "aws_instance", fmt.Sprintf(`{"id": "i-a%08d", "ebs_block_device": [{"volume_id": "vol-a%08d"}]}`, g, g)},
			{fmt.Sprintf("aws_instance.b%d", g), "aws_instance", fmt.Sprintf(`{"id": "i-b%08d", "ebs_block_device": [{"volume_id": "vol-b%08d"}]}`, g, g)},
		}
		for i, r := range res {
			prior = append(prior, fmt.Sprintf(`{"address": %q, "mode": "managed", "type": %q, "name": "x", "values": %s}`, r.addr, r.typ, r.values))
			if i < 2 {
				changes = append(changes, fmt.Sprintf(`{"address": %q, "mode": "managed", "type": %q, "name": "x", "change": {"actions": ["delete"], "before": %s, "after": null}}`, r.addr, r.typ, r.values))
			}
		}
	}
	changes = append(changes, `{"address": "aws_db_instance.main", "mode": "managed", "type": "aws_db_instance", "name": "main", "change": {"actions": ["delete"], `+
		`"before": {"identifier": "main", "engine": "postgres", "skip_final_snapshot": true, "backup_retention_period": 0, "deletion_protection": false}, "after": null}}`)
	return []byte(`{"format_version": "1.2", "resource_changes": [` + strings.Join(changes, ",") +
		`], "prior_state": {"format_version": "1.0", "values": {"root_module": {"resources": [` + strings.Join(prior, ",") + `]}}}}`)
}

// DenseSecurityGroups builds a plan that deletes n security groups, each
// of which lets in traffic from refs others (its ingress names their
// ids): the dependency graph has n×refs edges and every group reaches
// every other within a few steps, the worst case for dependency impact.
// Last, it deletes a database without a final snapshot, which whatever
// reads the plan must still see.
func DenseSecurityGroups(n, refs int) []byte {
	changes := make([]string, n)
	prior := make([]string, n)
	for i := range n {
		peers := make([]string, 0, refs)
		for k := 1; k <= refs && k < n; k++ {
			peers = append(peers, fmt.Sprintf("%q", fmt.Sprintf("sg-%08d", (i+k*7)%n)))
		}
		values := fmt.Sprintf(`{"id": "sg-%08d", "name": "g%d", "ingress": [{"from_port": 443, "to_port": 443, "protocol": "tcp", "security_groups": [%s]}]}`,
			i, i, strings.Join(peers, ","))
		addr := fmt.Sprintf("aws_security_group.g%d", i)
		prior[i] = fmt.Sprintf(`{"address": %q, "mode": "managed", "type": "aws_security_group", "name": "g%d", "values": %s}`, addr, i, values)
		changes[i] = fmt.Sprintf(`{"address": %q, "mode": "managed", "type": "aws_security_group", "name": "g%d", "change": {"actions": ["delete"], "before": %s, "after": null}}`, addr, i, values)
	}
	changes = append(changes, `{"address": "aws_db_instance.main", "mode": "managed", "type": "aws_db_instance", "name": "main", "change": {"actions": ["delete"], `+
		`"before": {"identifier": "main", "engine": "postgres", "skip_final_snapshot": true, "backup_retention_period": 0, "deletion_protection": false}, "after": null}}`)
	return []byte(`{"format_version": "1.2", "resource_changes": [` + strings.Join(changes, ",") +
		`], "prior_state": {"format_version": "1.0", "values": {"root_module": {"resources": [` + strings.Join(prior, ",") + `]}}}}`)
}
