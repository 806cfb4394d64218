package content_test

import (
	"bytes"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
)

// A page gets what it needs of the library items its text names, in every
// language that shows that text, and its documents change when an item's
// description does.
func TestPagesCarryTheLibraryItemsTheirTextNames(t *testing.T) {
	const (
		picture  = "abcdefghijklmnopqrstuvwx"
		document = "bcdefghijklmnopqrstuvw23"
		unknown  = "cdefghijklmnopqrstuvw234"
		route    = "/resources/news/new-dubai-office"
	)
	body := `{"title": "We moved our Dubai office", "description": "The Dubai team has a new home in Business Bay.",
		"date": "2026-10-14", "author": "Layla Haddad", "imageAlt": "The Business Bay skyline",
		"body": {"type": "doc", "content": [
			{"type": "image", "attrs": {"media": "` + picture + `", "caption": "The new office"}},
			{"type": "image", "attrs": {"media": "` + unknown + `"}},
			{"type": "paragraph", "content": [{"type": "text", "text": "The floor plan", "marks": [{"type": "link", "attrs": {"href": "/media/library/` + document + `/plan.pdf"}}]}]}
		]}}`
	cat, problems := catalog(t).WithEntries(sampleEntries(t, map[string]string{"collections/en/news/new-dubai-office.json": body}, nil))
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	ids := map[string]bool{}
	for _, id := range cat.MediaIDs() {
		ids[id] = true
	}
	if !ids[picture] || !ids[document] || !ids[unknown] {
		t.Fatalf("MediaIDs = %v", cat.MediaIDs())
	}
	library := func(alt string) map[string]content.Media {
		return map[string]content.Media{
			picture:  {Kind: content.MediaImage, Width: 1600, Height: 900, Alt: map[string]string{"en": alt}, Files: []content.MediaFile{{Name: "640.webp", Type: "image/webp", Width: 640, Height: 360}}},
			document: {Kind: content.MediaDocument, Bytes: 1234, Files: []content.MediaFile{}},
		}
	}
	first := cat.WithMedia(library("The office"))
	page := first.Page(route)
	for _, loc := range []locale.Locale{locale.En, locale.Ar} {
		media := first.Media(page, loc)
		if len(media) != 2 || media[picture].Alt["en"] != "The office" || media[document].Bytes != 1234 {
			t.Errorf("%s: Media = %+v", loc, media)
		}
	}
	if other := first.Media(first.Page("/resources/news"), locale.En); other != nil {
		t.Errorf("a page whose text names no item has %v", other)
	}
	sources := func(cat *content.Catalog) string {
		var b bytes.Buffer
		cat.WriteSources(&b, cat.Page(route), locale.En, renders)
		return b.String()
	}
	if sources(first) == sources(cat.WithMedia(library("The Dubai office in Business Bay"))) {
		t.Error("the page's sources do not change with its picture's alt text")
	}
	if sources(first) != sources(cat.WithMedia(library("The office"))) {
		t.Error("the page's sources change with nothing changed")
	}
}
