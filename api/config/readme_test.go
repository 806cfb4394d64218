package config

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEListsEverySetting keeps the README's configuration table
// complete: every variable Parse reads, and GOMEMLIMIT (read by the
// runtime), has a row.
func TestREADMEListsEverySetting(t *testing.T) {
	src, err := os.ReadFile("config.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"GOMEMLIMIT"}
	for _, m := range regexp.MustCompile(`get\("([A-Z0-9_]+)"`).FindAllSubmatch(src, -1) {
		names = append(names, string(m[1]))
	}
	if len(names) < 15 {
		t.Fatalf("found only %d settings in config.go: has Parse stopped using get?", len(names))
	}
	for _, name := range names {
		if !strings.Contains(string(readme), "| `"+name+"` |") {
			t.Errorf("README.md's configuration table has no row for %s", name)
		}
	}
}
