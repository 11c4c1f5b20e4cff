package shell

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// containerExec describes a command that runs another command inside a
// container or pod: kubectl exec POD -- CMD, docker exec CONTAINER CMD.
type containerExec struct {
	// path is the subcommand words after the program ("exec", "compose exec").
	path []string
	// valueFlags take the next argument as their value.
	valueFlags []string
}

var (
	kubectlValueFlags = []string{"-n", "--namespace", "-c", "--container", "--context", "--kubeconfig", "--cluster", "--user",
		"-f", "--filename", "--pod-running-timeout", "-s", "--server", "--token", "--as", "--as-group", "--request-timeout"}
	dockerExecValueFlags = []string{"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--index",
		"-H", "--host", "--context", "--config", "-f", "--file", "-p", "--project-name", "--project-directory", "--profile"}
)

// containerExecs are, per program, the subcommands that run a command in a
// container. What runs there is judged like a local command: its paths are
// the container's, and a database container's data is as real as a host's.
var containerExecs = map[string][]containerExec{
	"kubectl":        {{path: []string{"exec"}, valueFlags: kubectlValueFlags}},
	"oc":             {{path: []string{"exec"}, valueFlags: kubectlValueFlags}, {path: []string{"rsh"}, valueFlags: kubectlValueFlags}},
	"docker":         {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"container", "exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"compose", "exec"}, valueFlags: dockerExecValueFlags}},
	"podman":         {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"container", "exec"}, valueFlags: dockerExecValueFlags}},
	"nerdctl":        {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}},
	"docker-compose": {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}},
	"podman-compose": {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}},
}

// inContainer finds the container, subcommand and command of a container
// exec (kubectl -n prod exec db-0 -- psql -c ...); ok is false for any
// other command, or one that names no command to run.
func inContainer(c *model.Command) (where string, argv []model.Arg, ok bool) {
	for _, spec := range containerExecs[c.Program] {
		if where, argv, ok := spec.match(c.Args); ok {
			return c.Program + " " + strings.Join(spec.path, " ") + " " + where, argv, true
		}
	}
	return "", nil, false
}

// match reads args as the subcommand path, the flags, the container and
// the command, in that order; "--" may stand before the command.
func (e containerExec) match(args []model.Arg) (string, []model.Arg, bool) {
	path := e.path
	container := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic && len(path) > 0:
			return "", nil, false
		case a.Value == "--":
			if len(path) > 0 || container == "" {
				return "", nil, false
			}
			return container, args[i+1:], i+1 < len(args)
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
			if !strings.Contains(a.Value, "=") && slices.Contains(e.valueFlags, a.Value) {
				i++
			}
		case len(path) > 0:
			if a.Value != path[0] {
				return "", nil, false
			}
			path = path[1:]
		case container == "":
			container = a.Value
		default:
			return container, args[i:], true
		}
	}
	return "", nil, false
}

// containerExec analyses the command a container exec runs, as if it ran
// here, inside the wrapper that names the container.
func (w *walker) containerExec(cmd *model.Command, where string, argv []model.Arg, fr frame) {
	inner := *cmd
	inner.Args, inner.Program = nil, ""
	inner.Cwd = "" // the container's working directory is not in the input
	inner.Wrappers = append(append([]string(nil), cmd.Wrappers...), where)
	w.unwrap(&inner, argv, nil, fr)
}
