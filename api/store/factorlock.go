package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateFactorLock counts wrong second factors on the staff account
// itself (migration 21), so that signing in again with the password does
// not start a fresh count: how many tries in a row were wrong, how many
// locks in a row followed, and until when the second-factor step is locked.
func migrateFactorLock(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`ALTER TABLE staff ADD COLUMN factor_failures INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE staff ADD COLUMN factor_locks INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE staff ADD COLUMN factor_locked_until ` + d.timestamp,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// FactorTry is a try at a staff member's second factor, taken before the
// factor is checked.
type FactorTry struct {
	// Allowed is false when the second-factor step is locked: the try must
	// not be checked at all.
	Allowed bool
	// Last is set on the try that reached the limit: the step is locked
	// from now unless it proves right (FactorProven lifts the lock).
	Last bool
	// LockedUntil is when the lock ends, when Allowed is false or Last is set.
	LockedUntil time.Time
	// Locks counts the locks in a row, this one included, when Last is set.
	Locks int
}

// TakeFactorTry counts a try at a staff member's second factor as wrong
// before it is checked, so that tries sent at once cannot pass the limit
// together; FactorProven forgets the count when the try proves right. The
// try that makes limit in a row locks the step until now plus lockFor(n),
// n being the locks in a row so far, this one included. A try while the
// step is locked is not allowed and changes nothing. ErrNotFound when
// there is no such staff member.
func (s *Store) TakeFactorTry(ctx context.Context, staffID string, now time.Time, limit int, lockFor func(locks int) time.Duration) (FactorTry, error) {
	now = dbTime(now)
	var try FactorTry
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Writing first takes the row (and on SQLite the database): tries
		// that arrive together are counted one after the other.
		res := tx.Exec(`UPDATE staff SET factor_failures = factor_failures WHERE id = ?`, staffID)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		var row struct {
			FactorFailures    int
			FactorLocks       int
			FactorLockedUntil *time.Time
		}
		if err := tx.Table("staff").Select("factor_failures, factor_locks, factor_locked_until").
			Where("id = ?", staffID).Take(&row).Error; err != nil {
			return err
		}
		if row.FactorLockedUntil != nil && row.FactorLockedUntil.After(now) {
			try.LockedUntil = row.FactorLockedUntil.UTC()
			return nil
		}
		try.Allowed = true
		changes := map[string]any{"factor_failures": row.FactorFailures + 1}
		if row.FactorFailures+1 >= limit {
			try.Last, try.Locks = true, row.FactorLocks+1
			try.LockedUntil = now.Add(lockFor(try.Locks))
			changes = map[string]any{"factor_failures": 0, "factor_locks": try.Locks, "factor_locked_until": try.LockedUntil}
		}
		return tx.Table("staff").Where("id = ?", staffID).Updates(changes).Error
	})
	if errors.Is(err, ErrNotFound) {
		return FactorTry{}, err
	}
	if err != nil {
		return FactorTry{}, fmt.Errorf("store: take a second-factor try: %w", err)
	}
	return try, nil
}

// FactorProven forgets a staff member's wrong second factors, their locks
// in a row and any lock: a right one was just given.
func (s *Store) FactorProven(ctx context.Context, staffID string) error {
	err := s.db.WithContext(ctx).Table("staff").
		Where("id = ? AND (factor_failures <> 0 OR factor_locks <> 0 OR factor_locked_until IS NOT NULL)", staffID).
		Updates(map[string]any{"factor_failures": 0, "factor_locks": 0, "factor_locked_until": nil}).Error
	if err != nil {
		return fmt.Errorf("store: forget wrong second factors: %w", err)
	}
	return nil
}
