package render

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// StylesheetHashes returns the CSP hash source ("sha256-…") of each
// stylesheet of the browser build (client/assets/*.css under distDir). The
// renderer writes a page's stylesheets into the page itself, so that its
// first paint waits for no other request; a Content-Security-Policy allows
// those inline styles, and no other, by these hashes. A build without
// stylesheets has none.
func StylesheetHashes(distDir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(distDir, "client", "assets", "*.css"))
	if err != nil {
		return nil, err
	}
	hashes := make([]string, 0, len(paths))
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("stylesheet hashes: %w", err)
		}
		sum := sha256.Sum256(text)
		hashes = append(hashes, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
	}
	slices.Sort(hashes)
	return hashes, nil
}
