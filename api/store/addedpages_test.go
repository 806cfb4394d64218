package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// An added page is kept with its first English draft, moves the content
// version, is refused a second time, and its deletion takes its texts and
// can leave a redirect to its parent.
func TestAddedPagesAreKeptAndDeleted(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
		const parent, route = "/services/cybersecurity-services", "/services/cybersecurity-services/cloud"
		before, err := s.ContentState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		p := store.AddedPage{Route: route, Kind: "service", Parent: parent, Name: "Cloud", CreatedBy: "editor-1"}
		v, err := s.CreateAddedPage(ctx, p, `{"title":"Cloud"}`, now)
		if err != nil {
			t.Fatal(err)
		}
		if v.Collection != "pages" || v.Slug != route || v.Locale != "en" {
			t.Fatalf("the first draft is %+v", v)
		}
		after, err := s.ContentState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if after.Version == before.Version {
			t.Fatal("adding a page did not move the content version")
		}
		if _, err := s.CreateAddedPage(ctx, p, `{"title":"Cloud"}`, now); !errors.Is(err, store.ErrPageExists) {
			t.Fatalf("adding it again: %v", err)
		}
		pages, err := s.AddedPages(ctx)
		if err != nil || len(pages) != 1 || pages[0].Route != route || pages[0].Parent != parent || pages[0].Kind != "service" {
			t.Fatalf("the added pages: %+v, %v", pages, err)
		}
		if it, err := s.ContentItem(ctx, "pages", route); err != nil || it.Latest["en"].Body != `{"title":"Cloud"}` {
			t.Fatalf("the page's text: %+v, %v", it, err)
		}

		if err := s.DeleteAddedPage(ctx, "/about-us", "", "editor-1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleting a page nobody added: %v", err)
		}
		if err := s.DeleteAddedPage(ctx, route, parent, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		if pages, _ := s.AddedPages(ctx); len(pages) != 0 {
			t.Fatalf("after deleting: %+v", pages)
		}
		if _, err := s.ContentItem(ctx, "pages", route); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the deleted page's texts: %v", err)
		}
		redirects, err := s.SiteRedirects(ctx)
		if err != nil || len(redirects) != 1 || redirects[0].From != route || redirects[0].To != parent || redirects[0].Status != 301 {
			t.Fatalf("the redirect left: %+v, %v", redirects, err)
		}
	})
}
