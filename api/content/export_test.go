package content_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// TestExportRoundTrip exports a seeded database and reads the export back
// with the seed: the same identity and the same entries, byte for byte once
// compacted; a staff member's published edit is in the export.
func TestExportRoundTrip(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if _, err := content.Seed(ctx, s); err != nil {
			t.Fatal(err)
		}
		shipped, err := content.ReadSeed(content.SeedFS())
		if err != nil {
			t.Fatal(err)
		}

		dir := t.TempDir()
		n, err := content.Export(ctx, s, dir, false)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(shipped.Entries) + 2; n != want {
			t.Fatalf("export wrote %d files, want %d (every entry, site.json, sitemap.json)", n, want)
		}
		exported, err := content.ReadSeed(os.DirFS(dir))
		if err != nil {
			t.Fatalf("the seed refuses the export: %v", err)
		}
		if !reflect.DeepEqual(exported.Settings, shipped.Settings) {
			t.Fatalf("exported identity differs:\n got %v\nwant %v", exported.Settings, shipped.Settings)
		}
		if !reflect.DeepEqual(exported.Entries, shipped.Entries) {
			t.Fatalf("exported entries differ from the seed's (%d and %d)", len(exported.Entries), len(shipped.Entries))
		}
		// Written as the seed files are: indented by two spaces, ending in a line break,
		// the stored text as it is (running text as its document tree).
		file := filepath.Join(dir, "collections", "en", "news", "cairo-office-moves-to-new-cairo.json")
		written, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		key := store.ContentKey{Collection: "news", Slug: "cairo-office-moves-to-new-cairo", Locale: "en"}
		if err := json.Indent(&want, []byte(entryBody(t, shipped.Entries, key)), "", "  "); err != nil {
			t.Fatal(err)
		}
		if string(written) != want.String()+"\n" {
			t.Fatalf("exported file is not the stored text indented by two spaces:\n%s", written)
		}
		if !strings.Contains(string(written), "\n  \"title\": \"Our Cairo office moves") {
			t.Fatalf("exported file is not indented by two spaces:\n%s", written)
		}

		// A directory with something in it is refused, unless replaced.
		if _, err := content.Export(ctx, s, dir, false); !errors.Is(err, content.ErrExportDirNotEmpty) {
			t.Fatalf("export into a non-empty directory: %v", err)
		}

		// A staff edit, published, is what the next export holds.
		edited := strings.Replace(entryBody(t, shipped.Entries, key), `"title":"Our Cairo office moves`, `"title":"Edited: our Cairo office moves`, 1)
		now := time.Now()
		v, err := s.SaveContentVersion(ctx, key, edited, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, key, v.ID, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		stale := filepath.Join(dir, "collections", "en", "news", "an-item-deleted-since.json")
		if err := os.WriteFile(stale, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		keep := filepath.Join(dir, "README")
		if err := os.WriteFile(keep, []byte("notes"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := content.Export(ctx, s, dir, true); err != nil {
			t.Fatal(err)
		}
		again, err := content.ReadSeed(os.DirFS(dir))
		if err != nil {
			t.Fatalf("the seed refuses the second export: %v", err)
		}
		if got := entryBody(t, again.Entries, key); got != edited {
			t.Fatalf("the export does not hold the staff edit:\n%s", got)
		}
		if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("a file the database does not hold survived the export: %v", err)
		}
		if _, err := os.Stat(keep); err != nil {
			t.Fatalf("a file the export does not write was removed: %v", err)
		}
	})
}

func entryBody(t *testing.T, entries []store.ContentEntry, k store.ContentKey) string {
	t.Helper()
	for _, e := range entries {
		if e.Collection == k.Collection && e.Slug == k.Slug && e.Locale == k.Locale {
			return e.Body
		}
	}
	t.Fatalf("no entry %v", k)
	return ""
}
