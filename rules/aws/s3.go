package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// s3Rules covers buckets, their versioning configuration and objects.
//
// Facts: S3 refuses to delete a bucket that still holds objects or object
// versions; the provider's force_destroy empties it first, deleting every
// version, so versioning does not protect against a bucket delete. Deleting
// an object in a versioned bucket only adds a delete marker. Versioning can
// be suspended but never turned off, and removing aws_s3_bucket_versioning
// suspends it.
func s3Rules() []rules.Rule {
	const bucket, versioning, object = "aws_s3_bucket", "aws_s3_bucket_versioning", "aws_s3_object"
	return []rules.Rule{
		{ID: "aws.s3.bucket.delete.force-destroy", Type: bucket, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.All(rules.Was("force_destroy", rules.Eq(true)), rules.Informs(bucketVersioned("bucket"))),
			Reason: "force_destroy empties the bucket first, deleting every object and every object version; versioning does not survive the bucket's deletion"},
		{ID: "aws.s3.bucket.delete.must-be-empty", Type: bucket, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.Was("force_destroy", rules.Ne(true)),
			Reason: "without force_destroy S3 refuses to delete a bucket that still holds objects, so only an empty bucket goes; an apply recreates it, but its name is free for any account to claim meanwhile"},
		{ID: "aws.s3.bucket.update.force-destroy-on", Type: bucket, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("force_destroy", rules.Ne(true), rules.Eq(true)),
			Reason: "force_destroy is turned on, so a later destroy deletes every object and version instead of failing on a non-empty bucket"},
		{ID: "aws.s3.bucket.update.versioning-suspended", Type: bucket, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("versioning.0.enabled", rules.Eq(true), rules.Ne(true)),
			Reason: "versioning is suspended: later overwrites and deletes keep no previous version (existing versions stay)"},
		rules.InPlace(bucket, "aws.s3.bucket.update.in-place"),

		{ID: "aws.s3.versioning.delete", Type: versioning, On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.Was("versioning_configuration.0.status", rules.Eq("Enabled")),
			Reason: "removing the versioning configuration suspends versioning on the bucket: later overwrites and deletes keep no previous version"},
		{ID: "aws.s3.versioning.delete.not-enabled", Type: versioning, On: rules.Destroy, Tier: model.TierReversible,
			Reason: "versioning was not enabled, so removing its configuration changes no protection"},
		{ID: "aws.s3.versioning.update.suspended", Type: versioning, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("versioning_configuration.0.status", rules.Eq("Enabled"), rules.Ne("Enabled")),
			Reason: "versioning is suspended: later overwrites and deletes keep no previous version (existing versions stay)"},
		rules.InPlace(versioning, "aws.s3.versioning.update.in-place"),

		{ID: "aws.s3.object.delete.versioned", Type: object, On: rules.Destroy, Tier: model.TierRecoverableFromBackup,
			When:   bucketVersioned("bucket"),
			Reason: "the bucket is versioned, so the delete only adds a delete marker; the previous version can be restored"},
		{ID: "aws.s3.object.delete.unversioned", Type: object, On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.Not(bucketVersioned("bucket")),
			Reason: "the bucket is not versioned, or versioning is suspended, so the delete can remove the object's content for good"},
		rules.InPlace(object, "aws.s3.object.update.in-place"),
	}
}

// bucketVersioned holds when the bucket named by the mutation's attribute
// attr has versioning enabled, as the plan or its prior state shows it: an
// aws_s3_bucket_versioning for the bucket (not itself being destroyed), or
// the bucket's legacy inline versioning block. Unknown when neither says.
func bucketVersioned(attr string) rules.Cond {
	return rules.Func("the bucket named by "+attr+" has versioning enabled", func(f rules.Facts) rules.Result {
		name := f.M.Lookup(model.Before, attr)
		if name.State != model.Known {
			name = f.M.Lookup(model.After, attr)
		}
		if name.State != model.Known || name.V == nil {
			return rules.Result{Truth: rules.Unknown, Missing: []string{attr}}
		}
		label := "bucket " + asString(name.V)
		if name.Sensitive {
			label = "the bucket (its name is sensitive)"
		}
		for _, r := range f.Inv.Find("aws_s3_bucket_versioning", "bucket", name.V) {
			// A versioning configuration destroyed in the same plan only
			// suspends versioning: versions already written survive.
			status := statusOf(r.Values)
			if status == "" {
				return rules.Result{Truth: rules.Unknown, Missing: []string{r.Address + ".versioning_configuration.0.status"}}
			}
			source := r.Address
			if r.Action.Destroys() {
				source += ", which this plan removes (versioning is then suspended; existing versions stay)"
			}
			return versioningResult(status == "Enabled", status, source)
		}
		for _, r := range f.Inv.Find("aws_s3_bucket", "bucket", name.V) {
			if enabled, ok := inlineVersioning(r.Values); ok {
				status := "Suspended"
				if enabled {
					status = "Enabled"
				}
				return versioningResult(enabled, status, r.Address)
			}
		}
		key := "versioning of " + label
		if status, ok := f.M.Evidence[key].(string); ok { // supplied by the agent for this very key
			return versioningResult(status == "Enabled", status, "evidence")
		}
		return rules.Result{Truth: rules.Unknown, Missing: []string{key}}
	})
}

func versioningResult(enabled bool, status, source string) rules.Result {
	return rules.Decided(enabled, model.Evidence{Key: "bucket versioning", Value: status, Present: true, Description: "from " + source})
}

func statusOf(values map[string]any) string {
	s, _ := model.ValueAt(values, "versioning_configuration.0.status")
	status, _ := s.(string)
	return status
}

func inlineVersioning(values map[string]any) (enabled, ok bool) {
	v, _ := model.ValueAt(values, "versioning.0.enabled")
	enabled, ok = v.(bool)
	return enabled, ok
}

func asString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return "(unnamed)"
}
