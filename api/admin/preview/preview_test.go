package preview_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestPreviewShowsTheLatestDraftMarkedAndInert(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		viewer := e.Join("viewer@noorvale.example", access.Viewer)
		sales := e.Join("sales@noorvale.example", access.Sales)
		it := editor.Item(t)
		r := editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/ar", map[string]any{
			"base": it.LatestID("ar"), "body": admintest.WithTitle(t, it.Languages["ar"].Live, "عنوان المسودة")})
		admintest.Expect(t, "save", r, http.StatusOK)
		version := editor.Item(t).LatestID("ar")

		viewer.B.Lang = "ar"
		r = viewer.B.Do("GET", "/content/news/"+admintest.StorySlug+"/ar/preview?theme=dark", nil)
		admintest.Expect(t, "preview", r, http.StatusOK)
		doc := string(r.Body)
		for _, want := range []string{"عنوان المسودة", `<html class="theme-dark" lang="ar"`, "data-preview", "معاينة", "مسودة", "العربية",
			// The title says it too, and an element follows the page's markup, which is drawn once one does.
			"<title>معاينة · العربية · النسخة", "<div hidden></div></body>"} {
			if !strings.Contains(doc, want) {
				t.Errorf("the preview lacks %q:\n%s", want, doc)
			}
		}
		if !strings.Contains(doc, "النسخة "+strconv.FormatInt(version, 10)) {
			t.Errorf("the preview does not name version %d:\n%s", version, doc)
		}
		if strings.Contains(doc, "<script") || strings.Contains(doc, "modulepreload") {
			t.Errorf("scripts survive in the preview:\n%s", doc)
		}
		h := r.Header
		if h.Get("Cache-Control") != "no-store" || !strings.Contains(h.Get("X-Robots-Tag"), "noindex") {
			t.Errorf("cache %q, robots %q", h.Get("Cache-Control"), h.Get("X-Robots-Tag"))
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'none'") || !strings.Contains(csp, "form-action 'none'") || !strings.Contains(csp, "frame-ancestors 'self'") {
			t.Errorf("csp %q", csp)
		}

		// English by default, and the live text when nothing was saved.
		r = editor.B.Do("GET", "/content/news/"+admintest.StorySlug+"/en/preview", nil)
		admintest.Expect(t, "preview in English", r, http.StatusOK)
		if doc := string(r.Body); !strings.Contains(doc, "Preview") || !strings.Contains(doc, "as published") || !strings.Contains(doc, `class="theme-light"`) {
			t.Errorf("the English preview:\n%s", doc)
		}

		cases := []struct {
			name string
			who  *admintest.Browser
			path string
			want int
		}{
			{"a theme that does not exist", editor.B, "/content/news/" + admintest.StorySlug + "/ar/preview?theme=blue", http.StatusBadRequest},
			{"an item that does not exist", editor.B, "/content/news/no-such-story/ar/preview", http.StatusNotFound},
			{"a language that does not exist", editor.B, "/content/news/" + admintest.StorySlug + "/de/preview", http.StatusNotFound},
			{"staff who may not read content", sales.B, "/content/news/" + admintest.StorySlug + "/ar/preview", http.StatusForbidden},
			{"nobody signed in", e.Browser(), "/content/news/" + admintest.StorySlug + "/ar/preview", http.StatusUnauthorized},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := c.who.Do("GET", c.path, nil)
				admintest.Expect(t, c.name, r, c.want)
				if r.Env.Message == "" {
					t.Fatal("a refusal without a message")
				}
			})
		}
	})
}
