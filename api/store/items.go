package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Staff create collection items, take them off the site in every language
// and delete them. A deleted item is recorded (content_deletions) so the
// seed never brings it back; a renamed item's old slug is recorded the
// same way, its address answered by a redirect (see redirects.go).

// ErrSlugTaken is returned when an item of the collection already has the slug.
var ErrSlugTaken = errors.New("store: an item of the collection already has this slug")

// ErrNotLive is returned when an item exists but no language of it is on the site.
var ErrNotLive = errors.New("store: the item is not on the site in any language")

// contentDeletion is a row of content_deletions: an item staff deleted or
// renamed away from, which the seed leaves out.
type contentDeletion struct {
	Collection string `gorm:"primaryKey"`
	Slug       string `gorm:"primaryKey"`
	DeletedBy  string
	DeletedAt  time.Time
}

// TableName names the table for GORM.
func (contentDeletion) TableName() string { return "content_deletions" }

// migrateItemChanges creates the records of deleted items, of the old
// addresses of renamed items and of staff's saves of the identity
// (migration 20).
func migrateItemChanges(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	for _, stmt := range []string{
		`CREATE TABLE content_deletions (
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			deleted_by TEXT NOT NULL,
			deleted_at ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, slug)
		)`,
		`CREATE TABLE content_redirects (
			collection TEXT NOT NULL,
			from_slug  TEXT NOT NULL,
			to_slug    TEXT NOT NULL,
			created_by TEXT NOT NULL,
			created_at ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, from_slug)
		)`,
		`CREATE TABLE settings_revisions (
			id         ` + id + `,
			base       BIGINT NOT NULL UNIQUE,
			body       TEXT NOT NULL,
			author_id  TEXT NOT NULL,
			created_at ` + d.timestamp + ` NOT NULL
		)`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// itemExists reports whether an item of a collection is live in any
// language or has a language staff changed.
func itemExists(tx *gorm.DB, collection, slug string) (bool, error) {
	var n int64
	if err := tx.Model(&contentEntry{}).Where("collection = ? AND slug = ?", collection, slug).Count(&n).Error; err != nil || n > 0 {
		return n > 0, err
	}
	err := tx.Model(&ContentEdition{}).Where("collection = ? AND slug = ?", collection, slug).Count(&n).Error
	return n > 0, err
}

// CreateContentItem starts a new item of a collection with body as the
// first draft of its English (k names the item and its English); nothing
// is live until that draft is published. ErrSlugTaken when an item of the
// collection has the slug. An old address the slug redirected from stops
// redirecting: the new item is what it names now.
func (s *Store) CreateContentItem(ctx context.Context, k ContentKey, body, authorID string, now time.Time) (ContentVersion, error) {
	v := ContentVersion{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Body: body, AuthorID: authorID, CreatedAt: now.UTC()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		taken, err := itemExists(tx, k.Collection, k.Slug)
		if err != nil {
			return err
		}
		if taken {
			return ErrSlugTaken
		}
		if err := tx.Where("collection = ? AND from_slug = ?", k.Collection, k.Slug).Delete(&contentRedirect{}).Error; err != nil {
			return err
		}
		return saveVersion(tx, &v, 0, now)
	})
	if errors.Is(err, ErrSlugTaken) || errors.Is(err, ErrVersionConflict) {
		return ContentVersion{}, ErrSlugTaken
	}
	if err != nil {
		return ContentVersion{}, fmt.Errorf("store: create content item: %w", err)
	}
	return v, nil
}

// UnpublishContentItem takes an item off the site in every language,
// English too: its page, its place in lists, the sitemap and feeds go with
// the content version it moves. Its versions stay (a seeded text is kept
// as one), so publishing its English brings it back. ErrNotFound when
// there is no such item, ErrNotLive when no language of it is live.
func (s *Store) UnpublishContentItem(ctx context.Context, collection, slug, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var live []contentEntry
		if err := tx.Where("collection = ? AND slug = ?", collection, slug).Find(&live).Error; err != nil {
			return err
		}
		if len(live) == 0 {
			exists, err := itemExists(tx, collection, slug)
			if err != nil {
				return err
			}
			if exists {
				return ErrNotLive
			}
			return ErrNotFound
		}
		for _, r := range live {
			k := ContentKey{collection, slug, r.Locale}
			if err := keepAsVersion(tx, k, by, now.UTC()); err != nil {
				return err
			}
			if err := unpublish(tx, k, by, now.UTC()); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrNotLive) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: unpublish content item: %w", err)
	}
	return nil
}

// keepAsVersion makes a live text staff never saved (the seed's) the
// language's latest version, published, so taking it off the site loses
// nothing; it is kept as the shipped site's version.
func keepAsVersion(tx *gorm.DB, k ContentKey, by string, now time.Time) error {
	var ed ContentEdition
	err := whereKey(tx, k).Take(&ed).Error
	switch {
	case err == nil && ed.LatestVersion > 0:
		return nil
	case err != nil && !errors.Is(err, gorm.ErrRecordNotFound):
		return err
	}
	v, err := keepShipped(tx, k, now)
	if err != nil || v.ID == 0 {
		return err
	}
	ed = ContentEdition{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, State: EditionPublished,
		LatestVersion: v.ID, PublishedVersion: v.ID, UpdatedBy: by, UpdatedAt: now}
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "collection"}, {Name: "slug"}, {Name: "locale"}},
		DoUpdates: clause.AssignmentColumns([]string{"latest_version", "published_version"}),
	}).Create(&ed).Error
}

// DeleteContentItem removes an item everywhere: its live texts, versions,
// states, outdated marks, plans and the redirects that led to it, records
// that staff deleted it so the seed never brings it back, and moves the
// content version. ErrNotFound when there is no such item.
func (s *Store) DeleteContentItem(ctx context.Context, collection, slug, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		exists, err := itemExists(tx, collection, slug)
		if err != nil {
			return err
		}
		if !exists {
			return ErrNotFound
		}
		for _, model := range []any{&contentEntry{}, &ContentVersion{}, &ContentEdition{}, &ContentOutdated{}, &ContentSchedule{}, &ContentReview{}, &ContentReviewEvent{}} {
			if err := tx.Where("collection = ? AND slug = ?", collection, slug).Delete(model).Error; err != nil {
				return err
			}
		}
		if err := tx.Where("collection = ? AND to_slug = ?", collection, slug).Delete(&contentRedirect{}).Error; err != nil {
			return err
		}
		if err := recordDeletion(tx, collection, slug, by, now); err != nil {
			return err
		}
		return bumpContentVersion(tx, now.UTC())
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: delete content item: %w", err)
	}
	return nil
}

// recordDeletion notes that an item's slug is no longer the seed's to fill.
func recordDeletion(tx *gorm.DB, collection, slug, by string, now time.Time) error {
	row := contentDeletion{Collection: collection, Slug: slug, DeletedBy: by, DeletedAt: now.UTC()}
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "collection"}, {Name: "slug"}},
		DoUpdates: clause.AssignmentColumns([]string{"deleted_by", "deleted_at"}),
	}).Create(&row).Error
}

// deletedItems returns the items staff deleted or renamed away from, which
// the seed leaves out, by collection and slug.
func deletedItems(tx *gorm.DB) (map[[2]string]bool, error) {
	var rows []contentDeletion
	if err := tx.Select("collection", "slug").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[[2]string]bool, len(rows))
	for _, r := range rows {
		out[[2]string{r.Collection, r.Slug}] = true
	}
	return out, nil
}
