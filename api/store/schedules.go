package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A language of an item can be scheduled to publish one of its versions,
// or to be taken off, at a time: content_schedules holds at most one such
// plan per language, until it is carried out or cancelled. Carrying it out
// deletes the plan and acts in one transaction, so of two runs at once
// only the one that deleted it acts.

// The actions a schedule carries out.
const (
	SchedulePublish   = "publish"
	ScheduleUnpublish = "unpublish"
)

// ContentSchedule is a publication or unpublication of one language of an
// item planned for a time.
type ContentSchedule struct {
	Collection string `gorm:"primaryKey"`
	Slug       string `gorm:"primaryKey"`
	Locale     string `gorm:"primaryKey"`
	Action     string
	Version    int64     // the version to publish; 0 to unpublish
	DueAt      time.Time // UTC
	TimeZone   string    // the zone it was chosen in, to show it in again
	CreatedBy  string
	CreatedAt  time.Time
}

// TableName names the table for GORM.
func (ContentSchedule) TableName() string { return "content_schedules" }

// Key returns the language the schedule acts on.
func (c *ContentSchedule) Key() ContentKey { return ContentKey{c.Collection, c.Slug, c.Locale} }

// migrateSchedules creates the plans of scheduled publishing (migration 18).
func migrateSchedules(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`CREATE TABLE content_schedules (
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			locale     TEXT NOT NULL,
			action     TEXT NOT NULL,
			version    BIGINT NOT NULL DEFAULT 0,
			due_at     ` + d.timestamp + ` NOT NULL,
			time_zone  TEXT NOT NULL,
			created_by TEXT NOT NULL,
			created_at ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, slug, locale)
		)`,
		`CREATE INDEX content_schedules_due ON content_schedules (due_at)`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

func (c *ContentSchedule) utc() {
	c.DueAt = c.DueAt.UTC()
	c.CreatedAt = c.CreatedAt.UTC()
}

// ScheduleContent plans what sc says for its language, replacing a plan
// that language had. A publication must name a version of that language
// (ErrNotFound otherwise).
func (s *Store) ScheduleContent(ctx context.Context, sc ContentSchedule) error {
	sc.utc()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if sc.Action == SchedulePublish {
			if _, err := versionOf(tx, sc.Key(), sc.Version); err != nil {
				return err
			}
		} else {
			sc.Version = 0
		}
		return tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&sc).Error
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: schedule content: %w", err)
	}
	return nil
}

// CancelContentSchedule deletes the plan of one language and returns it;
// ErrNotFound when it had none.
func (s *Store) CancelContentSchedule(ctx context.Context, k ContentKey) (ContentSchedule, error) {
	var sc ContentSchedule
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := whereKey(tx, k).Take(&sc).Error; err != nil {
			return err
		}
		return whereKey(tx, k).Delete(&ContentSchedule{}).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ContentSchedule{}, ErrNotFound
	}
	if err != nil {
		return ContentSchedule{}, fmt.Errorf("store: cancel content schedule: %w", err)
	}
	sc.utc()
	return sc, nil
}

// cancelSchedulesBy deletes the plans a staff member made and returns
// them, earliest first.
func cancelSchedulesBy(tx *gorm.DB, staffID string) ([]ContentSchedule, error) {
	var out []ContentSchedule
	if err := tx.Where("created_by = ?", staffID).Order("due_at, collection, slug, locale").Find(&out).Error; err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	if err := tx.Where("created_by = ?", staffID).Delete(&ContentSchedule{}).Error; err != nil {
		return nil, err
	}
	for i := range out {
		out[i].utc()
	}
	return out, nil
}

// DropContentSchedule deletes a plan that is still as sc has it, without
// carrying it out, tells its author, and reports whether it did: a plan replaced or carried
// out meanwhile stays as it is.
func (s *Store) DropContentSchedule(ctx context.Context, sc ContentSchedule) (bool, error) {
	dropped := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := whereKey(tx, sc.Key()).
			Where("action = ? AND version = ? AND due_at = ? AND created_by = ?", sc.Action, sc.Version, sc.DueAt.UTC(), sc.CreatedBy).
			Delete(&ContentSchedule{})
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		dropped = true
		return notifySchedule(tx, sc, false, time.Now().UTC())
	})
	if err != nil {
		return false, fmt.Errorf("store: drop content schedule: %w", err)
	}
	return dropped, nil
}

// DueContentSchedules returns the plans due at now, earliest first, at
// most limit of them.
func (s *Store) DueContentSchedules(ctx context.Context, now time.Time, limit int) ([]ContentSchedule, error) {
	var rows []ContentSchedule
	err := s.db.WithContext(ctx).Where("due_at <= ?", now.UTC()).Order("due_at, collection, slug, locale").
		Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list due content schedules: %w", err)
	}
	for i := range rows {
		rows[i].utc()
	}
	return rows, nil
}

// schedulesOf returns the plans of one item, or of every item of a
// collection when slug is empty, by slug and locale.
func schedulesOf(tx *gorm.DB, collection, slug string) (map[string]map[string]ContentSchedule, error) {
	q := tx.Where("collection = ?", collection)
	if slug != "" {
		q = q.Where("slug = ?", slug)
	}
	var rows []ContentSchedule
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string]map[string]ContentSchedule{}
	for _, r := range rows {
		r.utc()
		if out[r.Slug] == nil {
			out[r.Slug] = map[string]ContentSchedule{}
		}
		out[r.Slug][r.Locale] = r
	}
	return out, nil
}

// RunContentSchedule carries out one due plan as by, at now: it deletes
// the plan and publishes or unpublishes in the same transaction, and
// reports whether it acted. It does not act when the plan is no longer
// there as it was (carried out by another run, cancelled, changed or made
// again by someone else), nor on an unpublication of a language no longer
// live, whose plan it drops.
func (s *Store) RunContentSchedule(ctx context.Context, sc ContentSchedule, by string, now time.Time) (bool, error) {
	acted := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := whereKey(tx, sc.Key()).Where("action = ? AND version = ? AND due_at = ? AND created_by = ?", sc.Action, sc.Version, sc.DueAt.UTC(), sc.CreatedBy).
			Delete(&ContentSchedule{})
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		var err error
		switch sc.Action {
		case SchedulePublish:
			err = publishVersion(tx, sc.Key(), sc.Version, by, now.UTC())
		case ScheduleUnpublish:
			var live int64
			if err := whereKey(tx.Model(&contentEntry{}), sc.Key()).Count(&live).Error; err != nil {
				return err
			}
			if live == 0 {
				return notifySchedule(tx, sc, false, now.UTC())
			}
			err = unpublish(tx, sc.Key(), by, now.UTC())
		default:
			return nil
		}
		if errors.Is(err, ErrNotFound) {
			return notifySchedule(tx, sc, false, now.UTC())
		}
		if err != nil {
			return err
		}
		acted = true
		return notifySchedule(tx, sc, true, now.UTC())
	})
	if err != nil {
		return false, fmt.Errorf("store: run content schedule: %w", err)
	}
	return acted, nil
}
