package model

// Observed is what Recourse saw, read-only and within a time and count
// bound, of what one command acts on, on the machine where the action
// runs (internal/observe; --observe auto): the targets' existence, kind,
// git state and blast radius, and, for git commands, the repository facts
// the command's loss depends on. The observer only gathers facts; the
// rules decide what they mean. A fact that could not be gathered (a bound
// reached, a permission, a timeout) is named in Unavailable and is missing
// evidence, never a lower tier. docs/observe.md lists every field.
type Observed struct {
	// Targets are the paths the command deletes or writes over, in the
	// order the command names them.
	Targets []ObservedTarget `json:"targets,omitempty"`
	// Git holds the facts of a git command (reset, checkout, restore,
	// clean, branch -D, push --force, stash drop).
	Git *ObservedGit `json:"git,omitempty"`
	// Unavailable names each fact that could not be gathered and why
	// ("git status of src: timed out after 300ms").
	Unavailable []string `json:"unavailable,omitempty"`
}

// The git states of an observed file (ObservedFile.State) and of a
// target as a whole (ObservedTarget.Git).
const (
	GitClean     = "tracked-clean" // tracked, no uncommitted change
	GitModified  = "modified"      // tracked, with uncommitted (staged or unstaged) changes
	GitUntracked = "untracked"     // in a work tree, not tracked, not ignored
	GitIgnored   = "ignored"       // in a work tree, matched by an ignore rule
	GitMixed     = "mixed"         // a directory holding files of several states
	GitNone      = "unversioned"   // in no git work tree
)

// ObservedTarget is one path a command acts on.
type ObservedTarget struct {
	// Path is the operand as the command names it; Resolved the absolute
	// path it reaches (internal/pathres).
	Path     string `json:"path"`
	Resolved string `json:"resolved"`
	Exists   bool   `json:"exists"`
	// Kind is file, dir, symlink or other (device, FIFO, socket).
	Kind string `json:"kind,omitempty"`
	// UID is the owner's user id.
	UID int `json:"uid,omitempty"`
	// Repo is the top of the git work tree holding the target ("" none).
	Repo string `json:"repo,omitempty"`
	// Git is the target's state: one of the Git* constants.
	Git string `json:"git,omitempty"`
	// ContainsRepo: a .git directory lies at or under the target, so
	// deleting it deletes a repository's history with it.
	ContainsRepo bool `json:"containsRepo,omitempty"`
	// EmptyDir: the target is a directory with nothing in it.
	EmptyDir bool `json:"emptyDir,omitempty"`
	// Files, Dirs and Bytes are the blast radius: what lies at and under
	// the target (links not followed, other file systems not entered,
	// .git directories not counted).
	Files int   `json:"files"`
	Dirs  int   `json:"dirs"`
	Bytes int64 `json:"bytes"`
	// Lost are the files git cannot give back (untracked, modified,
	// ignored), clipped to MaxObservedListed; LostFiles and LostBytes count
	// them all.
	Lost      []ObservedFile `json:"lost,omitempty"`
	LostFiles int            `json:"lostFiles,omitempty"`
	LostBytes int64          `json:"lostBytes,omitempty"`
	// Ignored are the paths an ignore rule matches (a directory as
	// "build/"), clipped to MaxObservedListed.
	Ignored []string `json:"ignored,omitempty"`
	// Bound names the bound that stopped the walk or the listing; the
	// counts are then lower bounds and the target's facts are incomplete.
	Bound string `json:"bound,omitempty"`
}

// MaxObservedListed bounds the files a target or a git fact lists.
const MaxObservedListed = 20

// ObservedFile is one file or directory (with a trailing slash) and its
// git state and size.
type ObservedFile struct {
	Path  string `json:"path"`
	State string `json:"state"`
	Bytes int64  `json:"bytes"`
}

// ObservedGit is what a git command's loss depends on.
type ObservedGit struct {
	// Repo is the top of the work tree the command runs in.
	Repo string `json:"repo"`
	// Changes are the uncommitted changes the command would discard
	// (reset --hard, checkout ., restore .), clipped; ChangeCount counts
	// them all. Set (possibly empty) when they were looked at.
	Changes     []ObservedFile `json:"changes,omitempty"`
	ChangeCount *int           `json:"changeCount,omitempty"`
	// Cleaned is what `git clean -n` (a dry run) lists for the command's
	// options and paths, clipped; CleanCount counts it all.
	Cleaned    []ObservedFile `json:"cleaned,omitempty"`
	CleanCount *int           `json:"cleanCount,omitempty"`
	// Branches are the branches git branch -D deletes.
	Branches []ObservedBranch `json:"branches,omitempty"`
	// Push is what a force push would drop from the remote, as its
	// remote-tracking ref last showed it.
	Push *ObservedPush `json:"push,omitempty"`
	// StashEntries is how many stash entries there are (stash drop/clear).
	StashEntries *int `json:"stashEntries,omitempty"`
}

// ObservedBranch is a local branch a command deletes.
type ObservedBranch struct {
	Name   string `json:"name"`
	Exists bool   `json:"exists"`
	// Tip is the commit the branch points at.
	Tip string `json:"tip,omitempty"`
	// Unique counts the commits reachable from the branch and from no
	// other ref (branch, remote-tracking ref, tag, stash, HEAD).
	Unique int `json:"unique"`
	// ContainedIn are refs that contain the branch's tip (a branch it is
	// merged into, a remote-tracking ref it was pushed to), a few.
	ContainedIn []string `json:"containedIn,omitempty"`
}

// ObservedPush is one ref a force push rewrites.
type ObservedPush struct {
	Remote string `json:"remote"`
	// Source is the local commit-ish pushed; TrackingRef the
	// remote-tracking ref that shows the remote's branch.
	Source      string `json:"source"`
	TrackingRef string `json:"trackingRef"`
	// Dropped counts the commits the remote-tracking ref has that Source
	// does not contain: the push removes them from the remote.
	Dropped int `json:"dropped"`
}
