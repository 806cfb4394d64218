package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Session is a signed-in browser. The cookie holds a random secret; the
// database holds only its SHA-256 (IDHash). ID is a separate random id the
// account page uses to name the session.
type Session struct {
	IDHash     string `gorm:"primaryKey"`
	ID         string
	UserID     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	Remember   bool
	UserAgent  string
	IP         string
}

// TableName names the table for GORM.
func (Session) TableName() string { return "sessions" }

// CreateSession stores a new session, assigning its public id.
func (s *Store) CreateSession(ctx context.Context, sess *Session) error {
	sess.ID = newID()
	sess.CreatedAt, sess.LastSeenAt, sess.ExpiresAt = dbTime(sess.CreatedAt), dbTime(sess.LastSeenAt), dbTime(sess.ExpiresAt)
	if err := s.db.WithContext(ctx).Create(sess).Error; err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionByHash returns the session whose secret hashes to idHash when it
// has not expired at now, or ErrNotFound.
func (s *Store) SessionByHash(ctx context.Context, idHash string, now time.Time) (*Session, error) {
	var sess Session
	err := s.db.WithContext(ctx).Where("id_hash = ?", idHash).Take(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load session: %w", err)
	}
	if !now.Before(sess.ExpiresAt) {
		return nil, ErrNotFound
	}
	return &sess, nil
}

// TouchSession records that the session was used and moves its expiry.
func (s *Store) TouchSession(ctx context.Context, idHash string, lastSeen, expires time.Time) error {
	err := s.db.WithContext(ctx).Model(&Session{}).Where("id_hash = ?", idHash).
		Updates(map[string]any{"last_seen_at": dbTime(lastSeen), "expires_at": dbTime(expires)}).Error
	if err != nil {
		return fmt.Errorf("store: touch session: %w", err)
	}
	return nil
}

// DeleteSession deletes the session whose secret hashes to idHash, if any.
func (s *Store) DeleteSession(ctx context.Context, idHash string) error {
	if err := s.db.WithContext(ctx).Where("id_hash = ?", idHash).Delete(&Session{}).Error; err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteUserSession deletes one session of an account by its public id and
// reports whether there was one.
func (s *Store) DeleteUserSession(ctx context.Context, userID, id string) (bool, error) {
	res := s.db.WithContext(ctx).Where("user_id = ? AND id = ?", userID, id).Delete(&Session{})
	if res.Error != nil {
		return false, fmt.Errorf("store: delete session: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

// UserSessions lists the unexpired sessions of an account, most recently used first.
func (s *Store) UserSessions(ctx context.Context, userID string, now time.Time) ([]Session, error) {
	var rows []Session
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("last_seen_at DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list sessions: %w", err)
	}
	out := rows[:0]
	for _, r := range rows {
		if now.Before(r.ExpiresAt) {
			out = append(out, r)
		}
	}
	return out, nil
}

// DeleteExpired removes sessions and one-time tokens that expired before
// now, and throttle counters idle since before staleBefore. It returns how
// many rows it removed.
func (s *Store) DeleteExpired(ctx context.Context, now, staleBefore time.Time) (int64, error) {
	db := s.db.WithContext(ctx)
	var total int64
	for _, step := range []struct {
		what  string
		model any
		where string
		arg   any
	}{
		{"sessions", &Session{}, "expires_at < ?", dbTime(now)},
		{"tokens", &Token{}, "expires_at < ?", dbTime(now)},
		{"registrations", &Registration{}, "expires_at < ?", dbTime(now)},
		{"throttle", &throttleRow{}, "window_start < ? AND locked_until < ?", nil},
	} {
		var res *gorm.DB
		if step.arg == nil {
			res = db.Where(step.where, staleBefore.UnixMilli(), now.UnixMilli()).Delete(step.model)
		} else {
			res = db.Where(step.where, step.arg).Delete(step.model)
		}
		if res.Error != nil {
			return total, fmt.Errorf("store: delete expired %s: %w", step.what, res.Error)
		}
		total += res.RowsAffected
	}
	return total, nil
}
