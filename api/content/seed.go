package content

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// PagesCollection is the collection pages are stored under, with their
// route as the slug.
const PagesCollection = "pages"

// Folders of the seed tree that hold content files.
const (
	pagesDir       = "pages"
	collectionsDir = "collections"
)

// maxSlug bounds an item's slug: it is part of the item's address.
const maxSlug = 80

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// SeedStore is the part of the store seeding writes to.
type SeedStore interface {
	ReplaceContent(ctx context.Context, set store.ContentSet) (store.ContentChanges, error)
}

// Seed loads the seed tree shipped with the server into the store; see SeedFrom.
func Seed(ctx context.Context, s SeedStore) (store.ContentChanges, error) {
	return SeedFrom(ctx, s, SeedFS())
}

// SeedFrom checks the seed tree in fsys and makes the store hold exactly its
// content: the identity from site.json and one entry per page and item file.
// The store bumps the content version only when something changed, so
// seeding twice is a no-op. When any file is wrong nothing is written.
func SeedFrom(ctx context.Context, s SeedStore, fsys fs.FS) (store.ContentChanges, error) {
	set, err := ReadSeed(fsys)
	if err != nil {
		return store.ContentChanges{}, err
	}
	changes, err := s.ReplaceContent(ctx, set)
	if err != nil {
		return store.ContentChanges{}, fmt.Errorf("content: seed: %w", err)
	}
	return changes, nil
}

// ReadSeed reads and checks a seed tree: site.json, sitemap.json, and the
// content files under pages/<locale>/<route>.json and
// collections/<locale>/<collection>/<slug>.json. It reports every problem
// it finds at once, each naming its file and, where it applies, its field.
func ReadSeed(fsys fs.FS) (store.ContentSet, error) {
	siteData, err := fs.ReadFile(fsys, "site.json")
	if err != nil {
		return store.ContentSet{}, fmt.Errorf("content: read site: %w", err)
	}
	settings, err := settingsFromJSON(siteData)
	if err != nil {
		return store.ContentSet{}, err
	}
	sitemapData, err := fs.ReadFile(fsys, "sitemap.json")
	if err != nil {
		return store.ContentSet{}, fmt.Errorf("content: read sitemap: %w", err)
	}
	cat, err := Parse(sitemapData)
	if err != nil {
		return store.ContentSet{}, err
	}

	r := seedReader{fsys: fsys, catalog: cat}
	r.walk(pagesDir, r.page)
	r.walk(collectionsDir, r.item)
	r.checkTranslations()
	if len(r.problems) > 0 {
		return store.ContentSet{}, fmt.Errorf("content: %d problem(s) in the seed files:\n  %s",
			len(r.problems), strings.Join(r.problems, "\n  "))
	}
	sort.Slice(r.entries, func(i, j int) bool {
		a, b := r.entries[i], r.entries[j]
		if a.Collection != b.Collection {
			return a.Collection < b.Collection
		}
		if a.Slug != b.Slug {
			return a.Slug < b.Slug
		}
		return a.Locale < b.Locale
	})
	return store.ContentSet{Settings: settings, Entries: r.entries}, nil
}

// seedReader collects the entries of a seed tree and what is wrong with it.
type seedReader struct {
	fsys     fs.FS
	catalog  *Catalog
	entries  []store.ContentEntry
	problems []string
}

func (r *seedReader) problem(file, format string, args ...any) {
	r.problems = append(r.problems, file+": "+fmt.Sprintf(format, args...))
}

// walk calls fn for every file under dir with the path's segments below it.
// A missing dir holds nothing; hidden files are never embedded.
func (r *seedReader) walk(dir string, fn func(file string, parts []string)) {
	err := fs.WalkDir(r.fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		if path.Ext(p) != ".json" {
			r.problem(p, "only .json files belong under %s/", dir)
			return nil
		}
		fn(p, strings.Split(strings.TrimPrefix(p, dir+"/"), "/"))
		return nil
	})
	if err != nil {
		r.problem(dir, "cannot be read: %v", err)
	}
}

// fileLocale checks the language folder of a file.
func (r *seedReader) fileLocale(file, code string) (locale.Locale, bool) {
	loc, ok := locale.Parse(code)
	if !ok || string(loc) != code {
		r.problem(file, "%q is not one of the site's languages (en, nl, fr, ar)", code)
		return "", false
	}
	return loc, true
}

// page reads pages/<locale>/<route>.json.
func (r *seedReader) page(file string, parts []string) {
	if len(parts) < 2 {
		r.problem(file, "a page file belongs under %s/<language>/", pagesDir)
		return
	}
	loc, ok := r.fileLocale(file, parts[0])
	if !ok {
		return
	}
	route := "/" + strings.TrimSuffix(strings.Join(parts[1:], "/"), ".json")
	if len(parts) == 2 && parts[1] == homeFile {
		route = "/"
	}
	p := r.catalog.Page(route)
	if p == nil {
		r.problem(file, "there is no page %s in sitemap.json", route)
		return
	}
	s, ok := pageShape(p)
	if !ok {
		r.problem(file, "the %s page takes no content file: its text is in the web app's translations", p.Kind)
		return
	}
	r.add(file, PagesCollection, route, loc, s)
}

// item reads collections/<locale>/<collection>/<slug>.json.
func (r *seedReader) item(file string, parts []string) {
	if len(parts) != 3 {
		r.problem(file, "an item file belongs at %s/<language>/<collection>/<slug>.json", collectionsDir)
		return
	}
	loc, ok := r.fileLocale(file, parts[0])
	if !ok {
		return
	}
	col := collectionNamed(parts[1])
	if col == nil {
		r.problem(file, "%q is not a collection (%s)", parts[1], strings.Join(collectionNames(), ", "))
		return
	}
	if r.catalog.Page(col.ListRoute) == nil {
		r.problem(file, "the %s list page %s is not in sitemap.json", col.Name, col.ListRoute)
		return
	}
	slug := strings.TrimSuffix(parts[2], ".json")
	if !slugPattern.MatchString(slug) || len(slug) > maxSlug {
		r.problem(file, "the slug %q must be lower-case words joined by hyphens, at most %d characters", slug, maxSlug)
		return
	}
	r.add(file, col.Name, slug, loc, itemShapes[col.Name])
}

// add decodes and checks one file and records it as an entry.
func (r *seedReader) add(file, collection, slug string, loc locale.Locale, s shape) {
	data, err := fs.ReadFile(r.fsys, file)
	if err != nil {
		r.problem(file, "cannot be read: %v", err)
		return
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		r.problem(file, "is not a valid JSON object: %s", describeJSONError(data, err))
		return
	}
	// Running text may be written in its short form; the database holds the tree.
	s.normalizeProse(v)
	bad := s.check(v)
	for _, p := range bad {
		r.problem(file, "%s", p.String())
	}
	if len(bad) > 0 {
		return
	}
	if s.hasProse() {
		if data, err = json.Marshal(v); err != nil {
			r.problem(file, "cannot be encoded: %v", err)
			return
		}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		r.problem(file, "is not valid JSON: %v", err)
		return
	}
	r.entries = append(r.entries, store.ContentEntry{Collection: collection, Slug: slug, Locale: string(loc), Body: compact.String()})
}

// checkTranslations refuses a translation without an English original: the
// English file decides that a page or item exists.
func (r *seedReader) checkTranslations() {
	english := map[[2]string]bool{}
	for _, e := range r.entries {
		if e.Locale == string(locale.Default) {
			english[[2]string{e.Collection, e.Slug}] = true
		}
	}
	for _, e := range r.entries {
		if e.Locale != string(locale.Default) && !english[[2]string{e.Collection, e.Slug}] {
			r.problem(EntryFile(e), "has no English original at %s", EntryFile(store.ContentEntry{Collection: e.Collection, Slug: e.Slug, Locale: string(locale.Default)}))
		}
	}
}

// EntryFile returns the seed file an entry comes from, relative to the seed tree.
func EntryFile(e store.ContentEntry) string {
	if e.Collection == PagesCollection && e.Slug == "/" {
		return pagesDir + "/" + e.Locale + "/" + homeFile
	}
	if e.Collection == PagesCollection {
		return pagesDir + "/" + e.Locale + e.Slug + ".json"
	}
	return collectionsDir + "/" + e.Locale + "/" + e.Collection + "/" + e.Slug + ".json"
}

// describeJSONError turns a decoding error into a message with a line and column.
func describeJSONError(data []byte, err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	offset := int64(-1)
	switch {
	case errors.As(err, &syntax):
		offset = syntax.Offset
	case errors.As(err, &typ):
		if typ.Field == "" {
			return "the file must hold one JSON object"
		}
		offset = typ.Offset
	}
	if offset < 0 || offset > int64(len(data)) {
		return err.Error()
	}
	line := 1 + bytes.Count(data[:offset], []byte("\n"))
	col := int(offset) - bytes.LastIndexByte(data[:offset], '\n')
	return fmt.Sprintf("line %d, column %d: %v", line, col, err)
}
