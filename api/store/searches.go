package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// SearchCount is how often the words of a search were searched for in one
// language on one day, and how often that found nothing. Who searched is
// never recorded: no address, no session, no account.
type SearchCount struct {
	Day      string // UTC date, 2026-11-29
	Locale   string
	Words    string // the query as searched, folded to lower case with single spaces
	Searches int64
	Misses   int64 // searches that found nothing
}

type searchCount struct {
	Day      string `gorm:"primaryKey"`
	Locale   string `gorm:"primaryKey"`
	Words    string `gorm:"primaryKey"`
	Searches int64
	Misses   int64
}

func (searchCount) TableName() string { return "search_counts" }

func migrateSearchCounts(tx *gorm.DB, _ dialect) error {
	return tx.Exec(`CREATE TABLE search_counts (
		day      TEXT NOT NULL,
		locale   TEXT NOT NULL,
		words    TEXT NOT NULL,
		searches BIGINT NOT NULL DEFAULT 0,
		misses   BIGINT NOT NULL DEFAULT 0,
		PRIMARY KEY (day, locale, words)
	)`).Error
}

// AddSearchCounts adds counts to those already stored for the same day,
// language and words, in one transaction.
func (s *Store) AddSearchCounts(ctx context.Context, counts []SearchCount) error {
	if len(counts) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, c := range counts {
			err := tx.Exec(`INSERT INTO search_counts (day, locale, words, searches, misses) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (day, locale, words) DO UPDATE SET searches = search_counts.searches + excluded.searches,
				misses = search_counts.misses + excluded.misses`,
				c.Day, c.Locale, c.Words, c.Searches, c.Misses).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: add search counts: %w", err)
	}
	return nil
}

// SearchCounts lists the counts of the days from first to last (UTC dates,
// both included), by day, then most searched first.
func (s *Store) SearchCounts(ctx context.Context, first, last string) ([]SearchCount, error) {
	var rows []searchCount
	err := s.db.WithContext(bulk(ctx)).Where("day >= ? AND day <= ?", first, last).
		Order("day, searches DESC, locale, words").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list search counts: %w", err)
	}
	out := make([]SearchCount, len(rows))
	for i, r := range rows {
		out[i] = SearchCount(r)
	}
	return out, nil
}

// SearchTotals sums the counts of the days from first to last (UTC dates,
// both included) by language and words; Day is left empty.
func (s *Store) SearchTotals(ctx context.Context, first, last string) ([]SearchCount, error) {
	var out []SearchCount
	err := s.db.WithContext(bulk(ctx)).Table("search_counts").
		Select("locale, words, SUM(searches) AS searches, SUM(misses) AS misses").
		Where("day >= ? AND day <= ?", first, last).Group("locale, words").Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: search totals: %w", err)
	}
	return out, nil
}
