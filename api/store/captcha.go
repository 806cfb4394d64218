package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateCaptcha creates the table of spent captcha challenges (migration 5).
func migrateCaptcha(tx *gorm.DB, d dialect) error {
	if err := tx.Exec(`CREATE TABLE captcha_spent (
		hash       TEXT PRIMARY KEY,
		expires_at ` + d.timestamp + ` NOT NULL
	)`).Error; err != nil {
		return err
	}
	return tx.Exec(`CREATE INDEX captcha_spent_expires ON captcha_spent (expires_at)`).Error
}

// SpendCaptcha records a captcha challenge, by the hash of its signature,
// as used until it expires. It reports false when the challenge was spent
// already: the insert is a single statement the database refuses twice for
// one hash, so two replicas can never both accept the same solution.
func (s *Store) SpendCaptcha(ctx context.Context, hash string, expiresAt time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Exec(`INSERT INTO captcha_spent (hash, expires_at) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING`,
		hash, dbTime(expiresAt))
	if res.Error != nil {
		return false, fmt.Errorf("store: spend captcha: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// DeleteExpiredCaptcha forgets spent challenges that expired before now
// (they are refused for their expiry anyway) and returns how many.
func (s *Store) DeleteExpiredCaptcha(ctx context.Context, now time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Exec(`DELETE FROM captcha_spent WHERE expires_at < ?`, dbTime(now))
	if res.Error != nil {
		return 0, fmt.Errorf("store: delete expired captcha: %w", res.Error)
	}
	return res.RowsAffected, nil
}
