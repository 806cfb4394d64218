package server

import (
	"context"
	"testing"
)

// A renamed item's old address answers 301 to the new one in every
// language, and keeps doing so after a second rename; an address no item
// ever had stays 404.
func TestRenamedItemsRedirect(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	rename := func(from, to string) {
		t.Helper()
		if err := s.store.RenameContentItem(ctx, "news", from, to, "staff-1", renderTime); err != nil {
			t.Fatal(err)
		}
		if err := s.cache.RenderAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	moved := func(name, url, location string) scenario {
		return scenario{name: name, url: url, status: 301, header: map[string]string{"Location": location}}
	}
	rename("cairo-training-centre", "cairo-training-rooms")
	s.run(t, []scenario{
		moved("old address", "/resources/news/cairo-training-centre", "/resources/news/cairo-training-rooms"),
		moved("old address in arabic", "/ar/resources/news/cairo-training-centre", "/ar/resources/news/cairo-training-rooms"),
		{name: "new address", url: "/resources/news/cairo-training-rooms", status: 200, contains: []string{"A training room in Cairo"}},
		{name: "sitemap follows", url: "/sitemap-en.xml", status: 200, contains: []string{"/resources/news/cairo-training-rooms"},
			notContains: []string{"cairo-training-centre"}},
		{name: "never an item", url: "/resources/news/cairo-nothing", status: 404},
	})
	rename("cairo-training-rooms", "cairo-classrooms")
	s.run(t, []scenario{
		moved("first address", "/fr/resources/news/cairo-training-centre?ref=x", "/fr/resources/news/cairo-classrooms?ref=x"),
		moved("second address", "/resources/news/cairo-training-rooms", "/resources/news/cairo-classrooms"),
	})
}
