package search

import (
	"strings"
	"testing"

	"noorvale.example/site/api/locale"
)

// TestSnippetIsNotTheTitle checks that no snippet repeats its result's
// title, which is shown above it: searched by its own title, each page in
// each language shows other words of the page.
func TestSnippetIsNotTheTitle(t *testing.T) {
	ix := seeded(t)
	bad := 0
	for _, d := range ix.docs {
		r, err := ix.Search(Query{Text: d.Title, Lang: locale.Locale(d.Lang), PerPage: 50})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range r.Hits {
			if h.Path != d.Path {
				continue
			}
			got := strings.Trim(snippetText(h), " …")
			if got == "" || strings.EqualFold(got, strings.TrimSpace(h.Title)) {
				bad++
				if bad < 20 {
					t.Errorf("%s %q: snippet %q", h.Path, h.Title, snippetText(h))
				}
			}
		}
	}
}

func snippetText(h Hit) string {
	var b strings.Builder
	for _, s := range h.Snippet {
		b.WriteString(s.Text)
	}
	return b.String()
}
