package access

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/store"
)

// Sign-in stages a staff session goes through.
const (
	StagePassword = "password" // the password was right; the second factor is due
	StageEnrol    = "enrol"    // the account has no second factor yet: it must enrol one
	StageFull     = "full"     // signed in
)

// Lifetimes.
const (
	sessionLife = 8 * time.Hour    // a staff session ends this long after sign-in, however busy
	idleLife    = 30 * time.Minute // or after this long unused
	pendingLife = 10 * time.Minute // a sign-in waiting for its second factor
	touchEvery  = time.Minute
)

// The trail's names of what the middleware refuses. A back-office request
// refused: the role does not cover the route (or the language), or the
// route asked for the second factor again. The item is the route,
// "PUT /staff/:id/role".
const (
	ActionRefused        = "refused"
	ActionStepUpRequired = "step-up-required"
)

// Recorder appends an event to the audit trail; *audit.Trail is one.
type Recorder interface {
	Record(ctx context.Context, e store.AuditEvent)
}

// Sessions are the staff sessions: their cookie, finding the session of
// a request, and the middleware that guards the back-office's routes.
type Sessions struct {
	store  *store.Store
	cookie sessioncookie.Cookie
	trail  Recorder
	log    *slog.Logger
	now    func() time.Time
	stepUp time.Duration // 0: every sensitive action asks for the second factor
}

// NewSessions returns the staff sessions: secure cookies on an https site,
// refusals recorded in trail, a proven second factor covering sensitive
// actions for stepUp (0: each asks anew).
func NewSessions(st *store.Store, secure bool, trail Recorder, log *slog.Logger, now func() time.Time, stepUp time.Duration) *Sessions {
	return &Sessions{store: st, cookie: staffCookie(secure), trail: trail, log: log, now: now, stepUp: stepUp}
}

// staffCookie is the staff session cookie: apart from the visitors'
// cookie, strict same-site, ending with the browser.
func staffCookie(secure bool) sessioncookie.Cookie {
	return sessioncookie.New("admin-session", secure, http.SameSiteStrictMode)
}

// SetCookie gives the browser the session's secret.
func (s *Sessions) SetCookie(c echo.Context, secret string) { c.SetCookie(s.cookie.With(secret, 0)) }

// ClearCookie takes the session cookie away.
func (s *Sessions) ClearCookie(c echo.Context) { c.SetCookie(s.cookie.Expired()) }

// Expiry is when a session of a stage, started at created and used at
// now, ends: 30 minutes idle and 8 hours after sign-in at most; a sign-in
// still waiting for its second factor gets 10 minutes.
func Expiry(stage string, created, now time.Time) time.Time {
	idle := idleLife
	if stage == StagePassword {
		idle = pendingLife
	}
	end := now.Add(idle)
	if last := created.Add(sessionLife); last.Before(end) {
		return last
	}
	return end
}

// Start signs m in at stage with a new session and cookie, ending
// whatever staff session the browser presented.
func (s *Sessions) Start(c echo.Context, m *store.Staff, stage string) error {
	ctx := c.Request().Context()
	if old := s.PresentedHash(c.Request()); old != "" {
		if err := s.store.DeleteStaffSession(ctx, old); err != nil {
			return err
		}
	}
	secret := sessioncookie.NewSecret()
	now := s.now()
	ua := c.Request().UserAgent()
	for len(ua) > 256 || !utf8.ValidString(ua) {
		ua = ua[:len(ua)-1]
	}
	sess := &store.StaffSession{
		IDHash: sessioncookie.Hash(secret), StaffID: m.ID, Stage: stage, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: Expiry(stage, now, now), IP: c.RealIP(), UserAgent: ua,
	}
	if err := s.store.CreateStaffSession(ctx, sess); err != nil {
		return err
	}
	s.SetCookie(c, secret)
	c.Set(currentKey, Current{Session: sess, Staff: m})
	return nil
}

// PresentedHash is the hash of the session secret the request carries, "" for none.
func (s *Sessions) PresentedHash(r *http.Request) string { return s.cookie.PresentedHash(r) }

// Current is the staff member of a request and their session.
type Current struct {
	Session *store.StaffSession
	Staff   *store.Staff
}

const currentKey = "admin.current"

// ErrNoSession is the answer of Lookup for a request with no live session.
var ErrNoSession = errors.New("admin: no staff session")

// Lookup finds the request's staff session, refusing one that expired,
// whose account was disabled, and slides its idle expiry.
func (s *Sessions) Lookup(c echo.Context) (Current, error) {
	if cur, ok := c.Get(currentKey).(Current); ok {
		return cur, nil
	}
	h := s.PresentedHash(c.Request())
	if h == "" {
		return Current{}, ErrNoSession
	}
	ctx := c.Request().Context()
	now := s.now()
	sess, err := s.store.StaffSessionByHash(ctx, h, now)
	if errors.Is(err, store.ErrNotFound) {
		return Current{}, ErrNoSession
	}
	if err != nil {
		return Current{}, err
	}
	if !now.Before(sess.CreatedAt.Add(sessionLife)) {
		return Current{}, ErrNoSession
	}
	m, err := s.store.StaffByID(ctx, sess.StaffID)
	if errors.Is(err, store.ErrNotFound) {
		return Current{}, ErrNoSession
	}
	if err != nil {
		return Current{}, err
	}
	if m.Disabled() {
		return Current{}, ErrNoSession
	}
	if now.Sub(sess.LastSeenAt) >= touchEvery {
		sess.LastSeenAt, sess.ExpiresAt = now, Expiry(sess.Stage, sess.CreatedAt, now)
		if err := s.store.UpdateStaffSession(ctx, sess.IDHash, map[string]any{"last_seen_at": now, "expires_at": sess.ExpiresAt}); err != nil {
			return Current{}, err
		}
	}
	cur := Current{Session: sess, Staff: m}
	c.Set(currentKey, cur)
	return cur, nil
}

// Of is the signed-in staff member of a request that passed RequireStage.
func Of(c echo.Context) Current {
	cur, _ := c.Get(currentKey).(Current)
	return cur
}

// RequireStage answers 401 unless the request carries a staff session at
// one of the stages.
func (s *Sessions) RequireStage(stages ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			cur, err := s.Lookup(c)
			if errors.Is(err, ErrNoSession) {
				s.ClearCookie(c)
				return endpoint.Fail(c, http.StatusUnauthorized, Text(c).NotSignedIn)
			}
			if err != nil {
				return fmt.Errorf("admin: load session: %w", err)
			}
			for _, st := range stages {
				if cur.Session.Stage == st {
					return next(c)
				}
			}
			m := Text(c)
			msg := m.SecondFactorDue
			if cur.Session.Stage == StageEnrol {
				msg = m.EnrolDue
			}
			return endpoint.FailWith(c, http.StatusUnauthorized, msg, map[string]string{"stage": cur.Session.Stage})
		}
	}
}

// Permit answers 403 unless the signed-in staff member's role has p, and
// records the refusal in the audit trail.
func (s *Sessions) Permit(p Permission) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if !Can(Role(Of(c).Staff.Role), p) {
				return s.Refuse(c, string(p), Text(c).Forbidden)
			}
			return next(c)
		}
	}
}

// Refuse answers 403 with message and records the refusal in the audit
// trail: who, the route, and what they lacked (a permission, or "language
// ar" for a translator outside their languages). A member probing routes
// their role does not cover shows up there.
func (s *Sessions) Refuse(c echo.Context, lacked, message string) error {
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: Of(c).Staff.ID, Action: ActionRefused,
		Item: RouteOf(c), Detail: lacked, IP: c.RealIP()})
	return endpoint.Fail(c, http.StatusForbidden, message)
}

// RouteOf names a request's back-office route as the trail records it:
// its method and pattern, "PUT /staff/:id/role", never the ids in the path.
func RouteOf(c echo.Context) string {
	return c.Request().Method + " " + strings.TrimPrefix(c.Path(), "/api/admin")
}

// Fresh answers 403 with the flag stepUpRequired unless a second factor
// was proven in this session within the step-up window (ten minutes by
// default); with a window of zero, each sensitive action uses up the proof
// given for it. Each demand is recorded in the audit trail.
func (s *Sessions) Fresh(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		sess := Of(c).Session
		ok := s.IsFresh(sess)
		if s.stepUp == 0 && sess.FactorAt != nil && !sess.FactorSpent {
			spent, err := s.store.SpendFactor(c.Request().Context(), sess.IDHash)
			if err != nil {
				return err
			}
			ok = spent
		}
		if !ok {
			s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: Of(c).Staff.ID, Action: ActionStepUpRequired,
				Item: RouteOf(c), IP: c.RealIP()})
			return endpoint.FailWith(c, http.StatusForbidden, Text(c).StepUp, endpoint.Flags{"stepUpRequired": true})
		}
		return next(c)
	}
}

// IsFresh reports whether a second factor proven in sess still covers
// sensitive actions.
func (s *Sessions) IsFresh(sess *store.StaffSession) bool {
	return s.stepUp > 0 && sess.FactorAt != nil && s.now().Sub(*sess.FactorAt) < s.stepUp
}

// Run deletes expired staff sessions every hour until ctx ends.
func (s *Sessions) Run(ctx context.Context) {
	sessioncookie.Sweep(ctx, func(ctx context.Context) {
		if _, err := s.store.DeleteExpiredStaffSessions(ctx, s.now()); err != nil && ctx.Err() == nil {
			s.log.Warn("admin: deleting expired staff sessions", "err", err)
		}
	})
}
