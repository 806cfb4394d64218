package content_test

import (
	"bytes"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
)

// An item's uploaded cover reaches its page and every list in every
// language; a translation without one shows the English one, and its
// documents change when the English cover does.
func TestUploadedCovers(t *testing.T) {
	const (
		english = "0123456789abcdef0123456789abcdef"
		other   = "fedcba9876543210fedcba9876543210"
		file    = "collections/en/news/new-dubai-office.json"
	)
	withCover := func(id string) map[string]string {
		body := `{"title": "We moved our Dubai office", "description": "The Dubai team has a new home in Business Bay.",
			"date": "2026-10-14", "author": "Layla Haddad", "imageAlt": "The Business Bay skyline", "cover": "` + id + `",
			"body": ["The Dubai team moved in October."]}`
		return map[string]string{file: body}
	}
	build := func(files map[string]string) *content.Catalog {
		cat, problems := catalog(t).WithEntries(sampleEntries(t, files, nil))
		if len(problems) > 0 {
			t.Fatalf("problems: %v", problems)
		}
		return cat
	}
	sources := func(cat *content.Catalog, route string, loc locale.Locale) string {
		var b bytes.Buffer
		cat.WriteSources(&b, cat.Page(route), loc, renders)
		return b.String()
	}
	const item, list = "/resources/news/new-dubai-office", "/resources/news"

	drawn := build(nil)
	first := build(withCover(english))
	second := build(withCover(other))
	for _, loc := range []locale.Locale{locale.En, locale.Nl, locale.Ar} {
		if got := first.Cover(first.Page(item), loc); got != english {
			t.Errorf("%s item page shows cover %q, want the English %q", loc, got, english)
		}
		if got := drawn.Cover(drawn.Page(item), loc); got != "" {
			t.Errorf("%s item page without an upload shows %q", loc, got)
		}
		found := false
		for _, it := range first.Items(first.Page(list), loc, renders) {
			if it.Slug == "new-dubai-office" {
				found = it.Cover == english
			} else if it.Cover != "" {
				t.Errorf("%s list: %s has cover %q", loc, it.Slug, it.Cover)
			}
		}
		if !found {
			t.Errorf("%s list does not show the cover", loc)
		}
		for _, route := range []string{item, list} {
			if sources(first, route, loc) == sources(second, route, loc) || sources(first, route, loc) == sources(drawn, route, loc) {
				t.Errorf("%s %s: the document does not change with the English cover", loc, route)
			}
		}
	}
	if got := first.Cover(first.Page(list), locale.En); got != "" {
		t.Errorf("a list page has a cover of its own: %q", got)
	}

	// A cover that is not an upload's id is refused by the seed too.
	files := testenv.SampleContent()
	for k, v := range withCover("../../etc/passwd") {
		files[k] = v
	}
	_, err := content.ReadSeed(testenv.SeedTree(t, files))
	if err == nil || !strings.Contains(err.Error(), `field "cover" must be the id of an uploaded cover`) {
		t.Fatalf("a malformed cover in a seed file: %v", err)
	}
}
