package store

import (
	"time"

	"gorm.io/gorm"
)

// migrateAnalyticsTotals keeps the page views' totals beside the daily
// counts, so that a report over months reads a row per page and source a
// month instead of one a day: the views of each month by page, language,
// referring domain and campaign, and the views of each day by language.
// Both are filled from the counts already kept.
func migrateAnalyticsTotals(tx *gorm.DB, _ dialect) error {
	statements := []string{
		`CREATE TABLE analytics_view_months (
			month        TEXT NOT NULL,
			locale       TEXT NOT NULL,
			path         TEXT NOT NULL,
			referrer     TEXT NOT NULL DEFAULT '',
			utm_source   TEXT NOT NULL DEFAULT '',
			utm_medium   TEXT NOT NULL DEFAULT '',
			utm_campaign TEXT NOT NULL DEFAULT '',
			views        BIGINT NOT NULL DEFAULT 0,
			PRIMARY KEY (month, locale, path, referrer, utm_source, utm_medium, utm_campaign)
		)`,
		`CREATE TABLE analytics_view_days (
			day    TEXT NOT NULL,
			locale TEXT NOT NULL,
			views  BIGINT NOT NULL DEFAULT 0,
			PRIMARY KEY (day, locale)
		)`,
		`INSERT INTO analytics_view_months (month, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
			SELECT substr(day, 1, 7), locale, path, referrer, utm_source, utm_medium, utm_campaign, SUM(views)
			FROM analytics_views GROUP BY substr(day, 1, 7), locale, path, referrer, utm_source, utm_medium, utm_campaign`,
		`INSERT INTO analytics_view_days (day, locale, views)
			SELECT day, locale, SUM(views) FROM analytics_views GROUP BY day, locale`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// addViewTotals adds views to their month's and their day's totals.
func addViewTotals(tx *gorm.DB, views []PageViews) error {
	type dayLocale struct{ day, locale string }
	days := map[dayLocale]int64{}
	for _, v := range views {
		err := tx.Exec(`INSERT INTO analytics_view_months (month, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (month, locale, path, referrer, utm_source, utm_medium, utm_campaign)
			DO UPDATE SET views = analytics_view_months.views + excluded.views`,
			monthOf(v.Day), v.Locale, v.Path, v.Referrer, v.UTMSource, v.UTMMedium, v.UTMCampaign, v.Views).Error
		if err != nil {
			return err
		}
		days[dayLocale{v.Day, v.Locale}] += v.Views
	}
	for k, n := range days {
		err := tx.Exec(`INSERT INTO analytics_view_days (day, locale, views) VALUES (?, ?, ?)
			ON CONFLICT (day, locale) DO UPDATE SET views = analytics_view_days.views + excluded.views`,
			k.day, k.locale, n).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// monthOf returns the month of a date, 2026-11 of 2026-11-29.
func monthOf(day string) string {
	if len(day) < 7 {
		return day
	}
	return day[:7]
}

// wholeMonths returns the whole months the days of f cover, first to
// last, and the days of f left around them: f.First to before and after
// to f.Last, either range empty when f starts or ends with a whole month.
// ok is false when f covers no whole month.
func wholeMonths(f AnalyticsFilter) (firstMonth, lastMonth, before, after string, ok bool) {
	first, err := time.Parse(time.DateOnly, f.First)
	if err != nil {
		return "", "", "", "", false
	}
	last, err := time.Parse(time.DateOnly, f.Last)
	if err != nil {
		return "", "", "", "", false
	}
	start := time.Date(first.Year(), first.Month(), 1, 0, 0, 0, 0, time.UTC)
	if !start.Equal(first) {
		start = start.AddDate(0, 1, 0)
	}
	end := time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC) // the month after the whole ones
	if last.AddDate(0, 0, 1).Day() == 1 {
		end = end.AddDate(0, 1, 0)
	}
	if !start.Before(end) {
		return "", "", "", "", false
	}
	return start.Format("2006-01"), end.AddDate(0, -1, 0).Format("2006-01"),
		start.AddDate(0, 0, -1).Format(time.DateOnly), end.Format(time.DateOnly), true
}
