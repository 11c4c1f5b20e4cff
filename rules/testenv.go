package rules

import (
	"slices"
	"strings"

	"github.com/recourse-dev/recourse/model"
)

// TestEnvironment holds when the command says it acts on the test
// environment, through the variables its framework reads its environment
// from (vars: RAILS_ENV for Rails, MIX_ENV for Ecto, NODE_ENV for
// Sequelize, APP_ENV for Laravel): one set to test on the line
// (RAILS_ENV=test rails db:drop) or as a rake operand (rake db:reset
// RAILS_ENV=test), an --env or --environment of test, or, where vars
// names DJANGO_SETTINGS_MODULE, Django settings named for tests
// (--settings=app.settings.test). The test environment's database is the
// one the framework's test suite drops, recreates and fills on every run
// (rails db:test:prepare, Django's and Ecto's test runners).
func TestEnvironment(vars ...string) Cond {
	return Func("the test environment ("+strings.Join(vars, ", ")+")", func(f Facts) Result {
		c := f.M.Command
		if c == nil {
			return Result{Truth: False}
		}
		django := slices.Contains(vars, "DJANGO_SETTINGS_MODULE")
		for _, name := range vars {
			v, ok := c.Env[name]
			if ok && (testName(v) || name == "DJANGO_SETTINGS_MODULE" && testModule(v)) {
				return testEvidence(name, v)
			}
		}
		for _, a := range Operands(c) {
			if name, v, ok := strings.Cut(a.Value, "="); ok && !a.Dynamic && slices.Contains(vars, name) && testName(v) {
				return testEvidence(name, v)
			}
		}
		if v, ok := FlagValue(c, "env", "environment"); ok && testName(v) {
			return testEvidence("--environment", v)
		}
		if v, ok := FlagValue(c, "settings"); ok && django && testModule(v) {
			return testEvidence("--settings", v)
		}
		return Result{Truth: False}
	})
}

// testName is an environment named test ("test", "testing").
func testName(v string) bool {
	v = strings.ToLower(v)
	return v == "test" || v == "testing"
}

// testModule is a settings module whose last part names tests
// (app.settings.test, config.settings_test, settings.testing).
func testModule(v string) bool {
	last := strings.ToLower(v[strings.LastIndexByte(v, '.')+1:])
	for _, w := range strings.FieldsFunc(last, func(r rune) bool { return r == '_' || r == '-' }) {
		if testName(w) || w == "tests" {
			return true
		}
	}
	return false
}

func testEvidence(key, v string) Result {
	return Result{Truth: True, Evidence: []model.Evidence{{Key: "environment", Value: key + "=" + v, Present: true}}}
}

// TestDatabaseName reports whether a database's name says it is a test
// database by the frameworks' conventions: test, NAME_test (Rails,
// Phoenix, Laravel), test_NAME (Django's test runner), NAME-test.
func TestDatabaseName(name string) bool {
	n := strings.ToLower(name)
	return n == "test" || strings.HasSuffix(n, "_test") || strings.HasPrefix(n, "test_") || strings.HasSuffix(n, "-test")
}

// LocalServer holds when a database client's command names no server, or
// names this machine: -h/--host of localhost, 127.0.0.1, ::1 or a socket
// directory.
func LocalServer() Cond {
	return Func("the local database server", func(f Facts) Result {
		c := f.M.Command
		if c == nil {
			return Result{Truth: False}
		}
		host, ok := FlagValue(c, "h", "host")
		if !ok {
			host = c.Env["PGHOST"]
		}
		switch {
		case host == "", host == "localhost", host == "127.0.0.1", host == "::1", strings.HasPrefix(host, "/"):
			return Result{Truth: True, Evidence: []model.Evidence{{Key: "host", Value: firstNonEmpty(host, "(none: the local socket)"), Present: true}}}
		}
		return Result{Truth: False}
	})
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
