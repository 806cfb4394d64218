package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// SubmissionsDue returns up to limit submissions of a kind created before
// the given time whose personal fields are not erased yet, oldest first.
func (s *Store) SubmissionsDue(ctx context.Context, kind string, before time.Time, limit int) ([]Submission, error) {
	ctx = bulk(ctx)
	var out []Submission
	err := s.db.WithContext(ctx).
		Where("kind = ? AND erased_at IS NULL AND created_at < ?", kind, dbTime(before)).
		Order("created_at, id").Limit(limit).Find(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: list submissions due for erasure: %w", err)
	}
	return out, nil
}

// SubmissionsOf returns the submissions whose personal fields are not
// erased that were sent with an e-mail address (normalized, as the forms
// store it) or by an account (userID "" for none), oldest first.
func (s *Store) SubmissionsOf(ctx context.Context, email, userID string) ([]Submission, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	q := s.db.WithContext(ctx).Table("submissions").Where("erased_at IS NULL")
	if userID != "" {
		q = q.Where("(LOWER("+s.jsonText("data", "email")+") = ? OR user_id = ?)", email, userID)
	} else {
		q = q.Where("LOWER("+s.jsonText("data", "email")+") = ?", email)
	}
	var out []Submission
	if err := q.Order("created_at, id").Find(&out).Error; err != nil {
		return nil, fmt.Errorf("store: list a person's submissions: %w", err)
	}
	return out, nil
}

// EraseSubmission erases a submission's personal fields at now, in one
// transaction: data becomes the anonymous remainder the caller chose, the
// client address and the account go, the CV (which the caller deleted
// first) is recorded as deleted, and the internal notes on it, written
// about the person, and the staff's notifications of it are deleted. Kind, target, language, date, status and
// assignee stay. It returns ErrNotFound for no such submission, and leaves
// an erased one as it is.
func (s *Store) EraseSubmission(ctx context.Context, id int64, remainder string, now time.Time) error {
	now = dbTime(now)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sub Submission
		if err := tx.Where("id = ?", id).Take(&sub).Error; err != nil {
			return err
		}
		if sub.ErasedAt != nil {
			return nil
		}
		values := map[string]any{"data": remainder, "ip": "", "user_id": nil, "erased_at": now}
		if sub.CVBlobKey != nil && sub.CVDeletedAt == nil {
			values["cv_deleted_at"] = now
		}
		if err := tx.Model(&Submission{}).Where("id = ?", id).Updates(values).Error; err != nil {
			return err
		}
		if err := tx.Where("submission_id = ?", id).Delete(&Notification{}).Error; err != nil {
			return err
		}
		return tx.Where("submission_id = ?", id).Delete(&InboxNote{}).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: erase submission %d: %w", id, err)
	}
	return nil
}

// RegistrationCount counts an account's pending registrations, expired
// or not.
func (s *Store) RegistrationCount(ctx context.Context, userID string) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Registration{}).Where("user_id = ?", userID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: count registrations: %w", err)
	}
	return n, nil
}
