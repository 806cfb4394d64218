package store_test

import (
	"context"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func outdated(t *testing.T, s *store.Store) map[string]store.ContentOutdated {
	t.Helper()
	it, err := s.ContentItem(context.Background(), "news", "story")
	if err != nil {
		t.Fatal(err)
	}
	return it.Outdated
}

// Publishing a changed English marks the translations live then outdated,
// with the English they were published against, until each is published
// again or taken off; an English published unchanged marks nothing, and a
// second change keeps the English a translation was published against.
func TestTranslationsOutdated(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		seedStory(t, s, entry("news", "story", "fr", `{"title":"Vieux"}`))
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}
		ar := store.ContentKey{Collection: "news", Slug: "story", Locale: "ar"}
		fr := store.ContentKey{Collection: "news", Slug: "story", Locale: "fr"}

		// The same English, spaced otherwise: nothing changed.
		same, err := s.SaveContentVersion(ctx, en, `{ "title": "Old" }`, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, en, same.ID, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		if o := outdated(t, s); len(o) != 0 {
			t.Fatalf("an unchanged English outdated translations: %+v", o)
		}

		changed, err := s.SaveContentVersion(ctx, en, `{"title":"New"}`, "editor-1", same.ID, now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if o := outdated(t, s); len(o) != 0 {
			t.Fatalf("an English draft outdated translations: %+v", o)
		}
		if err := s.PublishContentVersion(ctx, en, changed.ID, "editor-1", now.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		o := outdated(t, s)
		if len(o) != 2 || o["ar"].EnglishBefore != `{ "title": "Old" }` || o["fr"].EnglishBefore != `{ "title": "Old" }` || !o["ar"].Since.Equal(now.Add(2*time.Minute)) {
			t.Fatalf("after a changed English: %+v", o)
		}
		if _, ok := o["en"]; ok {
			t.Fatal("English outdated itself")
		}
		list, err := s.ContentCollection(ctx, "news")
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || len(list[0].Outdated) != 2 {
			t.Fatalf("the list's outdated languages: %+v", list)
		}

		// A second change: Arabic still shows the English it was published against.
		again, err := s.SaveContentVersion(ctx, en, `{"title":"Newer"}`, "editor-1", changed.ID, now.Add(3*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, en, again.ID, "editor-1", now.Add(4*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if o := outdated(t, s); o["ar"].EnglishBefore != `{ "title": "Old" }` || !o["ar"].Since.Equal(now.Add(2*time.Minute)) {
			t.Fatalf("a second change moved what Arabic was published against: %+v", o["ar"])
		}

		// A draft of Arabic is not enough; publishing it is.
		a1, err := s.SaveContentVersion(ctx, ar, `{"title":"أحدث"}`, "translator-1", 0, now.Add(5*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := outdated(t, s)["ar"]; !ok {
			t.Fatal("a draft made Arabic current")
		}
		if err := s.PublishContentVersion(ctx, ar, a1.ID, "translator-1", now.Add(6*time.Minute)); err != nil {
			t.Fatal(err)
		}
		o = outdated(t, s)
		if _, ok := o["ar"]; ok {
			t.Fatal("Arabic is outdated after its publication")
		}
		if _, ok := o["fr"]; !ok {
			t.Fatal("publishing Arabic made French current")
		}
		// Taken off, French is missing, not outdated.
		if err := s.UnpublishContent(ctx, fr, "editor-1", now.Add(7*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if o := outdated(t, s); len(o) != 0 {
			t.Fatalf("after unpublishing French: %+v", o)
		}
		// A change of English now outdates Arabic alone, the language live.
		last, err := s.SaveContentVersion(ctx, en, `{"title":"Newest"}`, "editor-1", again.ID, now.Add(8*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, en, last.ID, "editor-1", now.Add(9*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if o := outdated(t, s); len(o) != 1 || o["ar"].EnglishBefore != `{"title":"Newer"}` {
			t.Fatalf("after the last change: %+v", o)
		}
	})
}
