package store

import (
	"bytes"
	"encoding/json"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A translation is outdated when the English of its item was published
// with changes after it: content_outdated holds, per language, the English
// text that language was last published against, from the first changed
// English publication after it until the language is published again (or
// taken off). The English now is the live English, so the two give what
// changed in the English since.

// ContentOutdated records that one language of an item was published
// against an English text that has changed since.
type ContentOutdated struct {
	Collection    string `gorm:"primaryKey"`
	Slug          string `gorm:"primaryKey"`
	Locale        string `gorm:"primaryKey"`
	EnglishBefore string // the live English when the language was last published
	Since         time.Time
}

// TableName names the table for GORM.
func (ContentOutdated) TableName() string { return "content_outdated" }

// migrateOutdated creates the record of outdated translations (migration 17).
func migrateOutdated(tx *gorm.DB, d dialect) error {
	return tx.Exec(`CREATE TABLE content_outdated (
		collection     TEXT NOT NULL,
		slug           TEXT NOT NULL,
		locale         TEXT NOT NULL,
		english_before TEXT NOT NULL,
		since          ` + d.timestamp + ` NOT NULL,
		PRIMARY KEY (collection, slug, locale)
	)`).Error
}

// sameBody reports whether two JSON bodies hold the same value, whatever
// their spacing and key order.
func sameBody(a, b string) bool {
	if a == b {
		return true
	}
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, errA := json.Marshal(x)
	yb, errB := json.Marshal(y)
	return errA == nil && errB == nil && bytes.Equal(xa, yb)
}

// markOutdated records, when the English of an item is about to change
// from before to after, that every other language live now was published
// against before, and tells each language's translators. A language
// already outdated keeps the English it was published against.
func markOutdated(tx *gorm.DB, collection, slug, before, after, english string, now time.Time) error {
	if sameBody(before, after) {
		return nil
	}
	var live []contentEntry
	if err := tx.Select("locale").Where("collection = ? AND slug = ? AND locale <> ?", collection, slug, english).
		Find(&live).Error; err != nil {
		return err
	}
	for _, r := range live {
		row := ContentOutdated{Collection: collection, Slug: slug, Locale: r.Locale, EnglishBefore: before, Since: now}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
			return err
		}
		if err := notifyOutdated(tx, collection, slug, r.Locale, now); err != nil {
			return err
		}
	}
	return nil
}

// clearOutdated forgets that one language was outdated: it was published
// again, or taken off.
func clearOutdated(tx *gorm.DB, k ContentKey) error {
	return whereKey(tx, k).Delete(&ContentOutdated{}).Error
}

// outdatedOf returns the outdated languages of one item, or of every item
// of a collection when slug is empty, by slug and locale.
func outdatedOf(tx *gorm.DB, collection, slug string) (map[string]map[string]ContentOutdated, error) {
	q := tx.Where("collection = ?", collection)
	if slug != "" {
		q = q.Where("slug = ?", slug)
	}
	var rows []ContentOutdated
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string]map[string]ContentOutdated{}
	for _, r := range rows {
		r.Since = r.Since.UTC()
		if out[r.Slug] == nil {
			out[r.Slug] = map[string]ContentOutdated{}
		}
		out[r.Slug][r.Locale] = r
	}
	return out, nil
}
