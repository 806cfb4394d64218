package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// An item's slug is part of its address in every language. When staff
// change it, the old address answers 301 to the new one forever: the
// redirect is kept in content_redirects, chains are collapsed so every old
// slug leads straight to the current one, and a redirect never shadows a
// live item (creating an item at an old slug removes the redirect).

// contentRedirect is a row of content_redirects.
type contentRedirect struct {
	Collection string `gorm:"primaryKey"`
	FromSlug   string `gorm:"primaryKey"`
	ToSlug     string
	CreatedBy  string
	CreatedAt  time.Time
}

// TableName names the table for GORM.
func (contentRedirect) TableName() string { return "content_redirects" }

// ContentRedirect is an old slug of an item and the slug it has now.
type ContentRedirect struct {
	Collection string
	From       string
	To         string
}

// RenameContentItem moves an item from one slug to another in one
// transaction: its live texts, versions, states, outdated marks and plans
// follow it, the old slug redirects to the new one (as do the slugs that
// redirected to the old one), the old slug is recorded so the seed does not
// bring its file back, and the content version moves. Every language of
// the item becomes one staff changed, so the seed leaves the renamed item
// alone. ErrNotFound when there is no item at from, ErrSlugTaken when an
// item has the new slug.
func (s *Store) RenameContentItem(ctx context.Context, collection, from, to, by string, now time.Time) error {
	now = now.UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		exists, err := itemExists(tx, collection, from)
		if err != nil {
			return err
		}
		if !exists {
			return ErrNotFound
		}
		taken, err := itemExists(tx, collection, to)
		if err != nil {
			return err
		}
		if taken {
			return ErrSlugTaken
		}
		if err := markEdited(tx, collection, from, by, now); err != nil {
			return err
		}
		for _, model := range []any{&contentEntry{}, &ContentVersion{}, &ContentEdition{}, &ContentOutdated{}, &ContentSchedule{}, &ContentReview{}, &ContentReviewEvent{}} {
			if err := tx.Model(model).Where("collection = ? AND slug = ?", collection, from).Update("slug", to).Error; err != nil {
				return err
			}
		}
		// The new slug names a live item now; older slugs lead straight to it.
		if err := tx.Where("collection = ? AND from_slug = ?", collection, to).Delete(&contentRedirect{}).Error; err != nil {
			return err
		}
		if err := tx.Model(&contentRedirect{}).Where("collection = ? AND to_slug = ?", collection, from).Update("to_slug", to).Error; err != nil {
			return err
		}
		row := contentRedirect{Collection: collection, FromSlug: from, ToSlug: to, CreatedBy: by, CreatedAt: now}
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "collection"}, {Name: "from_slug"}},
			DoUpdates: clause.AssignmentColumns([]string{"to_slug", "created_by", "created_at"}),
		}).Create(&row).Error; err != nil {
			return err
		}
		if err := recordDeletion(tx, collection, from, by, now); err != nil {
			return err
		}
		return bumpContentVersion(tx, now)
	})
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrSlugTaken) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: rename content item: %w", err)
	}
	return nil
}

// markEdited gives every live language of an item that staff never changed
// a state, published with the seeded text, so the seed leaves it alone.
func markEdited(tx *gorm.DB, collection, slug, by string, now time.Time) error {
	var live []contentEntry
	if err := tx.Select("locale").Where("collection = ? AND slug = ?", collection, slug).Find(&live).Error; err != nil {
		return err
	}
	for _, r := range live {
		ed := ContentEdition{Collection: collection, Slug: slug, Locale: r.Locale, State: EditionPublished, UpdatedBy: by, UpdatedAt: now}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ed).Error; err != nil {
			return err
		}
	}
	return nil
}

// ContentRedirects returns every old slug with the slug its item has now.
func (s *Store) ContentRedirects(ctx context.Context) ([]ContentRedirect, error) {
	var rows []contentRedirect
	if err := s.db.WithContext(ctx).Order("collection, from_slug").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: load content redirects: %w", err)
	}
	out := make([]ContentRedirect, len(rows))
	for i, r := range rows {
		out[i] = ContentRedirect{Collection: r.Collection, From: r.FromSlug, To: r.ToSlug}
	}
	return out, nil
}
