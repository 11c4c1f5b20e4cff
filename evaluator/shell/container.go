package shell

import (
	"path"
	"slices"
	"strings"
	"sync"

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
	composeRunValueFlags = []string{"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "-v", "--volume", "-p", "--publish",
		"-l", "--label", "--name", "--entrypoint", "--project-name", "--project-directory", "-f", "--file", "--profile", "--cap-add", "--cap-drop"}
	ctrExecValueFlags    = []string{"--exec-id", "--user", "--cwd", "--fifo-dir"}
	dockerExecValueFlags = []string{"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--index",
		"-H", "--host", "--context", "--config", "-f", "--file", "-p", "--project-name", "--project-directory", "--profile"}
)

// containerExecs are, per program, the subcommands that run a command in a
// container. What runs there is judged like a local command: its paths are
// the container's, and a database container's data is as real as a host's.
var containerExecs = sync.OnceValue(func() map[string][]containerExec {
	return map[string][]containerExec{
		"kubectl": {{path: []string{"exec"}, valueFlags: kubectlValueFlags}},
		"oc":      {{path: []string{"exec"}, valueFlags: kubectlValueFlags}, {path: []string{"rsh"}, valueFlags: kubectlValueFlags}},
		"docker": {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"container", "exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"compose", "exec"}, valueFlags: dockerExecValueFlags},
			// compose run starts a new container of the service, with the
			// service's volumes attached.
			{path: []string{"compose", "run"}, valueFlags: composeRunValueFlags}},
		"podman":         {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"container", "exec"}, valueFlags: dockerExecValueFlags}},
		"nerdctl":        {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}},
		"docker-compose": {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}, {path: []string{"run"}, valueFlags: composeRunValueFlags}},
		"podman-compose": {{path: []string{"exec"}, valueFlags: dockerExecValueFlags}},
		// Containers and virtual machines of other engines.
		"ctr":       {{path: []string{"task", "exec"}, valueFlags: ctrExecValueFlags}, {path: []string{"t", "exec"}, valueFlags: ctrExecValueFlags}},
		"crictl":    {{path: []string{"exec"}, valueFlags: []string{"--timeout", "-r", "--runtime-endpoint", "--image-endpoint"}}},
		"lxc":       {{path: []string{"exec"}, valueFlags: []string{"--env", "--user", "--group", "--cwd"}}},
		"incus":     {{path: []string{"exec"}, valueFlags: []string{"--env", "--user", "--group", "--cwd", "--project"}}},
		"multipass": {{path: []string{"exec"}, valueFlags: []string{"-d", "--working-directory"}}},
		"limactl":   {{path: []string{"shell"}, valueFlags: []string{"--workdir", "--shell"}}},
		"distrobox": {{path: []string{"enter"}, valueFlags: []string{"-n", "--name"}}},
	}
})

// inContainer finds the container, subcommand and command of a container
// exec (kubectl -n prod exec db-0 -- psql -c ...); ok is false for any
// other command, or one that names no command to run.
func inContainer(c *model.Command) (where string, argv []model.Arg, ok bool) {
	for _, spec := range containerExecs()[c.Program] {
		if where, argv, ok := spec.match(c.Args); ok {
			return c.Program + " " + strings.Join(spec.path, " ") + " " + where, argv, true
		}
	}
	return "", nil, false
}

// match reads args as the subcommand path (past the program's global
// options), the flags, the container and the command, in that order; "--"
// may stand before the command.
func (e containerExec) match(args []model.Arg) (string, []model.Arg, bool) {
	start, ok := subcommandAt(args, e.valueFlags, e.path)
	if !ok {
		return "", nil, false
	}
	container := ""
	for i := start; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--":
			if container == "" {
				return "", nil, false
			}
			return container, args[i+1:], i+1 < len(args)
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
			if !strings.Contains(a.Value, "=") && slices.Contains(e.valueFlags, a.Value) {
				i++
			}
		case container == "":
			container = a.Value
		default:
			return container, args[i:], true
		}
	}
	return "", nil, false
}

// container analyses a container engine's command: a run with host paths
// mounted, an exec, or anything else (judged as itself).
func (w *walker) container(cmd *model.Command, fr frame) {
	// compose run SERVICE takes the service's volumes from the compose
	// file: it is read like an exec, not like docker run IMAGE.
	if image, inner, mounts, ok := containerRun(cmd); ok && !strings.HasSuffix(cmd.Program, "-compose") {
		w.mountedCommand(cmd, cmd.Program+" run "+image, inner, mounts, fr)
		return
	}
	if target, inner, ok := debugged(cmd); ok {
		where := cmd.Program + " debug " + target
		if strings.HasPrefix(target, "node/") {
			// A node debug pod mounts the node's root filesystem at /host.
			w.mountedCommand(cmd, where, inner, []mount{{source: model.Arg{Value: "/"}, target: "/host"}}, fr)
			return
		}
		w.containerExec(cmd, where, inner, fr)
		return
	}
	if where, inner, ok := inContainer(cmd); ok {
		w.containerExec(cmd, where, inner, fr)
		return
	}
	w.emit(cmd)
}

// containerExec analyses the command a container exec runs, as if it ran
// here, inside the wrapper that names the container.
func (w *walker) containerExec(cmd *model.Command, where string, argv []model.Arg, fr frame) {
	inner := *cmd
	inner.Args, inner.Program = nil, ""
	inner.Cwd = "" // the container's working directory is not in the input
	inner.Wrappers = append(append([]string(nil), cmd.Wrappers...), where)
	w.away++ // another container's file system, not an image being built
	defer func() { w.away-- }()
	// A here-document reaches the command when the exec passes stdin on
	// (-i); read as if it always did, it is judged where it may run.
	w.unwrap(&inner, argv, stdinText(cmd), fr)
}

// stdinText is the here-document or here-string cmd is fed, or nil.
func stdinText(cmd *model.Command) *string {
	if cmd.Stdin == "" {
		return nil
	}
	s := cmd.Stdin
	return &s
}

// runValueFlags are the flags of docker/podman run that take a value.
var runValueFlags = []string{"-a", "--attach", "--add-host", "--annotation", "--blkio-weight", "--cap-add", "--cap-drop",
	"--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-period", "--cpu-quota", "--cpu-shares", "-c", "--cpus",
	"--cpuset-cpus", "--cpuset-mems", "--device", "--device-cgroup-rule", "--dns", "--dns-option", "--dns-search",
	"--domainname", "--entrypoint", "-e", "--env", "--env-file", "--expose", "--gpus", "--group-add", "--health-cmd",
	"--health-interval", "--health-retries", "--health-start-period", "--health-timeout", "-h", "--hostname", "--ip",
	"--ip6", "--ipc", "--isolation", "-l", "--label", "--label-file", "--link", "--log-driver", "--log-opt",
	"--mac-address", "-m", "--memory", "--memory-reservation", "--memory-swap", "--memory-swappiness", "--mount",
	"--name", "--network", "--net", "--network-alias", "--oom-score-adj", "--pid", "--pids-limit", "--platform", "-p",
	"--publish", "--pull", "--restart", "--runtime", "--security-opt", "--shm-size", "--stop-signal", "--stop-timeout",
	"--storage-opt", "--sysctl", "--tmpfs", "--ulimit", "-u", "--user", "--userns", "--uts", "-v", "--volume",
	"--volume-driver", "--volumes-from", "-w", "--workdir", "--detach-keys", "-H", "--host", "--context"}

// mount is a host path (or a named volume's directory) seen at a path in
// a container.
type mount struct {
	source model.Arg
	target string
}

// containerRun reads docker/podman/nerdctl run: the image, the command
// after it, and the host paths mounted into the container. A command run
// with host paths mounted is judged with its paths mapped back to the
// host (docker run -v /:/host alpine rm -rf /host deletes the host's
// root); without mounts it only touches the container's own files.
func containerRun(c *model.Command) (image string, argv []model.Arg, mounts []mount, ok bool) {
	args := c.Args
	start, ok := subcommandAt(args, runValueFlags, []string{"run"})
	if !ok {
		if start, ok = subcommandAt(args, runValueFlags, []string{"container", "run"}); !ok {
			return "", nil, nil, false
		}
	}
	var entrypoint []model.Arg
	for i := start; i < len(args); i++ {
		a := args[i]
		name, value, attached := strings.Cut(a.Value, "=")
		switch {
		case a.Dynamic && strings.HasPrefix(a.Value, "-"):
			continue
		case !strings.HasPrefix(a.Value, "-") || a.Value == "-":
			return a.Value, append(entrypoint, args[i+1:]...), mounts, true
		case a.Value == "--privileged" || a.Value == "--privileged=true":
			// A privileged container sees the host's devices.
			mounts = append(mounts, mount{source: model.Arg{Value: "/dev"}, target: "/dev"})
			continue
		case !slices.Contains(runValueFlags, name):
			continue
		case !attached && i+1 < len(args):
			value = args[i+1].Value
			a = args[i+1]
			i++
		}
		switch name {
		case "-v", "--volume":
			if m, ok := volumeMount(value, a.Dynamic); ok {
				mounts = append(mounts, m)
			}
		case "--mount":
			if m, ok := mountFlag(value, a.Dynamic); ok {
				mounts = append(mounts, m)
			}
		case "--device":
			// --device HOST[:CONTAINER[:PERMISSIONS]]
			parts := strings.Split(value, ":")
			target := parts[0]
			if len(parts) > 1 && strings.HasPrefix(parts[1], "/") {
				target = parts[1]
			}
			if strings.HasPrefix(parts[0], "/dev/") {
				mounts = append(mounts, mount{source: model.Arg{Value: parts[0]}, target: path.Clean(target)})
			}
		case "--entrypoint":
			entrypoint = []model.Arg{{Value: value, Dynamic: a.Dynamic}}
		}
	}
	return "", nil, nil, false
}

// volumeMount reads -v SOURCE:TARGET[:OPTIONS]. A source that is not a
// path is a named volume, whose data lives under the engine's directory.
func volumeMount(v string, dynamic bool) (mount, bool) {
	parts := strings.Split(v, ":")
	if len(parts) < 2 || parts[0] == "" || !strings.HasPrefix(parts[1], "/") {
		return mount{}, false
	}
	return mount{source: hostSource(parts[0], dynamic), target: path.Clean(parts[1])}, true
}

// mountFlag reads --mount type=bind,source=S,target=T.
func mountFlag(v string, dynamic bool) (mount, bool) {
	var src, dst string
	for _, kv := range strings.Split(v, ",") {
		k, val, _ := strings.Cut(kv, "=")
		switch k {
		case "source", "src":
			src = val
		case "target", "dst", "destination":
			dst = val
		}
	}
	if src == "" || !strings.HasPrefix(dst, "/") {
		return mount{}, false
	}
	return mount{source: hostSource(src, dynamic), target: path.Clean(dst)}, true
}

func hostSource(src string, dynamic bool) model.Arg {
	if dynamic || strings.Contains(src, "$") {
		return model.Arg{Value: src, Dynamic: true}
	}
	if !strings.HasPrefix(src, "/") && !strings.HasPrefix(src, ".") && !strings.HasPrefix(src, "~") {
		return model.Arg{Value: "/var/lib/docker/volumes/" + src + "/_data"} // a named volume
	}
	return model.Arg{Value: src}
}

// onHost maps a path in the container to what it touches on the host: a
// path under a mount is under its source, a path above a mount (/ above
// /host) reaches the whole source; any other path is the container's own.
func onHost(a model.Arg, mounts []mount) (model.Arg, bool) {
	if a.Dynamic || !strings.HasPrefix(a.Value, "/") {
		return a, false
	}
	p := path.Clean(a.Value)
	for _, m := range mounts {
		switch {
		case p == m.target || strings.HasPrefix(p, m.target+"/"):
			rest := strings.TrimPrefix(p, m.target)
			if m.source.Dynamic {
				return model.Arg{Value: m.source.Value + rest, Dynamic: true}, true
			}
			return model.Arg{Value: path.Join(m.source.Value, rest)}, true
		case p == "/" || strings.HasPrefix(m.target, strings.TrimSuffix(p, "/*")+"/"):
			return m.source, true
		}
	}
	return a, false
}

// debugValueFlags are the flags of kubectl debug that take a value.
var debugValueFlags = append([]string{"--image", "--target", "--copy-to", "--profile", "--custom", "--env",
	"--image-pull-policy", "--set-image"}, kubectlValueFlags...)

// debugged reads kubectl (or oc) debug TARGET [flags] -- CMD: the command
// runs in a debug container next to a pod, or in a pod on a node.
func debugged(c *model.Command) (target string, argv []model.Arg, ok bool) {
	if c.Program != "kubectl" && c.Program != "oc" {
		return "", nil, false
	}
	return containerExec{path: []string{"debug"}, valueFlags: debugValueFlags}.match(c.Args)
}

// mountedCommand analyses the command a container starts, with its paths
// mapped to the host through the container's mounts; without mounts it
// touches only the container, and the command that starts it is judged
// as itself.
func (w *walker) mountedCommand(cmd *model.Command, where string, argv []model.Arg, mounts []mount, fr frame) {
	w.emit(cmd)
	if len(mounts) == 0 || len(argv) == 0 {
		return
	}
	saved := w.mounts
	w.mounts = mounts
	defer func() { w.mounts = saved }()
	mapped := make([]model.Arg, len(argv))
	for i, a := range argv {
		mapped[i], _ = onHost(a, mounts)
	}
	w.containerExec(cmd, where, mapped, fr)
}
