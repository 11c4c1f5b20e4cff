package evaluator

import (
	"slices"

	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/model"
)

// observedAny reports whether observation gathered facts of any of ms:
// they name files the input does not (a glob's matches, what git clean
// lists, a directory's untracked files), so the report is masked as one
// that quotes files read from disk.
func observedAny(ms []model.Mutation) bool {
	for i := range ms {
		if ms[i].Observation() != nil {
			return true
		}
	}
	return false
}

// maskObserved is a copy of o with every name in it masked: paths, the
// files lost and ignored, repositories, branches and refs, and why a fact
// could not be gathered. A file may be named after a credential (an
// AKIA… key saved as its own name, a token in a directory name), and the
// structured facts leave the process in every report format.
func maskObserved(mask *redact.Masker, o *model.Observed) *model.Observed {
	if o == nil {
		return nil
	}
	out := &model.Observed{Unavailable: maskAll(mask, o.Unavailable)}
	if o.Targets != nil {
		out.Targets = make([]model.ObservedTarget, len(o.Targets))
		for i, t := range o.Targets {
			t.Path, t.Resolved, t.Repo, t.Bound = mask.String(t.Path), mask.String(t.Resolved), mask.String(t.Repo), mask.String(t.Bound)
			t.Lost, t.Ignored = maskFiles(mask, t.Lost), maskAll(mask, t.Ignored)
			out.Targets[i] = t
		}
	}
	if g := o.Git; g != nil {
		c := *g
		c.Repo, c.Changes, c.Cleaned = mask.String(g.Repo), maskFiles(mask, g.Changes), maskFiles(mask, g.Cleaned)
		if g.Branches != nil {
			c.Branches = make([]model.ObservedBranch, len(g.Branches))
			for i, b := range g.Branches {
				b.Name, b.ContainedIn = mask.String(b.Name), maskAll(mask, b.ContainedIn)
				c.Branches[i] = b
			}
		}
		if g.Push != nil {
			p := *g.Push
			p.Remote, p.Source, p.TrackingRef = mask.String(p.Remote), mask.String(p.Source), mask.String(p.TrackingRef)
			c.Push = &p
		}
		out.Git = &c
	}
	return out
}

// maskAll is a masked copy of ss.
func maskAll(mask *redact.Masker, ss []string) []string {
	if ss == nil {
		return nil
	}
	out := slices.Clone(ss)
	for i := range out {
		out[i] = mask.String(out[i])
	}
	return out
}

// maskFiles is a copy of fs with the paths masked.
func maskFiles(mask *redact.Masker, fs []model.ObservedFile) []model.ObservedFile {
	if fs == nil {
		return nil
	}
	out := slices.Clone(fs)
	for i := range out {
		out[i].Path = mask.String(out[i].Path)
	}
	return out
}
