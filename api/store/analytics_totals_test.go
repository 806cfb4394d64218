package store_test

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// viewsOver sums views as the report reads them, straight from the daily
// counts: by day, by page and by source.
func viewsOver(views []store.PageViews, f store.AnalyticsFilter) ([]store.DayCount, []store.PageTotal, []store.SourceTotal) {
	days := map[string]int64{}
	pages := map[store.PageTotal]int64{}
	sources := map[store.SourceTotal]int64{}
	for _, v := range views {
		if v.Day < f.First || v.Day > f.Last || (f.Locale != "" && v.Locale != f.Locale) {
			continue
		}
		days[v.Day] += v.Views
		pages[store.PageTotal{Locale: v.Locale, Path: v.Path}] += v.Views
		if v.Referrer != "" || v.UTMSource != "" || v.UTMMedium != "" || v.UTMCampaign != "" {
			sources[store.SourceTotal{Referrer: v.Referrer, UTMSource: v.UTMSource, UTMMedium: v.UTMMedium, UTMCampaign: v.UTMCampaign}] += v.Views
		}
	}
	byDay := []store.DayCount{}
	for d, n := range days {
		byDay = append(byDay, store.DayCount{Day: d, Count: n})
	}
	slices.SortFunc(byDay, func(a, b store.DayCount) int { return cmp.Compare(a.Day, b.Day) })
	byPage := []store.PageTotal{}
	for p, n := range pages {
		p.Views = n
		byPage = append(byPage, p)
	}
	slices.SortFunc(byPage, func(a, b store.PageTotal) int {
		return cmp.Or(cmp.Compare(b.Views, a.Views), cmp.Compare(a.Locale, b.Locale), cmp.Compare(a.Path, b.Path))
	})
	bySource := []store.SourceTotal{}
	for s, n := range sources {
		s.Views = n
		bySource = append(bySource, s)
	}
	slices.SortFunc(bySource, func(a, b store.SourceTotal) int {
		return cmp.Or(cmp.Compare(b.Views, a.Views), cmp.Compare(a.Referrer, b.Referrer), cmp.Compare(a.UTMSource, b.UTMSource),
			cmp.Compare(a.UTMMedium, b.UTMMedium), cmp.Compare(a.UTMCampaign, b.UTMCampaign))
	})
	return byDay, byPage, bySource
}

// The report's sums over a range read whole months from the months' totals
// and the other days from the daily counts: whatever the range, they are
// the sums of the daily counts.
func TestViewTotalsMatchTheDailyCounts(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var all []store.PageViews
		start := time.Date(2027, 12, 20, 0, 0, 0, 0, time.UTC)
		for i := range 120 { // to the middle of April 2028, over a leap February
			day := start.AddDate(0, 0, i).Format(time.DateOnly)
			batch := []store.PageViews{
				{Day: day, Locale: "en", Path: "/services/audit", Views: int64(1 + i%5)},
				{Day: day, Locale: "ar", Path: "/services/audit", Views: int64(1 + i%3)},
				{Day: day, Locale: "nl", Path: "/about", Referrer: "news.example", Views: int64(1 + i%7)},
				{Day: day, Locale: "fr", Path: "/services/pentest", UTMSource: "linkedin", UTMMedium: "social",
					UTMCampaign: "spring-" + day[:7], Views: int64(1 + i%4)},
			}
			if i%2 == 0 {
				batch = append(batch, store.PageViews{Day: day, Locale: "ar", Path: "/about", Referrer: "news.example", Views: 2})
			}
			// Each day counted in two batches, as two replicas write them.
			for _, b := range [][]store.PageViews{batch, batch[:2]} {
				if err := s.AddPageViews(ctx, b, nil); err != nil {
					t.Fatal(err)
				}
				all = append(all, b...)
			}
		}
		for _, f := range []store.AnalyticsFilter{
			{First: "2028-01-05", Last: "2028-01-20"},
			{First: "2028-01-01", Last: "2028-01-31"},
			{First: "2027-12-25", Last: "2028-03-10"},
			{First: "2028-01-01", Last: "2028-02-29"},
			{First: "2028-02-01", Last: "2028-03-31", Locale: "ar"},
			{First: "2027-12-20", Last: "2028-04-17"},
			{First: "2027-01-01", Last: "2028-12-31", Locale: "fr"},
			{First: "2028-02-29", Last: "2028-03-01"},
		} {
			wantDays, wantPages, wantSources := viewsOver(all, f)
			days, err := s.ViewsByDay(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			pages, err := s.PageTotals(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			sources, err := s.SourceTotals(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(days, wantDays) {
				t.Errorf("%+v: views by day %+v, want %+v", f, days, wantDays)
			}
			if !reflect.DeepEqual(pages, wantPages) {
				t.Errorf("%+v: pages %+v, want %+v", f, pages, wantPages)
			}
			if !reflect.DeepEqual(sources, wantSources) {
				t.Errorf("%+v: sources %+v, want %+v", f, sources, wantSources)
			}
		}
	})
}
