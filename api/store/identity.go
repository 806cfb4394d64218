package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Staff edit the firm's identity (the settings site.json seeds) as one
// form. Every save is kept as a revision (settings_revisions) naming who
// saved it; a save must be based on the latest revision, so two editors
// never overwrite each other unknowingly. Once staff saved the identity,
// the seed leaves its settings as staff left them.

// SettingsRevision is one save of the identity by staff.
type SettingsRevision struct {
	ID        int64 `gorm:"primaryKey"`
	Base      int64 // the revision it was based on; unique, so of two saves from one base only one is kept
	Body      string
	AuthorID  string
	CreatedAt time.Time
}

// TableName names the table for GORM.
func (SettingsRevision) TableName() string { return "settings_revisions" }

// LatestSettingsRevision returns staff's latest save of the identity;
// ErrNotFound when staff never saved it.
func (s *Store) LatestSettingsRevision(ctx context.Context) (SettingsRevision, error) {
	return latestSettingsRevision(s.db.WithContext(ctx))
}

func latestSettingsRevision(tx *gorm.DB) (SettingsRevision, error) {
	var r SettingsRevision
	err := tx.Order("id DESC").Limit(1).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("store: load settings revision: %w", err)
	}
	r.CreatedAt = r.CreatedAt.UTC()
	return r, nil
}

// SaveIdentity writes the identity's settings and keeps body as a revision
// by authorID, if base is the latest revision (0 when staff never saved
// it); otherwise it writes nothing and returns ErrVersionConflict. When a
// value changed, the content version moves in the same transaction, so
// every replica re-renders the pages that show it.
func (s *Store) SaveIdentity(ctx context.Context, values map[string]string, body, authorID string, base int64, now time.Time) (SettingsRevision, error) {
	rev := SettingsRevision{Base: base, Body: body, AuthorID: authorID, CreatedAt: now.UTC()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		latest, err := latestSettingsRevision(tx)
		switch {
		case errors.Is(err, ErrNotFound):
			latest.ID = 0
		case err != nil:
			return err
		}
		if latest.ID != base {
			return ErrVersionConflict
		}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rev)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrVersionConflict
		}
		written, err := putSettings(tx, values, now.UTC())
		if err != nil || written == 0 {
			return err
		}
		return bumpContentVersion(tx, now.UTC())
	})
	if errors.Is(err, ErrVersionConflict) {
		return SettingsRevision{}, err
	}
	if err != nil {
		return SettingsRevision{}, fmt.Errorf("store: save identity: %w", err)
	}
	return rev, nil
}

// identityEdited reports whether staff ever saved the identity, which the
// seed then leaves alone.
func identityEdited(tx *gorm.DB) (bool, error) {
	var n int64
	err := tx.Model(&SettingsRevision{}).Count(&n).Error
	return n > 0, err
}
