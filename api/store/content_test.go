package store_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func entry(collection, slug, loc, body string) store.ContentEntry {
	return store.ContentEntry{Collection: collection, Slug: slug, Locale: loc, Body: body}
}

// bodies maps "collection slug locale" to the stored body.
func bodies(t *testing.T, s *store.Store) map[string]string {
	t.Helper()
	entries, err := s.ContentEntries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		out[e.Collection+" "+e.Slug+" "+e.Locale] = e.Body
	}
	return out
}

func TestReplaceContent(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		about := entry("pages", "/about-us", "en", `{"title":"About"}`)
		aboutNl := entry("pages", "/about-us", "nl", `{"title":"Over ons"}`)
		news := entry("news", "first-story", "en", `{"title":"First"}`)
		steps := []struct {
			name        string
			set         store.ContentSet
			want        store.ContentChanges
			wantVersion int64
			wantBodies  map[string]string
		}{
			{
				name:        "first seed",
				set:         store.ContentSet{Settings: map[string]string{"name": "Noorvale"}, Entries: []store.ContentEntry{about, aboutNl, news}},
				want:        store.ContentChanges{Settings: 1, Inserted: 3},
				wantVersion: 1,
				wantBodies: map[string]string{"pages /about-us en": `{"title":"About"}`, "pages /about-us nl": `{"title":"Over ons"}`,
					"news first-story en": `{"title":"First"}`},
			},
			{
				name:        "same again",
				set:         store.ContentSet{Settings: map[string]string{"name": "Noorvale"}, Entries: []store.ContentEntry{news, aboutNl, about}},
				want:        store.ContentChanges{},
				wantVersion: 1,
				wantBodies: map[string]string{"pages /about-us en": `{"title":"About"}`, "pages /about-us nl": `{"title":"Over ons"}`,
					"news first-story en": `{"title":"First"}`},
			},
			{
				name: "one body changed, one file removed, one added",
				set: store.ContentSet{Settings: map[string]string{"name": "Noorvale"}, Entries: []store.ContentEntry{
					entry("pages", "/about-us", "en", `{"title":"About us"}`), news, entry("blogs", "a-post", "en", `{"title":"Post"}`)}},
				want:        store.ContentChanges{Inserted: 1, Updated: 1, Deleted: 1},
				wantVersion: 2,
				wantBodies: map[string]string{"pages /about-us en": `{"title":"About us"}`, "news first-story en": `{"title":"First"}`,
					"blogs a-post en": `{"title":"Post"}`},
			},
			{
				name:        "only a setting changed",
				set:         store.ContentSet{Settings: map[string]string{"name": "Noorvale Assurance"}, Entries: []store.ContentEntry{entry("pages", "/about-us", "en", `{"title":"About us"}`), news, entry("blogs", "a-post", "en", `{"title":"Post"}`)}},
				want:        store.ContentChanges{Settings: 1},
				wantVersion: 3,
				wantBodies: map[string]string{"pages /about-us en": `{"title":"About us"}`, "news first-story en": `{"title":"First"}`,
					"blogs a-post en": `{"title":"Post"}`},
			},
			{
				name:        "every file removed",
				set:         store.ContentSet{},
				want:        store.ContentChanges{Deleted: 3},
				wantVersion: 4,
				wantBodies:  map[string]string{},
			},
		}
		for _, step := range steps {
			got, err := s.ReplaceContent(ctx, step.set)
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if got != step.want || got.Changed() != (step.want != store.ContentChanges{}) {
				t.Fatalf("%s: changes %+v, want %+v", step.name, got, step.want)
			}
			if v, err := s.ContentVersion(ctx); err != nil || v != step.wantVersion {
				t.Fatalf("%s: version %d, %v; want %d", step.name, v, err, step.wantVersion)
			}
			if b := bodies(t, s); !reflect.DeepEqual(b, step.wantBodies) {
				t.Fatalf("%s: stored %v, want %v", step.name, b, step.wantBodies)
			}
		}
		if name, _ := s.Setting(ctx, "name"); name != "Noorvale Assurance" {
			t.Fatalf("settings are kept when the set has none: name = %q", name)
		}
	})
}

func TestReplaceContentTracksChangeTimes(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		before := time.Now().UTC().Add(-time.Second)
		set := store.ContentSet{Entries: []store.ContentEntry{entry("news", "a", "en", `{"n":1}`), entry("news", "b", "en", `{"n":2}`)}}
		if _, err := s.ReplaceContent(ctx, set); err != nil {
			t.Fatal(err)
		}
		first, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != 2 || first[0].Slug != "a" || first[1].Slug != "b" {
			t.Fatalf("entries = %+v", first)
		}
		for _, e := range first {
			if e.UpdatedAt.Before(before) || e.UpdatedAt.After(time.Now().Add(time.Second)) || e.UpdatedAt.Location() != time.UTC {
				t.Fatalf("updated_at %v is not the time of the write", e.UpdatedAt)
			}
		}
		state, err := s.ContentState(ctx)
		if err != nil || state.Version != 1 || state.UpdatedAt.Before(before) {
			t.Fatalf("content state %+v, %v", state, err)
		}

		// Only the entry whose body changes gets a new time.
		set.Entries[1].Body = `{"n":3}`
		testenv.Eventually(t, "the clock to move on", func() bool {
			return time.Now().After(first[1].UpdatedAt.Add(time.Millisecond))
		})
		if _, err := s.ReplaceContent(ctx, set); err != nil {
			t.Fatal(err)
		}
		second, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !second[0].UpdatedAt.Equal(first[0].UpdatedAt) {
			t.Fatalf("unchanged entry moved from %v to %v", first[0].UpdatedAt, second[0].UpdatedAt)
		}
		if !second[1].UpdatedAt.After(first[1].UpdatedAt) || second[1].Body != `{"n":3}` {
			t.Fatalf("changed entry: %+v (was %+v)", second[1], first[1])
		}
	})
}

func TestReplaceContentRejectsBadSets(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		tests := []struct {
			name    string
			entries []store.ContentEntry
		}{
			{"duplicate", []store.ContentEntry{entry("news", "a", "en", "{}"), entry("news", "a", "en", "{}")}},
			{"empty slug", []store.ContentEntry{entry("news", "", "en", "{}")}},
			{"empty locale", []store.ContentEntry{entry("news", "a", "", "{}")}},
		}
		for _, tt := range tests {
			if _, err := s.ReplaceContent(ctx, store.ContentSet{Entries: tt.entries}); err == nil {
				t.Errorf("%s: want an error", tt.name)
			}
		}
		if v, _ := s.ContentVersion(ctx); v != 0 {
			t.Fatalf("a refused set bumped the version to %d", v)
		}
		if b := bodies(t, s); len(b) != 0 {
			t.Fatalf("a refused set wrote %v", b)
		}
	})
}

func TestContentState(t *testing.T) {
	s := testenv.SQLiteStore(t)
	state, err := s.ContentState(context.Background())
	if err != nil || state.Version != 0 || state.UpdatedAt.IsZero() {
		t.Fatalf("fresh content state %+v, %v", state, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ContentState(context.Background()); err == nil || errors.Is(err, store.ErrNotFound) {
		t.Fatalf("closed store: %v", err)
	}
}
