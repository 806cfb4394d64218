package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// AnalyticsFilter selects the counted days from First to Last (UTC dates,
// both included), in one language ("" for all).
type AnalyticsFilter struct {
	First, Last string
	Locale      string
}

// DayCount is one day's figure.
type DayCount struct {
	Day   string
	Count int64
}

// PageTotal is a page's views in one language over the days selected.
type PageTotal struct {
	Locale string
	Path   string
	Views  int64
}

// SourceTotal is the views that arrived from one referring domain and
// campaign over the days selected.
type SourceTotal struct {
	Referrer    string
	UTMSource   string
	UTMMedium   string
	UTMCampaign string
	Views       int64
}

// LeadOrigin is where the visit that sent a submission began and the page
// it was sent from.
type LeadOrigin struct {
	Kind        string
	Locale      string
	LandingPage string
	SentFrom    string
}

// viewsQuery selects the views of f by language, page, referring domain
// and campaign: the whole months' from their totals, the other days' from
// the daily counts. A year of counts at ten times the site's traffic is
// over a million daily rows and twelve months' totals a thirtieth of it;
// the report's queries take the bulk deadline all the same.
func (s *Store) viewsQuery(ctx context.Context, f AnalyticsFilter) *gorm.DB {
	var parts []string
	var args []any
	add := func(table, column, from, to string) {
		part := `SELECT locale, path, referrer, utm_source, utm_medium, utm_campaign, views FROM ` + table +
			` WHERE ` + column + ` >= ? AND ` + column + ` <= ?`
		args = append(args, from, to)
		if f.Locale != "" {
			part += ` AND locale = ?`
			args = append(args, f.Locale)
		}
		parts = append(parts, part)
	}
	if firstMonth, lastMonth, before, after, ok := wholeMonths(f); ok {
		add("analytics_view_months", "month", firstMonth, lastMonth)
		add("analytics_views", "day", f.First, before)
		add("analytics_views", "day", after, f.Last)
	} else {
		add("analytics_views", "day", f.First, f.Last)
	}
	db := s.db.WithContext(bulk(ctx))
	return db.Table("(?) AS v", db.Raw(strings.Join(parts, " UNION ALL "), args...))
}

// ViewsByDay sums the page views of each day selected that had any.
func (s *Store) ViewsByDay(ctx context.Context, f AnalyticsFilter) ([]DayCount, error) {
	var out []DayCount
	q := s.db.WithContext(bulk(ctx)).Table("analytics_view_days").Where("day >= ? AND day <= ?", f.First, f.Last)
	if f.Locale != "" {
		q = q.Where("locale = ?", f.Locale)
	}
	err := q.Select("day, SUM(views) AS count").Group("day").Order("day").Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: views by day: %w", err)
	}
	return out, nil
}

// VisitorsByDay counts each day's visitors from first to last: the count
// of the days already ended, and the hashes held for the days not yet.
func (s *Store) VisitorsByDay(ctx context.Context, first, last string) ([]DayCount, error) {
	var out []DayCount
	err := s.db.WithContext(bulk(ctx)).Raw(`SELECT day, SUM(count) AS count FROM (
			SELECT day, visitors AS count FROM analytics_days WHERE day >= ? AND day <= ?
			UNION ALL
			SELECT day, COUNT(*) AS count FROM analytics_visitors WHERE day >= ? AND day <= ? GROUP BY day
		) d GROUP BY day ORDER BY day`, first, last, first, last).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: visitors by day: %w", err)
	}
	return out, nil
}

// PageTotals sums the views of each page in each language, most viewed first.
func (s *Store) PageTotals(ctx context.Context, f AnalyticsFilter) ([]PageTotal, error) {
	var out []PageTotal
	err := s.viewsQuery(ctx, f).Select("locale, path, SUM(views) AS views").
		Group("locale, path").Order("views DESC, locale, path").Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: page totals: %w", err)
	}
	return out, nil
}

// SourceTotals sums the views of each referring domain and campaign that
// brought any, most views first; views with neither are left out.
func (s *Store) SourceTotals(ctx context.Context, f AnalyticsFilter) ([]SourceTotal, error) {
	var out []SourceTotal
	err := s.viewsQuery(ctx, f).
		Select("referrer, utm_source, utm_medium, utm_campaign, SUM(views) AS views").
		Where("referrer <> '' OR utm_source <> '' OR utm_medium <> '' OR utm_campaign <> ''").
		Group("referrer, utm_source, utm_medium, utm_campaign").
		Order("views DESC, referrer, utm_source, utm_medium, utm_campaign").Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: source totals: %w", err)
	}
	return out, nil
}

// LeadOrigins lists where the submissions of the kinds given, sent in
// [from, to), began and were sent from; those that recorded neither are
// left out.
func (s *Store) LeadOrigins(ctx context.Context, kinds []string, from, to time.Time, locale string) ([]LeadOrigin, error) {
	var out []LeadOrigin
	q := s.db.WithContext(bulk(ctx)).Model(&Submission{}).
		Select("kind, locale, landing_page, sent_from").
		Where("kind IN ? AND created_at >= ? AND created_at < ?", kinds, dbTime(from), dbTime(to)).
		Where("landing_page <> '' OR sent_from <> ''")
	if locale != "" {
		q = q.Where("locale = ?", locale)
	}
	if err := q.Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("store: lead origins: %w", err)
	}
	return out, nil
}
