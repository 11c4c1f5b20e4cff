package install

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGeminiCommentedSettings: Gemini CLI reads settings.json with
// comments (JSONC); install does not write such a file back (the comments
// would be lost), so it refuses it with its line and leaves it as it was.
func TestGeminiCommentedSettings(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, ".gemini", "settings.json")
	content := "{\n  // my theme\n  \"theme\": \"GitHub\"\n}\n"
	writeTestFile(t, path, content)
	_, err := Install("gemini-cli", User, Options{Home: home, Binary: bin})
	if err == nil || !strings.Contains(err.Error(), "settings.json:2") || !strings.Contains(err.Error(), "leaves the file alone") {
		t.Errorf("error %v, want the file's line 2 and that it is left alone", err)
	}
	if readTestFile(t, path) != content {
		t.Error("the file changed")
	}
}
