package content_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"noorvale.example/site/api/content"
)

// These tests hold the content files shipped with the server to what the
// product promises its visitors: every page written, nothing left empty, no
// text copied from one page to another, no placeholder text.

// contentFile is a decoded content file of the seed tree.
type contentFile struct {
	name  string // path inside the seed tree
	value any
}

// contentFiles decodes every JSON file under dir in the seed tree.
func contentFiles(t *testing.T, dir string) []contentFile {
	t.Helper()
	var out []contentFile
	err := fs.WalkDir(content.SeedFS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		data, err := fs.ReadFile(content.SeedFS(), p)
		if err != nil {
			return err
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Errorf("%s: not valid JSON: %v", p, err)
			return nil
		}
		out = append(out, contentFile{name: p, value: v})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// walkStrings calls fn for every string in v with its field path.
func walkStrings(v any, path string, fn func(path, s string)) {
	switch v := v.(type) {
	case string:
		fn(path, v)
	case []any:
		for i, el := range v {
			walkStrings(el, path+"["+strconv.Itoa(i)+"]", fn)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub := k
			if path != "" {
				sub = path + "." + k
			}
			walkStrings(v[k], sub, fn)
		}
	}
}

// walkEmpty reports every empty string, list or object in v.
func walkEmpty(v any, path string, report func(path, what string)) {
	switch v := v.(type) {
	case string:
		if strings.TrimSpace(v) == "" {
			report(path, "is an empty string")
		}
	case []any:
		if len(v) == 0 {
			report(path, "is an empty list")
		}
		for i, el := range v {
			walkEmpty(el, path+"["+strconv.Itoa(i)+"]", report)
		}
	case map[string]any:
		if len(v) == 0 {
			report(path, "is an empty object")
		}
		for k, el := range v {
			sub := k
			if path != "" {
				sub = path + "." + k
			}
			walkEmpty(el, sub, report)
		}
	}
}

func TestSeedFilesAreValid(t *testing.T) {
	if _, err := content.ReadSeed(content.SeedFS()); err != nil {
		t.Fatal(err)
	}
}

func TestEveryPageHasEnglishContent(t *testing.T) {
	present := map[string]bool{}
	for _, f := range contentFiles(t, "pages/en") {
		present[f.name] = true
	}
	for _, p := range catalog(t).Pages() {
		if p.Route == "/" || strings.HasPrefix(p.Route, "/auth/") || p.Route == "/account" {
			continue // their text is in the web app's translations
		}
		if name := "pages/en" + p.Route + ".json"; !present[name] {
			t.Errorf("page %s has no English content: %s is missing", p.Route, name)
		}
	}
}

func TestEnglishContentIsComplete(t *testing.T) {
	cat := catalog(t)
	files := append(contentFiles(t, "pages/en"), contentFiles(t, "collections/en")...)
	if len(files) == 0 {
		t.Fatal("no English content files")
	}
	for _, f := range files {
		walkEmpty(f.value, "", func(path, what string) {
			t.Errorf("%s: field %q %s", f.name, path, what)
		})
		route, isPage := strings.CutPrefix(strings.TrimSuffix(f.name, ".json"), "pages/en")
		if !isPage {
			continue
		}
		if route == "/home" {
			route = "/"
		}
		p := cat.Page(route)
		obj, _ := f.value.(map[string]any)
		if p == nil || obj == nil {
			t.Errorf("%s: no page %s in sitemap.json, or not an object", f.name, route)
			continue
		}
		switch {
		case p.Kind == content.KindLanding && len(p.Children) > 0:
			checkCards(t, f.name, p, obj)
		case p.Kind == content.KindService || p.Kind == content.KindStandard || p.Kind == content.KindLanding:
			checkServicePage(t, f.name, p, obj, cat)
		}
	}
}

// checkServicePage holds a service or standard page to the lengths the
// schema gives and its related links to pages that exist.
func checkServicePage(t *testing.T, file string, p *content.Page, obj map[string]any, cat *content.Catalog) {
	t.Helper()
	for _, r := range []struct {
		field    string
		min, max int
	}{{"approach", 4, 6}, {"benefits", 3, 5}, {"faqs", 3, 5}, {"related", 2, 4}} {
		list, _ := obj[r.field].([]any)
		if len(list) < r.min || len(list) > r.max {
			t.Errorf("%s: field %q has %d entries, want %d to %d", file, r.field, len(list), r.min, r.max)
		}
	}
	related, _ := obj["related"].([]any)
	seen := map[string]bool{}
	for i, v := range related {
		route, _ := v.(string)
		switch {
		case route == p.Route:
			t.Errorf("%s: field \"related[%d]\" links the page to itself", file, i)
		case cat.Page(route) == nil:
			t.Errorf("%s: field \"related[%d]\" names %q, which is not a page in sitemap.json", file, i, route)
		case seen[route]:
			t.Errorf("%s: field \"related[%d]\" repeats %q", file, i, route)
		}
		seen[route] = true
	}
}

// checkCards holds a landing page's cards to exactly its child pages.
func checkCards(t *testing.T, file string, p *content.Page, obj map[string]any) {
	t.Helper()
	cards, _ := obj["cards"].(map[string]any)
	var got, want []string
	for route := range cards {
		got = append(got, route)
	}
	for _, c := range p.Children {
		want = append(want, c.Route)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: field \"cards\" has routes %v, want exactly the child pages %v", file, got, want)
	}
}

// Lengths of a page's meta description, in characters: search engines cut
// longer ones, and shorter ones say too little.
const (
	minMetaDescription = 50
	maxMetaDescription = 160
)

func TestMetaDescriptionLength(t *testing.T) {
	checked := 0
	for _, f := range contentFiles(t, "pages") {
		obj, _ := f.value.(map[string]any)
		v, ok := obj["metaDescription"]
		if !ok {
			continue // the home page's head lives in the web app's translations
		}
		s, _ := v.(string)
		checked++
		if n := utf8.RuneCountInString(s); n < minMetaDescription || n > maxMetaDescription {
			t.Errorf("%s: metaDescription has %d characters, want %d to %d: %q", f.name, n, minMetaDescription, maxMetaDescription, s)
		}
	}
	if checked == 0 {
		t.Fatal("no metaDescription found under pages")
	}
}

// minRepeatedWords is the length from which a text may appear only once on
// the whole site.
const minRepeatedWords = 25

func TestNoRepeatedParagraphs(t *testing.T) {
	seen := map[string][]string{} // normalised text → "file: field"
	for _, dir := range []string{"pages", "collections"} {
		for _, f := range contentFiles(t, dir) {
			walkStrings(f.value, "", func(path, s string) {
				words := strings.Fields(strings.ToLower(s))
				if len(words) < minRepeatedWords {
					return
				}
				key := strings.Join(words, " ")
				seen[key] = append(seen[key], fmt.Sprintf("%s: %s", f.name, path))
			})
		}
	}
	var repeated []string
	for text, places := range seen {
		if len(places) > 1 {
			repeated = append(repeated, fmt.Sprintf("%q\n      appears at %s", truncate(text, 120), strings.Join(places, "; ")))
		}
	}
	sort.Strings(repeated)
	for _, r := range repeated {
		t.Errorf("a text of %d words or more appears more than once: %s", minRepeatedWords, r)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func TestNoLoremIpsum(t *testing.T) {
	err := fs.WalkDir(content.SeedFS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(content.SeedFS(), p)
		if err != nil {
			return err
		}
		if strings.Contains(strings.ToLower(string(data)), "lorem ipsum") {
			t.Errorf("%s contains placeholder text (lorem ipsum)", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
