package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateThrottle creates the counters behind rate limits and login
// throttling (migration 7). Keys are hashes, so no e-mail address or IP is
// duplicated here; times are Unix milliseconds, compared as numbers on both
// databases.
func migrateThrottle(tx *gorm.DB, _ dialect) error {
	return tx.Exec(`CREATE TABLE throttle (
		key_hash     TEXT PRIMARY KEY,
		failures     INTEGER NOT NULL,
		window_start BIGINT NOT NULL,
		locked_until BIGINT NOT NULL DEFAULT 0
	)`).Error
}

// throttleRow is a row of throttle.
type throttleRow struct {
	KeyHash     string `gorm:"primaryKey"`
	Failures    int
	WindowStart int64
	LockedUntil int64
}

// TableName names the table for GORM.
func (throttleRow) TableName() string { return "throttle" }

// Counter is the state of one throttle key: how many events fell in the
// current window, when that window started, and until when the key is locked.
type Counter struct {
	Count       int
	WindowStart time.Time
	LockedUntil time.Time // zero when never locked
}

func (r throttleRow) counter() Counter {
	c := Counter{Count: r.Failures, WindowStart: time.UnixMilli(r.WindowStart).UTC()}
	if r.LockedUntil > 0 {
		c.LockedUntil = time.UnixMilli(r.LockedUntil).UTC()
	}
	return c
}

// Hit counts one event for key in a fixed window: when the current window
// started more than window ago, a new one starts now with a count of one.
// It is a single atomic statement, so replicas sharing the database count
// together.
func (s *Store) Hit(ctx context.Context, key string, now time.Time, window time.Duration) (Counter, error) {
	nowMS, expired := now.UnixMilli(), now.Add(-window).UnixMilli()
	var row throttleRow
	err := s.db.WithContext(ctx).Raw(`INSERT INTO throttle (key_hash, failures, window_start, locked_until)
		VALUES (?, 1, ?, 0)
		ON CONFLICT (key_hash) DO UPDATE SET
			failures     = CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.failures + 1 END,
			window_start = CASE WHEN throttle.window_start <= ? THEN excluded.window_start ELSE throttle.window_start END
		RETURNING key_hash, failures, window_start, locked_until`, key, nowMS, expired, expired).Scan(&row).Error
	if err != nil {
		return Counter{}, fmt.Errorf("store: count throttle hit: %w", err)
	}
	return row.counter(), nil
}

// Counter returns the state of key; the zero Counter when it has none.
func (s *Store) Counter(ctx context.Context, key string) (Counter, error) {
	var row throttleRow
	err := s.db.WithContext(ctx).Where("key_hash = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Counter{}, nil
	}
	if err != nil {
		return Counter{}, fmt.Errorf("store: load throttle: %w", err)
	}
	return row.counter(), nil
}

// Lock locks key until the given time.
func (s *Store) Lock(ctx context.Context, key string, until time.Time) error {
	if err := s.db.WithContext(ctx).Model(&throttleRow{}).Where("key_hash = ?", key).Update("locked_until", until.UnixMilli()).Error; err != nil {
		return fmt.Errorf("store: lock throttle: %w", err)
	}
	return nil
}

// StartWindow sets key to a count of zero in a window starting at now,
// unlocked.
func (s *Store) StartWindow(ctx context.Context, key string, now time.Time) error {
	err := s.db.WithContext(ctx).Exec(`INSERT INTO throttle (key_hash, failures, window_start, locked_until)
		VALUES (?, 0, ?, 0)
		ON CONFLICT (key_hash) DO UPDATE SET failures = 0, window_start = excluded.window_start, locked_until = 0`,
		key, now.UnixMilli()).Error
	if err != nil {
		return fmt.Errorf("store: start throttle window: %w", err)
	}
	return nil
}

// ResetCounter forgets key.
func (s *Store) ResetCounter(ctx context.Context, key string) error {
	if err := s.db.WithContext(ctx).Where("key_hash = ?", key).Delete(&throttleRow{}).Error; err != nil {
		return fmt.Errorf("store: reset throttle: %w", err)
	}
	return nil
}
