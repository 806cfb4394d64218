package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// migrateAccounts creates the visitors' accounts, their sessions and their
// one-time tokens (migration 6). Secrets are stored only as hashes.
func migrateAccounts(tx *gorm.DB, d dialect) error {
	statements := []string{
		`CREATE TABLE users (
			id                 TEXT PRIMARY KEY,
			email              TEXT NOT NULL UNIQUE,
			first_name         TEXT NOT NULL,
			last_name          TEXT NOT NULL,
			phone_number       TEXT NOT NULL DEFAULT '',
			password_hash      TEXT NOT NULL,
			email_confirmed_at ` + d.timestamp + `,
			avatar_key         TEXT NOT NULL DEFAULT '',
			locale             TEXT NOT NULL DEFAULT 'en',
			created_at         ` + d.timestamp + ` NOT NULL,
			updated_at         ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE TABLE sessions (
			id_hash      TEXT PRIMARY KEY,
			id           TEXT NOT NULL UNIQUE,
			user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			created_at   ` + d.timestamp + ` NOT NULL,
			last_seen_at ` + d.timestamp + ` NOT NULL,
			expires_at   ` + d.timestamp + ` NOT NULL,
			remember     BOOLEAN NOT NULL DEFAULT FALSE,
			user_agent   TEXT NOT NULL DEFAULT '',
			ip           TEXT NOT NULL DEFAULT ''
		)`,
		`CREATE INDEX sessions_user ON sessions (user_id)`,
		`CREATE INDEX sessions_expires ON sessions (expires_at)`,
		`CREATE TABLE auth_tokens (
			id         TEXT PRIMARY KEY,
			user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
			purpose    TEXT NOT NULL,
			token_hash TEXT NOT NULL,
			attempts   INTEGER NOT NULL DEFAULT 0,
			created_at ` + d.timestamp + ` NOT NULL,
			expires_at ` + d.timestamp + ` NOT NULL,
			used_at    ` + d.timestamp + `
		)`,
		`CREATE INDEX auth_tokens_hash ON auth_tokens (purpose, token_hash)`,
		`CREATE INDEX auth_tokens_user ON auth_tokens (user_id, purpose)`,
		`CREATE INDEX auth_tokens_expires ON auth_tokens (expires_at)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// ErrEmailTaken is returned by CreateUser when an account already has the e-mail address.
var ErrEmailTaken = errors.New("store: e-mail address already registered")

// User is a visitor's account.
type User struct {
	ID               string     // random, assigned by CreateUser
	Email            string     // normalized (trimmed, lower case) by the caller; unique
	FirstName        string     // as entered
	LastName         string     // as entered
	PhoneNumber      string     // as entered, "" when not given
	PasswordHash     string     // argon2id PHC string
	EmailConfirmedAt *time.Time // nil until the address is confirmed
	AvatarKey        string     // blob key of the profile image, "" for none
	Locale           string     // language the account's e-mail is written in
	DisabledAt       *time.Time // set while staff have disabled the account (migration 15)
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TableName names the table for GORM.
func (User) TableName() string { return "users" }

// Confirmed reports whether the e-mail address has been confirmed.
func (u *User) Confirmed() bool { return u.EmailConfirmedAt != nil }

// Disabled reports whether staff have disabled the account.
func (u *User) Disabled() bool { return u.DisabledAt != nil }

// Profile is what a person may change about themselves.
type Profile struct {
	FirstName   string
	LastName    string
	PhoneNumber string
}

// newID returns a random identifier of 128 bits, hex-encoded.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// CreateUser stores a new account, assigning its id and timestamps, or
// returns ErrEmailTaken.
func (s *Store) CreateUser(ctx context.Context, u *User) error {
	now := dbTime(time.Now())
	u.ID, u.CreatedAt, u.UpdatedAt = newID(), now, now
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).Create(u)
	if res.Error != nil {
		return fmt.Errorf("store: create user: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrEmailTaken
	}
	return nil
}

func (s *Store) userWhere(ctx context.Context, what, query string, arg any) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Where(query, arg).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load user by %s: %w", what, err)
	}
	return &u, nil
}

// UserByEmail returns the account with this (normalized) e-mail address, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	return s.userWhere(ctx, "e-mail", "email = ?", email)
}

// UserByID returns the account with this id, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id string) (*User, error) {
	return s.userWhere(ctx, "id", "id = ?", id)
}

func (s *Store) updateUser(ctx context.Context, what, id string, values map[string]any) error {
	values["updated_at"] = dbTime(time.Now())
	res := s.db.WithContext(ctx).Model(&User{}).Where("id = ?", id).Updates(values)
	if res.Error != nil {
		return fmt.Errorf("store: update %s: %w", what, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// UpdateProfile changes the profile fields of an account, and nothing else.
func (s *Store) UpdateProfile(ctx context.Context, id string, p Profile) error {
	return s.updateUser(ctx, "profile", id, map[string]any{
		"first_name": p.FirstName, "last_name": p.LastName, "phone_number": p.PhoneNumber,
	})
}

// SetPasswordHash replaces the password hash of an account.
func (s *Store) SetPasswordHash(ctx context.Context, id, hash string) error {
	return s.updateUser(ctx, "password", id, map[string]any{"password_hash": hash})
}

// ChangePassword gives an account a new password hash and, in the same
// transaction, ends what the old password allowed: every reset code and
// reset token of the account, and every session but the one whose secret
// hashes to keepSession ("" ends them all).
func (s *Store) ChangePassword(ctx context.Context, id, hash, keepSession string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("id = ?", id).
			Updates(map[string]any{"password_hash": hash, "updated_at": dbTime(time.Now())})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if err := tx.Where("user_id = ? AND purpose IN ?", id, []string{PurposeResetCode, PurposeDeviceResetCode, PurposeResetPassword}).Delete(&Token{}).Error; err != nil {
			return err
		}
		return tx.Where("user_id = ? AND id_hash <> ?", id, keepSession).Delete(&Session{}).Error
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: change password: %w", err)
	}
	return nil
}

// SetUserLocale records the language the account's e-mail is written in.
func (s *Store) SetUserLocale(ctx context.Context, id, locale string) error {
	return s.updateUser(ctx, "locale", id, map[string]any{"locale": locale})
}

// ReplaceAvatarKey records key as the blob key of the account's profile
// image ("" for none) and returns the key it replaced, or ErrNotFound. It
// swaps only the key it read, retrying when another request changed it in
// between, so of uploads and removals that race each replaced key is
// returned exactly once, to the caller that must delete its file.
func (s *Store) ReplaceAvatarKey(ctx context.Context, id, key string) (string, error) {
	for {
		var old []string
		err := s.db.WithContext(ctx).Model(&User{}).Where("id = ?", id).Pluck("avatar_key", &old).Error
		if err != nil {
			return "", fmt.Errorf("store: load avatar: %w", err)
		}
		if len(old) == 0 {
			return "", ErrNotFound
		}
		res := s.db.WithContext(ctx).Model(&User{}).Where("id = ? AND avatar_key = ?", id, old[0]).
			Updates(map[string]any{"avatar_key": key, "updated_at": dbTime(time.Now())})
		if res.Error != nil {
			return "", fmt.Errorf("store: update avatar: %w", res.Error)
		}
		if res.RowsAffected == 1 {
			return old[0], nil
		}
	}
}

// DeleteUser deletes an account with its sessions and tokens, and returns
// the blob key of its profile image as it was when the row went (an upload
// that raced the deletion is counted in), for the caller to delete.
func (s *Store) DeleteUser(ctx context.Context, id string) (avatarKey string, err error) {
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Children first: foreign keys cascade on PostgreSQL and on SQLite
		// with foreign_keys on, but nothing here depends on that.
		if err := tx.Where("user_id = ?", id).Delete(&Session{}).Error; err != nil {
			return err
		}
		if err := tx.Where("user_id = ?", id).Delete(&Token{}).Error; err != nil {
			return err
		}
		if err := tx.Where("user_id = ?", id).Delete(&Registration{}).Error; err != nil {
			return err
		}
		var keys []string
		if err := tx.Raw(`DELETE FROM users WHERE id = ? RETURNING avatar_key`, id).Scan(&keys).Error; err != nil {
			return err
		}
		if len(keys) == 0 {
			return ErrNotFound
		}
		avatarKey = keys[0]
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("store: delete user: %w", err)
	}
	return avatarKey, nil
}

// UserFilter selects accounts for the back-office: Search matches a part
// of the e-mail address or of the name, whatever the case.
type UserFilter struct {
	Search string
	Limit  int
	Offset int
}

func (s *Store) usersQuery(ctx context.Context, f UserFilter) *gorm.DB {
	q := s.db.WithContext(ctx).Model(&User{})
	if term := strings.TrimSpace(f.Search); term != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(term)) + "%"
		q = q.Where(`LOWER(email) LIKE ? ESCAPE '\' OR LOWER(first_name || ' ' || last_name) LIKE ? ESCAPE '\'`, pattern, pattern)
	}
	return q
}

// Users returns the accounts the filter selects, newest first, and how
// many it selects without Limit and Offset.
func (s *Store) Users(ctx context.Context, f UserFilter) ([]User, int64, error) {
	var total int64
	if err := s.usersQuery(ctx, f).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	q := s.usersQuery(ctx, f).Order("created_at DESC, id DESC")
	if f.Limit > 0 {
		q = q.Limit(f.Limit)
	}
	if f.Offset > 0 {
		q = q.Offset(f.Offset)
	}
	var out []User
	if err := q.Find(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("store: list users: %w", err)
	}
	return out, total, nil
}

// DisableUser marks an account disabled at now and, in the same
// transaction, ends what it could still use: its sessions and any password
// reset under way. It returns how many sessions ended, or ErrNotFound.
func (s *Store) DisableUser(ctx context.Context, id string, now time.Time) (int64, error) {
	var ended int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("id = ?", id).
			Updates(map[string]any{"disabled_at": dbTime(now), "updated_at": dbTime(time.Now())})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if err := tx.Where("user_id = ? AND purpose IN ?", id, []string{PurposeResetCode, PurposeDeviceResetCode, PurposeResetPassword}).Delete(&Token{}).Error; err != nil {
			return err
		}
		res = tx.Where("user_id = ?", id).Delete(&Session{})
		ended = res.RowsAffected
		return res.Error
	})
	if errors.Is(err, ErrNotFound) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("store: disable user: %w", err)
	}
	return ended, nil
}

// EnableUser lifts a disabled account's mark, or returns ErrNotFound.
func (s *Store) EnableUser(ctx context.Context, id string) error {
	return s.updateUser(ctx, "disabled", id, map[string]any{"disabled_at": nil})
}

// DeleteUserSessions ends every session of an account and returns how many there were.
func (s *Store) DeleteUserSessions(ctx context.Context, id string) (int64, error) {
	res := s.db.WithContext(ctx).Where("user_id = ?", id).Delete(&Session{})
	if res.Error != nil {
		return 0, fmt.Errorf("store: delete sessions: %w", res.Error)
	}
	return res.RowsAffected, nil
}
