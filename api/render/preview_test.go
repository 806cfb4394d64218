package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// A preview draws an item's page with the draft in place of the live text
// of its language, through the same props as the public page, and leaves
// the public documents as they were.
func TestPreviewRendersTheDraftAndCachesNothing(t *testing.T) {
	s := seededStore(t)
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	rec := &recordingRenderer{}
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: rec, Store: s, Catalog: cat, BaseURL: "http://localhost:8080"})
	ctx := context.Background()
	if err := cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	const slug = "cairo-office-moves-to-new-cairo"
	const path = "/ar/resources/news/" + slug
	before := cache.Page(path)
	if before == nil {
		t.Fatalf("%s is not cached", path)
	}
	var live map[string]any
	for _, e := range mustEntries(t, s) {
		if e.Collection == "news" && e.Slug == slug && e.Locale == "ar" {
			_ = json.Unmarshal([]byte(e.Body), &live)
		}
	}
	live["title"] = "عنوان المسودة"
	body, _ := json.Marshal(live)

	doc, err := cache.Preview(ctx, store.ContentEntry{Collection: "news", Slug: slug, Locale: "ar", Body: string(body)})
	if err != nil {
		t.Fatal(err)
	}
	p := rec.last()
	if p.Page.Path != path || p.Locale != "ar" || p.Page.ContentLocale != "ar" || !strings.Contains(string(p.Page.Content), "عنوان المسودة") {
		t.Fatalf("preview props: path %s, locale %s in %s, content %s", p.Page.Path, p.Locale, p.Page.ContentLocale, p.Page.Content)
	}
	if !strings.Contains(string(doc), "عنوان المسودة") {
		t.Fatal("the preview is not the renderer's answer")
	}
	if after := cache.Page(path); after != before {
		t.Fatal("the preview replaced the public document")
	}

	// No text of its own: the English in the language's frame, as the site shows it.
	if _, err := cache.Preview(ctx, store.ContentEntry{Collection: "news", Slug: slug, Locale: "nl"}); err != nil {
		t.Fatal(err)
	}
	if p := rec.last(); p.Locale != "nl" {
		t.Fatalf("preview of a language without a draft: locale %s", p.Locale)
	}

	for _, draft := range []store.ContentEntry{
		{Collection: "news", Slug: "no-such-story", Locale: "ar", Body: string(body)},
		{Collection: "pages", Slug: slug, Locale: "ar", Body: string(body)},
	} {
		if _, err := cache.Preview(ctx, draft); !errors.Is(err, render.ErrNoPage) {
			t.Fatalf("preview of %s/%s: %v, want ErrNoPage", draft.Collection, draft.Slug, err)
		}
	}
}

func mustEntries(t *testing.T, s *store.Store) []store.ContentEntry {
	t.Helper()
	entries, err := s.ContentEntries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return entries
}
