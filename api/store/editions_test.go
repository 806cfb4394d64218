package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// seedStory stores a news story in English and Arabic as the seed does.
func seedStory(t *testing.T, s *store.Store, extra ...store.ContentEntry) {
	t.Helper()
	set := store.ContentSet{Entries: append([]store.ContentEntry{
		entry("news", "story", "en", `{"title":"Old"}`),
		entry("news", "story", "ar", `{"title":"قديم"}`),
	}, extra...)}
	if _, err := s.ReplaceContent(context.Background(), set); err != nil {
		t.Fatal(err)
	}
}

func contentVersion(t *testing.T, s *store.Store) int64 {
	t.Helper()
	st, err := s.ContentState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st.Version
}

func edition(t *testing.T, s *store.Store, loc string) store.ContentEdition {
	t.Helper()
	it, err := s.ContentItem(context.Background(), "news", "story")
	if err != nil {
		t.Fatal(err)
	}
	return it.Editions[loc]
}

// Saving keeps every version and changes nothing live; publishing one
// language copies its version live and moves the content version, and
// leaves the other languages alone; unpublishing takes a language off.
func TestEditionsPerLanguage(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		seedStory(t, s)
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}
		ar := store.ContentKey{Collection: "news", Slug: "story", Locale: "ar"}
		before := contentVersion(t, s)

		v1, err := s.SaveContentVersion(ctx, en, `{"title":"New"}`, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if got := bodies(t, s)["news story en"]; got != `{"title":"Old"}` {
			t.Fatalf("a draft changed the live text: %s", got)
		}
		if contentVersion(t, s) != before {
			t.Fatal("a draft moved the content version")
		}
		if ed := edition(t, s, "en"); ed.State != store.EditionDraft || ed.LatestVersion != v1.ID || ed.PublishedVersion != 0 || ed.UpdatedBy != "editor-1" {
			t.Fatalf("after a draft: %+v", ed)
		}

		steps := []struct {
			name    string
			run     func() error
			wantErr error
		}{
			{"a save from the old base", func() error {
				_, err := s.SaveContentVersion(ctx, en, `{"title":"Lost"}`, "editor-2", 0, now)
				return err
			}, store.ErrVersionConflict},
			{"a save from an unknown base", func() error {
				_, err := s.SaveContentVersion(ctx, en, `{"title":"Lost"}`, "editor-2", v1.ID+100, now)
				return err
			}, store.ErrVersionConflict},
			{"a save of a language never edited from a base", func() error {
				_, err := s.SaveContentVersion(ctx, ar, `{"title":"Lost"}`, "editor-2", v1.ID, now)
				return err
			}, store.ErrVersionConflict},
			{"publishing another language's version", func() error {
				return s.PublishContentVersion(ctx, ar, v1.ID, "editor-1", now)
			}, store.ErrNotFound},
			{"restoring another language's version", func() error {
				_, err := s.RestoreContentVersion(ctx, ar, v1.ID, "editor-1", 0, now)
				return err
			}, store.ErrNotFound},
			{"unpublishing a language that does not exist", func() error {
				return s.UnpublishContent(ctx, store.ContentKey{Collection: "news", Slug: "story", Locale: "fr"}, "editor-1", now)
			}, store.ErrNotFound},
		}
		for _, st := range steps {
			t.Run(st.name, func(t *testing.T) {
				if err := st.run(); !errors.Is(err, st.wantErr) {
					t.Fatalf("got %v, want %v", err, st.wantErr)
				}
			})
		}
		if ed := edition(t, s, "en"); ed.LatestVersion != v1.ID {
			t.Fatalf("a refused save moved the latest version: %+v", ed)
		}

		v2, err := s.SaveContentVersion(ctx, en, `{"title":"Newer"}`, "editor-2", v1.ID, now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		// Publishing the older version: live, but later changes are still a draft.
		if err := s.PublishContentVersion(ctx, en, v1.ID, "editor-1", now.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		live := bodies(t, s)
		if live["news story en"] != `{"title":"New"}` || live["news story ar"] != `{"title":"قديم"}` {
			t.Fatalf("after publishing English: %v", live)
		}
		if contentVersion(t, s) != before+1 {
			t.Fatal("publishing did not move the content version once")
		}
		if ed := edition(t, s, "en"); ed.State != store.EditionDraft || ed.PublishedVersion != v1.ID || ed.LatestVersion != v2.ID {
			t.Fatalf("after publishing an older version: %+v", ed)
		}
		if ed, ok := func() (store.ContentEdition, bool) {
			it, _ := s.ContentItem(ctx, "news", "story")
			e, ok := it.Editions["ar"]
			return e, ok
		}(); ok {
			t.Fatalf("publishing English gave Arabic a state: %+v", ed)
		}
		if err := s.PublishContentVersion(ctx, en, v2.ID, "editor-2", now.Add(3*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if ed := edition(t, s, "en"); ed.State != store.EditionPublished || ed.PublishedVersion != v2.ID {
			t.Fatalf("after publishing the latest: %+v", ed)
		}

		// Restoring makes the old text a new draft; the live text stays.
		v3, err := s.RestoreContentVersion(ctx, en, v1.ID, "editor-1", v2.ID, now.Add(4*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if v3.ID <= v2.ID || v3.Body != `{"title":"New"}` || v3.AuthorID != "editor-1" {
			t.Fatalf("restored: %+v", v3)
		}
		if ed := edition(t, s, "en"); ed.State != store.EditionDraft || ed.LatestVersion != v3.ID {
			t.Fatalf("after a restore: %+v", ed)
		}
		versions, err := s.ContentVersions(ctx, en, 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) != 4 || versions[0].ID != v3.ID || versions[2].ID != v1.ID || !versions[3].Shipped() || versions[0].Body != "" {
			t.Fatalf("versions, newest first without bodies: %+v", versions)
		}

		// Unpublishing Arabic, never edited: its row goes, a state records it.
		v := contentVersion(t, s)
		if err := s.UnpublishContent(ctx, ar, "editor-1", now.Add(5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, ok := bodies(t, s)["news story ar"]; ok {
			t.Fatal("the Arabic text is still live")
		}
		if contentVersion(t, s) != v+1 {
			t.Fatal("unpublishing did not move the content version")
		}
		if ed := edition(t, s, "ar"); ed.State != store.EditionUnpublished || ed.LatestVersion != 0 {
			t.Fatalf("Arabic after unpublishing: %+v", ed)
		}
		if bodies(t, s)["news story en"] != `{"title":"Newer"}` {
			t.Fatal("unpublishing Arabic touched English")
		}
		// A translation saved and published after that comes back.
		a1, err := s.SaveContentVersion(ctx, ar, `{"title":"جديد"}`, "translator-1", 0, now.Add(6*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, ar, a1.ID, "translator-1", now.Add(7*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if bodies(t, s)["news story ar"] != `{"title":"جديد"}` {
			t.Fatal("the published translation is not live")
		}
	})
}

// The seed leaves every language staff changed as staff left it, and
// keeps doing what it did with everything else.
func TestSeedKeepsStaffChanges(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		other := entry("news", "other", "en", `{"title":"Other"}`)
		seedStory(t, s, other, entry("news", "story", "fr", `{"title":"Ancien"}`))
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}
		v, err := s.SaveContentVersion(ctx, en, `{"title":"Staff"}`, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, en, v.ID, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		if err := s.UnpublishContent(ctx, store.ContentKey{Collection: "news", Slug: "story", Locale: "fr"}, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		// A translation staff added, which the files do not have.
		nl := store.ContentKey{Collection: "news", Slug: "story", Locale: "nl"}
		n, err := s.SaveContentVersion(ctx, nl, `{"title":"Nieuw"}`, "translator-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, nl, n.ID, "translator-1", now); err != nil {
			t.Fatal(err)
		}

		// The files change: the story's English and French are as seeded,
		// Arabic is new in the files, Dutch is not in them, other changed.
		changes, err := s.ReplaceContent(ctx, store.ContentSet{Entries: []store.ContentEntry{
			entry("news", "story", "en", `{"title":"From the files"}`),
			entry("news", "story", "ar", `{"title":"من الملفات"}`),
			entry("news", "story", "fr", `{"title":"Ancien"}`),
			entry("news", "other", "en", `{"title":"Other, edited in the files"}`),
		}})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"news story en": `{"title":"Staff"}`,
			"news story ar": `{"title":"من الملفات"}`,
			"news story nl": `{"title":"Nieuw"}`,
			"news other en": `{"title":"Other, edited in the files"}`,
		}
		got := bodies(t, s)
		if len(got) != len(want) {
			t.Fatalf("after seeding: %v", got)
		}
		for k, body := range want {
			if got[k] != body {
				t.Errorf("%s: %s, want %s", k, got[k], body)
			}
		}
		if changes.Kept != 3 || changes.Updated != 2 || changes.Inserted != 0 || changes.Deleted != 0 {
			t.Fatalf("changes: %+v", changes)
		}

		// Forced, for development: the files win, the versions stay.
		if n, err := s.ForgetContentEditions(ctx); err != nil || n != 3 {
			t.Fatalf("forgot %d states: %v", n, err)
		}
		changes, err = s.ReplaceContent(ctx, store.ContentSet{Entries: []store.ContentEntry{
			entry("news", "story", "en", `{"title":"From the files"}`),
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := bodies(t, s); len(got) != 1 || got["news story en"] != `{"title":"From the files"}` || changes.Kept != 0 {
			t.Fatalf("after a forced seed: %v %+v", got, changes)
		}
		if vs, err := s.ContentVersions(ctx, store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}, 10); err != nil || len(vs) != 2 || !vs[1].Shipped() {
			t.Fatalf("versions after a forced seed: %v %v", vs, err)
		}
	})
}

// The text a language had before staff first changed it, the seed's, is
// its first version, authored by the shipped site: restoring it and
// publishing the copy puts the shipped text back on the site. A text taken
// off before anyone saved it keeps it too.
func TestShippedTextIsVersionOne(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		seedStory(t, s, entry("news", "story", "fr", `{"title":"Ancien"}`))
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}

		v, err := s.SaveContentVersion(ctx, en, `{"title":"Staff"}`, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, en, v.ID, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		versions, err := s.ContentVersions(ctx, en, 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) != 2 || versions[0].ID != v.ID || !versions[1].Shipped() || versions[1].AuthorID != store.ShippedAuthor {
			t.Fatalf("versions after the first save: %+v", versions)
		}
		first, err := s.ContentVersionByID(ctx, en, versions[1].ID)
		if err != nil || first.Body != `{"title":"Old"}` {
			t.Fatalf("version 1 is %q (%v), want the shipped text", first.Body, err)
		}
		// A second save keeps no second copy.
		v2, err := s.SaveContentVersion(ctx, en, `{"title":"Staff again"}`, "editor-1", v.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		if versions, _ := s.ContentVersions(ctx, en, 50); len(versions) != 3 {
			t.Fatalf("versions after a second save: %+v", versions)
		}

		restored, err := s.RestoreContentVersion(ctx, en, first.ID, "editor-1", v2.ID, now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if restored.Shipped() || restored.Body != `{"title":"Old"}` {
			t.Fatalf("restored: %+v", restored)
		}
		if err := s.PublishContentVersion(ctx, en, restored.ID, "editor-1", now.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got := bodies(t, s)["news story en"]; got != `{"title":"Old"}` {
			t.Fatalf("live after publishing version 1 again: %s", got)
		}

		// French, taken off before anyone saved it: its text stays in the
		// history, once, and a first save after that adds no copy.
		fr := store.ContentKey{Collection: "news", Slug: "story", Locale: "fr"}
		if err := s.UnpublishContent(ctx, fr, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveContentVersion(ctx, fr, `{"title":"Nouveau"}`, "translator-1", 0, now); err != nil {
			t.Fatal(err)
		}
		versions, err = s.ContentVersions(ctx, fr, 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) != 2 || !versions[1].Shipped() {
			t.Fatalf("French versions: %+v", versions)
		}
		if kept, _ := s.ContentVersionByID(ctx, fr, versions[1].ID); kept.Body != `{"title":"Ancien"}` {
			t.Fatalf("French version 1: %s", kept.Body)
		}

		// An item taken off in every language keeps its shipped texts as
		// published versions of the shipped site.
		ar := store.ContentKey{Collection: "news", Slug: "story", Locale: "ar"}
		if err := s.UnpublishContentItem(ctx, "news", "story", "editor-1", now); err != nil {
			t.Fatal(err)
		}
		versions, err = s.ContentVersions(ctx, ar, 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) != 1 || !versions[0].Shipped() {
			t.Fatalf("Arabic versions after taking the item off: %+v", versions)
		}
	})
}
