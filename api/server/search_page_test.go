package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/search"
	"noorvale.example/site/api/store"
)

// searchDrawn draws the search page as the JSON of what it shows, and
// every other page as a line of HTML.
type searchDrawn struct{}

func (searchDrawn) Render(_ context.Context, props any) (int, []byte, error) {
	if p, ok := props.(render.SearchProps); ok {
		b, err := json.Marshal(struct {
			Kind   string `json:"kind"`
			Path   string `json:"path"`
			Search any    `json:"search"`
		}{p.Page.Kind, p.Page.Path, p.Search})
		return http.StatusOK, b, err
	}
	return props.(render.Props).Status, []byte("<!doctype html><p>page</p>"), nil
}

// drawnSearch is what searchDrawn wrote of a search page.
type drawnSearch struct {
	Kind   string `json:"kind"`
	Path   string `json:"path"`
	Search struct {
		search.Answer
		Types []string `json:"types"`
		Error string   `json:"error"`
	} `json:"search"`
}

func TestSearchPage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	st := testenv.SQLiteStore(t)
	if _, err := content.Seed(ctx, st); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	cache := render.NewCache(render.CacheConfig{Renderer: searchDrawn{}, Store: st, Catalog: cat, Logger: quiet})
	svc := search.New(search.Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys("test")}, Counts: st, Logger: quiet})
	svc.Follow(cache)
	done := make(chan struct{})
	go func() { defer close(done); svc.Run(ctx) }()
	defer func() { cancel(); <-done }()
	srv := New(Config{DistDir: fakeDist(t), Logger: quiet, Search: svc}, cache, st)
	if err := cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "search index built", svc.Ready)

	long := strings.Repeat("security ", 40)
	tests := []struct {
		name   string
		target string
		status int
		check  func(t *testing.T, d drawnSearch)
	}{
		{"a query", "/search?q=iso27001", 200, func(t *testing.T, d drawnSearch) {
			if d.Kind != "search" || d.Path != "/search" || d.Search.Total == 0 || d.Search.Results[0].Path != "/compliance/iso-standards/iso-27001" {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"a query in Arabic without hamza", "/ar/search?q=" + url.QueryEscape("ادارة المخاطر"), 200, func(t *testing.T, d drawnSearch) {
			if d.Path != "/ar/search" || d.Search.Total == 0 || !strings.HasPrefix(d.Search.Results[0].Path, "/ar/") {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"a type and a page", "/fr/search?q=iso&type=standard&page=2", 200, func(t *testing.T, d drawnSearch) {
			if d.Search.Type != "standard" || d.Search.Page != 2 || len(d.Search.Results) == 0 {
				t.Fatalf("drawn %+v", d)
			}
			for _, h := range d.Search.Results {
				if h.Type != "standard" || !strings.HasPrefix(h.Path, "/fr/") {
					t.Fatalf("result %+v", h)
				}
			}
		}},
		{"an unknown type searches every type", "/search?q=iso&type=nonsense", 200, func(t *testing.T, d drawnSearch) {
			if d.Search.Type != "" || d.Search.Total == 0 {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"nothing found", "/nl/search?q=penetratoinzzz", 200, func(t *testing.T, d drawnSearch) {
			if d.Search.Total != 0 || len(d.Search.Results) != 0 {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"empty", "/search", 200, func(t *testing.T, d drawnSearch) {
			if d.Search.Query != "" || d.Search.Total != 0 || len(d.Search.Types) == 0 {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"too long", "/search?q=" + url.QueryEscape(long), 200, func(t *testing.T, d drawnSearch) {
			if !d.Search.Truncated || len([]rune(d.Search.Query)) != search.MaxQuery || d.Search.Total == 0 {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"NUL", "/search?q=iso%00", 400, func(t *testing.T, d drawnSearch) {
			if d.Search.Error != "query" || d.Search.Query != "" {
				t.Fatalf("drawn %+v", d)
			}
		}},
		{"control character", "/fr/search?q=a%1Bb", 400, func(t *testing.T, d drawnSearch) {
			if d.Search.Error != "query" || d.Path != "/fr/search" {
				t.Fatalf("drawn %+v", d)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.target, nil))
			if rec.Code != tt.status {
				t.Fatalf("%s answered %d: %s", tt.target, rec.Code, rec.Body)
			}
			if rec.Header().Get("X-Robots-Tag") != "noindex" {
				t.Fatalf("X-Robots-Tag %q", rec.Header().Get("X-Robots-Tag"))
			}
			want := "public, max-age=60"
			if tt.status != 200 {
				want = "no-store"
			}
			if got := rec.Header().Get("Cache-Control"); got != want {
				t.Fatalf("Cache-Control %q, want %q", got, want)
			}
			var d drawnSearch
			if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil {
				t.Fatalf("%v: %s", err, rec.Body)
			}
			tt.check(t, d)
		})
	}

	// The page's searches are what visitors settled on: they are counted.
	if err := svc.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	counts, err := st.SearchCounts(ctx, "2000-01-01", "2999-01-01")
	if err != nil {
		t.Fatal(err)
	}
	counted := map[string]store.SearchCount{}
	for _, c := range counts {
		counted[c.Locale+" "+c.Words] = c
	}
	if c := counted["en iso27001"]; c.Searches != 1 || c.Misses != 0 {
		t.Fatalf("counted %+v", counts)
	}
	if c := counted["nl penetratoinzzz"]; c.Searches != 1 || c.Misses != 1 {
		t.Fatalf("counted %+v", counts)
	}

	// A client over the page's limit is answered a page of the site in its
	// language, not the API's envelope, and told when to come back.
	var rec *httptest.ResponseRecorder
	for range 70 {
		rec = httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/ar/search?q=iso", nil))
		if rec.Code != http.StatusOK {
			break
		}
	}
	body := rec.Body.String()
	switch {
	case rec.Code != http.StatusTooManyRequests:
		t.Fatalf("over the limit answered %d", rec.Code)
	case !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html"):
		t.Fatalf("over the limit answered %q: %s", rec.Header().Get("Content-Type"), body)
	case rec.Header().Get("Retry-After") == "" || rec.Header().Get("Retry-After") == "0":
		t.Fatalf("Retry-After %q", rec.Header().Get("Retry-After"))
	case !strings.Contains(body, `<html lang="ar" dir="rtl">`) || !strings.Contains(body, locale.For(locale.Ar).Site.APITooManyRequests):
		t.Fatalf("over the limit answered %s", body)
	}
}
