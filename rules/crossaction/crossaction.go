// Package crossaction finds dangers that no single change carries: the
// snapshot deleted together with the database it could restore, the
// replica deleted with its primary, the KMS key deleted while data stays
// encrypted under it, the audit trail deleted with its log bucket. Each
// pattern is a row: an id, what triggers it, a tier and a reason. The
// policy ranks the risks like changes, so a risk changes the decision.
package crossaction

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// Risk is one pattern found in the input.
type Risk struct {
	ID        string
	Tier      model.Tier
	Reasoning string
	Addresses []string
}

// Pattern is a row of the cross-action table.
type Pattern struct {
	ID      string
	Trigger string
	Tier    model.Tier
	Reason  string
	// find returns, for each occurrence, the addresses involved and the
	// facts that tie them together.
	find func(c *changes) []occurrence
}

type occurrence struct {
	addresses []string
	facts     string
	// mitigated, when set, lowers the risk to recoverable-from-backup
	// and says why.
	mitigated string
}

// Patterns returns the table.
func Patterns() []Pattern { return slices.Clone(patterns) }

// patterns is the table; it is never modified.
var patterns = []Pattern{
	{ID: "xa.aws.snapshot-with-source", Trigger: "an RDS snapshot is destroyed together with the instance or cluster it was taken from",
		Tier: model.TierUnrecoverable, Reason: "the database and its snapshot are deleted together, so the snapshot can no longer restore it",
		find: func(c *changes) []occurrence {
			occ := append(c.linked("aws_db_snapshot", "db_instance_identifier", "aws_db_instance", "identifier"),
				c.linked("aws_db_cluster_snapshot", "db_cluster_identifier", "aws_rds_cluster", "cluster_identifier")...)
			for i := range occ {
				occ[i].mitigated = c.finalSnapshot(occ[i].addresses[1])
			}
			return occ
		}},
	{ID: "xa.aws.replica-with-primary", Trigger: "a read replica is destroyed together with its primary",
		Tier: model.TierUnrecoverable, Reason: "the replica, the other copy of the data, is deleted together with its primary",
		find: func(c *changes) []occurrence {
			return c.linked("aws_db_instance", "replicate_source_db", "aws_db_instance", "identifier")
		}},
	{ID: "xa.aws.kms-key-still-used", Trigger: "a KMS key is destroyed while resources that stay keep data encrypted under it",
		Tier: model.TierUnrecoverable, Reason: "data that stays is encrypted under a key scheduled for deletion: once the waiting period ends, it can never be decrypted",
		find: func(c *changes) []occurrence { return c.keyStillUsed() }},
	{ID: "xa.aws.trail-with-bucket", Trigger: "a CloudTrail trail is destroyed together with the bucket that holds its logs",
		Tier: model.TierUnrecoverable, Reason: "the audit trail and the logs it wrote are deleted together",
		find: func(c *changes) []occurrence {
			return c.linked("aws_cloudtrail", "s3_bucket_name", "aws_s3_bucket", "bucket")
		}},
	{ID: "xa.aws.backup-vault-with-plan", Trigger: "an AWS Backup vault is destroyed together with a plan that writes to it",
		Tier: model.TierUnrecoverable, Reason: "the recovery points and the plan that makes them are deleted together",
		find: func(c *changes) []occurrence {
			return c.linkedRule("aws_backup_plan", "target_vault_name", "aws_backup_vault", "name")
		}},
}

// Find returns every risk the patterns find in ms, sorted by id.
func Find(ms []model.Mutation, inv *model.Inventory) []Risk {
	c := newChanges(ms, inv)
	if c == nil {
		return nil
	}
	var out []Risk
	for _, p := range patterns {
		for _, o := range p.find(c) {
			r := Risk{ID: p.ID, Tier: p.Tier, Addresses: o.addresses, Reasoning: fmt.Sprintf("%s (%s)", p.Reason, o.facts)}
			if o.mitigated != "" {
				r.Tier = model.TierRecoverableFromBackup
				r.Reasoning += "; mitigated: " + o.mitigated
			}
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// changes indexes the destroyed resources by type and attribute value.
type changes struct {
	inv       *model.Inventory
	destroyed map[string][]*model.Mutation // by type
}

// newChanges returns nil when nothing is destroyed (a shell line, an MCP
// call): every pattern starts from a destroyed resource.
func newChanges(ms []model.Mutation, inv *model.Inventory) *changes {
	var c *changes
	for i := range ms {
		m := &ms[i]
		if m.Source == model.SourceTerraform && m.Action.Destroys() {
			if c == nil {
				c = &changes{inv: inv, destroyed: map[string][]*model.Mutation{}}
			}
			c.destroyed[m.Target.Type] = append(c.destroyed[m.Target.Type], m)
		}
	}
	return c
}

// linked finds a destroyed `from` whose attribute fromAttr names a
// destroyed `to` by its attribute toAttr.
func (c *changes) linked(from, fromAttr, to, toAttr string) []occurrence {
	targets := map[string]*model.Mutation{}
	for _, m := range c.destroyed[to] {
		if v, ok := m.Before[toAttr].(string); ok && v != "" {
			targets[v] = m
		}
	}
	var out []occurrence
	for _, m := range c.destroyed[from] {
		v, ok := m.Before[fromAttr].(string)
		if !ok || v == "" {
			continue
		}
		if t, ok := targets[v]; ok && t != m {
			out = append(out, occurrence{addresses: []string{m.Address, t.Address}, facts: fmt.Sprintf("%s.%s = %s.%s = %q", m.Address, fromAttr, t.Address, toAttr, v)})
		}
	}
	return out
}

// linkedRule is linked for an attribute inside a repeated block (a backup
// plan's rule[*].target_vault_name).
func (c *changes) linkedRule(from, attr, to, toAttr string) []occurrence {
	targets := map[string]*model.Mutation{}
	for _, m := range c.destroyed[to] {
		if v, ok := m.Before[toAttr].(string); ok && v != "" {
			targets[v] = m
		}
	}
	var out []occurrence
	for _, m := range c.destroyed[from] {
		blocks, _ := m.Before["rule"].([]any)
		for _, b := range blocks {
			r, _ := b.(map[string]any)
			v, _ := r[attr].(string)
			if t, ok := targets[v]; ok && v != "" {
				out = append(out, occurrence{addresses: []string{m.Address, t.Address}, facts: fmt.Sprintf("%s rule %s = %q", m.Address, attr, v)})
				break
			}
		}
	}
	return out
}

// finalSnapshot says whether the destroyed database at address takes a
// final snapshot of its own, which survives the deletion of older ones.
func (c *changes) finalSnapshot(address string) string {
	for _, ms := range c.destroyed {
		for _, m := range ms {
			if m.Address != address {
				continue
			}
			id, _ := m.Before["final_snapshot_identifier"].(string)
			if skip, ok := m.Before["skip_final_snapshot"].(bool); ok && !skip && id != "" {
				return fmt.Sprintf("%s takes the final snapshot %q before it is deleted", address, id)
			}
		}
	}
	return ""
}

// kmsAttrs are the attributes through which a resource names its KMS key.
var kmsAttrs = []string{"kms_key_id", "kms_master_key_id", "kms_key_arn", "kms_key"}

// keyStillUsed finds destroyed KMS keys that resources which are not
// destroyed (in the plan or the prior state) still name.
func (c *changes) keyStillUsed() []occurrence {
	var out []occurrence
	for _, key := range c.destroyed["aws_kms_key"] {
		var ids []string
		for _, a := range []string{"key_id", "arn", "id"} {
			if v, ok := key.Before[a].(string); ok && v != "" {
				ids = append(ids, v)
			}
		}
		var users []string
		seen := map[string]bool{}
		for _, id := range ids {
			for _, typ := range c.inv.Types() {
				for _, attr := range kmsAttrs {
					for _, r := range c.inv.Find(typ, attr, id) {
						if r.Action.Destroys() || seen[r.Address] || r.Address == key.Address {
							continue
						}
						seen[r.Address] = true
						users = append(users, r.Address)
					}
				}
			}
		}
		if len(users) > 0 {
			sort.Strings(users)
			out = append(out, occurrence{addresses: append([]string{key.Address}, users...),
				facts: fmt.Sprintf("%s is still named by %s", key.Address, strings.Join(users, ", "))})
		}
	}
	return out
}
