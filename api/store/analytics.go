package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// migrateAnalytics creates what the site counts of its visits (migration
// 30), none of it about a person: page views per day, page, language,
// referring domain and campaign; the day's secret salt, shared by the
// replicas and deleted once its day is over; the salted hashes of the
// day's visitors, which count each visitor once however many replicas see
// them and are deleted once counted; the count of visitors per day; and,
// on each submission, where the visit that sent it came from.
func migrateAnalytics(tx *gorm.DB, d dialect) error {
	statements := []string{
		`CREATE TABLE analytics_views (
			day          TEXT NOT NULL,
			locale       TEXT NOT NULL,
			path         TEXT NOT NULL,
			referrer     TEXT NOT NULL DEFAULT '',
			utm_source   TEXT NOT NULL DEFAULT '',
			utm_medium   TEXT NOT NULL DEFAULT '',
			utm_campaign TEXT NOT NULL DEFAULT '',
			views        BIGINT NOT NULL DEFAULT 0,
			PRIMARY KEY (day, locale, path, referrer, utm_source, utm_medium, utm_campaign)
		)`,
		`CREATE TABLE analytics_salts (
			day  TEXT PRIMARY KEY,
			salt ` + d.bytes + ` NOT NULL
		)`,
		`CREATE TABLE analytics_visitors (
			day  TEXT NOT NULL,
			hash ` + d.bytes + ` NOT NULL,
			PRIMARY KEY (day, hash)
		)`,
		`CREATE TABLE analytics_days (
			day      TEXT PRIMARY KEY,
			visitors BIGINT NOT NULL DEFAULT 0
		)`,
		`ALTER TABLE submissions ADD COLUMN landing_page TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE submissions ADD COLUMN landing_referrer TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE submissions ADD COLUMN landing_utm_source TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE submissions ADD COLUMN landing_utm_medium TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE submissions ADD COLUMN landing_utm_campaign TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE submissions ADD COLUMN sent_from TEXT NOT NULL DEFAULT ''`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// PageViews is how many times people viewed one page in one language on
// one day, coming from one referring domain ("" for none or the site
// itself) with one campaign ("" where the address named none).
type PageViews struct {
	Day         string // UTC date, 2026-11-29
	Locale      string
	Path        string // the page's route, without the language prefix
	Referrer    string
	UTMSource   string
	UTMMedium   string
	UTMCampaign string
	Views       int64
}

// VisitorHash is one visitor of a day, as the salted hash of their address
// and browser: the address is never stored.
type VisitorHash struct {
	Day  string
	Hash []byte
}

// AddPageViews adds views to those already stored for the same day, page,
// language, referrer and campaign, and records the day's visitors not yet
// recorded by this or another replica, in one transaction; the views are
// added to their month's and day's totals too.
func (s *Store) AddPageViews(ctx context.Context, views []PageViews, visitors []VisitorHash) error {
	if len(views) == 0 && len(visitors) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, v := range views {
			err := tx.Exec(`INSERT INTO analytics_views (day, locale, path, referrer, utm_source, utm_medium, utm_campaign, views)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (day, locale, path, referrer, utm_source, utm_medium, utm_campaign)
				DO UPDATE SET views = analytics_views.views + excluded.views`,
				v.Day, v.Locale, v.Path, v.Referrer, v.UTMSource, v.UTMMedium, v.UTMCampaign, v.Views).Error
			if err != nil {
				return err
			}
		}
		if err := addViewTotals(tx, views); err != nil {
			return err
		}
		for _, v := range visitors {
			err := tx.Exec(`INSERT INTO analytics_visitors (day, hash) VALUES (?, ?) ON CONFLICT (day, hash) DO NOTHING`,
				v.Day, v.Hash).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: add page views: %w", err)
	}
	return nil
}

// DaySalt returns the secret salt of a day: the one stored by whichever
// replica asked first, or fresh when none had.
func (s *Store) DaySalt(ctx context.Context, day string, fresh []byte) ([]byte, error) {
	db := s.db.WithContext(ctx)
	if err := db.Exec(`INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`, day, fresh).Error; err != nil {
		return nil, fmt.Errorf("store: day salt: %w", err)
	}
	var salt []byte
	if err := db.Raw(`SELECT salt FROM analytics_salts WHERE day = ?`, day).Row().Scan(&salt); err != nil {
		return nil, fmt.Errorf("store: day salt: %w", err)
	}
	return salt, nil
}

// CountVisitorsBefore ends the days before day: it deletes their salts and
// their visitors' hashes, adding how many hashes each day had to its count
// of visitors. Replicas doing it at once count each hash once: a hash is
// counted by whichever deletes it.
func (s *Store) CountVisitorsBefore(ctx context.Context, day string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM analytics_salts WHERE day < ?`, day).Error; err != nil {
			return err
		}
		var days []string
		if err := tx.Raw(`DELETE FROM analytics_visitors WHERE day < ? RETURNING day`, day).Scan(&days).Error; err != nil {
			return err
		}
		counts := map[string]int64{}
		for _, d := range days {
			counts[d]++
		}
		for d, n := range counts {
			err := tx.Exec(`INSERT INTO analytics_days (day, visitors) VALUES (?, ?)
				ON CONFLICT (day) DO UPDATE SET visitors = analytics_days.visitors + excluded.visitors`, d, n).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: count visitors: %w", err)
	}
	return nil
}

// AnalyticsHeld counts what the analytics keep that could, in its day,
// tell visitors apart: the visitors' hashes not yet counted and the salts.
func (s *Store) AnalyticsHeld(ctx context.Context) (hashes, salts int64, err error) {
	db := s.db.WithContext(ctx)
	if err = db.Table("analytics_visitors").Count(&hashes).Error; err == nil {
		err = db.Table("analytics_salts").Count(&salts).Error
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: analytics held: %w", err)
	}
	return hashes, salts, nil
}
