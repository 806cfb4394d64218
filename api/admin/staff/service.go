// Package staff is administrators' management of the back-office's own
// accounts: the list of staff with their factors, invitations (made,
// e-mailed, listed, sent again, revoked), roles, disabling and enabling, and
// resetting a lost second factor.
package staff

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// InvitationLife is how long an invitation link works.
const InvitationLife = 48 * time.Hour

// EnrolLinkLife is how long a link e-mailed to set up a second factor works.
const EnrolLinkLife = 24 * time.Hour

// Service answers the routes of staff management.
type Service struct {
	store   *store.Store
	baseURL string
	keys    endpoint.Keys
	mail    mail.Enqueuer
	trail   *audit.Trail
	now     func() time.Time
}

// New returns staff management on st: invitation links under baseURL,
// invited addresses named in trail by a hash keyed with secretKey, links
// to set up a second factor e-mailed through mailer.
func New(st *store.Store, baseURL, secretKey string, mailer mail.Enqueuer, trail *audit.Trail, now func() time.Time) *Service {
	return &Service{store: st, baseURL: baseURL, keys: endpoint.NewKeys(secretKey), mail: mailer, trail: trail, now: now}
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

// ErrNoMail is returned by ResetSecondFactor when the site sends no e-mail:
// the link to set up a new second factor could not reach its owner.
var ErrNoMail = errors.New("admin: no mail queue to send the link through")

// Reset is a second factor reset: the address its set-up link was
// e-mailed to, and when the link stops working.
type Reset struct {
	Email     string
	ExpiresAt time.Time
}

// ResetSecondFactor removes every second factor of the staff member with
// the address, ends their sessions and e-mails them a one-time link,
// valid EnrolLinkLife, that starts the enrolment of a new one with their
// password: the password alone does not. A newer reset or disabling the
// account voids the link. It is recorded in the audit trail; ErrNotFound
// when no staff member has the address.
func (s *Service) ResetSecondFactor(ctx context.Context, email, by, ip string) (Reset, error) {
	m, err := s.store.StaffByEmail(ctx, endpoint.NormalizeEmail(email))
	if err != nil {
		return Reset{}, err
	}
	return s.reset(ctx, m, by, ip)
}

func (s *Service) reset(ctx context.Context, m *store.Staff, by, ip string) (Reset, error) {
	if s.mail == nil {
		return Reset{}, ErrNoMail
	}
	token := sessioncookie.NewSecret()
	now := s.now()
	expires := now.Add(EnrolLinkLife)
	if err := s.store.ResetSecondFactor(ctx, m.ID, sessioncookie.Hash(token), expires, now); err != nil {
		return Reset{}, err
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: by, Action: audit.ActionFactorReset, Item: m.ID, IP: ip})
	loc, ok := locale.Parse(m.Locale)
	if !ok {
		loc = locale.Default
	}
	err := s.mail.Enqueue(context.WithoutCancel(ctx), mail.Message{
		To: m.Email, Name: m.Name, Locale: loc, Kind: mail.KindStaffEnrolLink,
		Data: map[string]string{"link": s.baseURL + "/admin/enrol#" + token, "hours": strconv.Itoa(int(EnrolLinkLife / time.Hour))},
	})
	if err != nil {
		return Reset{}, err
	}
	return Reset{Email: m.Email, ExpiresAt: expires}, nil
}
