package rules

import (
	"slices"
	"testing"

	"github.com/recourse-dev/recourse/model"
)

func TestHint(t *testing.T) {
	base, err := NewEngine([]Rule{{ID: "q.delete", Type: "aws_sqs_queue", On: Destroy, Tier: model.TierUnrecoverable, Reason: "r"}})
	if err != nil {
		t.Fatal(err)
	}
	eng := base.WithHints([]EvidenceHint{
		{Type: "aws_sqs_queue", Key: "queue_empty", Why: "w", Argv: []string{"aws", "sqs", "get-queue-attributes", "--queue-url", "{attr:id}"}, Permissions: []string{"sqs:GetQueueAttributes"}},
		{Type: "aws_s3_bucket", Key: "force_destroy", Why: "w", Argv: []string{"terraform", "state", "show", "{address}"}},
	})
	tests := []struct {
		name      string
		typ, key  string
		before    map[string]any
		sensitive any
		ok        bool
		argv      []string
	}{
		{"attribute filled", "aws_sqs_queue", "queue_empty", map[string]any{"id": "https://q"}, nil, true, []string{"aws", "sqs", "get-queue-attributes", "--queue-url", "https://q"}},
		{"address filled", "aws_s3_bucket", "force_destroy", map[string]any{}, nil, true, []string{"terraform", "state", "show", "aws_s3_bucket.x"}},
		{"attribute absent: no command, the why stays", "aws_sqs_queue", "queue_empty", map[string]any{"name": "q"}, nil, true, nil},
		{"sensitive attribute never printed", "aws_sqs_queue", "queue_empty", map[string]any{"id": "https://secret"}, map[string]any{"id": true}, true, nil},
		{"unknown key", "aws_sqs_queue", "other", map[string]any{"id": "https://q"}, nil, false, nil},
		{"unknown type", "aws_sns_topic", "queue_empty", map[string]any{"id": "https://q"}, nil, false, nil},
	}
	for _, tt := range tests {
		m := &model.Mutation{Address: tt.typ + ".x", Target: model.Target{Type: tt.typ}, Action: model.ActionDelete, Before: tt.before, BeforeSensitive: tt.sensitive}
		h, argv, ok := eng.Hint(m, tt.key)
		if ok != tt.ok || !slices.Equal(argv, tt.argv) || (ok && h.Why == "") {
			t.Errorf("%s: ok %v argv %q, want %v %q", tt.name, ok, argv, tt.ok, tt.argv)
		}
	}
	if _, _, ok := base.Hint(&model.Mutation{Target: model.Target{Type: "aws_sqs_queue"}}, "queue_empty"); ok {
		t.Error("WithHints changed the engine it was called on")
	}
}
