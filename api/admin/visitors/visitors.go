// Package visitors is what administrators do to visitors' accounts from the
// back-office: look one up, see its state and sessions, send a new
// confirmation link, end its sessions, disable, enable or delete it.
package visitors

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Visitor accounts, for administrators: look one up by address or name,
// see its state and sessions, send a new confirmation link, end its
// sessions, disable, enable or delete it. What is done to an account goes
// through the visitors' own service, so it takes the paths their own
// requests take.

// MaxSearch is the longest search, in characters.
const MaxSearch = 200

// Accounts is what the back-office needs of the visitors' accounts;
// *auth.Service is one.
type Accounts interface {
	// SendConfirmation queues a new confirmation link under the address's
	// hourly cap of account e-mails, and reports whether it was queued.
	SendConfirmation(ctx context.Context, u *store.User) bool
	// DeleteAccount deletes an account with everything attached to it, its
	// picture's file included, or returns store.ErrNotFound.
	DeleteAccount(ctx context.Context, id string) error
	// ThrottleOf reads what the failure counters hold against an address.
	ThrottleOf(ctx context.Context, email string) (auth.Throttle, error)
	// ActiveSessions lists an account's sessions that may still be used.
	ActiveSessions(ctx context.Context, userID string) ([]store.Session, error)
}

const visitorsPage = 25

// Item is an account as the list shows it.
type Item struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	CreatedAt time.Time `json:"createdAt"`
	Confirmed bool      `json:"confirmed"`
	Disabled  bool      `json:"disabled"`
}

func visitorOf(u *store.User) Item {
	return Item{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		CreatedAt: u.CreatedAt.UTC(), Confirmed: u.Confirmed(), Disabled: u.Disabled(),
	}
}

// Session is a signed-in browser of an account, named by its
// device: never its id, its secret's hash or its address.
type Session struct {
	Device     string    `json:"device"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
}

// Detail is one account's state.
type Detail struct {
	Item
	Locale              string     `json:"locale"`
	ConfirmedAt         *time.Time `json:"confirmedAt"`
	DisabledAt          *time.Time `json:"disabledAt"`
	RecoveryPausedUntil *time.Time `json:"recoveryPausedUntil"`
	CaptchaUntil        *time.Time `json:"captchaUntil"`
	Sessions            []Session  `json:"sessions"`
}

func utcOrNil(t *time.Time) *time.Time {
	if t == nil || t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

// List answers a page of the accounts whose address or name
// contains q, newest first, with how many there are.
//
// GET /api/admin/visitors
func (s *Service) List(c echo.Context) error {
	f, page, errs := listQuery(c.QueryParams(), access.Text(c))
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	rows, total, err := s.store.Users(c.Request().Context(), f)
	if err != nil {
		return err
	}
	items := make([]Item, len(rows))
	for i := range rows {
		items[i] = visitorOf(&rows[i])
	}
	return endpoint.OK(c, Page{Items: items, Total: total, Page: page, PageSize: visitorsPage}, "")
}

// listQuery reads the list's query: the search q, one line of at most
// MaxSearch characters, and the page, from 1 (the first) to 100000. It
// returns the accounts' filter and the page, or a message per field it
// cannot use.
func listQuery(q url.Values, m *access.Messages) (store.UserFilter, int, map[string]string) {
	v := endpoint.NewChecker(m.Messages)
	// One line of text: a control character (NUL among them, which
	// PostgreSQL refuses) or malformed UTF-8 is the searcher's mistake.
	search := v.Line("q", q.Get("q"), MaxSearch, false)
	page := 1
	if p := q.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 100000 {
			v.Set("page", m.FixFields)
		}
		page = n
	}
	return store.UserFilter{Search: search, Limit: visitorsPage, Offset: (page - 1) * visitorsPage}, page, v.Errs
}

// Page is one page of the list of accounts.
type Page struct {
	Items    []Item `json:"items"`
	Total    int64  `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

// visitor loads the account a route names, answering 404 when there is none.
func (s *Service) visitor(c echo.Context) (*store.User, error) {
	id := c.Param("id")
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return nil, endpoint.Fail(c, http.StatusNotFound, access.Text(c).VisitorNotFound)
	}
	u, err := s.store.UserByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, endpoint.Fail(c, http.StatusNotFound, access.Text(c).VisitorNotFound)
	}
	return u, err
}

// Show answers one account's state: confirmed, disabled, whether
// its recovery is paused or its logins need the captcha, and its sessions.
//
// GET /api/admin/visitors/:id
func (s *Service) Show(c echo.Context) error {
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	ctx := c.Request().Context()
	th, err := s.accounts.ThrottleOf(ctx, u.Email)
	if err != nil {
		return err
	}
	rows, err := s.accounts.ActiveSessions(ctx, u.ID)
	if err != nil {
		return err
	}
	loc := endpoint.Locale(c.Request())
	if loc != locale.Ar {
		loc = locale.En
	}
	sessions := make([]Session, len(rows))
	for i, r := range rows {
		sessions[i] = Session{Device: auth.DescribeDevice(r.UserAgent, loc), CreatedAt: r.CreatedAt.UTC(), LastSeenAt: r.LastSeenAt.UTC()}
	}
	return endpoint.OK(c, Detail{
		Item: visitorOf(u), Locale: u.Locale,
		ConfirmedAt: utcOrNil(u.EmailConfirmedAt), DisabledAt: utcOrNil(u.DisabledAt),
		RecoveryPausedUntil: utcOrNil(&th.RecoveryPausedUntil), CaptchaUntil: utcOrNil(&th.CaptchaUntil),
		Sessions: sessions,
	}, "")
}

// auditVisitor records an action on an account: the account by its id,
// never its address or name.
func (s *Service) auditVisitor(c echo.Context, action, id, detail string) {
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: action, Item: id, Detail: detail, IP: c.RealIP()})
}

func sessionsDetail(n int64) string { return fmt.Sprintf("%d sessions", n) }

// ResendConfirmation sends an unconfirmed account a new
// confirmation link, unless its address had its hour's account e-mails.
//
// POST /api/admin/visitors/:id/confirmation
func (s *Service) ResendConfirmation(c echo.Context) error {
	m := access.Text(c)
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	if u.Confirmed() {
		return endpoint.Fail(c, http.StatusConflict, m.VisitorConfirmed)
	}
	if !s.accounts.SendConfirmation(c.Request().Context(), u) {
		return endpoint.Fail(c, http.StatusTooManyRequests, m.VisitorMailCapped)
	}
	s.auditVisitor(c, audit.ActionVisitorConfirmation, u.ID, "")
	return endpoint.OK(c, nil, m.VisitorConfirmationSent)
}

// EndSessions signs an account out everywhere.
//
// DELETE /api/admin/visitors/:id/sessions
func (s *Service) EndSessions(c echo.Context) error {
	m := access.Text(c)
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	n, err := s.store.DeleteUserSessions(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	s.auditVisitor(c, audit.ActionVisitorSessionsEnded, u.ID, sessionsDetail(n))
	return endpoint.OK(c, Ended{Ended: n}, m.VisitorSessionsEnded)
}

// Ended is how many sessions were ended.
type Ended struct {
	Ended int64 `json:"ended"`
}

// Disable disables an account and ends its sessions and any
// password reset under way; enableVisitor lifts it.
//
// POST /api/admin/visitors/:id/disable
func (s *Service) Disable(c echo.Context) error {
	m := access.Text(c)
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	if u.Disabled() {
		return endpoint.Fail(c, http.StatusConflict, m.VisitorAlreadyDisabled)
	}
	n, err := s.store.DisableUser(c.Request().Context(), u.ID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.VisitorNotFound)
	}
	if err != nil {
		return err
	}
	s.auditVisitor(c, audit.ActionVisitorDisable, u.ID, sessionsDetail(n))
	return endpoint.OK(c, nil, m.VisitorDisabled)
}

// Enable lets a disabled account sign in again.
//
// POST /api/admin/visitors/:id/enable
func (s *Service) Enable(c echo.Context) error {
	m := access.Text(c)
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	if !u.Disabled() {
		return endpoint.Fail(c, http.StatusConflict, m.VisitorNotDisabled)
	}
	err = s.store.EnableUser(c.Request().Context(), u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.VisitorNotFound)
	}
	if err != nil {
		return err
	}
	s.auditVisitor(c, audit.ActionVisitorEnable, u.ID, "")
	return endpoint.OK(c, nil, m.VisitorEnabled)
}

// Delete deletes an account with its sessions, tokens and picture.
//
// DELETE /api/admin/visitors/:id
func (s *Service) Delete(c echo.Context) error {
	m := access.Text(c)
	u, err := s.visitor(c)
	if u == nil {
		return err
	}
	err = s.accounts.DeleteAccount(c.Request().Context(), u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.VisitorNotFound)
	}
	if err != nil {
		return err
	}
	s.auditVisitor(c, audit.ActionVisitorDelete, u.ID, "")
	return endpoint.OK(c, nil, m.VisitorDeleted)
}

// Service answers the visitor-account routes.
type Service struct {
	store    *store.Store
	accounts Accounts
	trail    *audit.Trail
	now      func() time.Time
}

// New returns the visitor-account routes on st, acting through accounts
// and recording in trail.
func New(st *store.Store, accounts Accounts, trail *audit.Trail, now func() time.Time) *Service {
	return &Service{store: st, accounts: accounts, trail: trail, now: now}
}
