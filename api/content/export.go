package content

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"noorvale.example/site/api/store"
)

// ExportStore is the part of the store an export reads: the identity and
// the published content.
type ExportStore interface {
	Settings(ctx context.Context) (map[string]string, error)
	ContentEntries(ctx context.Context) ([]store.ContentEntry, error)
}

// ErrExportDirNotEmpty is returned by Export for a directory that holds
// something when it was not told to replace it.
var ErrExportDirNotEmpty = errors.New("content: the export directory is not empty")

// structuredSettings are the identity's settings kept as compact JSON; the
// others are text (see SiteFromSettings).
var structuredSettings = []string{"parent", "social", "offices"}

// Export writes what the site publishes (the identity and every entry of
// content_entries, which hold the published text of every language) into
// dir in the seed tree's layout, indented as the seed files are: site.json,
// sitemap.json (the page tree, which lives with the server, not in the
// database), pages/ and collections/. The seed reads the result back to the
// same content, so an export is a backup staff can review in a diff and a
// seed tree for development. A directory that holds anything is refused
// unless replace is set; then site.json, sitemap.json, pages/ and
// collections/ are replaced and anything else in it is left alone. It
// returns how many files it wrote.
func Export(ctx context.Context, s ExportStore, dir string, replace bool) (int, error) {
	settings, err := s.Settings(ctx)
	if err != nil {
		return 0, fmt.Errorf("content: export: %w", err)
	}
	entries, err := s.ContentEntries(ctx)
	if err != nil {
		return 0, fmt.Errorf("content: export: %w", err)
	}
	site, err := siteFile(settings)
	if err != nil {
		return 0, err
	}
	sitemap, err := fs.ReadFile(seedFiles, "seed/sitemap.json")
	if err != nil {
		return 0, fmt.Errorf("content: export: read sitemap: %w", err)
	}

	if err := prepareExportDir(dir, replace); err != nil {
		return 0, err
	}
	files := map[string][]byte{"site.json": site, "sitemap.json": sitemap}
	for _, e := range entries {
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, []byte(e.Body), "", "  "); err != nil {
			return 0, fmt.Errorf("content: export %s: stored body is not JSON: %w", EntryFile(e), err)
		}
		pretty.WriteByte('\n')
		files[EntryFile(e)] = pretty.Bytes()
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return 0, fmt.Errorf("content: export: %w", err)
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return 0, fmt.Errorf("content: export: %w", err)
		}
	}
	return len(names), nil
}

// prepareExportDir makes dir, refuses it when it holds anything and replace
// is not set, and otherwise removes what an export writes, so an item
// deleted since the last export does not linger in it.
func prepareExportDir(dir string, replace bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("content: export: %w", err)
	}
	held, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("content: export: %w", err)
	}
	if len(held) == 0 {
		return nil
	}
	if !replace {
		return fmt.Errorf("%w: %s (--force replaces its content files)", ErrExportDirNotEmpty, dir)
	}
	for _, name := range []string{"site.json", "sitemap.json", pagesDir, collectionsDir} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("content: export: %w", err)
		}
	}
	return nil
}

// siteFile writes the identity's settings back as site.json: the keys in
// the order the shipped site.json has them, then any others by name; text
// settings as strings and structured ones as the JSON they hold.
func siteFile(settings map[string]string) ([]byte, error) {
	shipped, err := fs.ReadFile(seedFiles, "seed/site.json")
	if err != nil {
		return nil, fmt.Errorf("content: export: read site: %w", err)
	}
	order, err := topLevelKeys(shipped)
	if err != nil {
		return nil, fmt.Errorf("content: export: read site: %w", err)
	}
	var extra []string
	for key := range settings {
		if !slices.Contains(order, key) {
			extra = append(extra, key)
		}
	}
	sort.Strings(extra)

	var compact bytes.Buffer
	compact.WriteByte('{')
	first := true
	for _, key := range append(order, extra...) {
		value, ok := settings[key]
		if !ok {
			continue
		}
		if !first {
			compact.WriteByte(',')
		}
		first = false
		name, _ := json.Marshal(key)
		compact.Write(name)
		compact.WriteByte(':')
		if slices.Contains(structuredSettings, key) && json.Valid([]byte(value)) {
			compact.WriteString(value)
			continue
		}
		text := json.NewEncoder(&compact)
		text.SetEscapeHTML(false) // as the files are written: "&" stays "&"
		if err := text.Encode(value); err != nil {
			return nil, fmt.Errorf("content: export site: %w", err)
		}
	}
	compact.WriteByte('}')
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, compact.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("content: export site: %w", err)
	}
	pretty.WriteByte('\n')
	return pretty.Bytes(), nil
}

// topLevelKeys returns the keys of a JSON object in the order written.
func topLevelKeys(data []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}
