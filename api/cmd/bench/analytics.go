package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"time"

	"noorvale.example/site/api/admin/analytics"
	counting "noorvale.example/site/api/analytics"
	"noorvale.example/site/api/store"
)

// browserAgent is a person's browser, whose views are counted.
const browserAgent = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36"

// runAnalytics prints what counting page views costs: the cached page's
// throughput with each view counted beside the same requests not counted,
// the cost of a view in memory and of writing it, and the dashboard's query
// time over a year of generated counts for ten times this site's traffic.
func runAnalytics(serverBin, databaseURL string, duration time.Duration, connections int) error {
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	err = countedFigures(srv, duration, connections)
	srv.stop()
	if err != nil {
		return err
	}
	if databaseURL == "" {
		return nil
	}
	return analyticsStoreFigures(databaseURL)
}

// countedFigures loads the cached page from a browser whose views are
// counted and from the same browser sending Sec-GPC, which are not: five
// alternating runs of each, medians compared.
func countedFigures(srv *server, duration time.Duration, connections int) error {
	target := srv.BaseURL + servicePage
	fmt.Printf("Cached page %s, %d connections, 5 alternating runs of %s each\n\n", servicePage, connections, duration/2)
	var counted, skipped []load
	for range 5 {
		c, err := wrk(target, duration/2, connections, "-H", browserAgent)
		if err != nil {
			return err
		}
		s, err := wrk(target, duration/2, connections, "-H", browserAgent, "-H", "Sec-GPC: 1")
		if err != nil {
			return err
		}
		counted, skipped = append(counted, c), append(skipped, s)
	}
	c, s := median(counted), median(skipped)
	fmt.Printf("%-40s %12s %10s\n", "", "requests/s", "p99")
	fmt.Printf("%-40s %12.0f %10s\n", "every view counted (median of 5)", c.rps, c.p99)
	fmt.Printf("%-40s %12.0f %10s\n", "not counted, Sec-GPC: 1 (median of 5)", s.rps, s.p99)
	fmt.Printf("%-40s %12.2f×   (target ≥ 0.95×)\n\n", "ratio counted / not counted", c.rps/s.rps)
	return nil
}

// Ten times this site's traffic, as the generated year assumes it: views
// a day, spread over 400 pages in four languages, a third of them brought
// by one of 40 referring sites or campaigns.
const (
	yearViewsPerDay = 20_000
	yearPages       = 400
	yearSources     = 40
)

// analyticsStoreFigures prints, on a fresh PostgreSQL schema, the cost of
// a view in memory and written, and the dashboard's query times over a
// generated year.
func analyticsStoreFigures(databaseURL string) error {
	ctx := context.Background()
	db, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "bench_" + hex.EncodeToString(b[:])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		return fmt.Errorf("PostgreSQL at %s: %w", databaseURL, err)
	}
	defer func() { _, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE") }()
	u, err := url.Parse(databaseURL)
	if err != nil {
		return err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	st, err := store.Open(ctx, store.Postgres, u.String())
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return err
	}

	// A day's traffic through the counter: 20,000 views by 5,000 visitors.
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	counter := counting.New(st, func() time.Time { return now }, nil)
	if err := counter.Prepare(ctx); err != nil {
		return err
	}
	requests := make([]*http.Request, yearViewsPerDay)
	ips := make([]string, yearViewsPerDay)
	for i := range requests {
		path := "/services/page-" + strconv.Itoa(i%yearPages)
		if i%3 == 0 {
			path += "?utm_source=source-" + strconv.Itoa(i%yearSources) + "&utm_campaign=c"
		}
		r := httptest.NewRequest(http.MethodGet, path, nil)
		r.Header.Set("User-Agent", browserAgent[len("User-Agent: "):])
		requests[i] = r
		ips[i] = "198.51.100." + strconv.Itoa(i%250) + strconv.Itoa(i%20)
	}
	start := time.Now()
	for i, r := range requests {
		counter.Record(r, http.StatusOK, func(*http.Request) string { return ips[i] })
	}
	inMemory := time.Since(start)
	start = time.Now()
	if err := counter.Flush(ctx); err != nil {
		return err
	}
	written := time.Since(start)
	fmt.Printf("A day's views at ten times the traffic (%d views), counted on PostgreSQL\n\n", yearViewsPerDay)
	fmt.Printf("%-40s %12s\n", "", "per view")
	fmt.Printf("%-40s %12s\n", "counted in memory (the request's cost)", (inMemory / yearViewsPerDay).String())
	fmt.Printf("%-40s %12s   (one batch: %s)\n\n", "written to the database (background)", (written / yearViewsPerDay).String(), written.Round(time.Millisecond))

	// A year of counts at that traffic, then the dashboard's queries.
	start = time.Now()
	if err := generateYear(db, schema, now); err != nil {
		return err
	}
	var rows int64
	if err := db.QueryRow("SELECT COUNT(*) FROM " + schema + ".analytics_views").Scan(&rows); err != nil {
		return err
	}
	fmt.Printf("A year of counts generated: %d rows of page views in %s\n\n", rows, time.Since(start).Round(time.Second))
	reports := analytics.Reports{Store: st}
	first := now.Truncate(24*time.Hour).AddDate(-1, 0, 1)
	last := now.Truncate(24 * time.Hour)
	fmt.Printf("%-40s %12s\n", "dashboard query (median of 5)", "time")
	for _, c := range []struct {
		name        string
		first, last time.Time
		language    string
	}{
		{"the last 12 weeks, every language", last.AddDate(0, 0, -83), last, ""},
		{"the whole year, every language", first, last, ""},
		{"the whole year, Arabic", first, last, "ar"},
	} {
		var times []time.Duration
		for range 5 {
			start := time.Now()
			if _, err := reports.Build(ctx, analytics.Query{First: c.first, Last: c.last, Language: c.language}); err != nil {
				return err
			}
			times = append(times, time.Since(start))
		}
		slices.Sort(times)
		fmt.Printf("%-40s %12s\n", c.name, times[2].Round(time.Millisecond))
	}
	fmt.Println()
	return nil
}

// generateYear fills the schema's counts with a year of days before now:
// each day every page in every language viewed without a source, and a
// third of the traffic spread over pages with a referrer and a campaign;
// the days' visitors and searched words; and the views' totals by month
// and by day, counted again from all the daily counts as the counter
// would have kept them.
func generateYear(db *sql.DB, schema string, now time.Time) error {
	first := now.Truncate(24*time.Hour).AddDate(-1, 0, 1).Format(time.DateOnly)
	perRow := yearViewsPerDay / (2 * yearPages * 4)
	statements := []string{
		`INSERT INTO ` + schema + `.analytics_views (day, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
		SELECT to_char(DATE '` + first + `' + d, 'YYYY-MM-DD'), (ARRAY['en','nl','fr','ar'])[1 + p % 4],
			'/services/page-' || (p / 4), '', '', '', '', 1 + (random() * ` + strconv.Itoa(2*perRow) + `)::int
		FROM generate_series(0, 364) d, generate_series(0, ` + strconv.Itoa(yearPages*4-1) + `) p
		ON CONFLICT DO NOTHING`,
		`INSERT INTO ` + schema + `.analytics_views (day, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
		SELECT to_char(DATE '` + first + `' + d, 'YYYY-MM-DD'), (ARRAY['en','nl','fr','ar'])[1 + p % 4],
			'/services/page-' || (p % ` + strconv.Itoa(yearPages) + `), 'site-' || (p % ` + strconv.Itoa(yearSources) + `) || '.example',
			'source-' || (p % ` + strconv.Itoa(yearSources) + `), 'social', 'campaign-' || (p % 7), 1 + (random() * 4)::int
		FROM generate_series(0, 364) d, generate_series(0, 1499) p
		ON CONFLICT DO NOTHING`,
		`INSERT INTO ` + schema + `.analytics_days (day, visitors)
		SELECT to_char(DATE '` + first + `' + d, 'YYYY-MM-DD'), 4000 + (random() * 2000)::int FROM generate_series(0, 364) d
		ON CONFLICT DO NOTHING`,
		`INSERT INTO ` + schema + `.search_counts (day, locale, words, searches, misses)
		SELECT to_char(DATE '` + first + `' + d, 'YYYY-MM-DD'), (ARRAY['en','nl','fr','ar'])[1 + w % 4], 'words ' || w,
			1 + (random() * 20)::int, (random() * 2)::int
		FROM generate_series(0, 364) d, generate_series(0, 199) w
		ON CONFLICT DO NOTHING`,
		`INSERT INTO ` + schema + `.analytics_view_months (month, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
		SELECT substr(day, 1, 7), locale, path, referrer, utm_source, utm_medium, utm_campaign, SUM(views)
		FROM ` + schema + `.analytics_views GROUP BY substr(day, 1, 7), locale, path, referrer, utm_source, utm_medium, utm_campaign
		ON CONFLICT (month, locale, path, referrer, utm_source, utm_medium, utm_campaign) DO UPDATE SET views = excluded.views`,
		`INSERT INTO ` + schema + `.analytics_view_days (day, locale, views)
		SELECT day, locale, SUM(views) FROM ` + schema + `.analytics_views GROUP BY day, locale
		ON CONFLICT (day, locale) DO UPDATE SET views = excluded.views`,
		`ANALYZE ` + schema + `.analytics_views`,
		`ANALYZE ` + schema + `.analytics_view_months`,
		`ANALYZE ` + schema + `.analytics_view_days`,
	}
	for _, s := range statements {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	return nil
}
