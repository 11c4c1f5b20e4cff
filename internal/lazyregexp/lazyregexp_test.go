package lazyregexp

import "testing"

func TestCompiledOnFirstUse(t *testing.T) {
	r := New(`^a(?P<rest>b+)$`)
	if r.rx != nil {
		t.Fatal("compiled before first use")
	}
	tests := []struct {
		in    string
		match bool
	}{
		{"abb", true},
		{"a", false},
		{"xabb", false},
	}
	for _, tt := range tests {
		if got := r.MatchString(tt.in); got != tt.match {
			t.Errorf("MatchString(%q) = %v, want %v", tt.in, got, tt.match)
		}
	}
	if got := r.FindStringSubmatch("abbb")[r.SubexpIndex("rest")]; got != "bbb" {
		t.Errorf("rest = %q, want bbb", got)
	}
	if r.String() != `^a(?P<rest>b+)$` {
		t.Errorf("String() = %q", r.String())
	}
}

func TestBadExpressionPanicsOnUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	r.MatchString("x")
}
