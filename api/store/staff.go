package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// migrateStaff creates the back-office's own accounts, apart from the
// visitors': staff members, their sessions, the invitations they join by,
// and their second factors (migration 12). Session ids, invitation tokens
// and recovery codes are stored only as hashes; the TOTP secret, which the
// server must read back, is stored sealed by the caller.
func migrateStaff(tx *gorm.DB, d dialect) error {
	statements := []string{
		`CREATE TABLE staff (
			id             TEXT PRIMARY KEY,
			email          TEXT NOT NULL UNIQUE,
			name           TEXT NOT NULL,
			role           TEXT NOT NULL,
			languages      TEXT NOT NULL DEFAULT '',
			office         TEXT NOT NULL DEFAULT '',
			locale         TEXT NOT NULL DEFAULT 'en',
			password_hash  TEXT NOT NULL,
			totp_sealed    TEXT NOT NULL DEFAULT '',
			totp_last_step BIGINT NOT NULL DEFAULT 0,
			disabled_at    ` + d.timestamp + `,
			created_at     ` + d.timestamp + ` NOT NULL,
			updated_at     ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE TABLE staff_sessions (
			id_hash      TEXT PRIMARY KEY,
			staff_id     TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
			stage        TEXT NOT NULL,
			ceremony     TEXT NOT NULL DEFAULT '',
			factor_at    ` + d.timestamp + `,
			factor_spent BOOLEAN NOT NULL DEFAULT FALSE,
			created_at   ` + d.timestamp + ` NOT NULL,
			last_seen_at ` + d.timestamp + ` NOT NULL,
			expires_at   ` + d.timestamp + ` NOT NULL,
			ip           TEXT NOT NULL DEFAULT '',
			user_agent   TEXT NOT NULL DEFAULT ''
		)`,
		`CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id)`,
		`CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at)`,
		`CREATE TABLE staff_invitations (
			token_hash TEXT PRIMARY KEY,
			email      TEXT NOT NULL,
			role       TEXT NOT NULL,
			languages  TEXT NOT NULL DEFAULT '',
			office     TEXT NOT NULL DEFAULT '',
			invited_by TEXT NOT NULL DEFAULT '',
			created_at ` + d.timestamp + ` NOT NULL,
			expires_at ` + d.timestamp + ` NOT NULL,
			used_at    ` + d.timestamp + `
		)`,
		`CREATE INDEX staff_invitations_email ON staff_invitations (email)`,
		`CREATE TABLE staff_passkeys (
			credential_id TEXT PRIMARY KEY,
			staff_id      TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
			credential    TEXT NOT NULL,
			created_at    ` + d.timestamp + ` NOT NULL,
			last_used_at  ` + d.timestamp + `
		)`,
		`CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id)`,
		`CREATE TABLE staff_recovery_codes (
			staff_id  TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
			code_hash TEXT NOT NULL,
			used_at   ` + d.timestamp + `,
			PRIMARY KEY (staff_id, code_hash)
		)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// migrateEnrolLinks keeps, on a staff account, the hash and expiry of the
// one link e-mailed to set up its second factor (migration 24): after a
// reset, the password alone no longer starts an enrolment.
func migrateEnrolLinks(tx *gorm.DB, d dialect) error {
	for _, stmt := range []string{
		`ALTER TABLE staff ADD COLUMN enrol_hash TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE staff ADD COLUMN enrol_expires_at ` + d.timestamp,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// ErrStaffExists is returned by AcceptInvitation when a staff account already has the address.
var ErrStaffExists = errors.New("store: a staff account already has this e-mail address")

// Staff is a member of the firm's staff with a back-office account.
type Staff struct {
	ID           string
	Email        string // normalized by the caller; unique
	Name         string
	Role         string
	Languages    string // comma-separated locales a translator works in
	Office       string // the office a sales account is limited to, "" for all
	MayApprove   bool   // may approve reviews in the languages the role writes
	Locale       string // the back-office language last used
	PasswordHash string
	TOTPSealed   string // sealed TOTP secret, "" when none is enrolled
	TOTPLastStep int64  // the last TOTP time step accepted, so no code is used twice
	// FactorFailures counts the wrong second factors in a row since the
	// last right one or lock, FactorLocks the locks in a row, and
	// FactorLockedUntil is when the latest lock of the second-factor step
	// ends (see TakeFactorTry).
	FactorFailures    int
	FactorLocks       int
	FactorLockedUntil *time.Time
	// EnrolHash is the hash of the one link that may start the enrolment
	// of a second factor, "" for none, and EnrolExpiresAt when it stops
	// working (see SpendEnrolLink).
	EnrolHash      string
	EnrolExpiresAt *time.Time
	DisabledAt     *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName names the table for GORM.
func (Staff) TableName() string { return "staff" }

// Disabled reports whether an administrator disabled the account.
func (s *Staff) Disabled() bool { return s.DisabledAt != nil }

// LanguageList returns the translator's languages.
func (s *Staff) LanguageList() []string {
	if s.Languages == "" {
		return []string{}
	}
	return strings.Split(s.Languages, ",")
}

// StaffSession is a signed-in (or signing-in) back-office browser. Stage
// says how far sign-in went: "password" (the second factor is still due),
// "enrol" (the account has no second factor yet and must enrol one) or
// "full". Ceremony holds the state of a passkey or TOTP enrolment under way.
type StaffSession struct {
	IDHash   string `gorm:"primaryKey"`
	StaffID  string
	Stage    string
	Ceremony string
	FactorAt *time.Time // when a second factor was last proven in this session
	// FactorSpent is set when a sensitive action used up the last proof
	// under a step-up window of zero (every such action asks anew).
	FactorSpent bool
	CreatedAt   time.Time
	LastSeenAt  time.Time
	ExpiresAt   time.Time
	IP          string
	UserAgent   string
}

// TableName names the table for GORM.
func (StaffSession) TableName() string { return "staff_sessions" }

// StaffInvitation is a one-time link to join the back-office.
type StaffInvitation struct {
	TokenHash string `gorm:"primaryKey"`
	ID        string // names it where the token must not: lists, revocation, the audit trail
	Email     string
	Role      string
	Languages string
	Office    string
	InvitedBy string // staff id, "" from the command line
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// TableName names the table for GORM.
func (StaffInvitation) TableName() string { return "staff_invitations" }

// StaffPasskey is a WebAuthn credential of a staff member, stored as the
// JSON the WebAuthn library gives.
type StaffPasskey struct {
	CredentialID string `gorm:"primaryKey"`
	StaffID      string
	Credential   string
	CreatedAt    time.Time
	LastUsedAt   *time.Time
}

// TableName names the table for GORM.
func (StaffPasskey) TableName() string { return "staff_passkeys" }

type staffRecoveryCode struct {
	StaffID  string `gorm:"primaryKey"`
	CodeHash string `gorm:"primaryKey"`
	UsedAt   *time.Time
}

func (staffRecoveryCode) TableName() string { return "staff_recovery_codes" }

func notFound(err error, what string) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	return nil
}

// StaffByID returns a staff member by id, or ErrNotFound.
func (s *Store) StaffByID(ctx context.Context, id string) (*Staff, error) {
	var m Staff
	if err := notFound(s.db.WithContext(ctx).Where("id = ?", id).Take(&m).Error, "load staff"); err != nil {
		return nil, err
	}
	return &m, nil
}

// StaffByEmail returns a staff member by normalized e-mail address, or ErrNotFound.
func (s *Store) StaffByEmail(ctx context.Context, email string) (*Staff, error) {
	var m Staff
	if err := notFound(s.db.WithContext(ctx).Where("email = ?", email).Take(&m).Error, "load staff"); err != nil {
		return nil, err
	}
	return &m, nil
}

// StaffList returns every staff member, by name.
func (s *Store) StaffList(ctx context.Context) ([]Staff, error) {
	var rows []Staff
	if err := s.db.WithContext(ctx).Order("name, email").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list staff: %w", err)
	}
	return rows, nil
}

// InvitationByHash returns an unused invitation that has not expired at now, or ErrNotFound.
func (s *Store) InvitationByHash(ctx context.Context, tokenHash string, now time.Time) (*StaffInvitation, error) {
	var inv StaffInvitation
	err := s.db.WithContext(ctx).Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", tokenHash, dbTime(now)).Take(&inv).Error
	if err := notFound(err, "load invitation"); err != nil {
		return nil, err
	}
	return &inv, nil
}

// AcceptInvitation spends the invitation and creates the staff account it
// invites, in one transaction: a link works once, even when two browsers
// follow it together. It answers ErrNotFound when the invitation is spent
// or expired, ErrStaffExists when the address already has an account.
func (s *Store) AcceptInvitation(ctx context.Context, tokenHash string, m *Staff, now time.Time) error {
	now = dbTime(now)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var inv StaffInvitation
		err := tx.Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", tokenHash, now).Take(&inv).Error
		if err := notFound(err, "accept invitation"); err != nil {
			return err
		}
		res := tx.Model(&StaffInvitation{}).Where("token_hash = ? AND used_at IS NULL", tokenHash).Update("used_at", now)
		if res.Error != nil {
			return fmt.Errorf("store: accept invitation: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		var n int64
		if err := tx.Model(&Staff{}).Where("email = ?", inv.Email).Count(&n).Error; err != nil {
			return fmt.Errorf("store: accept invitation: %w", err)
		}
		if n > 0 {
			return ErrStaffExists
		}
		m.ID, m.Email, m.Role, m.Languages, m.Office = newID(), inv.Email, inv.Role, inv.Languages, inv.Office
		m.CreatedAt, m.UpdatedAt = now, now
		if err := tx.Create(m).Error; err != nil {
			return fmt.Errorf("store: create staff: %w", err)
		}
		return nil
	})
}

// UpdateStaff changes the given columns of a staff member's row.
func (s *Store) UpdateStaff(ctx context.Context, id string, changes map[string]any, now time.Time) error {
	changes["updated_at"] = dbTime(now)
	res := s.db.WithContext(ctx).Model(&Staff{}).Where("id = ?", id).Updates(changes)
	if res.Error != nil {
		return fmt.Errorf("store: update staff: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// AcceptTOTPStep records step as the last TOTP step a staff member used and
// reports false when it, or a later one, was already used: a code works once.
func (s *Store) AcceptTOTPStep(ctx context.Context, id string, step int64) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Staff{}).Where("id = ? AND totp_last_step < ?", id, step).Update("totp_last_step", step)
	if res.Error != nil {
		return false, fmt.Errorf("store: record totp step: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ResetSecondFactor removes every second factor of a staff member (TOTP,
// passkeys, recovery codes), ends their sessions and keeps linkHash as the
// one link, until expires, that may start the enrolment of a new one: a
// link made before stops working. ErrNotFound when there is no such staff
// member.
func (s *Store) ResetSecondFactor(ctx context.Context, id, linkHash string, expires, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Staff{}).Where("id = ?", id).Updates(map[string]any{
			"totp_sealed": "", "totp_last_step": 0, "enrol_hash": linkHash, "enrol_expires_at": dbTime(expires),
			"updated_at": dbTime(now),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		for _, model := range []any{&StaffPasskey{}, &staffRecoveryCode{}, &StaffSession{}} {
			if err := tx.Where("staff_id = ?", id).Delete(model).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("store: reset second factor: %w", err)
	}
	return err
}

// SpendEnrolLink spends the staff member's enrolment link whose hash is
// linkHash, and reports whether it was theirs, unspent and unexpired at
// now, and the account not disabled: a link starts one enrolment, even
// when two browsers follow it together.
func (s *Store) SpendEnrolLink(ctx context.Context, id, linkHash string, now time.Time) (bool, error) {
	if linkHash == "" {
		return false, nil
	}
	res := s.db.WithContext(ctx).Model(&Staff{}).
		Where("id = ? AND enrol_hash = ? AND enrol_expires_at > ? AND disabled_at IS NULL", id, linkHash, dbTime(now)).
		Updates(map[string]any{"enrol_hash": "", "enrol_expires_at": nil})
	if res.Error != nil {
		return false, fmt.Errorf("store: spend enrolment link: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// CreateStaffSession stores a new staff session.
func (s *Store) CreateStaffSession(ctx context.Context, sess *StaffSession) error {
	sess.CreatedAt, sess.LastSeenAt, sess.ExpiresAt = dbTime(sess.CreatedAt), dbTime(sess.LastSeenAt), dbTime(sess.ExpiresAt)
	if err := s.db.WithContext(ctx).Create(sess).Error; err != nil {
		return fmt.Errorf("store: create staff session: %w", err)
	}
	return nil
}

// StaffSessionByHash returns the staff session whose secret hashes to
// idHash when it has not expired at now, or ErrNotFound.
func (s *Store) StaffSessionByHash(ctx context.Context, idHash string, now time.Time) (*StaffSession, error) {
	var sess StaffSession
	err := s.db.WithContext(ctx).Where("id_hash = ? AND expires_at > ?", idHash, dbTime(now)).Take(&sess).Error
	if err := notFound(err, "load staff session"); err != nil {
		return nil, err
	}
	return &sess, nil
}

// UpdateStaffSession changes the given columns of a staff session.
func (s *Store) UpdateStaffSession(ctx context.Context, idHash string, changes map[string]any) error {
	for k, v := range changes {
		if t, ok := v.(time.Time); ok {
			changes[k] = dbTime(t)
		}
	}
	if err := s.db.WithContext(ctx).Model(&StaffSession{}).Where("id_hash = ?", idHash).Updates(changes).Error; err != nil {
		return fmt.Errorf("store: update staff session: %w", err)
	}
	return nil
}

// RenewStaffSession changes the given columns of a staff session, its
// id_hash among them when its secret is renewed: the old secret stops
// working in the same statement. ErrNotFound when the session has ended.
func (s *Store) RenewStaffSession(ctx context.Context, idHash string, changes map[string]any) error {
	for k, v := range changes {
		if t, ok := v.(time.Time); ok {
			changes[k] = dbTime(t)
		}
	}
	res := s.db.WithContext(ctx).Model(&StaffSession{}).Where("id_hash = ?", idHash).Updates(changes)
	if res.Error != nil {
		return fmt.Errorf("store: renew staff session: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// SpendFactor marks the session's last second factor as used by a
// sensitive action and reports whether it was still unused.
func (s *Store) SpendFactor(ctx context.Context, idHash string) (bool, error) {
	res := s.db.WithContext(ctx).Model(&StaffSession{}).Where("id_hash = ? AND factor_spent = ?", idHash, false).Update("factor_spent", true)
	if res.Error != nil {
		return false, fmt.Errorf("store: spend second factor: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// DeleteStaffSession ends a staff session.
func (s *Store) DeleteStaffSession(ctx context.Context, idHash string) error {
	if err := s.db.WithContext(ctx).Where("id_hash = ?", idHash).Delete(&StaffSession{}).Error; err != nil {
		return fmt.Errorf("store: delete staff session: %w", err)
	}
	return nil
}

// DeleteStaffSessions ends every session of a staff member.
func (s *Store) DeleteStaffSessions(ctx context.Context, staffID string) error {
	if err := s.db.WithContext(ctx).Where("staff_id = ?", staffID).Delete(&StaffSession{}).Error; err != nil {
		return fmt.Errorf("store: delete staff sessions: %w", err)
	}
	return nil
}

// DeleteExpiredStaffSessions removes staff sessions and invitations that expired before now.
func (s *Store) DeleteExpiredStaffSessions(ctx context.Context, now time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Where("expires_at < ?", dbTime(now)).Delete(&StaffSession{})
	if res.Error != nil {
		return 0, fmt.Errorf("store: delete expired staff sessions: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// AddPasskey stores a staff member's new passkey.
func (s *Store) AddPasskey(ctx context.Context, p *StaffPasskey) error {
	p.CreatedAt = dbTime(p.CreatedAt)
	if err := s.db.WithContext(ctx).Create(p).Error; err != nil {
		return fmt.Errorf("store: add passkey: %w", err)
	}
	return nil
}

// Passkeys returns a staff member's passkeys, oldest first.
func (s *Store) Passkeys(ctx context.Context, staffID string) ([]StaffPasskey, error) {
	var rows []StaffPasskey
	if err := s.db.WithContext(ctx).Where("staff_id = ?", staffID).Order("created_at").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list passkeys: %w", err)
	}
	return rows, nil
}

// PasskeyCounts returns how many passkeys each staff member has, by staff
// id; a member with none is absent.
func (s *Store) PasskeyCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		StaffID string
		N       int
	}
	err := s.db.WithContext(ctx).Model(&StaffPasskey{}).Select("staff_id, COUNT(*) AS n").Group("staff_id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: count passkeys: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.StaffID] = r.N
	}
	return out, nil
}

// UpdatePasskey stores a passkey's credential again after a sign-in (its
// signature counter moves) and when it was used.
func (s *Store) UpdatePasskey(ctx context.Context, credentialID, credential string, now time.Time) error {
	err := s.db.WithContext(ctx).Model(&StaffPasskey{}).Where("credential_id = ?", credentialID).
		Updates(map[string]any{"credential": credential, "last_used_at": dbTime(now)}).Error
	if err != nil {
		return fmt.Errorf("store: update passkey: %w", err)
	}
	return nil
}

// SetRecoveryCodes replaces a staff member's recovery codes with new hashes.
func (s *Store) SetRecoveryCodes(ctx context.Context, staffID string, hashes []string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("staff_id = ?", staffID).Delete(&staffRecoveryCode{}).Error; err != nil {
			return fmt.Errorf("store: set recovery codes: %w", err)
		}
		rows := make([]staffRecoveryCode, len(hashes))
		for i, h := range hashes {
			rows[i] = staffRecoveryCode{StaffID: staffID, CodeHash: h}
		}
		if err := tx.Create(&rows).Error; err != nil {
			return fmt.Errorf("store: set recovery codes: %w", err)
		}
		return nil
	})
}

// UseRecoveryCode spends one unused recovery code and reports whether there was one.
func (s *Store) UseRecoveryCode(ctx context.Context, staffID, codeHash string, now time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Model(&staffRecoveryCode{}).
		Where("staff_id = ? AND code_hash = ? AND used_at IS NULL", staffID, codeHash).Update("used_at", dbTime(now))
	if res.Error != nil {
		return false, fmt.Errorf("store: use recovery code: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// RecoveryCodesLeft counts a staff member's unused recovery codes.
func (s *Store) RecoveryCodesLeft(ctx context.Context, staffID string) (int, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&staffRecoveryCode{}).Where("staff_id = ? AND used_at IS NULL", staffID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: count recovery codes: %w", err)
	}
	return int(n), nil
}

// ErrLastFactor is answered when removing a second factor would leave a
// staff member with none: recovery codes alone do not count.
var ErrLastFactor = errors.New("store: a staff member's last second factor")

// RemovePasskey deletes one of a staff member's passkeys: ErrNotFound when
// it is not theirs, ErrLastFactor when it is the only factor they have.
func (s *Store) RemovePasskey(ctx context.Context, staffID, credentialID string, now time.Time) error {
	return s.removeFactor(ctx, staffID, now, func(tx *gorm.DB) (int64, error) {
		res := tx.Where("staff_id = ? AND credential_id = ?", staffID, credentialID).Delete(&StaffPasskey{})
		return res.RowsAffected, res.Error
	})
}

// RemoveTOTP forgets a staff member's authenticator app: ErrNotFound when
// they have none, ErrLastFactor when it is the only factor they have.
func (s *Store) RemoveTOTP(ctx context.Context, staffID string, now time.Time) error {
	return s.removeFactor(ctx, staffID, now, func(tx *gorm.DB) (int64, error) {
		res := tx.Model(&Staff{}).Where("id = ? AND totp_sealed <> ''", staffID).
			Updates(map[string]any{"totp_sealed": "", "totp_last_step": 0})
		return res.RowsAffected, res.Error
	})
}

// removeFactor runs remove and keeps it only if the staff member still has
// a second factor afterwards. The first write takes the staff member's row,
// so two removals at once run one after the other and cannot both pass.
func (s *Store) removeFactor(ctx context.Context, staffID string, now time.Time, remove func(*gorm.DB) (int64, error)) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Staff{}).Where("id = ?", staffID).Update("updated_at", dbTime(now))
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		removed, err := remove(tx)
		if err != nil {
			return err
		}
		if removed == 0 {
			return ErrNotFound
		}
		var passkeys, apps int64
		if err := tx.Model(&StaffPasskey{}).Where("staff_id = ?", staffID).Count(&passkeys).Error; err != nil {
			return err
		}
		if err := tx.Model(&Staff{}).Where("id = ? AND totp_sealed <> ''", staffID).Count(&apps).Error; err != nil {
			return err
		}
		if passkeys+apps == 0 {
			return ErrLastFactor
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrLastFactor) {
		return fmt.Errorf("store: remove second factor: %w", err)
	}
	return err
}
