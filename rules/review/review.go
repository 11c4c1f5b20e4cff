// Package review holds the rows for changes to Recourse's own reviewed
// configuration that a change under review makes (model.SourceConfig):
// an exception or an inline ignore a pull request adds or widens. Such a
// change lowers what the gate would decide on later changes, so a person
// reviews it like code: it needs review, and merging it is the approval
// (recourse eval --exceptions-from-ref reads the merged base's file).
package review

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// The types of the changes parsed from a project's configuration.
const (
	// ExceptionType is an exception of .recourse.yaml.
	ExceptionType = "recourse_exception"
	// IgnoreType is an inline # recourse:ignore comment on a .tf block.
	IgnoreType = "recourse_ignore"
)

// Rules returns the rows.
func Rules() []rules.Rule {
	return []rules.Rule{
		{ID: "recourse.exception.unreviewed", Type: ExceptionType, On: rules.Create, Tier: model.TierNeedsReview,
			Reason: "the change adds or widens an exception in .recourse.yaml that the base branch does not have: until a person reviews and merges it, it does not apply, and this finding is that review"},
		{ID: "recourse.ignore.unreviewed", Type: IgnoreType, On: rules.Create, Tier: model.TierNeedsReview,
			Reason: "the change adds or alters a # recourse:ignore comment that the base branch's file does not have: until a person reviews and merges it, it does not apply, and this finding is that review"},
	}
}
