package testenv

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ARCHITECTURE.md's table of Go packages names every package under api/,
// and no package that is gone, so a newcomer's map stays true.
func TestArchitectureListsEveryPackage(t *testing.T) {
	root := RepoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(api/[^`]+)` *\\| *\\S").FindAllStringSubmatch(string(doc), -1) {
		listed[m[1]] = true
	}
	err = filepath.WalkDir(filepath.Join(root, "api"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
				rel, _ := filepath.Rel(root, path)
				if !listed[filepath.ToSlash(rel)] {
					t.Errorf("ARCHITECTURE.md does not say what %s owns", rel)
				}
				delete(listed, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range listed {
		t.Errorf("ARCHITECTURE.md lists %s, which is not a package", pkg)
	}
}
