package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Purposes of one-time tokens.
const (
	PurposeConfirmEmail = "confirm-email" // link that confirms an address
	PurposeResetCode    = "reset-code"    // six-digit code e-mailed for a password reset
	// PurposeDeviceResetCode is a reset code asked for from a browser that
	// signed in to the account before: only that browser may enter it.
	PurposeDeviceResetCode = "reset-code-device"
	PurposeResetPassword   = "reset-password" // token VerifyCode hands out to set the new password
)

// Token is a one-time secret, stored only as a hash, with an expiry and a
// count of wrong attempts.
type Token struct {
	ID        string
	UserID    string
	Purpose   string
	TokenHash string
	Attempts  int
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// TableName names the table for GORM.
func (Token) TableName() string { return "auth_tokens" }

// Valid reports whether the token is unused and unexpired at now.
func (t *Token) Valid(now time.Time) bool { return t.UsedAt == nil && now.Before(t.ExpiresAt) }

// CreateToken stores a token, assigning its id, after deleting the
// account's other tokens of the same purpose: only the newest link or code works.
func (s *Store) CreateToken(ctx context.Context, t *Token) error {
	t.ID = newID()
	t.CreatedAt, t.ExpiresAt = dbTime(t.CreatedAt), dbTime(t.ExpiresAt)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ? AND purpose = ?", t.UserID, t.Purpose).Delete(&Token{}).Error; err != nil {
			return err
		}
		return tx.Create(t).Error
	})
	if err != nil {
		return fmt.Errorf("store: create %s token: %w", t.Purpose, err)
	}
	return nil
}

// TokenByHash returns the token of a purpose with this hash, used or not, or ErrNotFound.
func (s *Store) TokenByHash(ctx context.Context, purpose, hash string) (*Token, error) {
	var t Token
	err := s.db.WithContext(ctx).Where("purpose = ? AND token_hash = ?", purpose, hash).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load %s token: %w", purpose, err)
	}
	return &t, nil
}

// LatestToken returns the account's newest token of a purpose, used or not, or ErrNotFound.
func (s *Store) LatestToken(ctx context.Context, userID, purpose string) (*Token, error) {
	var t Token
	err := s.db.WithContext(ctx).Where("user_id = ? AND purpose = ?", userID, purpose).Order("created_at DESC").Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load %s token: %w", purpose, err)
	}
	return &t, nil
}

// CountTokenAttempt adds one wrong attempt to a token and returns the new count.
func (s *Store) CountTokenAttempt(ctx context.Context, id string) (int, error) {
	var t Token
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Token{}).Where("id = ?", id).Update("attempts", gorm.Expr("attempts + 1")).Error; err != nil {
			return err
		}
		return tx.Select("attempts").Where("id = ?", id).Take(&t).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: count token attempt: %w", err)
	}
	return t.Attempts, nil
}

// ClaimTokenAttempt counts one attempt at an unused token that has had
// fewer than limit, and reports whether it did. It is one conditional
// UPDATE, so of many concurrent attempts at most limit are ever claimed.
func (s *Store) ClaimTokenAttempt(ctx context.Context, id string, limit int) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Token{}).
		Where("id = ? AND used_at IS NULL AND attempts < ?", id, limit).
		Update("attempts", gorm.Expr("attempts + 1"))
	if res.Error != nil {
		return false, fmt.Errorf("store: claim token attempt: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// UseToken marks a token used and reports whether this call did it: of
// two concurrent uses, exactly one wins.
func (s *Store) UseToken(ctx context.Context, id string, now time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Token{}).Where("id = ? AND used_at IS NULL", id).Update("used_at", dbTime(now))
	if res.Error != nil {
		return false, fmt.Errorf("store: use token: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// DeleteTokens deletes the account's tokens of a purpose.
func (s *Store) DeleteTokens(ctx context.Context, userID, purpose string) error {
	if err := s.db.WithContext(ctx).Where("user_id = ? AND purpose = ?", userID, purpose).Delete(&Token{}).Error; err != nil {
		return fmt.Errorf("store: delete %s tokens: %w", purpose, err)
	}
	return nil
}

// ConfirmEmail spends a valid confirmation token and marks its account's
// address confirmed, in one transaction. It returns the account, or
// ErrNotFound when the token is unknown, used or expired.
func (s *Store) ConfirmEmail(ctx context.Context, tokenHash string, now time.Time) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var t Token
		err := tx.Where("purpose = ? AND token_hash = ?", PurposeConfirmEmail, tokenHash).Take(&t).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if !t.Valid(now) {
			return ErrNotFound
		}
		res := tx.Model(&Token{}).Where("id = ? AND used_at IS NULL", t.ID).Update("used_at", dbTime(now))
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		if err := tx.Model(&User{}).Where("id = ? AND email_confirmed_at IS NULL", t.UserID).
			Updates(map[string]any{"email_confirmed_at": dbTime(now), "updated_at": dbTime(now)}).Error; err != nil {
			return err
		}
		err = tx.Where("id = ?", t.UserID).Take(&u).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: confirm e-mail: %w", err)
	}
	return &u, nil
}
