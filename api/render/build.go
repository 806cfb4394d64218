package render

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// BuildID identifies what renders the pages: the server's own executable
// (which builds the props) and the render bundle and client manifest in
// distDir (which turn them into HTML). Documents are stored under it, so a
// new build never serves an old build's pages, and two replicas of one
// build share theirs.
func BuildID(distDir string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("render: build id: %w", err)
	}
	files := []string{self, filepath.Join(distDir, "client", ".vite", "manifest.json")}
	bundle := filepath.Join(distDir, "server")
	err = filepath.WalkDir(bundle, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("render: build id: %w", err)
	}
	h := sha256.New()
	for _, name := range files {
		_, _ = io.WriteString(h, filepath.Base(name))
		if err := hashFile(h, name); err != nil {
			return "", fmt.Errorf("render: build id: %w", err)
		}
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:15]), nil
}

func hashFile(w io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
