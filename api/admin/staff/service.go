// Package staff is administrators' management of the back-office's own
// accounts: the list of staff, invitations (made, listed, revoked), roles,
// disabling and enabling, and resetting a lost second factor.
package staff

import (
	"context"
	"errors"
	"strings"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/store"
)

// InvitationLife is how long an invitation link works.
const InvitationLife = 48 * time.Hour

// Service answers the routes of staff management.
type Service struct {
	store   *store.Store
	baseURL string
	keys    endpoint.Keys
	trail   *audit.Trail
	now     func() time.Time
}

// New returns staff management on st: invitation links under baseURL,
// invited addresses named in trail by a hash keyed with secretKey.
func New(st *store.Store, baseURL, secretKey string, trail *audit.Trail, now func() time.Time) *Service {
	return &Service{store: st, baseURL: baseURL, keys: endpoint.NewKeys(secretKey), trail: trail, now: now}
}

// Invitation is a link to join the back-office.
type Invitation struct {
	ID        string    `json:"id"` // names it in the list of pending invitations, and to revoke it
	Link      string    `json:"link"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// ErrInvalidInvitation is returned by Invite for a role, language or office that does not exist.
var ErrInvalidInvitation = errors.New("admin: invalid invitation")

// Invite creates a one-time link for email to join with role (and the
// languages or office that apply to it), valid 48 hours, in place of any
// earlier one to the address, and records it in the audit trail. by is the
// inviting staff member's id, "" from the command line.
func (s *Service) Invite(ctx context.Context, email string, role access.Role, languages []string, office, by, ip string) (Invitation, error) {
	email = endpoint.NormalizeEmail(email)
	if !endpoint.Email(email) || !access.ValidRole(string(role)) {
		return Invitation{}, ErrInvalidInvitation
	}
	if _, err := s.store.StaffByEmail(ctx, email); err == nil {
		return Invitation{}, store.ErrStaffExists
	} else if !errors.Is(err, store.ErrNotFound) {
		return Invitation{}, err
	}
	token := sessioncookie.NewSecret()
	now := s.now()
	inv := &store.StaffInvitation{
		TokenHash: sessioncookie.Hash(token), Email: email, Role: string(role), Languages: strings.Join(languages, ","),
		Office: office, InvitedBy: by, CreatedAt: now, ExpiresAt: now.Add(InvitationLife),
	}
	if err := s.store.CreateInvitation(ctx, inv); err != nil {
		return Invitation{}, err
	}
	detail := string(role)
	if inv.Languages != "" {
		detail += " (" + inv.Languages + ")"
	}
	if office != "" {
		detail += " (" + office + ")"
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: by, Action: audit.ActionInvitation, Item: s.invitedItem(email), Detail: detail, IP: ip})
	return Invitation{ID: inv.ID, Link: s.baseURL + "/admin/join#" + token, ExpiresAt: inv.ExpiresAt}, nil
}

// invitedItem names an invited address in the audit trail by a keyed hash:
// the person has no id yet, and the trail never holds personal data.
func (s *Service) invitedItem(email string) string { return s.keys.Of("staff-email", email)[:16] }

// ResetSecondFactor removes every second factor of the staff member with
// the address and ends their sessions: their next sign-in with their
// password asks them to enrol a new one. It is recorded in the audit trail.
func (s *Service) ResetSecondFactor(ctx context.Context, email, by, ip string) error {
	m, err := s.store.StaffByEmail(ctx, endpoint.NormalizeEmail(email))
	if err != nil {
		return err
	}
	if err := s.store.ResetSecondFactor(ctx, m.ID, s.now()); err != nil {
		return err
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: by, Action: audit.ActionFactorReset, Item: m.ID, IP: ip})
	return nil
}
