package search

import (
	"context"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// plainRenderer draws every page as a line of HTML: what the search
// follows is the cache's passes, not what the pages look like.
type plainRenderer struct{}

func (plainRenderer) Render(_ context.Context, props any) (int, []byte, error) {
	return props.(render.Props).Status, []byte("<!doctype html><p>page</p>"), nil
}

// finds reports whether the service's index finds path for text in English.
func finds(t *testing.T, s *Service, text, path string) bool {
	t.Helper()
	ix := s.Index()
	if ix == nil {
		return false
	}
	r, err := ix.Search(Query{Text: text, Lang: "en", PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hits {
		if h.Path == path {
			return true
		}
	}
	return false
}

// TestFollowsContent publishes, takes off and deletes an item and waits
// for the index to follow each change through the page cache's passes.
func TestFollowsContent(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := testenv.SQLiteStore(t)
	if _, err := content.Seed(ctx, st); err != nil {
		t.Fatal(err)
	}
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	cache := render.NewCache(render.CacheConfig{Renderer: plainRenderer{}, Store: st, Catalog: base, Logger: quiet(), PollInterval: 10 * time.Millisecond})
	s := New(Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys("test")}, Counts: st, Logger: quiet()})
	if s.Ready() {
		t.Fatal("ready before any index was built")
	}
	s.Follow(cache)
	done := make(chan struct{}, 2)
	go func() { cache.Run(ctx); done <- struct{}{} }()
	go func() { s.Run(ctx); done <- struct{}{} }()
	defer func() { cancel(); <-done; <-done }()

	testenv.Eventually(t, "first index", s.Ready)
	if !finds(t, s, "scope penetration test", "/resources/blogs/how-to-scope-a-penetration-test") {
		t.Fatal("a seeded blog post is not found")
	}

	// Publish a new story.
	const path = "/resources/news/quokka-audit-programme"
	body, problems, err := content.CheckItemFile("news", []byte(`{"title": "A quokka audit programme", "description": "We audit quokka sanctuaries.",
		"date": "2026-11-01", "author": "Layla Haddad", "imageAlt": "A quokka", "body": ["Quokkas everywhere."]}`))
	if err != nil || len(problems) > 0 {
		t.Fatalf("story body: %v %v", err, problems)
	}
	now := time.Now()
	key := store.ContentKey{Collection: "news", Slug: "quokka-audit-programme", Locale: "en"}
	v, err := st.CreateContentItem(ctx, key, body, "staff", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.PublishContentVersion(ctx, key, v.ID, "staff", now); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "the published story is found", func() bool { return finds(t, s, "quokka", path) })

	// Take it off the site.
	if err := st.UnpublishContentItem(ctx, "news", "quokka-audit-programme", "staff", now); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "the story taken off is no longer found", func() bool { return !finds(t, s, "quokka", path) })

	// Delete a seeded post.
	if err := st.DeleteContentItem(ctx, "blogs", "how-to-scope-a-penetration-test", "staff", now); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "the deleted post is no longer found", func() bool {
		return !finds(t, s, "scope penetration test", "/resources/blogs/how-to-scope-a-penetration-test")
	})
}
