package content_test

import (
	"net/http"
	"net/url"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

type foundView struct {
	Items []struct {
		Collection, Slug, Title string
		Languages               map[string]string
		Outdated                []string
	}
	Counts map[string]struct{ Missing, Outdated int }
}

func find(t *testing.T, m *admintest.Member, query string) foundView {
	t.Helper()
	r := m.B.Do("GET", "/content/find?"+query, nil)
	admintest.Expect(t, "find "+query, r, http.StatusOK)
	var v foundView
	r.Data(t, &v)
	return v
}

// The finder searches every language's text and filters by language and
// state; a filter it does not offer is refused with a message.
func TestContentFind(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")

		if v := find(t, translator, "q="+url.QueryEscape("القاهرة")); len(v.Items) != 1 || v.Items[0].Slug != admintest.StorySlug {
			t.Fatalf("an Arabic word: %+v", v)
		}
		if v := find(t, translator, "q=no-such-word-anywhere"); len(v.Items) != 0 {
			t.Fatalf("an unknown word: %+v", v)
		}
		if v := find(t, translator, "lang=fr&state=missing&collection=news"); len(v.Items) != 1 || v.Counts["fr"].Missing != 1 {
			t.Fatalf("missing in French: %+v", v)
		}
		for _, bad := range []string{"lang=de", "state=lost", "collection=recipes", "sort=random"} {
			r := translator.B.Do("GET", "/content/find?"+bad, nil)
			admintest.Expect(t, bad, r, http.StatusBadRequest)
			if r.Env.Message == "" {
				t.Errorf("%s: no message", bad)
			}
		}

		it := editor.Item(t)
		path := "/content/news/" + admintest.StorySlug + "/en"
		r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "A changed title")})
		admintest.Expect(t, "save", r, http.StatusOK)
		var saved struct{ ID int64 }
		r.Data(t, &saved)
		if v := find(t, translator, "lang=en&state=draft&author="+editor.ID); len(v.Items) != 1 {
			t.Fatalf("the editor's drafts: %+v", v)
		}
		if v := find(t, translator, "q=changed"); len(v.Items) != 1 {
			t.Fatalf("a word of a draft: %+v", v)
		}
		admintest.Expect(t, "publish", editor.B.Do("POST", path+"/publish", map[string]any{"version": saved.ID}), http.StatusOK)
		if v := find(t, translator, "lang=ar&state=outdated"); len(v.Items) != 1 || v.Counts["ar"].Outdated != 1 {
			t.Fatalf("outdated in Arabic: %+v", v)
		}
		if v := find(t, translator, "lang=ar&state=translate"); len(v.Items) != 1 {
			t.Fatalf("to translate in Arabic: %+v", v)
		}
	})
}

// A bulk publish goes through the single publish: the languages the role
// may change are published and audited, the others refused one by one.
func TestContentBulkPublish(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		it := editor.Item(t)
		for _, loc := range []string{"en", "ar"} {
			path := "/content/news/" + admintest.StorySlug + "/" + loc
			admintest.Expect(t, "save "+loc, editor.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages[loc].Live, "New "+loc)}), http.StatusOK)
		}
		target := func(loc string) map[string]string {
			return map[string]string{"collection": "news", "slug": admintest.StorySlug, "locale": loc}
		}
		admintest.Expect(t, "nothing chosen", translator.B.Do("POST", "/content/bulk", map[string]any{"action": "publish", "items": []any{}}), http.StatusBadRequest)
		r := translator.B.Do("POST", "/content/bulk", map[string]any{"action": "publish", "items": []any{target("en"), target("ar"), target("fr")}})
		admintest.Expect(t, "bulk publish", r, http.StatusOK)
		var out content.BulkView
		r.Data(t, &out)
		if out.Done != 1 || len(out.Results) != 3 || out.Results[0].OK || !out.Results[1].OK || out.Results[2].OK || out.Results[0].Message == "" {
			t.Fatalf("the results: %+v", out)
		}
		if got := admintest.LiveTitle(t, st, "ar"); got != "New ar" {
			t.Errorf("Arabic live: %q", got)
		}
		if got := admintest.LiveTitle(t, st, "en"); got == "New en" {
			t.Error("a translator published English")
		}
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		published := 0
		for _, ev := range events {
			if ev.Action == audit.ActionContentPublish && ev.ActorID == translator.ID {
				published++
			}
		}
		if published != 1 {
			t.Errorf("published in the trail: %d", published)
		}
	})
}
