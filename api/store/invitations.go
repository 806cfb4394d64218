package store

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"gorm.io/gorm"
)

// migrateInvitationIDs gives invitations an id of their own, which lists
// and revocations name them by instead of their token's hash, and keeps the
// newest of the unused invitations to each address (migration 22). It is
// additive: a release before it goes on inviting, its invitations with no
// id until the next one is made.
func migrateInvitationIDs(tx *gorm.DB, _ dialect) error {
	for _, stmt := range []string{
		`ALTER TABLE staff_invitations ADD COLUMN id TEXT NOT NULL DEFAULT ''`,
		// A piece of the token's hash names an older invitation: it tells
		// nothing of the token, and is unique as the hash is.
		`UPDATE staff_invitations SET id = substr(token_hash, 1, 32)`,
		`CREATE INDEX staff_invitations_id ON staff_invitations (id)`,
		`DELETE FROM staff_invitations WHERE used_at IS NULL AND EXISTS (
			SELECT 1 FROM staff_invitations newer
			WHERE newer.email = staff_invitations.email AND newer.used_at IS NULL
			AND (newer.created_at > staff_invitations.created_at
				OR (newer.created_at = staff_invitations.created_at AND newer.token_hash > staff_invitations.token_hash)))`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// invitationLockSpace is the first key of the PostgreSQL advisory locks
// that make invitations to one address one after the other; the second is
// a hash of the address. Two-key locks never meet the one-key locks of
// migrations and jobs.
const invitationLockSpace = 0x1d17e

// CreateInvitation stores an invitation, with a new id, in place of any
// unused one to the same address: one link per address works at a time,
// the newest. Invitations to one address made at once are stored one after
// the other (on SQLite every write transaction is; on PostgreSQL an
// advisory lock on the address does it), so one is left.
func (s *Store) CreateInvitation(ctx context.Context, inv *StaffInvitation) error {
	inv.ID = newID()
	inv.CreatedAt, inv.ExpiresAt = dbTime(inv.CreatedAt), dbTime(inv.ExpiresAt)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if s.driver == Postgres {
			h := fnv.New32a()
			h.Write([]byte(inv.Email))
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?, ?)", invitationLockSpace, int32(h.Sum32())).Error; err != nil {
				return err
			}
		}
		if err := tx.Where("email = ? AND used_at IS NULL", inv.Email).Delete(&StaffInvitation{}).Error; err != nil {
			return err
		}
		return tx.Create(inv).Error
	})
	if err != nil {
		return fmt.Errorf("store: create invitation: %w", err)
	}
	return nil
}

// PendingInvitations returns the invitations neither used nor expired at
// now, newest first.
func (s *Store) PendingInvitations(ctx context.Context, now time.Time) ([]StaffInvitation, error) {
	var out []StaffInvitation
	err := s.db.WithContext(ctx).Where("used_at IS NULL AND expires_at > ?", dbTime(now)).
		Order("created_at DESC, id").Find(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: list pending invitations: %w", err)
	}
	return out, nil
}

// RevokeInvitation deletes a pending invitation by its id, so its link no
// longer works, and returns it; ErrNotFound when no invitation with the id
// is pending at now.
func (s *Store) RevokeInvitation(ctx context.Context, id string, now time.Time) (*StaffInvitation, error) {
	var inv StaffInvitation
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("id = ? AND used_at IS NULL AND expires_at > ?", id, dbTime(now)).Take(&inv).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		res := tx.Where("token_hash = ? AND used_at IS NULL", inv.TokenHash).Delete(&StaffInvitation{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound // accepted meanwhile
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: revoke invitation: %w", err)
	}
	return &inv, nil
}

// voidInvitationsBy deletes the unused invitations a staff member made and
// returns them.
func voidInvitationsBy(tx *gorm.DB, staffID string) ([]StaffInvitation, error) {
	var out []StaffInvitation
	if err := tx.Where("invited_by = ? AND used_at IS NULL", staffID).Order("created_at").Find(&out).Error; err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	if err := tx.Where("invited_by = ? AND used_at IS NULL", staffID).Delete(&StaffInvitation{}).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// Disabled is what went with a staff account when it was disabled.
type Disabled struct {
	Invitations []StaffInvitation // the unused invitations it made
	Schedules   []ContentSchedule // the publications and unpublications it planned
}

// DisableStaff disables a staff member at now, ends their sessions, voids
// their link to set up a second factor and the invitations they made that
// are still unused, and cancels the content
// plans they made, in one transaction: neither a link an administrator
// handed out nor a publication an editor planned outlives their account.
// It returns what it voided and cancelled; ErrNotFound when there is no
// such staff member.
func (s *Store) DisableStaff(ctx context.Context, id string, now time.Time) (Disabled, error) {
	now = dbTime(now)
	var out Disabled
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Staff{}).Where("id = ?", id).
			Updates(map[string]any{"disabled_at": now, "updated_at": now, "enrol_hash": "", "enrol_expires_at": nil})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if err := tx.Where("staff_id = ?", id).Delete(&StaffSession{}).Error; err != nil {
			return err
		}
		var err error
		if out.Invitations, err = voidInvitationsBy(tx, id); err != nil {
			return err
		}
		out.Schedules, err = cancelSchedulesBy(tx, id)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return Disabled{}, err
	}
	if err != nil {
		return Disabled{}, fmt.Errorf("store: disable staff: %w", err)
	}
	return out, nil
}

// ChangeStaffRole gives a staff member a role, with its languages and
// office. With voidInvitations (the member no longer may invite), the
// invitations they made that are still unused are voided in the same
// transaction and returned. ErrNotFound when there is no such staff member.
func (s *Store) ChangeStaffRole(ctx context.Context, id, role, languages, office string, voidInvitations bool, now time.Time) ([]StaffInvitation, error) {
	var voided []StaffInvitation
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Staff{}).Where("id = ?", id).Updates(map[string]any{
			"role": role, "languages": languages, "office": office, "updated_at": dbTime(now),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if !voidInvitations {
			return nil
		}
		var err error
		voided, err = voidInvitationsBy(tx, id)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: change staff role: %w", err)
	}
	return voided, nil
}

// PendingInvitation returns the invitation with the id when it is neither
// used nor expired at now; ErrNotFound otherwise.
func (s *Store) PendingInvitation(ctx context.Context, id string, now time.Time) (*StaffInvitation, error) {
	var inv StaffInvitation
	err := s.db.WithContext(ctx).Where("id = ? AND used_at IS NULL AND expires_at > ?", id, dbTime(now)).Take(&inv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load invitation: %w", err)
	}
	return &inv, nil
}
