package shell

import "testing"

// TestBuildWrappers holds that the gradle and Maven wrappers, unread, are
// judged as their tool by name, while another unread project script still
// names its missing content.
func TestBuildWrappers(t *testing.T) {
	for _, tt := range []struct {
		line, program string
		problem       bool
	}{
		{"./gradlew --build-cache check -x test", "gradlew", false},
		{"./mvnw verify -e -B -V", "mvnw", false},
		{"sub/gradlew build", "gradlew", false},
		{"./deploy.sh", "", true},
		{"./gradlew.sh", "", true},
	} {
		ms, err := Parse(tt.line, Options{Cwd: "/home/dev/project"})
		if err != nil || len(ms) == 0 || ms[0].Command == nil {
			t.Fatalf("%q: %v, %d mutations", tt.line, err, len(ms))
		}
		c := ms[len(ms)-1].Command
		if got := c.Problem != ""; got != tt.problem || tt.program != "" && c.Program != tt.program {
			t.Errorf("%q: program %q problem %q; want program %q, a problem: %v", tt.line, c.Program, c.Problem, tt.program, tt.problem)
		}
	}
}
