package programs

import (
	"net"
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// remoteWriteReason is the reason of the rows for a request that changes
// state on another machine, sent from a shell that states no context.
const remoteWriteReason = "sends a request that changes state on a server the line does not describe (a POST, PUT or PATCH, or a body or form): " +
	"what the server does with it, and whether that can be undone, is not in the input"

// remoteWrite is Unknown, naming rules.FactServerEffect for the host,
// when an HTTP client's request goes to another machine (a URL whose host
// is not this machine's loopback, or one only known at run time) from a
// shell that states no context (an agent's or a person's): the agents
// rubric's review (testdata/distribution/README.md), since what the server
// does with it is the deciding fact. False in a CI job or a make recipe,
// whose requests are written in the committed workflow or makefile and
// reviewed with it (webhooks, coverage and release uploads, as the
// workflow contexts matrix.* and env.* are: evaluator/shell/dialect.go),
// in an image build, for loopback (a local development server), and for
// an endpoint whose name says it only reads (readEndpoint: _search, query).
// Nothing makes it True: the row never blocks.
func remoteWrite() rules.Cond {
	return rules.Func("a request to another machine, from a shell that states no context", func(f rules.Facts) rules.Result {
		c := f.M.Command
		if c.RunContext != model.RunAnywhere || c.ImageBuild {
			return rules.Result{Truth: rules.False}
		}
		for _, a := range rules.Operands(c) {
			host, ok := requestHost(a)
			if !ok || loopback(host) {
				continue
			}
			return rules.Result{Truth: rules.Unknown, Missing: []string{rules.MissingFact(rules.FactServerEffect, host)}}
		}
		return rules.Result{Truth: rules.False}
	})
}

// requestHost returns the host of an operand that is a URL (scheme://,
// or host/path, host:port, localhost), without user or port; a URL only
// known at run time is returned as written, and ok: its host is not known
// to be local.
func requestHost(a model.Arg) (string, bool) {
	v := strings.ToLower(a.Value)
	if a.Dynamic {
		return a.Value, strings.Contains(v, "://") || strings.HasPrefix(v, "$")
	}
	rest, scheme := strings.CutPrefix(v, "http://")
	if !scheme {
		rest, scheme = strings.CutPrefix(v, "https://")
	}
	hostPort, _, slash := strings.Cut(rest, "/")
	hostPort, _, _ = strings.Cut(hostPort, "?")
	if i := strings.LastIndex(hostPort, "@"); i >= 0 {
		hostPort = hostPort[i+1:]
	}
	host := hostPort
	if h, _, err := net.SplitHostPort(hostPort); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	switch {
	case host == "":
		return "", false
	case scheme, host == "localhost", net.ParseIP(host) != nil:
		return host, true
	case slash || strings.Contains(hostPort, ":"):
		// example.com/api, example.com:8080: a host with a dot.
		return host, strings.Contains(host, ".") && !strings.ContainsAny(host, "=@{}")
	}
	return "", false
}

// loopback reports whether host is this machine: localhost, a name under
// .localhost (RFC 6761), or a loopback or unspecified address.
func loopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}
