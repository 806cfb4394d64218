package render

import (
	"crypto/sha256"
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"
)

func TestStylesheetHashesAreThoseOfTheBuildsStylesheets(t *testing.T) {
	dist := t.TempDir()
	assets := filepath.Join(dist, "client", "assets")
	if err := os.MkdirAll(assets, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"entry-1.css": ":root{color:#111}\n",
		"home-2.css":  ".hero{display:grid}",
		"entry-3.js":  "console.log(1)",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(assets, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := StylesheetHashes(dist)
	if err != nil {
		t.Fatal(err)
	}
	// What a browser computes for <style>…</style> with exactly the file's text.
	want := func(text string) string {
		sum := sha256.Sum256([]byte(text))
		return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
	}
	if len(got) != 2 {
		t.Fatalf("hashes = %v, want one per stylesheet", got)
	}
	for _, text := range []string{files["entry-1.css"], files["home-2.css"]} {
		if got[0] != want(text) && got[1] != want(text) {
			t.Errorf("no hash of %q in %v", text, got)
		}
	}

	none, err := StylesheetHashes(t.TempDir())
	if err != nil || len(none) != 0 {
		t.Errorf("a build without stylesheets: %v, %v", none, err)
	}
}
