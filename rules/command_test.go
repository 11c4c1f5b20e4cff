package rules

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

// command builds a command from space-separated words; a word starting
// with $ is dynamic.
func command(program, args string) *model.Mutation {
	c := &model.Command{Program: program}
	for _, w := range strings.Fields(args) {
		c.Args = append(c.Args, model.Arg{Value: w, Dynamic: strings.HasPrefix(w, "$")})
	}
	return &model.Mutation{Action: model.ActionExecute, Command: c}
}

// TestSubPastOptionValues: a subcommand still counts when options before
// it that Recourse does not know may have taken the words in between as
// their values; an option it knows to take a value always does.
func TestSubPastOptionValues(t *testing.T) {
	tests := []struct {
		name    string
		program string
		args    string
		words   []string
		want    Truth
	}{
		{"first operand", "mysqladmin", "drop shop", []string{"drop"}, True},
		{"after a value", "mysqladmin", "-u root drop shop", []string{"drop"}, True},
		{"whichever options take values", "mysqladmin", "-h db -u root -f drop shop", []string{"drop"}, True},
		{"between the words", "gh", "release -R acme/api delete v1", []string{"release", "delete"}, True},
		{"an operand that no option can own", "mysqladmin", "status drop", []string{"drop"}, False},
		{"a value given with =", "mysqladmin", "--user=root root drop", []string{"drop"}, False},
		{"after --", "pulumi", "-C infra -- destroy", []string{"destroy"}, True},
		{"not there", "gh", "-R acme/api repo view", []string{"repo", "delete"}, False},
		{"dynamic in the way", "gh", "-R acme/api $SUB delete", []string{"repo", "delete"}, Unknown},
		{"an unknown option of a known program", "kubectl", "--debug prod delete pvc data", []string{"delete"}, True},
		{"a known value option always takes its value", "kubectl", "-n delete get pods", []string{"delete"}, False},
		{"known option's value", "kubectl", "-n prod delete pvc data", []string{"delete"}, True},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Sub(tt.words...).Eval(Facts{M: command(tt.program, tt.args)}).Truth; got != tt.want {
				t.Errorf("Sub(%q) on %s %s = %v, want %v", tt.words, tt.program, tt.args, got, tt.want)
			}
		})
	}
}

// TestReadings: a condition on the front words also reads them past the
// words that options Recourse does not know may have taken as values.
func TestReadings(t *testing.T) {
	first := func(want string) func([]model.Arg) Result {
		return func(ops []model.Arg) Result {
			if len(ops) > 0 && ops[0].Dynamic {
				return Result{Truth: Unknown}
			}
			return Decided(len(ops) > 0 && ops[0].Value == want)
		}
	}
	tests := []struct {
		name, program, args, want string
		truth                     Truth
	}{
		{"as read", "kubectl", "delete ns prod", "delete", True},
		{"past an unknown option's value", "kubectl", "--new x delete ns prod", "delete", True},
		{"past two", "mysqladmin", "-h db -u root drop shop", "drop", True},
		{"a known option's value is never the front", "kubectl", "-n delete get pods", "delete", False},
		{"a word no option can own", "kubectl", "get delete", "delete", False},
		{"after --, words are operands", "kubectl", "-- x delete", "delete", False},
		{"dynamic in the way", "kubectl", "--new $X delete", "other", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Facts{M: command(tt.program, tt.args)}).Readings(first(tt.want)).Truth; got != tt.truth {
				t.Errorf("Readings on %s %s for %q = %v, want %v", tt.program, tt.args, tt.want, got, tt.truth)
			}
		})
	}
}
