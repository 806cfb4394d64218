package search

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// envelope is the API's answer as a client reads it.
type envelope struct {
	IsSuccess bool   `json:"isSuccess"`
	Data      Answer `json:"data"`
	Message   string `json:"message"`
}

// api serves the search API of s as the server declares it.
func api(s *Service) *echo.Echo {
	e := echo.New()
	e.GET("/api/search", s.Handle, s.RateLimit())
	return e
}

// ask sends GET /api/search?query to e.
func ask(t testing.TB, e *echo.Echo, query string) (*httptest.ResponseRecorder, envelope) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/api/search?"+query, nil)
	e.ServeHTTP(rec, req)
	var env envelope
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("answer is not the envelope: %v: %s", err, rec.Body)
		}
	}
	return rec, env
}

// serving returns a service answering from the seeded index, counting in st.
func serving(t *testing.T, st *store.Store, now func() time.Time) *Service {
	t.Helper()
	s := New(Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys("test")}, Counts: st, Logger: quiet(), Now: now})
	s.index.Store(seeded(t))
	return s
}

func TestAPI(t *testing.T) {
	st := testenv.SQLiteStore(t)
	e := api(serving(t, st, time.Now))
	long := strings.Repeat("audit ", 50)
	tests := []struct {
		name    string
		query   string
		status  int
		check   func(t *testing.T, a Answer)
		message string // part of the message
	}{
		{"a match", "q=penetration+testing&lang=en", 200, func(t *testing.T, a Answer) {
			if a.Total == 0 || a.Results[0].Path == "" || a.Results[0].Title == "" || len(a.Results[0].Snippet) == 0 || a.Fallback {
				t.Fatalf("answer %+v", a)
			}
			marked := false
			for _, seg := range a.Results[0].Snippet {
				marked = marked || seg.Mark
			}
			if !marked {
				t.Fatalf("no word marked in %+v", a.Results[0].Snippet)
			}
		}, ""},
		{"a type filter", "q=iso+27001&lang=en&type=standard", 200, func(t *testing.T, a Answer) {
			for _, r := range a.Results {
				if r.Type != TypeStandard {
					t.Fatalf("a %s among standards", r.Type)
				}
			}
			if a.Total == 0 {
				t.Fatal("no standard found")
			}
		}, ""},
		{"a second page", "q=security&lang=en&page=2", 200, func(t *testing.T, a Answer) {
			if a.Page != 2 || len(a.Results) == 0 {
				t.Fatalf("page %d with %d results", a.Page, len(a.Results))
			}
		}, ""},
		{"a page out of range", "q=security&lang=en&page=-3", 200, func(t *testing.T, a Answer) {
			if a.Page != 1 {
				t.Fatalf("page %d", a.Page)
			}
		}, ""},
		{"an empty query", "q=&lang=fr", 200, func(t *testing.T, a Answer) {
			if a.Total != 0 || a.Results == nil || len(a.Results) != 0 {
				t.Fatalf("answer %+v", a)
			}
		}, ""},
		{"spaces only", "q=+++&lang=ar", 200, func(t *testing.T, a Answer) {
			if a.Total != 0 {
				t.Fatalf("answer %+v", a)
			}
		}, ""},
		{"a long query is cut", "lang=en&q=" + url.QueryEscape(long), 200, func(t *testing.T, a Answer) {
			if !a.Truncated || len([]rune(a.Query)) != MaxQuery {
				t.Fatalf("truncated %v, %d characters", a.Truncated, len([]rune(a.Query)))
			}
		}, "200"},
		{"misspelt words still find", "q=pentration+tezting+scopping&lang=en", 200, func(t *testing.T, a Answer) {
			if a.Total == 0 {
				t.Fatal("nothing found")
			}
		}, ""},
		{"a misspelt short word proposes the right one", "q=audt&lang=en", 200, func(t *testing.T, a Answer) {
			if a.Total != 0 || a.Suggestion != "audit" {
				t.Fatalf("total %d, suggestion %q", a.Total, a.Suggestion)
			}
		}, ""},
		{"NUL", "q=iso%0027001&lang=fr", 400, nil, "caractères"},
		{"a line break", "q=iso%0A27001&lang=nl", 400, nil, "tekens"},
		{"an escape", "q=%1B%5B31m&lang=ar", 400, nil, "رموز"},
		{"invalid UTF-8", "q=%FF%FE&lang=en", 400, nil, "characters"},
		{"an unknown type", "q=audit&type=secret", 400, nil, "kind of result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := ask(t, e, tt.query)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if env.IsSuccess != (tt.status == 200) {
				t.Fatalf("isSuccess %v with %d", env.IsSuccess, rec.Code)
			}
			if tt.message != "" && !strings.Contains(env.Message, tt.message) {
				t.Fatalf("message %q lacks %q", env.Message, tt.message)
			}
			if tt.check != nil {
				tt.check(t, env.Data)
			}
		})
	}
}

func TestAPIFallsBackToEnglish(t *testing.T) {
	ix, err := build([]document{
		{ID: "en:/a", Lang: "en", Type: TypeNews, Path: "/resources/news/a", Title: "Quokka sanctuary audit", Body: "We audited a quokka sanctuary.", Words: "Quokka sanctuary audit We audited a quokka sanctuary."},
		{ID: "nl:/b", Lang: "nl", Type: TypeNews, Path: "/nl/resources/news/b", Title: "Een audit", Body: "Een audit van een kantoor.", Words: "Een audit van een kantoor."},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Limiter: endpoint.Limiter{Counters: testenv.SQLiteStore(t), Keys: endpoint.NewKeys("test")}, Logger: quiet()})
	s.index.Store(ix)
	e := api(s)
	tests := []struct {
		name     string
		query    string
		fallback bool
		path     string
	}{
		{"the language has it", "q=audit&lang=nl", false, "/nl/resources/news/b"},
		{"only English has it", "q=quokka&lang=nl", true, "/resources/news/a"},
		{"English asked for", "q=quokka&lang=en", false, "/resources/news/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := ask(t, e, tt.query)
			if rec.Code != 200 || env.Data.Fallback != tt.fallback || len(env.Data.Results) == 0 || env.Data.Results[0].Path != tt.path {
				t.Fatalf("%d %+v", rec.Code, env)
			}
			if tt.fallback && env.Message == "" {
				t.Fatal("a fallback says nothing")
			}
		})
	}
}

func TestAPIWhileBuilding(t *testing.T) {
	s := New(Config{Limiter: endpoint.Limiter{Counters: testenv.SQLiteStore(t), Keys: endpoint.NewKeys("test")}, Logger: quiet()})
	rec, env := ask(t, api(s), "q=audit&lang=ar")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || env.Message == "" || env.IsSuccess {
		t.Fatalf("%d %q %+v", rec.Code, rec.Header().Get("Retry-After"), env)
	}
	if !strings.ContainsAny(env.Message, "البحث") {
		t.Fatalf("message %q is not in Arabic", env.Message)
	}
}

func TestAPIRateLimit(t *testing.T) {
	s := serving(t, testenv.SQLiteStore(t), time.Now)
	e := api(s)
	for i := range 120 {
		if rec, _ := ask(t, e, "q=audit&lang=en"); rec.Code != 200 {
			t.Fatalf("search %d answered %d", i+1, rec.Code)
		}
	}
	rec, env := ask(t, e, "q=audit&lang=fr")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(env.Message, "recherches") {
		t.Fatalf("%d %+v", rec.Code, env)
	}
}

func TestSearchesCounted(t *testing.T) {
	st := testenv.SQLiteStore(t)
	clock := testenv.NewClock(time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC))
	s := serving(t, st, clock.Now)
	e := api(s)
	for _, q := range []string{"q=IS&lang=en", "q=ISO+27&lang=en", "q=ISO+27001&lang=en&final=1", "q=iso++27001&lang=en&final=1", "q=zzqqxx&lang=en&final=1", "q=audit&lang=en&page=2&final=1", "q=&lang=en&final=1"} {
		ask(t, e, q)
	}
	clock.Advance(2 * time.Hour)
	ask(t, e, "q=اختبار&lang=ar&final=1")
	if err := s.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, err := st.SearchCounts(context.Background(), "2026-11-29", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]store.SearchCount{
		"2026-11-29 en iso 27001": {Day: "2026-11-29", Locale: "en", Words: "iso 27001", Searches: 2},
		"2026-11-29 en zzqqxx":    {Day: "2026-11-29", Locale: "en", Words: "zzqqxx", Searches: 1, Misses: 1},
		"2026-11-30 ar اختبار":    {Day: "2026-11-30", Locale: "ar", Words: "اختبار", Searches: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("counted %+v", got)
	}
	for _, c := range got {
		if want[c.Day+" "+c.Locale+" "+c.Words] != c {
			t.Fatalf("counted %+v", got)
		}
	}
}

func FuzzAPI(f *testing.F) {
	for _, seed := range []string{"q=iso27001", "q=%00", "q=" + strings.Repeat("%D8%A7", 300), "q=*&type=news&page=999999999999999999999", "q=\"\\&lang=xx", "q=a~2^3+-b+OR+c:d"} {
		f.Add(seed)
	}
	st := testenv.SQLiteStore(f)
	s := New(Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys("test")}, Logger: quiet()})
	ix, err := Build(seededCatalog(f))
	if err != nil {
		f.Fatal(err)
	}
	s.index.Store(ix)
	e := echo.New()
	e.GET("/api/search", s.Handle) // the rate limit would answer 429 to a fuzzer
	f.Fuzz(func(t *testing.T, query string) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/api/search", nil)
		req.URL.RawQuery = query
		e.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q answered %d: %s", query, rec.Code, rec.Body)
		}
	})
}
