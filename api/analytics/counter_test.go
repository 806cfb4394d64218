package analytics

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36"

func visit(c *Counter, target, ip string, header map[string]string) {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Header.Set("User-Agent", browser)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	c.Record(r, http.StatusOK, func(*http.Request) string { return ip })
}

// Views are counted per page, language and source; people who ask not to
// be tracked, crawlers and prefetches are not; two replicas sharing the
// database count a visitor once, and a day's hashes and salt are gone once
// the day is counted.
func TestCounterCountsPeopleOnceAcrossReplicas(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		day := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
		now := day
		clock := func() time.Time { return now }
		a, b := New(st, clock, nil), New(st, clock, nil)
		for _, c := range []*Counter{a, b} {
			if err := c.Prepare(ctx); err != nil {
				t.Fatal(err)
			}
		}
		visit(a, "/services/penetration-testing?utm_source=LinkedIn&utm_campaign=iso-2027", "192.0.2.1",
			map[string]string{"Referer": "https://www.linkedin.com/feed/"})
		visit(a, "/ar/services/penetration-testing", "192.0.2.1", nil)
		visit(b, "/services/penetration-testing", "192.0.2.1", map[string]string{"Referer": "http://news.example/a"})
		visit(b, "/services/penetration-testing", "192.0.2.2", map[string]string{"Sec-GPC": "1"})
		visit(b, "/services/penetration-testing", "192.0.2.3", map[string]string{"DNT": "1"})
		visit(b, "/services/penetration-testing", "192.0.2.4", map[string]string{"Sec-Purpose": "prefetch"})
		visit(b, "/services/penetration-testing", "192.0.2.5", map[string]string{"User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)"})
		for _, c := range []*Counter{a, b} {
			if err := c.Flush(ctx); err != nil {
				t.Fatal(err)
			}
		}
		f := store.AnalyticsFilter{First: "2026-11-24", Last: "2026-11-24"}
		pages, err := st.PageTotals(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{"en/services/penetration-testing": 2, "ar/services/penetration-testing": 1}
		if len(pages) != len(want) {
			t.Fatalf("pages: %+v", pages)
		}
		for _, p := range pages {
			if want[p.Locale+p.Path] != p.Views {
				t.Errorf("%s %s: %d views, want %d", p.Locale, p.Path, p.Views, want[p.Locale+p.Path])
			}
		}
		sources, err := st.SourceTotals(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(sources) != 2 {
			t.Fatalf("sources: %+v", sources)
		}
		for _, s := range sources {
			switch s.Referrer {
			case "linkedin.com":
				if s.UTMSource != "linkedin" || s.UTMCampaign != "iso-2027" || s.Views != 1 {
					t.Errorf("campaign: %+v", s)
				}
			case "news.example":
			default:
				t.Errorf("source: %+v", s)
			}
		}
		visitors := func(first, last string) int64 {
			days, err := st.VisitorsByDay(ctx, first, last)
			if err != nil {
				t.Fatal(err)
			}
			var n int64
			for _, d := range days {
				n += d.Count
			}
			return n
		}
		if n := visitors("2026-11-24", "2026-11-24"); n != 1 {
			t.Fatalf("visitors on the day: %d, want 1 (one person on two replicas)", n)
		}

		// The next day: both replicas end the day; it is counted once.
		now = day.Add(24 * time.Hour)
		for _, c := range []*Counter{a, b} {
			if err := c.Prepare(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := visitors("2026-11-24", "2026-11-24"); n != 1 {
			t.Fatalf("visitors of the day ended: %d, want 1", n)
		}
		held, salts, err := st.AnalyticsHeld(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if held != 0 {
			t.Errorf("%d visitor hashes kept after their day", held)
		}
		if salts != 2 {
			t.Errorf("%d salts kept, want today's and tomorrow's", salts)
		}
	})
}

func TestReferrerIsAnotherSitesDomain(t *testing.T) {
	for ref, want := range map[string]string{
		"":                               "",
		"https://www.LinkedIn.com/feed":  "linkedin.com",
		"http://news.example:8080/x?y=1": "news.example",
		"https://site.example/other":     "",
		"android-app://com.slack":        "",
		"https://user@evil.example/":     "evil.example",
	} {
		r := httptest.NewRequest(http.MethodGet, "http://site.example/", nil)
		r.Header.Set("Referer", ref)
		if got := referrer(r); got != want {
			t.Errorf("referrer(%q) = %q, want %q", ref, got, want)
		}
	}
}

// What a counted view costs the request that makes it.
func BenchmarkRecord(b *testing.B) {
	c := New(nil, nil, nil)
	c.salts.Store(&salts{days: [2]int64{time.Now().Unix() / 86400}, salts: [2][]byte{make([]byte, 32)}})
	r := httptest.NewRequest(http.MethodGet, "/ar/services/cybersecurity-services/penetration-testing?utm_source=linkedin", nil)
	r.Header.Set("User-Agent", browser)
	ip := func(*http.Request) string { return "192.0.2.1" }
	for b.Loop() {
		c.Record(r, http.StatusOK, ip)
	}
}
