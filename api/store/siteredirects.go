package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Staff add redirects from any address of the site, such as an address of
// the previous website, to a page of the site or, for administrators, to
// an address elsewhere, answered 301 or 302 in every language. The table
// is kept collapsed: no redirect leads to the address another one starts
// from, so every old address leads to its target in one step. Every change
// moves the content version, so each replica reads the redirects again
// with its next catalogue.

// ErrRedirectExists is returned when a redirect already starts from the address.
var ErrRedirectExists = errors.New("store: a redirect already starts from this address")

// ErrRedirectLoop is returned when a redirect would lead back to its own address.
var ErrRedirectLoop = errors.New("store: the redirect would lead back to its own address")

// siteRedirect is a row of site_redirects.
type siteRedirect struct {
	FromPath  string `gorm:"primaryKey"`
	ToTarget  string
	Status    int
	CreatedBy string
	CreatedAt time.Time
}

// TableName names the table for GORM.
func (siteRedirect) TableName() string { return "site_redirects" }

// SiteRedirect is a redirect staff added: the language-free route it starts
// from, where it leads (a language-free route of the site or an https
// address) and its status, 301 or 302.
type SiteRedirect struct {
	From      string
	To        string
	Status    int
	CreatedBy string
	CreatedAt time.Time
}

func migrateSiteRedirects(tx *gorm.DB, d dialect) error {
	return tx.Exec(`CREATE TABLE site_redirects (
		from_path  TEXT PRIMARY KEY,
		to_target  TEXT NOT NULL,
		status     INTEGER NOT NULL CHECK (status IN (301, 302)),
		created_by TEXT NOT NULL,
		created_at ` + d.timestamp + ` NOT NULL
	)`).Error
}

// SiteRedirects returns the redirects staff added, by the address they
// start from.
func (s *Store) SiteRedirects(ctx context.Context) ([]SiteRedirect, error) {
	var rows []siteRedirect
	if err := s.db.WithContext(ctx).Order("from_path").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: load site redirects: %w", err)
	}
	out := make([]SiteRedirect, len(rows))
	for i, r := range rows {
		out[i] = SiteRedirect{From: r.FromPath, To: r.ToTarget, Status: r.Status, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt}
	}
	return out, nil
}

// AddSiteRedirect adds a redirect and returns it as saved. A target that
// is itself the start of a redirect is followed, and the redirects that
// led to the new one's address lead to its target instead, so no chain is
// ever kept. ErrRedirectExists when a redirect starts from the address
// already, ErrRedirectLoop when the redirect would lead back to it.
func (s *Store) AddSiteRedirect(ctx context.Context, r SiteRedirect, by string, now time.Time) (SiteRedirect, error) {
	now = now.UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&siteRedirect{}).Where("from_path = ?", r.From).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrRedirectExists
		}
		var next []siteRedirect
		if err := tx.Where("from_path = ?", r.To).Limit(1).Find(&next).Error; err != nil {
			return err
		}
		if len(next) == 1 {
			r.To = next[0].ToTarget
		}
		if r.To == r.From {
			return ErrRedirectLoop
		}
		if err := tx.Model(&siteRedirect{}).Where("to_target = ?", r.From).Update("to_target", r.To).Error; err != nil {
			return err
		}
		r.CreatedBy, r.CreatedAt = by, now
		row := siteRedirect{FromPath: r.From, ToTarget: r.To, Status: r.Status, CreatedBy: by, CreatedAt: now}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return bumpContentVersion(tx, now)
	})
	if errors.Is(err, ErrRedirectExists) || errors.Is(err, ErrRedirectLoop) {
		return SiteRedirect{}, err
	}
	if err != nil {
		return SiteRedirect{}, fmt.Errorf("store: add site redirect: %w", err)
	}
	return r, nil
}

// DeleteSiteRedirect removes the redirect that starts from an address;
// ErrNotFound when none does.
func (s *Store) DeleteSiteRedirect(ctx context.Context, from string, now time.Time) error {
	return s.deleteRedirect(ctx, now, func(tx *gorm.DB) *gorm.DB {
		return tx.Where("from_path = ?", from).Delete(&siteRedirect{})
	})
}

// DeleteContentRedirect removes the redirect a renamed item left at an old
// slug; ErrNotFound when there is none. The seed still leaves the old slug
// alone.
func (s *Store) DeleteContentRedirect(ctx context.Context, collection, from string, now time.Time) error {
	return s.deleteRedirect(ctx, now, func(tx *gorm.DB) *gorm.DB {
		return tx.Where("collection = ? AND from_slug = ?", collection, from).Delete(&contentRedirect{})
	})
}

func (s *Store) deleteRedirect(ctx context.Context, now time.Time, del func(tx *gorm.DB) *gorm.DB) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := del(tx)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return bumpContentVersion(tx, now.UTC())
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: delete redirect: %w", err)
	}
	return nil
}
