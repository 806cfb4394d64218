package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Editors add pages to the site's tree below the shipped ones: a service
// under a services landing page, a standard under a standards landing page,
// an information page under a section page. The tree keeps only where each
// sits and what kind it is; its texts are content entries of the pages
// collection like any page's, keyed by its route. Every change moves the
// content version, so each replica reads the added pages again with its
// next catalogue.

// ErrPageExists is returned when a page already has the route.
var ErrPageExists = errors.New("store: a page already has this address")

// ErrPageHasChildren is returned when a page to delete has pages below it.
var ErrPageHasChildren = errors.New("store: the page has pages below it")

// pagesCollection is the collection of the pages' texts, keyed by route;
// defaultLocale is the language a page starts in.
const (
	pagesCollection = "pages"
	defaultLocale   = "en"
)

// addedPage is a row of added_pages.
type addedPage struct {
	Route     string `gorm:"primaryKey"`
	Kind      string
	Parent    string
	Name      string
	CreatedBy string
	CreatedAt time.Time
}

// TableName names the table for GORM.
func (addedPage) TableName() string { return "added_pages" }

// AddedPage is a page staff added: its language-free route, its kind, the
// route of the page it sits under, its English title when it was made,
// who made it and when.
type AddedPage struct {
	Route     string
	Kind      string
	Parent    string
	Name      string
	CreatedBy string
	CreatedAt time.Time
}

func migrateAddedPages(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`CREATE TABLE added_pages (
			route      TEXT PRIMARY KEY,
			kind       TEXT NOT NULL,
			parent     TEXT NOT NULL,
			name       TEXT NOT NULL,
			created_by TEXT NOT NULL,
			created_at ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX added_pages_parent ON added_pages (parent)`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// AddedPages returns the pages staff added, oldest first, so that each
// comes after the pages it was added beside.
func (s *Store) AddedPages(ctx context.Context) ([]AddedPage, error) {
	var rows []addedPage
	if err := s.db.WithContext(ctx).Order("created_at, route").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: load added pages: %w", err)
	}
	out := make([]AddedPage, len(rows))
	for i, r := range rows {
		out[i] = AddedPage(r)
	}
	return out, nil
}

// CreateAddedPage adds a page to the tree with body as the first draft of
// its English; nothing of it is public until that draft is published.
// ErrPageExists when a page was added at the route already, or an old
// text of the pages collection is still kept under it.
func (s *Store) CreateAddedPage(ctx context.Context, p AddedPage, body string, now time.Time) (ContentVersion, error) {
	now = now.UTC()
	p.CreatedAt = now
	v := ContentVersion{Collection: pagesCollection, Slug: p.Route, Locale: defaultLocale, Body: body, AuthorID: p.CreatedBy, CreatedAt: now}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&addedPage{}).Where("route = ?", p.Route).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrPageExists
		}
		taken, err := itemExists(tx, pagesCollection, p.Route)
		if err != nil {
			return err
		}
		if taken {
			return ErrPageExists
		}
		if err := tx.Create(&addedPage{Route: p.Route, Kind: p.Kind, Parent: p.Parent, Name: p.Name, CreatedBy: p.CreatedBy, CreatedAt: now}).Error; err != nil {
			return err
		}
		if err := saveVersion(tx, &v, 0, now); err != nil {
			return err
		}
		return bumpContentVersion(tx, now)
	})
	if errors.Is(err, ErrPageExists) {
		return ContentVersion{}, err
	}
	if err != nil {
		return ContentVersion{}, fmt.Errorf("store: add page: %w", err)
	}
	return v, nil
}

// DeleteAddedPage removes a page staff added, with its texts in every
// language, their versions, states, reviews and plans. With redirectTo
// set, its address then answers 301 to that route, as a redirect staff
// added. ErrNotFound when no page was added at the route,
// ErrPageHasChildren when another added page sits under it.
func (s *Store) DeleteAddedPage(ctx context.Context, route, redirectTo, by string, now time.Time) error {
	now = now.UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&addedPage{}).Where("route = ?", route).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if err := tx.Model(&addedPage{}).Where("parent = ?", route).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrPageHasChildren
		}
		if err := tx.Where("route = ?", route).Delete(&addedPage{}).Error; err != nil {
			return err
		}
		for _, model := range []any{&contentEntry{}, &ContentVersion{}, &ContentEdition{}, &ContentOutdated{}, &ContentSchedule{}, &ContentReview{}, &ContentReviewEvent{}} {
			if err := tx.Where("collection = ? AND slug = ?", pagesCollection, route).Delete(model).Error; err != nil {
				return err
			}
		}
		if err := tx.Where("from_path = ?", route).Delete(&siteRedirect{}).Error; err != nil {
			return err
		}
		if redirectTo != "" {
			row := siteRedirect{FromPath: route, ToTarget: redirectTo, Status: 301, CreatedBy: by, CreatedAt: now}
			if err := tx.Create(&row).Error; err != nil {
				return err
			}
		}
		return bumpContentVersion(tx, now)
	})
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrPageHasChildren) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: delete added page: %w", err)
	}
	return nil
}
