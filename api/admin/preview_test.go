package admin

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// fakePreviewer answers a page shaped like the renderer's, with the
// draft's body in it, and remembers the draft.
type fakePreviewer struct {
	mu   sync.Mutex
	last store.ContentEntry
}

func (f *fakePreviewer) Preview(_ context.Context, draft store.ContentEntry) ([]byte, error) {
	if draft.Slug != storySlug {
		return nil, render.ErrNoPage
	}
	f.mu.Lock()
	f.last = draft
	f.mu.Unlock()
	return []byte(`<!doctype html>
<html lang="` + draft.Locale + `" dir="ltr">
<head><meta charset="utf-8"><title>Story</title><script>document.title="ran"</script><link rel="modulepreload" href="/assets/app.js"></head>
<body>
<div id="root"><h1>` + draft.Body + `</h1><form action="/api/forms/enquiry" method="post"><button>Send</button></form></div>
<script type="application/json" id="page-props">{}</script>
<script type="module" src="/assets/app.js"></script>
</body>
</html>`), nil
}

func TestPreviewShowsTheLatestDraftMarkedAndInert(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("editor@noorvale.example", access.Editor)
		viewer := e.join("viewer@noorvale.example", access.Viewer)
		sales := e.join("sales@noorvale.example", access.Sales)
		it := editor.item(t)
		r := editor.b.do("PUT", "/content/news/"+storySlug+"/ar", map[string]any{
			"base": it.latestID("ar"), "body": withTitle(t, it.Languages["ar"].Live, "عنوان المسودة")})
		expect(t, "save", r, http.StatusOK)
		version := editor.item(t).latestID("ar")

		viewer.b.lang = "ar"
		r = viewer.b.do("GET", "/content/news/"+storySlug+"/ar/preview?theme=dark", nil)
		expect(t, "preview", r, http.StatusOK)
		doc := string(r.body)
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
		h := r.header
		if h.Get("Cache-Control") != "no-store" || !strings.Contains(h.Get("X-Robots-Tag"), "noindex") {
			t.Errorf("cache %q, robots %q", h.Get("Cache-Control"), h.Get("X-Robots-Tag"))
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'none'") || !strings.Contains(csp, "form-action 'none'") || !strings.Contains(csp, "frame-ancestors 'self'") {
			t.Errorf("csp %q", csp)
		}

		// English by default, and the live text when nothing was saved.
		r = editor.b.do("GET", "/content/news/"+storySlug+"/en/preview", nil)
		expect(t, "preview in English", r, http.StatusOK)
		if doc := string(r.body); !strings.Contains(doc, "Preview") || !strings.Contains(doc, "as published") || !strings.Contains(doc, `class="theme-light"`) {
			t.Errorf("the English preview:\n%s", doc)
		}

		cases := []struct {
			name string
			who  *browser
			path string
			want int
		}{
			{"a theme that does not exist", editor.b, "/content/news/" + storySlug + "/ar/preview?theme=blue", http.StatusBadRequest},
			{"an item that does not exist", editor.b, "/content/news/no-such-story/ar/preview", http.StatusNotFound},
			{"a language that does not exist", editor.b, "/content/news/" + storySlug + "/de/preview", http.StatusNotFound},
			{"staff who may not read content", sales.b, "/content/news/" + storySlug + "/ar/preview", http.StatusForbidden},
			{"nobody signed in", e.browser(), "/content/news/" + storySlug + "/ar/preview", http.StatusUnauthorized},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := c.who.do("GET", c.path, nil)
				expect(t, c.name, r, c.want)
				if r.env.Message == "" {
					t.Fatal("a refusal without a message")
				}
			})
		}
	})
}
