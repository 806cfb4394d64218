package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateRegistrations keeps every registration of an unconfirmed address
// with its own confirmation link (migration 10): registering the address
// again adds one instead of replacing the password of the first, so each
// link confirms only the registration it was sent for.
func migrateRegistrations(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`CREATE TABLE registrations (
			id            TEXT PRIMARY KEY,
			user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			token_hash    TEXT NOT NULL UNIQUE,
			first_name    TEXT NOT NULL,
			last_name     TEXT NOT NULL,
			phone_number  TEXT NOT NULL DEFAULT '',
			password_hash TEXT NOT NULL,
			locale        TEXT NOT NULL,
			created_at    ` + d.timestamp + ` NOT NULL,
			expires_at    ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX registrations_user ON registrations (user_id)`,
		`CREATE INDEX registrations_expires ON registrations (expires_at)`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// Registration is one registration of an address that is not confirmed
// yet, with what that person chose and the hash of the link sent for it.
type Registration struct {
	ID           string
	UserID       string
	TokenHash    string
	FirstName    string
	LastName     string
	PhoneNumber  string
	PasswordHash string
	Locale       string
	CreatedAt    time.Time
	ExpiresAt    time.Time
}

// TableName names the table for GORM.
func (Registration) TableName() string { return "registrations" }

// CreateRegistration stores a registration, assigning its id.
func (s *Store) CreateRegistration(ctx context.Context, r *Registration) error {
	r.ID = newID()
	r.CreatedAt, r.ExpiresAt = dbTime(r.CreatedAt), dbTime(r.ExpiresAt)
	if err := s.db.WithContext(ctx).Create(r).Error; err != nil {
		return fmt.Errorf("store: create registration: %w", err)
	}
	return nil
}

// RegistrationByHash returns the unexpired registration of a link and how
// many unexpired registrations its address has, or ErrNotFound.
func (s *Store) RegistrationByHash(ctx context.Context, tokenHash string, now time.Time) (*Registration, int, error) {
	db := s.db.WithContext(ctx)
	var r Registration
	err := db.Where("token_hash = ? AND expires_at > ?", tokenHash, dbTime(now)).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: load registration: %w", err)
	}
	var n int64
	if err := db.Model(&Registration{}).Where("user_id = ? AND expires_at > ?", r.UserID, dbTime(now)).Count(&n).Error; err != nil {
		return nil, 0, fmt.Errorf("store: count registrations: %w", err)
	}
	return &r, int(n), nil
}

// ConfirmRegistration confirms the address of a registration with its
// profile and language and with passwordHash (the registration's own when
// ""), and deletes every registration of the address, in one transaction.
// It returns ErrNotFound when the registration is gone or the address was
// confirmed meanwhile.
func (s *Store) ConfirmRegistration(ctx context.Context, id, passwordHash string, now time.Time) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r Registration
		err := tx.Where("id = ?", id).Take(&r).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		res := tx.Where("user_id = ?", r.UserID).Delete(&Registration{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 { // another confirmation won
			return ErrNotFound
		}
		if passwordHash == "" {
			passwordHash = r.PasswordHash
		}
		res = tx.Model(&User{}).Where("id = ? AND email_confirmed_at IS NULL", r.UserID).Updates(map[string]any{
			"first_name": r.FirstName, "last_name": r.LastName, "phone_number": r.PhoneNumber,
			"password_hash": passwordHash, "locale": r.Locale,
			"email_confirmed_at": dbTime(now), "updated_at": dbTime(now),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return tx.Where("id = ?", r.UserID).Take(&u).Error
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: confirm registration: %w", err)
	}
	return &u, nil
}

// RenewRegistration gives the newest registration of an account, expired
// or not, a new link hash and expiry, and reports whether there was one.
func (s *Store) RenewRegistration(ctx context.Context, userID, tokenHash string, expiresAt time.Time) (bool, error) {
	db := s.db.WithContext(ctx)
	var r Registration
	err := db.Where("user_id = ?", userID).Order("created_at DESC").Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: load registration: %w", err)
	}
	res := db.Model(&Registration{}).Where("id = ?", r.ID).
		Updates(map[string]any{"token_hash": tokenHash, "expires_at": dbTime(expiresAt)})
	if res.Error != nil {
		return false, fmt.Errorf("store: renew registration: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}
