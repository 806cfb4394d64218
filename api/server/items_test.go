package server

import (
	"context"
	"testing"
)

// An item taken off the site in every language, or deleted, leaves its
// page, its collection's list and the sitemap once the site re-renders.
func TestItemsTakenOffLeaveTheSite(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	if err := s.store.UnpublishContentItem(ctx, "news", "cairo-training-centre", "staff-1", renderTime); err != nil {
		t.Fatal(err)
	}
	if err := s.store.DeleteContentItem(ctx, "news", "new-dubai-office", "staff-1", renderTime); err != nil {
		t.Fatal(err)
	}
	if err := s.cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	s.run(t, []scenario{
		{name: "taken off", url: "/resources/news/cairo-training-centre", status: 404},
		{name: "taken off in arabic", url: "/ar/resources/news/cairo-training-centre", status: 404},
		{name: "deleted", url: "/resources/news/new-dubai-office", status: 404},
		{name: "sitemap", url: "/sitemap-en.xml", status: 200, notContains: []string{"cairo-training-centre", "new-dubai-office"}},
	})
	for _, it := range pageProps(t, s, "/resources/news").Page.Items {
		if it.Slug == "cairo-training-centre" || it.Slug == "new-dubai-office" {
			t.Fatalf("the news list still shows %s", it.Slug)
		}
	}
}
