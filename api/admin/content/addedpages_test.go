package content_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// An editor adds a service under a services landing page: the kind,
// parent, title and slug are checked, an address something answers
// already is refused, the page opens as an English draft, and deleting it
// leaves a redirect to its parent. Translators may not add or delete
// pages; shipped pages cannot be deleted.
func TestAddAndDeleteAPage(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		const parent = "/services/cybersecurity-services"
		page := func(kind, parent, title, slug string) map[string]any {
			return map[string]any{"kind": kind, "parent": parent, "title": title, "slug": slug}
		}
		en := access.In("en")

		r := editor.B.Do("GET", "/content/pages/parents", nil)
		admintest.Expect(t, "the parents", r, http.StatusOK)
		if !strings.Contains(string(r.Body), parent) || !strings.Contains(string(r.Body), "/about-us") {
			t.Fatalf("the parents offered: %s", r.Body)
		}
		admintest.Expect(t, "a translator adding", translator.B.Do("POST", "/content/pages", page("service", parent, "Cloud", "cloud")), http.StatusForbidden)

		for _, c := range []struct {
			what  string
			body  map[string]any
			field string
		}{
			{"an unknown kind", page("blog", parent, "Cloud", "cloud"), "kind"},
			{"a service under a section page", page("service", "/about-us", "Cloud", "cloud"), "parent"},
			{"a standard under a services page", page("standard", parent, "Cloud", "cloud"), "parent"},
			{"no title", page("service", parent, "  ", "cloud"), "title"},
			{"a slug of the wrong form", page("service", parent, "Cloud", "Cloud Security"), "slug"},
		} {
			r := editor.B.Do("POST", "/content/pages", c.body)
			admintest.Expect(t, c.what, r, http.StatusBadRequest)
			if r.Env.Errors[c.field] == "" {
				t.Errorf("%s: the refusal does not name %s: %s", c.what, c.field, r.Body)
			}
		}
		if _, err := st.AddSiteRedirect(t.Context(), store.SiteRedirect{From: parent + "/old-cloud", To: parent, Status: 301}, "x", time.Now()); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ what, slug string }{
			{"a shipped page", "risk-assessment"},
			{"a redirect's address", "old-cloud"},
		} {
			r := editor.B.Do("POST", "/content/pages", page("service", parent, "Cloud", c.slug))
			admintest.Expect(t, c.what, r, http.StatusConflict)
			if !strings.Contains(r.Env.Message, parent+"/"+c.slug) {
				t.Errorf("%s: the conflict says %q", c.what, r.Env.Message)
			}
		}

		r = editor.B.Do("POST", "/content/pages", page("service", parent, "Cloud Security Assessment", "cloud-security-assessment"))
		admintest.Expect(t, "add", r, http.StatusOK)
		route := parent + "/cloud-security-assessment"
		q := "?route=" + url.QueryEscape(route)
		admintest.Expect(t, "the new page in the editor", editor.B.Do("GET", "/content/pages/page"+q, nil), http.StatusOK)
		admintest.Expect(t, "the same address again", editor.B.Do("POST", "/content/pages", page("service", parent, "Again", "cloud-security-assessment")), http.StatusConflict)
		if live := liveLocales(t, st, "pages", route); len(live) != 0 {
			t.Fatalf("a new page is live before publishing: %v", live)
		}

		// Its first draft holds the title alone, which is never published.
		r = editor.B.Do("GET", "/content/pages/page"+q, nil)
		var it admintest.ItemView
		r.Data(t, &it)
		r = editor.B.Do("POST", "/content/pages/page/en/publish"+q, map[string]any{"version": it.LatestID("en")})
		admintest.Expect(t, "publish the first draft", r, http.StatusConflict)
		if r.Env.Message != en.Pages.Incomplete {
			t.Errorf("publishing the first draft says %q", r.Env.Message)
		}
		// A whole service's text saves; services are reviewed in English by
		// default, and so is this one.
		data, err := fs.ReadFile(content.SeedFS(), "pages/en/services/cybersecurity-services/risk-assessment.json")
		if err != nil {
			t.Fatal(err)
		}
		r = editor.B.Do("PUT", "/content/pages/page/en"+q, map[string]any{"base": it.LatestID("en"), "body": json.RawMessage(data)})
		admintest.Expect(t, "save the English", r, http.StatusOK)
		var saved struct{ ID int64 }
		r.Data(t, &saved)
		r = editor.B.Do("POST", "/content/pages/page/en/publish"+q, map[string]any{"version": saved.ID})
		admintest.Expect(t, "publish without review", r, http.StatusConflict)
		if r.Env.Message == en.Pages.Incomplete {
			t.Errorf("a whole text is called incomplete")
		}

		// Reviewed first, so on the site in no language: there is nothing to take off.
		r = editor.B.Do("POST", "/content/pages/page/unpublish"+q, nil)
		admintest.Expect(t, "take off a page not on the site", r, http.StatusConflict)
		if r.Env.Message != en.Pages.NotLive {
			t.Errorf("taking off a page not on the site says %q", r.Env.Message)
		}
		admintest.Expect(t, "take off a shipped page", editor.B.Do("POST", "/content/pages/page/unpublish?route=%2Fabout-us", nil), http.StatusForbidden)

		r = editor.B.Do("DELETE", "/content/pages/page?route=%2Fabout-us", nil)
		admintest.Expect(t, "delete a shipped page", r, http.StatusForbidden)
		if r.Env.Message != en.Pages.Shipped {
			t.Errorf("deleting a shipped page says %q", r.Env.Message)
		}
		admintest.Expect(t, "a translator deleting", translator.B.Do("DELETE", "/content/pages/page"+q+"&redirect=1", nil), http.StatusForbidden)
		admintest.Expect(t, "delete", editor.B.Do("DELETE", "/content/pages/page"+q+"&redirect=1", nil), http.StatusOK)
		admintest.Expect(t, "the deleted page", editor.B.Do("GET", "/content/pages/page"+q, nil), http.StatusNotFound)
		redirects, err := st.SiteRedirects(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(redirects, func(r store.SiteRedirect) bool { return r.From == route && r.To == parent && r.Status == 301 }) {
			t.Fatalf("no redirect to the parent: %+v", redirects)
		}
		actions := auditActions(t, st)
		for _, want := range []string{"content-create pages/" + route, "content-delete pages/" + route} {
			if !slices.Contains(actions, want) {
				t.Errorf("the trail lacks %q: %v", want, actions)
			}
		}
	})
}
