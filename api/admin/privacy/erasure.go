// Package privacy is erasing a person on request: listing everything the
// site holds about an e-mail address, then erasing it in one action.
package privacy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/store"
)

// Erasing a person: everything the site holds about an e-mail address —
// the visitor account with its sessions, tokens, pending registrations and
// picture, the submissions sent with the address or by the account (their
// personal fields, as retention erases them, and their CVs), and the mail
// to the address still waiting in the queue — listed, then erased in one
// action by an administrator, and recorded once in the audit trail under a
// keyed hash of the address.

// DevOutbox is the development outbox (/dev/mail), which keeps rendered
// messages with their recipients; *mail.Outbox is one. Production has none.
type DevOutbox interface {
	// CountFor counts the messages to or about an address.
	CountFor(ctx context.Context, address string) (int, error)
	// EraseFor deletes them and returns how many it deleted.
	EraseFor(ctx context.Context, address string) (int, error)
}

// heldAccount is a visitor account as the erasure screen lists it.
type heldAccount struct {
	CreatedAt     time.Time `json:"createdAt"`
	Confirmed     bool      `json:"confirmed"`
	Sessions      int       `json:"sessions"`
	Registrations int64     `json:"registrations"` // not yet confirmed
	Picture       bool      `json:"picture"`
}

// heldSubmission is a submission as the erasure screen lists it.
type heldSubmission struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Target    string    `json:"target"`
	CreatedAt time.Time `json:"createdAt"`
	CV        bool      `json:"cv"` // a CV is still stored
}

// heldMail is a queued message as the erasure screen lists it.
type heldMail struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	CreatedAt time.Time `json:"createdAt"`
	Attempts  int       `json:"attempts"`
}

// holdings is everything the site holds about an address.
type holdings struct {
	Account     *heldAccount     `json:"account"`
	Submissions []heldSubmission `json:"submissions"`
	Mail        []heldMail       `json:"mail"`
	Outbox      *int             `json:"outbox,omitempty"` // development only

	user *store.User
	subs []store.Submission
}

// empty reports whether nothing is held.
func (h *holdings) empty() bool {
	return h.Account == nil && len(h.Submissions) == 0 && len(h.Mail) == 0 && (h.Outbox == nil || *h.Outbox == 0)
}

// personEmail reads and checks the address an erasure route names,
// answering 400 (and returning "") when it is missing or malformed.
func personEmail(c echo.Context, raw string) (string, error) {
	req := erasureRequest{Email: raw}
	v := endpoint.NewChecker(access.Text(c).Messages)
	req.Check(v)
	if !v.OK() {
		return "", endpoint.Invalid(c, v.Errs)
	}
	return req.Email, nil
}

// held collects what the site holds about a normalized address.
func (s *Service) held(ctx context.Context, email string) (*holdings, error) {
	h := &holdings{Submissions: []heldSubmission{}, Mail: []heldMail{}}
	userID := ""
	u, err := s.store.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return nil, err
	default:
		h.user, userID = u, u.ID
		sessions, err := s.store.UserSessions(ctx, u.ID, s.now())
		if err != nil {
			return nil, err
		}
		regs, err := s.store.RegistrationCount(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		h.Account = &heldAccount{
			CreatedAt: u.CreatedAt.UTC(), Confirmed: u.Confirmed(), Sessions: len(sessions),
			Registrations: regs, Picture: u.AvatarKey != "",
		}
	}
	if h.subs, err = s.store.SubmissionsOf(ctx, email, userID); err != nil {
		return nil, err
	}
	for _, sub := range h.subs {
		h.Submissions = append(h.Submissions, heldSubmission{
			ID: sub.ID, Kind: sub.Kind, Target: sub.Target, CreatedAt: sub.CreatedAt.UTC(),
			CV: sub.CVBlobKey != nil && sub.CVDeletedAt == nil,
		})
	}
	queued, err := s.store.PendingMailTo(ctx, s.keys.Recipient(email))
	if err != nil {
		return nil, err
	}
	for _, m := range queued {
		h.Mail = append(h.Mail, heldMail{ID: m.ID, Kind: m.Kind, CreatedAt: m.CreatedAt.UTC(), Attempts: m.Attempts})
	}
	if s.outbox != nil {
		n, err := s.outbox.CountFor(ctx, email)
		if err != nil {
			return nil, err
		}
		h.Outbox = &n
	}
	return h, nil
}

// Show answers everything the site holds about an address, after a
// fresh second factor: the list is itself personal data. Each lookup is
// recorded in the audit trail as an erasure is: who, how much of each kind
// was found, and a keyed hash of the address.
//
// GET /api/admin/erasure?email=…
func (s *Service) Show(c echo.Context) error {
	email, err := personEmail(c, c.QueryParam("email"))
	if email == "" {
		return err
	}
	h, err := s.held(c.Request().Context(), email)
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionErasureLookup,
		Item: s.erasureItem(email), Detail: h.detail(), IP: c.RealIP()})
	return endpoint.OK(c, h, "")
}

// detail is what a lookup found as the audit trail records it: numbers only.
func (h *holdings) detail() string {
	account, outbox := 0, 0
	if h.Account != nil {
		account = 1
	}
	if h.Outbox != nil {
		outbox = *h.Outbox
	}
	return fmt.Sprintf("account=%d submissions=%d mail=%d outbox=%d", account, len(h.Submissions), len(h.Mail), outbox)
}

// erased counts what an erasure removed.
type erased struct {
	account, sessions, registrations, submissions, cvs, mail, outbox int
	failed                                                           int // submissions whose CV could not be deleted, left as they were
}

// erasedCounts is how much an erasure erased, by what it was.
type erasedCounts struct {
	Account       int `json:"account"`
	Sessions      int `json:"sessions"`
	Registrations int `json:"registrations"`
	Submissions   int `json:"submissions"`
	CVs           int `json:"cvs"`
	Mail          int `json:"mail"`
	Outbox        int `json:"outbox"`
}

// detail is the count as the audit trail records it: numbers only.
func (e erased) detail() string {
	return fmt.Sprintf("account=%d sessions=%d registrations=%d submissions=%d cvs=%d mail=%d outbox=%d",
		e.account, e.sessions, e.registrations, e.submissions, e.cvs, e.mail, e.outbox)
}

// erase erases everything held about an address. The submissions go
// first, while the account still links them; then the account, its
// picture and everything hanging on it; then the queued mail.
func (s *Service) erase(ctx context.Context, email string) (erased, error) {
	var out erased
	h, err := s.held(ctx, email)
	if err != nil {
		return out, err
	}
	now := s.now()
	for i := range h.subs {
		sub := &h.subs[i]
		cv := sub.CVBlobKey != nil && sub.CVDeletedAt == nil
		if err := forms.EraseSubmission(ctx, s.store, s.blobs, sub, now); err != nil {
			if store.Unavailable(err) {
				return out, err
			}
			s.log.Error("admin: erasing a submission", "submission_id", sub.ID, "err", err)
			out.failed++
			continue
		}
		out.submissions++
		if cv {
			out.cvs++
		}
	}
	if h.user != nil {
		avatar, err := s.store.DeleteUser(ctx, h.user.ID)
		switch {
		case errors.Is(err, store.ErrNotFound): // deleted meanwhile
		case err != nil:
			return out, err
		default:
			out.account, out.sessions, out.registrations = 1, h.Account.Sessions, int(h.Account.Registrations)
			if avatar != "" && s.blobs != nil {
				if err := s.blobs.Delete(context.WithoutCancel(ctx), avatar); err != nil {
					s.log.Warn("admin: deleting an erased account's picture", "key", avatar, "err", err)
				}
			}
		}
	}
	n, err := s.store.ErasePendingMailTo(ctx, s.keys.Recipient(email))
	if err != nil {
		return out, err
	}
	out.mail = int(n)
	if s.outbox != nil {
		if out.outbox, err = s.outbox.EraseFor(ctx, email); err != nil {
			return out, err
		}
	}
	return out, nil
}

// erasureRequest names the person to erase by their e-mail address.
type erasureRequest struct {
	Email string `json:"email"`
}

// Check requires a well-formed address and keeps it normalized.
func (r *erasureRequest) Check(v *endpoint.Checker) { r.Email = v.Email("email", r.Email) }

// Erase erases everything held about an address, after a fresh
// second factor, and records it once in the audit trail: who, when, how
// much of each kind, and a keyed hash of the address, never the address.
//
// POST /api/admin/erasure {email}
func (s *Service) Erase(c echo.Context) error {
	req, m, err := access.Bind[erasureRequest](c)
	if err != nil {
		return err
	}
	email := req.Email
	ctx := c.Request().Context()
	done, err := s.erase(ctx, email)
	if done != (erased{}) {
		// Deleted rows would otherwise stay readable in the database's files.
		if err := s.store.ScrubDeleted(context.WithoutCancel(ctx)); err != nil {
			s.log.Warn("admin: scrubbing an erased person from the database's files", "err", err)
		}
	}
	if done != (erased{}) || err == nil {
		s.trail.Record(ctx, store.AuditEvent{
			ActorID: access.Of(c).Staff.ID, Action: audit.ActionErasure, Item: s.erasureItem(email),
			Detail: done.detail(), IP: c.RealIP(),
		})
	}
	if err != nil {
		return err
	}
	counts := erasedCounts{
		Account: done.account, Sessions: done.sessions, Registrations: done.registrations,
		Submissions: done.submissions, CVs: done.cvs, Mail: done.mail, Outbox: done.outbox,
	}
	if done.failed > 0 {
		return endpoint.FailWith(c, http.StatusServiceUnavailable, m.ErasureIncomplete, counts)
	}
	return endpoint.OK(c, counts, m.Erased)
}

// erasureItem names an erased address in the audit trail: a keyed hash,
// as invitations name theirs, so the trail holds no personal data yet an
// administrator who knows the address can find its erasure.
func (s *Service) erasureItem(email string) string {
	return s.keys.Of("erased-email", endpoint.NormalizeEmail(email))[:16]
}

// Service answers the erasure routes.
type Service struct {
	store  *store.Store
	blobs  blob.Store
	keys   endpoint.Keys
	outbox DevOutbox
	trail  *audit.Trail
	log    *slog.Logger
	now    func() time.Time
}

// New returns the erasure routes: what is held is looked up in st, blobs
// (CVs and pictures) and outbox (nil in production), the erased address
// named in trail by a hash keyed with keys.
func New(st *store.Store, blobs blob.Store, keys endpoint.Keys, outbox DevOutbox, trail *audit.Trail, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, blobs: blobs, keys: keys, outbox: outbox, trail: trail, log: log, now: now}
}
