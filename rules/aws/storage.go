package aws

import (
	"encoding/json"
	"fmt"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// snapshotRules: deleting a manual snapshot deletes that recovery point for
// good (an EBS Recycle Bin rule, if the account has one, is outside the
// plan and is not assumed). What that costs depends on its source: while
// the source database or volume stays, only this point in time is lost and
// a new snapshot can be taken; when the source is gone, the snapshot may be
// the last copy of the data. A source the input does not show is missing
// evidence (key "source_exists"), never assumed.
func snapshotRules() []rules.Rule {
	var out []rules.Rule
	for _, s := range []struct{ typ, id, what, attr, srcType, srcAttr string }{
		{"aws_db_snapshot", "aws.rds.snapshot", "RDS DB snapshot", "db_instance_identifier", "aws_db_instance", "identifier"},
		{"aws_db_cluster_snapshot", "aws.rds.cluster-snapshot", "RDS cluster snapshot", "db_cluster_identifier", "aws_rds_cluster", "cluster_identifier"},
		{"aws_ebs_snapshot", "aws.ebs.snapshot", "EBS snapshot", "volume_id", "aws_ebs_volume", "id"},
		{"aws_docdb_cluster_snapshot", "aws.docdb.cluster-snapshot", "DocumentDB cluster snapshot", "db_cluster_identifier", "aws_docdb_cluster", "cluster_identifier"},
		{"aws_neptune_cluster_snapshot", "aws.neptune.cluster-snapshot", "Neptune cluster snapshot", "db_cluster_identifier", "aws_neptune_cluster", "cluster_identifier"},
	} {
		kept := sourceState(s.attr, s.srcType, s.srcAttr)
		out = append(out,
			rules.Rule{ID: s.id + ".delete.source-kept", Type: s.typ, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
				When:   rules.Func("its source "+s.srcType+" stays", func(f rules.Facts) rules.Result { return kept(f, true) }),
				Reason: "the " + s.what + " is deleted for good, but its data lives on in its source (or the source's final snapshot): only this point in time is lost"},
			rules.Rule{ID: s.id + ".delete", Type: s.typ, On: rules.Destroy, Tier: model.TierUnrecoverable,
				When:   rules.Func("its source "+s.srcType+" is gone", func(f rules.Facts) rules.Result { return kept(f, false) }),
				Reason: "the " + s.what + " is deleted for good and its source is gone too, so it may hold the last copy of the data"},
			rules.InPlace(s.typ, s.id+".update.in-place"))
	}
	return out
}

// sourceExists is the evidence key an agent answers when the input does
// not show a snapshot's source: true when it still exists.
const sourceExists = "source_exists"

// sourceState returns a test of whether the snapshot's source (the srcType
// whose srcAttr equals the snapshot's attr) stays (want true) or is gone
// (want false): from the input's resources, else from evidence, else
// Unknown.
func sourceState(attr, srcType, srcAttr string) func(f rules.Facts, want bool) rules.Result {
	return func(f rules.Facts, want bool) rules.Result {
		id := f.M.Lookup(model.Before, attr)
		if id.State == model.Known && id.V != nil {
			for _, r := range f.Inv.Find(srcType, srcAttr, id.V) {
				stays := !r.Action.Destroys()
				desc := r.Address + " stays in place"
				switch {
				case !stays && takesFinalSnapshot(r.Values):
					stays, desc = true, r.Address+" is destroyed by this plan but leaves a final snapshot, which keeps its data"
				case !stays:
					desc = r.Address + " is destroyed by this plan"
				}
				return rules.Decided(stays == want, model.Evidence{Key: attr, Value: id.V, Present: true, Sensitive: id.Sensitive, Description: desc})
			}
		}
		if v, ok := f.M.Evidence[sourceExists]; ok {
			stays, isBool := v.(bool)
			if isBool {
				return rules.Decided(stays == want, model.Evidence{Key: sourceExists, Value: stays, Present: true, Description: "supplied as evidence"})
			}
		}
		return rules.Result{Truth: rules.Unknown, Missing: []string{sourceExists}}
	}
}

// takesFinalSnapshot reports whether a destroyed database or volume
// leaves a final snapshot of itself.
func takesFinalSnapshot(v map[string]any) bool {
	if v["final_snapshot"] == true {
		return true
	}
	id, _ := v["final_snapshot_identifier"].(string)
	return v["skip_final_snapshot"] == false && id != ""
}

// ecrRules: ECR refuses to delete a repository that holds images unless
// force_delete is true, in which case the images go with it.
func ecrRules() []rules.Rule {
	const typ = "aws_ecr_repository"
	return append(rules.Emptied{Type: typ, ID: "aws.ecr.repository", Attr: "force_delete",
		Forced:  "force_delete deletes the repository with every image in it; images not pushed elsewhere are lost",
		Refused: "ECR refuses to delete a repository that still holds images, so only an empty repository goes; an apply recreates it, with a new registry policy and scan history"}.Rows(),
		rules.Rule{ID: "aws.ecr.repository.update.force-delete-on", Type: typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("force_delete", rules.Ne(true), rules.Eq(true)),
			Reason: "force_delete is turned on, so a later delete takes the images with it"},
		rules.InPlace(typ, "aws.ecr.repository.update.in-place"),
		rules.Rule{ID: "aws.ecr.lifecycle-policy.expire-by-age", Type: "aws_ecr_lifecycle_policy", On: rules.Written,
			Tier: model.TierRecoverableWithEffort, When: rules.Func("a new rule expires every image past an age", expiresEveryImageByAge),
			Reason: "a lifecycle rule for every image (tagStatus any) expires images by age since push, the ones services still run and roll back to among them: a task or pod that pulls one after that fails until it is rebuilt and pushed again, and a rebuild from the same commit is not always the same image"})
}

// ecrLifecyclePolicy is the part of an ECR lifecycle policy document (the
// aws_ecr_lifecycle_policy's policy attribute, JSON text) that says which
// images a rule expires.
type ecrLifecyclePolicy struct {
	Rules []struct {
		Selection struct {
			TagStatus   string  `json:"tagStatus"`
			CountType   string  `json:"countType"`
			CountNumber float64 `json:"countNumber"`
		} `json:"selection"`
		Action struct {
			Type string `json:"type"`
		} `json:"action"`
	} `json:"rules"`
}

// expiresEveryImageByAge holds when the policy after the change has a rule
// that selects every image (tagStatus any) and expires it once it is older
// than an age (countType sinceImagePushed), and the policy before it had
// none, or none as short. A policy that cannot be read is missing
// evidence, not a pass.
func expiresEveryImageByAge(f rules.Facts) rules.Result {
	after := f.M.Lookup(model.After, "policy")
	text, ok := after.V.(string)
	if after.State != model.Known || !ok {
		return rules.Result{Truth: rules.Unknown, Missing: []string{after.MissingKey()}}
	}
	days, found, ok := ecrShortestAge(text)
	if !ok {
		return rules.Result{Truth: rules.Unknown, Missing: []string{"policy (not a lifecycle policy document)"}}
	}
	if !found {
		return rules.Result{Truth: rules.False}
	}
	if b, ok := f.M.Lookup(model.Before, "policy").V.(string); ok {
		if was, found, ok := ecrShortestAge(b); ok && found && was <= days {
			return rules.Result{Truth: rules.False}
		}
	}
	return rules.Decided(true, model.Evidence{Key: "policy", Value: fmt.Sprintf("tagStatus any, sinceImagePushed %g days", days), Present: true,
		Description: "a rule expires every image past an age"})
}

// ecrShortestAge returns the shortest age, in days, after which a rule of
// a lifecycle policy document expires every image; found is false when no
// rule does, ok when text is not such a document.
func ecrShortestAge(text string) (days float64, found, ok bool) {
	var p ecrLifecyclePolicy
	if json.Unmarshal([]byte(text), &p) != nil {
		return 0, false, false
	}
	for _, r := range p.Rules {
		s := r.Selection
		if s.TagStatus == "any" && s.CountType == "sinceImagePushed" && (r.Action.Type == "" || r.Action.Type == "expire") && (!found || s.CountNumber < days) {
			days, found = s.CountNumber, true
		}
	}
	return days, found, true
}

// backupRules: AWS Backup refuses to delete a vault that still holds
// recovery points unless force_destroy is true. Deleting a plan stops
// future backups; the recovery points already taken stay in their vault
// under their lifecycle.
func backupRules() []rules.Rule {
	return append(rules.Emptied{Type: "aws_backup_vault", ID: "aws.backup.vault", Attr: "force_destroy",
		Forced:  "force_destroy deletes the vault with every recovery point in it; what they protect can no longer be restored from them",
		Refused: "AWS Backup refuses to delete a vault that still holds recovery points, so only an empty vault goes; an apply recreates it, and plans that target it must wait for it"}.Rows(),
		rules.InPlace("aws_backup_vault", "aws.backup.vault.update.in-place"),
		rules.Rule{ID: "aws.backup.plan.delete", Type: "aws_backup_plan", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "no new backups are taken under this plan until it is recreated; recovery points already taken stay in their vault"},
		rules.InPlace("aws_backup_plan", "aws.backup.plan.update.in-place"))
}
