package redirects_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/redirects"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func list(t *testing.T, m *admintest.Member, q string) redirects.List {
	t.Helper()
	r := m.B.Do("GET", "/redirects?q="+url.QueryEscape(q), nil)
	admintest.Expect(t, "the list", r, http.StatusOK)
	var l redirects.List
	r.Data(t, &l)
	return l
}

func TestRedirectsAddedCheckedAndListed(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		editor := e.Join("editor@noorvale.example", access.Editor)
		admin := e.Join("admin@noorvale.example", access.Administrator)
		add := func(m *admintest.Member, from, to string, status int) *admintest.Result {
			return m.B.Do("POST", "/redirects", map[string]any{"from": from, "to": to, "status": status})
		}

		// A full address of the old website keeps its path; a language prefix goes.
		r := add(editor, "https://old.noorvale.example/pentest.html", "/ar/services/cybersecurity-services/penetration-testing/", 301)
		admintest.Expect(t, "an old address", r, http.StatusOK)
		var saved redirects.Redirect
		r.Data(t, &saved)
		if saved.From != "/pentest.html" || saved.To != "/services/cybersecurity-services/penetration-testing" || saved.Kind != redirects.KindAdded {
			t.Fatalf("saved %+v", saved)
		}
		admintest.Expect(t, "a 302", add(editor, "/campaign", "/about-us", 302), http.StatusOK)

		// Refusals, each on its field with a sentence in the reader's language.
		for _, tc := range []struct {
			who              *admintest.Member
			from, to, field  string
			status           int
			want             int
			message, context string
		}{
			{editor, "/about-us", "/services/cybersecurity-services", "from", 301, 400, "is a page of the site", "a live page"},
			{editor, "/ar/about-us", "/services/cybersecurity-services", "from", 301, 400, "is a page of the site", "a live page in Arabic"},
			{editor, "/api/login", "/about-us", "from", 301, 400, "workings", "the API"},
			{editor, "old page", "/about-us", "from", 301, 400, "starting with /", "spaces"},
			{editor, "/old?id=3", "/about-us", "from", 301, 400, "without ? or #", "a query"},
			{editor, "/", "/about-us", "from", 301, 400, "starting with /", "the home page"},
			{editor, "/gone", "/no-such-page", "to", 301, 400, "No page of the site", "a missing page"},
			{editor, "/gone", "https://example.com/x", "to", 301, 400, "Only administrators", "an editor leading out"},
			{admin, "/gone", "http://example.com/x", "to", 301, 400, "https://", "plain http"},
			{editor, "/gone", "/about-us", "status", 307, 400, "301", "a 307"},
			{editor, "/campaign", "/about-us", "from", 301, 400, "already starts", "twice"},
		} {
			r := add(tc.who, tc.from, tc.to, tc.status)
			admintest.Expect(t, tc.context, r, tc.want)
			if msg := r.Env.Errors[tc.field]; !strings.Contains(msg, tc.message) {
				t.Errorf("%s: %s says %q, want %q", tc.context, tc.field, msg, tc.message)
			}
		}

		// In Arabic.
		editor.B.Lang = "ar"
		r = add(editor, "/about-us", "/services/cybersecurity-services", 301)
		admintest.Expect(t, "a live page in Arabic", r, http.StatusBadRequest)
		if !strings.Contains(r.Env.Errors["from"], "صفحة") {
			t.Errorf("the Arabic refusal: %q", r.Env.Errors["from"])
		}
		editor.B.Lang = "en"

		// An administrator may lead elsewhere.
		admintest.Expect(t, "an external target", add(admin, "/partner", "https://partner.example/offer", 302), http.StatusOK)

		// Chains collapse, loops are refused.
		admintest.Expect(t, "a -> pentest", add(editor, "/older-pentest", "/pentest.html", 301), http.StatusOK)
		l := list(t, editor, "older")
		if len(l.Redirects) != 1 || l.Redirects[0].To != "/services/cybersecurity-services/penetration-testing" {
			t.Fatalf("a chain kept: %+v", l.Redirects)
		}
		admintest.Expect(t, "b -> c", add(editor, "/step-b", "/about-us", 301), http.StatusOK)
		r = add(editor, "/step-c", "/step-b", 301)
		admintest.Expect(t, "c -> b", r, http.StatusOK)
		r.Data(t, &saved)
		if saved.To != "/about-us" {
			t.Fatalf("c -> b -> about-us saved as %+v", saved)
		}

		// Search by either end; an editor may not lead out but sees the list.
		if l := list(t, editor, "penetration"); len(l.Redirects) != 2 || l.MayLinkOut {
			t.Fatalf("search by target: %+v", l)
		}
		if l := list(t, admin, ""); len(l.Redirects) != 6 || !l.MayLinkOut {
			t.Fatalf("everything: %+v", l)
		}

		// Delete, audited with the rest.
		r = editor.B.Do("DELETE", "/redirects?from="+url.QueryEscape("/campaign"), nil)
		admintest.Expect(t, "delete", r, http.StatusOK)
		r = editor.B.Do("DELETE", "/redirects?from="+url.QueryEscape("/campaign"), nil)
		admintest.Expect(t, "delete again", r, http.StatusNotFound)
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{Item: "/campaign"})
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 2 || events[0].Action != audit.ActionRedirectDelete || events[1].Action != audit.ActionRedirectAdd || events[1].Detail != "302 → /about-us" {
			t.Fatalf("audit trail of /campaign: %+v", events)
		}
	})
}

func TestRenamedItemsRedirectsInTheSameList(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		if err := st.RenameContentItem(t.Context(), "news", admintest.StorySlug, "renamed-story", "x", time.Now()); err != nil {
			t.Fatal(err)
		}
		l := list(t, editor, "")
		if len(l.Redirects) != 1 || l.Redirects[0].Kind != redirects.KindRenamed ||
			l.Redirects[0].From != "/resources/news/"+admintest.StorySlug || l.Redirects[0].Status != 301 {
			t.Fatalf("the list: %+v", l.Redirects)
		}
		// An added redirect may not start where a renamed item's does.
		r := editor.B.Do("POST", "/redirects", map[string]any{"from": l.Redirects[0].From, "to": "/about-us", "status": 301})
		admintest.Expect(t, "over a rename", r, http.StatusBadRequest)
		r = editor.B.Do("DELETE", "/redirects?from="+url.QueryEscape(l.Redirects[0].From), nil)
		admintest.Expect(t, "delete a rename", r, http.StatusOK)
		if l := list(t, editor, ""); len(l.Redirects) != 0 {
			t.Fatalf("after the delete: %+v", l.Redirects)
		}
	})
}

func TestImportReportsEachLine(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		editor := e.Join("editor@noorvale.example", access.Editor)
		csv := strings.Join([]string{
			"from,to,status",
			"/old/about.html,/about-us",
			"/old/iso.html,/compliance/iso-standards/iso-27001,302",
			"/about-us,/compliance/iso-standards",
			"/old/x.html,/nowhere",
			"/old/y.html",
			"/old/z.html,/about-us,308",
			`"/old/q.html,/about-us`,
		}, "\n")
		r := editor.B.Do("POST", "/redirects/import", map[string]any{"csv": csv})
		admintest.Expect(t, "import", r, http.StatusOK)
		var rep redirects.Imported
		r.Data(t, &rep)
		if rep.Added != 2 || len(rep.Lines) != 7 {
			t.Fatalf("report: %+v", rep)
		}
		want := []struct {
			line  int
			added bool
			msg   string
		}{
			{2, true, "Added"}, {3, true, "Added"}, {4, false, "is a page of the site"}, {5, false, "No page"},
			{6, false, "Expected an old address"}, {7, false, "301"}, {8, false, "CSV"},
		}
		for i, w := range want {
			got := rep.Lines[i]
			if got.Line != w.line || got.Added != w.added || !strings.Contains(got.Message, w.msg) {
				t.Errorf("line %d: %+v, want %+v", i, got, w)
			}
		}
		if rep.Lines[1].Status != 302 {
			t.Errorf("the 302 line: %+v", rep.Lines[1])
		}
		if r.Env.Message != "2 of 7 lines added." {
			t.Errorf("message %q", r.Env.Message)
		}
		r = editor.B.Do("POST", "/redirects/import", map[string]any{"csv": "from,to\n"})
		admintest.Expect(t, "an empty file", r, http.StatusBadRequest)
	})
}
