// Package saas holds the recoverability rules for Terraform resources of
// software-as-a-service providers (GitHub, GitLab, Cloudflare, Datadog,
// Snowflake, HashiCorp Vault, MongoDB Atlas) and of application platforms
// and managed data services (platforms.go). Each row cites the
// service behaviour it rests on in its reason.
package saas

import (
	"slices"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// Rules returns every SaaS row.
func Rules() []rules.Rule {
	return slices.Concat(repositoryRules(), branchProtectionRules(), guardedRules(), plainRules(), platformRules())
}

// branchProtectionRules: an update that weakens a branch's protection
// (force pushes or deletions allowed, administrators no longer bound,
// reviews, approvals or status checks no longer required)
// lets what it refused through, as the same change made through the API or
// a code host's MCP tools does. Read before the types' plain rows.
func branchProtectionRules() []rules.Rule {
	var out []rules.Rule
	for _, t := range []struct{ typ, id string }{{"github_branch_protection", "github.branch-protection"}, {"github_branch_protection_v3", "github.branch-protection-v3"}} {
		out = append(out, rules.Rule{ID: t.id + ".update.weakened", Type: t.typ, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When: rules.Any(rules.Becomes("allows_force_pushes", rules.Ne(true), rules.Eq(true)), rules.Becomes("allows_deletions", rules.Ne(true), rules.Eq(true)),
				rules.Becomes("enforce_admins", rules.Eq(true), rules.Ne(true)),
				rules.Becomes("required_pull_request_reviews", rules.Set(), rules.Null()), rules.Becomes("required_status_checks", rules.Set(), rules.Null()),
				rules.Becomes("required_pull_request_reviews.0.required_approving_review_count", rules.Above(0), rules.AtMost(0))),
			Reason: "the branch's protection is weakened (force pushes or deletion allowed, administrators exempted, reviews, approvals or status checks no longer required): history rewritten or the branch deleted meanwhile comes back only from a clone, and what is merged unreviewed or failing stays in its history"})
	}
	return out
}

// repositoryRules are the rows of a GitHub repository.
func repositoryRules() []rules.Rule {
	const repo = "github_repository"
	return []rules.Rule{
		// With archive_on_destroy the provider archives the repository
		// instead of deleting it; unarchiving restores it.
		{ID: "github.repository.delete.archive", Type: repo, On: rules.Destroy, Tier: model.TierReversible,
			When:   rules.Was("archive_on_destroy", rules.Eq(true)),
			Reason: "archive_on_destroy archives the repository instead of deleting it; unarchiving it restores everything"},
		// GitHub lets an owner restore a deleted repository for 90 days
		// (not a fork network member that was not the root, which the plan
		// cannot show; confidence reflects it).
		{ID: "github.repository.delete", Type: repo, On: rules.Destroy, Tier: model.TierRecoverableFromBackup, Confidence: model.ConfidenceMedium,
			When:   rules.WasDefault("archive_on_destroy", false, rules.Ne(true)),
			Reason: "the repository is deleted; its owner can restore it within 90 days (Settings → Deleted repositories), after which code, issues and pull requests are gone"},
		{ID: "github.repository.update.archive-off", Type: repo, On: rules.Update, Tier: model.TierRecoverableWithEffort,
			When:   rules.Becomes("archive_on_destroy", rules.Eq(true), rules.Ne(true)),
			Reason: "archive_on_destroy is turned off, so a later destroy deletes the repository instead of archiving it"},
		rules.InPlace(repo, "github.repository.update.in-place"),
	}
}
