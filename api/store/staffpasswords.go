package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateStaffPasswordResets keeps, on a staff account, the hash and expiry
// of the one link e-mailed to choose a new password (migration 25).
func migrateStaffPasswordResets(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`ALTER TABLE staff ADD COLUMN password_reset_hash TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE staff ADD COLUMN password_reset_expires_at ` + d.timestamp,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// staffPasswordReset is the password-reset link's columns of a staff
// account, apart from Staff so that no other query reads or writes them.
type staffPasswordReset struct {
	ID                     string
	PasswordResetHash      string
	PasswordResetExpiresAt *time.Time
}

func (staffPasswordReset) TableName() string { return "staff" }

// SetStaffPasswordReset keeps linkHash as the one link that may set a new
// password for the active staff member id until expires, in place of any
// earlier link; ErrNotFound for no such active account.
func (s *Store) SetStaffPasswordReset(ctx context.Context, id, linkHash string, expires time.Time) error {
	res := s.db.WithContext(ctx).Model(&staffPasswordReset{}).Where("id = ? AND disabled_at IS NULL", id).
		Updates(map[string]any{"password_reset_hash": linkHash, "password_reset_expires_at": dbTime(expires)})
	if res.Error != nil {
		return fmt.Errorf("store: keep password reset link: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// StaffByPasswordReset returns the active staff member whose password-reset
// link has the hash and works at now; ErrNotFound otherwise.
func (s *Store) StaffByPasswordReset(ctx context.Context, linkHash string, now time.Time) (*Staff, error) {
	if linkHash == "" {
		return nil, ErrNotFound
	}
	var m Staff
	err := s.db.WithContext(ctx).
		Where("password_reset_hash = ? AND password_reset_expires_at > ? AND disabled_at IS NULL", linkHash, dbTime(now)).
		Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load staff by password reset link: %w", err)
	}
	return &m, nil
}

// ResetStaffPassword spends the password-reset link with the hash, sets
// passwordHash as the account's password and ends its sessions, all at
// once: a link sets one password, even when two browsers follow it. The
// second factors stay. ErrNotFound when the link is spent, expired or its
// account disabled.
func (s *Store) ResetStaffPassword(ctx context.Context, linkHash, passwordHash string, now time.Time) (*Staff, error) {
	var m Staff
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("password_reset_hash = ? AND password_reset_expires_at > ? AND disabled_at IS NULL", linkHash, dbTime(now)).
			Take(&m).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		res := tx.Model(&staffPasswordReset{}).Where("id = ? AND password_reset_hash = ?", m.ID, linkHash).
			Updates(map[string]any{"password_reset_hash": "", "password_reset_expires_at": nil})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound // spent meanwhile
		}
		if err := tx.Model(&Staff{}).Where("id = ?", m.ID).
			Updates(map[string]any{"password_hash": passwordHash, "updated_at": dbTime(now)}).Error; err != nil {
			return err
		}
		return tx.Where("staff_id = ?", m.ID).Delete(&StaffSession{}).Error
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: reset staff password: %w", err)
	}
	return &m, nil
}

// RecoveryCodeCounts counts each staff member's unused recovery codes, by
// staff id; members with none are absent.
func (s *Store) RecoveryCodeCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		StaffID string
		N       int
	}
	err := s.db.WithContext(ctx).Model(&staffRecoveryCode{}).Where("used_at IS NULL").
		Select("staff_id, COUNT(*) AS n").Group("staff_id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: count recovery codes: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.StaffID] = r.N
	}
	return out, nil
}
