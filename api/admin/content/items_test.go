package content_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// storyEntries are the story's seed files, as the seed hands them to the store.
func storyEntries(t *testing.T) []store.ContentEntry {
	t.Helper()
	var out []store.ContentEntry
	for _, loc := range []string{"en", "ar"} {
		data, err := fs.ReadFile(content.SeedFS(), "collections/"+loc+"/news/"+admintest.StorySlug+".json")
		if err != nil {
			t.Fatal(err)
		}
		body, _, err := content.CheckItem("news", data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, store.ContentEntry{Collection: "news", Slug: admintest.StorySlug, Locale: loc, Body: body})
	}
	return out
}

// liveLocales lists the languages an item is live in.
func liveLocales(t *testing.T, st *store.Store, collection, slug string) []string {
	t.Helper()
	entries, err := st.ContentEntries(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.Collection == collection && e.Slug == slug {
			out = append(out, e.Locale)
		}
	}
	return out
}

func auditActions(t *testing.T, st *store.Store) []string {
	t.Helper()
	events, err := st.AuditEvents(t.Context(), store.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range events {
		out = append(out, e.Action+" "+e.Item)
	}
	return out
}

// An editor creates an item (its slug checked for form and uniqueness),
// which is on the site once its English is published; takes it off in
// every language; and deletes an item, which the seed then never brings
// back unless forced. Translators may do none of it.
func TestCreateUnpublishAndDeleteItems(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		english := json.RawMessage(editor.Item(t).Languages["en"].Live)

		r := editor.B.Do("POST", "/content/news", map[string]any{"slug": "Not A Slug", "body": english})
		admintest.Expect(t, "a slug of the wrong form", r, http.StatusBadRequest)
		if r.Env.Errors["slug"] == "" {
			t.Fatalf("the refusal does not name the slug: %s", r.Body)
		}
		r = editor.B.Do("POST", "/content/news", map[string]any{"slug": "new-story", "body": map[string]any{"title": "Only a title"}})
		admintest.Expect(t, "a body missing fields", r, http.StatusBadRequest)
		if r.Env.Errors["description"] == "" {
			t.Fatalf("the refusal does not name the missing field: %s", r.Body)
		}
		r = editor.B.Do("POST", "/content/news", map[string]any{"slug": admintest.StorySlug, "body": english})
		admintest.Expect(t, "a slug taken", r, http.StatusConflict)
		if !strings.Contains(r.Env.Message, "already has this address") {
			t.Fatalf("the conflict says %q", r.Env.Message)
		}
		r = translator.B.Do("POST", "/content/news", map[string]any{"slug": "new-story", "body": english})
		admintest.Expect(t, "a translator creating", r, http.StatusForbidden)

		r = editor.B.Do("POST", "/content/news", map[string]any{"slug": "new-story", "body": english})
		admintest.Expect(t, "create", r, http.StatusOK)
		if live := liveLocales(t, st, "news", "new-story"); len(live) != 0 {
			t.Fatalf("a new item is live before publishing: %v", live)
		}
		admintest.PublishEnglish(t, editor, "news", "new-story")
		if live := liveLocales(t, st, "news", "new-story"); !slices.Equal(live, []string{"en"}) {
			t.Fatalf("after publishing its English the item is live in %v", live)
		}

		r = translator.B.Do("POST", "/content/news/"+admintest.StorySlug+"/unpublish", nil)
		admintest.Expect(t, "a translator unpublishing the item", r, http.StatusForbidden)
		r = editor.B.Do("POST", "/content/news/"+admintest.StorySlug+"/unpublish", nil)
		admintest.Expect(t, "unpublish the item", r, http.StatusOK)
		if live := liveLocales(t, st, "news", admintest.StorySlug); len(live) != 0 {
			t.Fatalf("after unpublishing the item it is live in %v", live)
		}
		for _, c := range []struct {
			name, path string
			status     int
			message    string
		}{
			{"unpublish again", "/content/news/" + admintest.StorySlug + "/unpublish", http.StatusConflict, access.In("en").Items.ItemNotLive},
			{"unpublish an item that does not exist", "/content/news/no-such-story/unpublish", http.StatusNotFound, access.In("en").ContentNotFound},
		} {
			r := editor.B.Do("POST", c.path, nil)
			if r.Status != c.status || r.Env.Message != c.message {
				t.Errorf("%s: %d %s, want %d %q", c.name, r.Status, r.Body, c.status, c.message)
			}
		}
		admintest.PublishEnglish(t, editor, "news", admintest.StorySlug)

		r = translator.B.Do("DELETE", "/content/news/"+admintest.StorySlug, nil)
		admintest.Expect(t, "a translator deleting", r, http.StatusForbidden)
		r = editor.B.Do("DELETE", "/content/news/"+admintest.StorySlug, nil)
		admintest.Expect(t, "delete", r, http.StatusOK)
		admintest.Expect(t, "the deleted item", editor.B.Do("GET", "/content/news/"+admintest.StorySlug, nil), http.StatusNotFound)
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Entries: storyEntries(t)}); err != nil {
			t.Fatal(err)
		}
		if live := liveLocales(t, st, "news", admintest.StorySlug); len(live) != 0 {
			t.Fatalf("the seed brought a deleted item back in %v", live)
		}
		if live := liveLocales(t, st, "news", "new-story"); !slices.Equal(live, []string{"en"}) {
			t.Fatalf("the seed took off an item staff created: live in %v", live)
		}
		if _, err := st.ForgetContentEditions(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Entries: storyEntries(t)}); err != nil {
			t.Fatal(err)
		}
		if live := liveLocales(t, st, "news", admintest.StorySlug); len(live) != 2 {
			t.Fatalf("seed --force did not bring the deleted item back: %v", live)
		}
		for _, want := range []string{"content-create news/new-story", "content-unpublish-item news/" + admintest.StorySlug, "content-delete news/" + admintest.StorySlug} {
			if !slices.Contains(auditActions(t, st), want) {
				t.Errorf("the audit trail lacks %q", want)
			}
		}
	})
}
