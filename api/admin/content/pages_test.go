package content_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// seedPage stores a page's English and Arabic files as the seed does.
func seedPage(e *admintest.Env, route string) {
	e.T.Helper()
	var entries []store.ContentEntry
	for _, loc := range []string{"en", "ar"} {
		file := content.EntryFile(store.ContentEntry{Collection: content.PagesCollection, Slug: route, Locale: loc})
		data, err := fs.ReadFile(content.SeedFS(), file)
		if err != nil {
			e.T.Fatal(err)
		}
		body, problems, err := content.CheckEntryFile(content.PagesCollection, route, data)
		if err != nil || len(problems) > 0 {
			e.T.Fatalf("the seeded page: %v %v", problems, err)
		}
		entries = append(entries, store.ContentEntry{Collection: content.PagesCollection, Slug: route, Locale: loc, Body: body})
	}
	if _, err := e.Store.ReplaceContent(e.T.Context(), store.ContentSet{Entries: entries}); err != nil {
		e.T.Fatal(err)
	}
}

// Pages are edited with the items' machinery, addressed by their route in
// the query: listed with their states, their fields from their kind's
// shape, a draft checked against it, published in one language.
func TestPagesEditedLikeItems(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		seedPage(e, "/about-us")
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		q := "?route=" + url.QueryEscape("/about-us")

		r := editor.B.Do("GET", "/content/pages", nil)
		admintest.Expect(t, "the pages", r, http.StatusOK)
		var list struct {
			Items []struct {
				Slug, Title string
				Languages   map[string]string
			}
		}
		r.Data(t, &list)
		if len(list.Items) != 1 || list.Items[0].Slug != "/about-us" || list.Items[0].Languages["ar"] != "published" {
			t.Fatalf("the pages list %+v", list.Items)
		}

		r = editor.B.Do("GET", "/content/schema/pages"+q, nil)
		admintest.Expect(t, "the page's fields", r, http.StatusOK)
		var schema struct{ Fields []content.FieldSpec }
		r.Data(t, &schema)
		if !slices.ContainsFunc(schema.Fields, func(f content.FieldSpec) bool { return f.Name == "sections" && f.Kind == "objects" }) {
			t.Fatalf("the about page's fields lack its sections: %+v", schema.Fields)
		}
		admintest.Expect(t, "a route that is no page", editor.B.Do("GET", "/content/schema/pages?route=/nowhere", nil), http.StatusNotFound)
		admintest.Expect(t, "a page without a content file", editor.B.Do("GET", "/content/pages/page?route=/login", nil), http.StatusNotFound)

		r = editor.B.Do("GET", "/content/pages/page"+q, nil)
		admintest.Expect(t, "the page", r, http.StatusOK)
		var it admintest.ItemView
		r.Data(t, &it)
		body := admintest.WithTitle(t, it.Languages["en"].Live, "About the firm")
		delete(body, "sections")
		r = editor.B.Do("PUT", "/content/pages/page/en"+q, map[string]any{"base": 0, "body": body})
		admintest.Expect(t, "a draft without sections", r, http.StatusBadRequest)
		if r.Env.Errors["sections"] == "" {
			t.Fatalf("the refusal does not name the field: %s", r.Body)
		}
		r = editor.B.Do("PUT", "/content/pages/page/en"+q, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "About the firm")})
		admintest.Expect(t, "a draft", r, http.StatusOK)
		var v struct{ ID int64 }
		r.Data(t, &v)
		admintest.Expect(t, "a translator on the English", translator.B.Do("PUT", "/content/pages/page/en"+q,
			map[string]any{"base": v.ID, "body": it.Languages["en"].Live}), http.StatusForbidden)
		admintest.Expect(t, "publish", editor.B.Do("POST", "/content/pages/page/en/publish"+q, map[string]any{"version": v.ID}), http.StatusOK)

		entries, err := st.ContentEntries(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, en := range entries {
			if en.Slug == "/about-us" && en.Locale == "en" {
				var got struct{ Title string }
				_ = json.Unmarshal([]byte(en.Body), &got)
				if got.Title != "About the firm" {
					t.Fatalf("the live title is %q", got.Title)
				}
			}
		}
		// The Arabic is now outdated, and its translator brings it up to date.
		r = translator.B.Do("GET", "/content/pages/page"+q, nil)
		admintest.Expect(t, "the page for the translator", r, http.StatusOK)
		var after struct {
			Languages map[string]struct{ Outdated *struct{ Fields []string } }
		}
		r.Data(t, &after)
		if o := after.Languages["ar"].Outdated; o == nil || !slices.Contains(o.Fields, "title") {
			t.Fatalf("the Arabic is not outdated by the English title: %+v", o)
		}
		// A shipped page is never deleted; a new page is made from its kind,
		// parent and title (see TestAddAndDeleteAPage), not from an item's body.
		admintest.Expect(t, "a shipped page deleted", editor.B.Do("DELETE", "/content/pages/page"+q, nil), http.StatusForbidden)
		admintest.Expect(t, "a page created as an item", editor.B.Do("POST", "/content/pages", map[string]any{"slug": "x", "body": body}), http.StatusBadRequest)
	})
}

// An editor saves the firm's settings: checked against their shape with a
// message per field in the reader's language, refused over someone else's
// save with their name, audited, moving the content version, and kept by
// the seed afterwards.
func TestSettingsSavedByEditors(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		settings, err := content.SeedSettings()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Settings: settings}); err != nil {
			t.Fatal(err)
		}
		editor := e.Join("editor@noorvale.example", access.Editor)
		other := e.Join("other@noorvale.example", access.Administrator)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		admintest.Expect(t, "a translator reading", translator.B.Do("GET", "/settings", nil), http.StatusForbidden)

		r := editor.B.Do("GET", "/settings", nil)
		admintest.Expect(t, "settings", r, http.StatusOK)
		var shown struct {
			Fields []content.FieldSpec
			Body   map[string]any
		}
		r.Data(t, &shown)
		if shown.Body["phone"] != "+44 20 7946 0321" || len(shown.Fields) == 0 {
			t.Fatalf("the settings shown: %+v", shown)
		}

		bad := admintest.SeedSite(t)
		bad["chatUrl"] = "not a link"
		editor.B.Lang = "ar"
		r = editor.B.Do("PUT", "/settings", map[string]any{"base": 0, "body": bad})
		editor.B.Lang = "en"
		admintest.Expect(t, "a wrong link", r, http.StatusBadRequest)
		if r.Env.Errors["chatUrl"] != access.In("ar").ContentProblems[content.ProblemURL] {
			t.Fatalf("the refusal in Arabic: %s", r.Body)
		}

		// A WhatsApp number is digits, spaces and a leading plus, said in the reader's language.
		for _, lang := range []locale.Locale{"en", "ar"} {
			for _, number := range []string{"+971 50-555-0142", "wa.me/971505550142", "+971 5", "971+50 555 0142"} {
				bad := admintest.SeedSite(t)
				bad["offices"].([]any)[1].(map[string]any)["whatsapp"] = number
				editor.B.Lang = string(lang)
				r = editor.B.Do("PUT", "/settings", map[string]any{"base": 0, "body": bad})
				editor.B.Lang = "en"
				admintest.Expect(t, "a wrong WhatsApp number", r, http.StatusBadRequest)
				if got := r.Env.Errors["offices[1].whatsapp"]; got != access.In(lang).ContentProblems[content.ProblemWhatsApp] || got == "" {
					t.Fatalf("%s in %s: %s", number, lang, r.Body)
				}
			}
		}

		before, err := st.ContentVersion(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		good := admintest.SeedSite(t)
		good["offices"].([]any)[0].(map[string]any)["phone"] = "+44 20 7946 0999"
		good["offices"].([]any)[0].(map[string]any)["whatsapp"] = "+44 7700 900321"
		admintest.Expect(t, "save", other.B.Do("PUT", "/settings", map[string]any{"base": 0, "body": good}), http.StatusOK)
		r = editor.B.Do("PUT", "/settings", map[string]any{"base": 0, "body": admintest.SeedSite(t)})
		admintest.Expect(t, "a save over another", r, http.StatusConflict)
		var conflict struct {
			Revision struct{ Author struct{ Name string } }
		}
		r.Data(t, &conflict)
		if conflict.Revision.Author.Name == "" {
			t.Fatalf("the conflict does not say who saved: %s", r.Body)
		}
		after, err := st.ContentVersion(t.Context())
		if err != nil || after <= before {
			t.Fatalf("the content version stayed at %d (%v)", after, err)
		}
		site, err := content.LoadSite(t.Context(), st)
		if err != nil || site.Offices[0].Phone != "+44 20 7946 0999" || site.Offices[0].WhatsApp != "+44 7700 900321" {
			t.Fatalf("the London phone is %q, its WhatsApp %q (%v)", site.Offices[0].Phone, site.Offices[0].WhatsApp, err)
		}
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Settings: settings}); err != nil {
			t.Fatal(err)
		}
		if site, _ := content.LoadSite(t.Context(), st); site.Offices[0].Phone != "+44 20 7946 0999" {
			t.Fatalf("the seed overwrote the saved settings: %q", site.Offices[0].Phone)
		}
		if !slices.Contains(auditActions(t, st), "settings-save settings") {
			t.Error("the audit trail lacks the save")
		}
	})
}

// An editor changes an item's slug: checked for form and uniqueness; the
// old slug redirects to the new one, chains collapse, the seed does not
// bring the old slug back, and an item created at an old slug ends its
// redirect.
func TestRenameItems(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		english := json.RawMessage(editor.Item(t).Languages["en"].Live)
		admintest.Expect(t, "create", editor.B.Do("POST", "/content/news", map[string]any{"slug": "other-story", "body": english}), http.StatusOK)

		rename := func(m *admintest.Member, from, to string) *admintest.Result {
			return m.B.Do("PUT", "/content/news/"+from+"/slug", map[string]any{"slug": to})
		}
		admintest.Expect(t, "a translator renaming", rename(translator, admintest.StorySlug, "moved"), http.StatusForbidden)
		admintest.Expect(t, "a slug of the wrong form", rename(editor, admintest.StorySlug, "Moved Story"), http.StatusBadRequest)
		admintest.Expect(t, "a slug taken", rename(editor, admintest.StorySlug, "other-story"), http.StatusConflict)
		admintest.Expect(t, "rename", rename(editor, admintest.StorySlug, "moved-story"), http.StatusOK)
		admintest.Expect(t, "rename again", rename(editor, "moved-story", "moved-again"), http.StatusOK)
		if live := liveLocales(t, st, "news", "moved-again"); len(live) != 2 {
			t.Fatalf("the renamed item is live in %v", live)
		}
		redirects, err := st.ContentRedirects(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		want := []store.ContentRedirect{{Collection: "news", From: admintest.StorySlug, To: "moved-again"}, {Collection: "news", From: "moved-story", To: "moved-again"}}
		if !slices.Equal(redirects, want) {
			t.Fatalf("redirects %+v, want %+v", redirects, want)
		}
		if _, err := st.ReplaceContent(t.Context(), store.ContentSet{Entries: storyEntries(t)}); err != nil {
			t.Fatal(err)
		}
		if live := liveLocales(t, st, "news", admintest.StorySlug); len(live) != 0 {
			t.Fatalf("the seed brought the old slug back in %v", live)
		}
		if live := liveLocales(t, st, "news", "moved-again"); len(live) != 2 {
			t.Fatalf("the seed took the renamed item off: %v", live)
		}
		admintest.Expect(t, "an item at an old slug", editor.B.Do("POST", "/content/news", map[string]any{"slug": "moved-story", "body": english}), http.StatusOK)
		redirects, _ = st.ContentRedirects(t.Context())
		if len(redirects) != 1 || redirects[0].From != admintest.StorySlug {
			t.Fatalf("a redirect shadows a live item: %+v", redirects)
		}
		if !slices.Contains(auditActions(t, st), "content-rename news/"+admintest.StorySlug) {
			t.Error("the audit trail lacks the rename")
		}
	})
}
