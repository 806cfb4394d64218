package sitemap_test

import (
	"slices"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/sitemap"
	"noorvale.example/site/api/store"
)

// A translation staff unpublished (its live entry deleted) shows the
// English in its frame: it leaves that language's sitemap and every
// sitemap's alternates of the page, and English stays.
func TestUnpublishedLanguageLeavesTheSitemaps(t *testing.T) {
	set, err := content.ReadSeed(testenv.SeedTree(t, testenv.SampleContent()))
	if err != nil {
		t.Fatal(err)
	}
	base0, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	full, _ := base0.WithEntries(set.Entries)
	// An item with a translation, which staff take off.
	var item *content.Page
	var off locale.Locale
	for _, p := range full.Pages() {
		if langs := full.Languages(p); p.Slug != "" && len(langs) > 1 {
			item, off = p, langs[1]
			break
		}
	}
	if item == nil {
		t.Fatal("the sample content has no translated item")
	}
	kept := slices.DeleteFunc(slices.Clone(set.Entries), func(e store.ContentEntry) bool {
		return e.Collection == item.Collection && e.Slug == item.Slug && e.Locale == string(off)
	})
	cat, problems := base0.WithEntries(kept)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if got := cat.Languages(cat.Page(item.Route)); slices.Contains(got, off) || !slices.Contains(got, locale.En) {
		t.Fatalf("languages of %s after unpublishing %s: %v", item.Route, off, got)
	}

	docs := sitemap.Documents(cat, base, seeded)
	translated := parse(t, docs[sitemap.LocalePath(off)].Body)
	for _, u := range translated.URLs {
		if u.Loc == base+locale.Path(off, item.Route) {
			t.Fatalf("%s is in its language's sitemap", u.Loc)
		}
	}
	listed := false
	for _, u := range parse(t, docs[sitemap.LocalePath(locale.En)].Body).URLs {
		if u.Loc != base+item.Route {
			continue
		}
		listed = true
		for _, alt := range u.Links {
			if alt.Hreflang == string(off) || strings.Contains(alt.Href, "/"+string(off)+"/") {
				t.Errorf("%s still names its %s: %+v", u.Loc, off, alt)
			}
		}
	}
	if !listed {
		t.Fatalf("the English %s left the sitemap", item.Route)
	}
	if len(translated.URLs) == 0 {
		t.Fatalf("the %s sitemap lost its other pages", off)
	}
}
