package suggest

import (
	"strings"
	"testing"
)

func TestMatches(t *testing.T) {
	tools := []string{"recourse_evaluate_terraform", "recourse_evaluate_shell", "recourse_evaluate_mcp_call", "recourse_evaluate_with_evidence", "recourse_supported_resources"}
	tests := []struct {
		name string
		want string
	}{
		{"recourse_evaluate_shel", "recourse_evaluate_shell"},
		{"evaluate_shell", "recourse_evaluate_shell"},
		{"recourse.evaluate.shell", "recourse_evaluate_shell"},
		{"RECOURSE_EVALUATE_TERRAFORM", "recourse_evaluate_terraform"},
		{"comand", ""},
	}
	for _, tt := range tests {
		if got := Nearest(tt.name, tools); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := Nearest("comand", []string{"command", "cwd", "actor"}); got != "command" {
		t.Errorf("comand: %q", got)
	}
	if got := Matches("argumnets", []string{"arguments", "annotations", "server"}, 3); strings.Join(got, ",") != "arguments" {
		t.Errorf("argumnets: %v", got)
	}
	// A short name is not close to everything that contains it.
	if got := Matches("acme_widget", []string{".", "[", "rm", "aws_instance"}, 3); len(got) != 0 {
		t.Errorf("acme_widget: %v, want none", got)
	}
	if got := Matches("aws_db_instances", []string{".", "aws_db_instance", "aws_instance"}, 3); strings.Join(got, ",") != "aws_db_instance,aws_instance" {
		t.Errorf("aws_db_instances: %v", got)
	}
}
