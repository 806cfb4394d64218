package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// siteSetting is a row of site_settings.
type siteSetting struct {
	Key       string `gorm:"primaryKey"`
	Value     string
	UpdatedAt time.Time
}

// TableName names the table for GORM.
func (siteSetting) TableName() string { return "site_settings" }

// contentState is the single row of content_state.
type contentState struct {
	ID        int `gorm:"primaryKey"`
	Version   int64
	UpdatedAt time.Time
}

// TableName names the table for GORM.
func (contentState) TableName() string { return "content_state" }

// Settings returns every site setting by key.
func (s *Store) Settings(ctx context.Context) (map[string]string, error) {
	var rows []siteSetting
	if err := s.db.WithContext(ctx).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: load settings: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.Key] = r.Value
	}
	return out, nil
}

// Setting returns one site setting, or ErrNotFound.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var row siteSetting
	err := s.db.WithContext(ctx).Where("key = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: load setting %s: %w", key, err)
	}
	return row.Value, nil
}

// PutSettings writes the given settings and, when any value actually
// changed, bumps the content version in the same transaction so running
// servers re-render. It reports whether anything changed.
func (s *Store) PutSettings(ctx context.Context, values map[string]string) (bool, error) {
	ctx = bulk(ctx)
	changed := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		now := time.Now().UTC()
		written, err := putSettings(tx, values, now)
		if err != nil || written == 0 {
			return err
		}
		changed = true
		return bumpContentVersion(tx, now)
	})
	if err != nil {
		return false, fmt.Errorf("store: save settings: %w", err)
	}
	return changed, nil
}

// putSettings writes the values that are new or different and returns how
// many it wrote; it leaves the content version alone.
func putSettings(tx *gorm.DB, values map[string]string, now time.Time) (int, error) {
	if len(values) == 0 {
		return 0, nil
	}
	var rows []siteSetting
	if err := tx.Find(&rows).Error; err != nil {
		return 0, err
	}
	current := make(map[string]string, len(rows))
	for _, r := range rows {
		current[r.Key] = r.Value
	}
	var updates []siteSetting
	for k, v := range values {
		if old, ok := current[k]; ok && old == v {
			continue
		}
		updates = append(updates, siteSetting{Key: k, Value: v, UpdatedAt: now})
	}
	if len(updates) == 0 {
		return 0, nil
	}
	err := tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"}),
	}).Create(&updates).Error
	if err != nil {
		return 0, err
	}
	return len(updates), nil
}

// ContentVersion returns the current content version; 0 means never seeded.
func (s *Store) ContentVersion(ctx context.Context) (int64, error) {
	var row contentState
	err := s.db.WithContext(ctx).Where("id = ?", 1).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: load content version: %w", err)
	}
	return row.Version, nil
}

// BumpContentVersion marks the content as changed so running servers re-render.
func (s *Store) BumpContentVersion(ctx context.Context) error {
	if err := bumpContentVersion(s.db.WithContext(ctx), time.Now().UTC()); err != nil {
		return fmt.Errorf("store: bump content version: %w", err)
	}
	return nil
}

func bumpContentVersion(tx *gorm.DB, now time.Time) error {
	res := tx.Model(&contentState{}).Where("id = ?", 1).
		Updates(map[string]any{"version": gorm.Expr("version + 1"), "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrNotFound
	}
	return nil
}
