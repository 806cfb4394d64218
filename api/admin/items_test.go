package admin

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// roleItem gives the whole-item and settings routes of the role test a
// path and body of their own: each role that may creates an item
// "made-by-<role>", publishes its English, takes it off, renames it
// "renamed-by-<role>" and deletes it; it saves the settings on top of the
// latest save. Roles that may not are refused before any of it matters.
func roleItem(t *testing.T, m *member, role access.Role, key string) (string, any, bool) {
	t.Helper()
	if !access.Can(role, access.EditContent) {
		return "", nil, false
	}
	made := "made-by-" + string(role)
	switch key {
	case "POST /content/:collection":
		return "/content/news", map[string]any{"slug": made, "body": json.RawMessage(m.item(t).Languages["en"].Live)}, true
	case "POST /content/:collection/:slug/unpublish":
		publishEnglish(t, m, "news", made)
		return "/content/news/" + made + "/unpublish", nil, true
	case "PUT /content/:collection/:slug/slug":
		return "/content/news/" + made + "/slug", map[string]any{"slug": "renamed-by-" + string(role)}, true
	case "DELETE /content/:collection/:slug":
		return "/content/news/renamed-by-" + string(role), nil, true
	case "PUT /settings":
		return "/settings", map[string]any{"base": settingsBase(t, m), "body": seedSite(t)}, true
	}
	return "", nil, false
}

// publishEnglish publishes the latest English version of an item.
func publishEnglish(t *testing.T, m *member, collection, slug string) {
	t.Helper()
	r := m.b.do("GET", "/content/"+collection+"/"+slug, nil)
	expect(t, "item", r, http.StatusOK)
	var it itemView
	r.data(t, &it)
	r = m.b.do("POST", "/content/"+collection+"/"+slug+"/en/publish", map[string]any{"version": it.latestID("en")})
	expect(t, "publish the English", r, http.StatusOK)
}

// settingsBase is the latest save of the settings, 0 for none.
func settingsBase(t *testing.T, m *member) int64 {
	t.Helper()
	r := m.b.do("GET", "/settings", nil)
	expect(t, "settings", r, http.StatusOK)
	var cur struct{ Revision *struct{ ID int64 } }
	r.data(t, &cur)
	if cur.Revision == nil {
		return 0
	}
	return cur.Revision.ID
}

// seedSite is the identity the seed ships, as the settings form takes it.
func seedSite(t *testing.T) map[string]any {
	t.Helper()
	data, err := fs.ReadFile(content.SeedFS(), "site.json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// storyEntries are the story's seed files, as the seed hands them to the store.
func storyEntries(t *testing.T) []store.ContentEntry {
	t.Helper()
	var out []store.ContentEntry
	for _, loc := range []string{"en", "ar"} {
		data, err := fs.ReadFile(content.SeedFS(), "collections/"+loc+"/news/"+storySlug+".json")
		if err != nil {
			t.Fatal(err)
		}
		body, _, err := content.CheckItem("news", data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, store.ContentEntry{Collection: "news", Slug: storySlug, Locale: loc, Body: body})
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
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("editor@noorvale.example", access.Editor)
		translator := e.join("translator@noorvale.example", access.Translator, "ar")
		english := json.RawMessage(editor.item(t).Languages["en"].Live)

		r := editor.b.do("POST", "/content/news", map[string]any{"slug": "Not A Slug", "body": english})
		expect(t, "a slug of the wrong form", r, http.StatusBadRequest)
		if r.env.Errors["slug"] == "" {
			t.Fatalf("the refusal does not name the slug: %s", r.body)
		}
		r = editor.b.do("POST", "/content/news", map[string]any{"slug": "new-story", "body": map[string]any{"title": "Only a title"}})
		expect(t, "a body missing fields", r, http.StatusBadRequest)
		if r.env.Errors["description"] == "" {
			t.Fatalf("the refusal does not name the missing field: %s", r.body)
		}
		r = editor.b.do("POST", "/content/news", map[string]any{"slug": storySlug, "body": english})
		expect(t, "a slug taken", r, http.StatusConflict)
		if !strings.Contains(r.env.Message, "already has this address") {
			t.Fatalf("the conflict says %q", r.env.Message)
		}
		r = translator.b.do("POST", "/content/news", map[string]any{"slug": "new-story", "body": english})
		expect(t, "a translator creating", r, http.StatusForbidden)

		r = editor.b.do("POST", "/content/news", map[string]any{"slug": "new-story", "body": english})
		expect(t, "create", r, http.StatusOK)
		if live := liveLocales(t, st, "news", "new-story"); len(live) != 0 {
			t.Fatalf("a new item is live before publishing: %v", live)
		}
		publishEnglish(t, editor, "news", "new-story")
		if live := liveLocales(t, st, "news", "new-story"); !slices.Equal(live, []string{"en"}) {
			t.Fatalf("after publishing its English the item is live in %v", live)
		}

		r = translator.b.do("POST", "/content/news/"+storySlug+"/unpublish", nil)
		expect(t, "a translator unpublishing the item", r, http.StatusForbidden)
		r = editor.b.do("POST", "/content/news/"+storySlug+"/unpublish", nil)
		expect(t, "unpublish the item", r, http.StatusOK)
		if live := liveLocales(t, st, "news", storySlug); len(live) != 0 {
			t.Fatalf("after unpublishing the item it is live in %v", live)
		}
		for _, c := range []struct {
			name, path string
			status     int
			message    string
		}{
			{"unpublish again", "/content/news/" + storySlug + "/unpublish", http.StatusConflict, access.In("en").Items.ItemNotLive},
			{"unpublish an item that does not exist", "/content/news/no-such-story/unpublish", http.StatusNotFound, access.In("en").ContentNotFound},
		} {
			r := editor.b.do("POST", c.path, nil)
			if r.status != c.status || r.env.Message != c.message {
				t.Errorf("%s: %d %s, want %d %q", c.name, r.status, r.body, c.status, c.message)
			}
		}
		publishEnglish(t, editor, "news", storySlug)

		r = translator.b.do("DELETE", "/content/news/"+storySlug, nil)
		expect(t, "a translator deleting", r, http.StatusForbidden)
		r = editor.b.do("DELETE", "/content/news/"+storySlug, nil)
		expect(t, "delete", r, http.StatusOK)
		expect(t, "the deleted item", editor.b.do("GET", "/content/news/"+storySlug, nil), http.StatusNotFound)
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Entries: storyEntries(t)}); err != nil {
			t.Fatal(err)
		}
		if live := liveLocales(t, st, "news", storySlug); len(live) != 0 {
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
		if live := liveLocales(t, st, "news", storySlug); len(live) != 2 {
			t.Fatalf("seed --force did not bring the deleted item back: %v", live)
		}
		for _, want := range []string{"content-create news/new-story", "content-unpublish-item news/" + storySlug, "content-delete news/" + storySlug} {
			if !slices.Contains(auditActions(t, st), want) {
				t.Errorf("the audit trail lacks %q", want)
			}
		}
	})
}
