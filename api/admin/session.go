package admin

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Sign-in stages a staff session goes through.
const (
	stagePassword = "password" // the password was right; the second factor is due
	stageEnrol    = "enrol"    // the account has no second factor yet: it must enrol one
	stageFull     = "full"     // signed in
)

// The secrets of staff sessions and invitation links: random, checked for
// shape before any lookup, stored only as their hash.
var (
	newSecret        = sessioncookie.NewSecret
	wellFormedSecret = sessioncookie.WellFormed
	sha              = sessioncookie.Hash
)

// staffCookie is the staff session cookie: apart from the visitors'
// cookie, strict same-site, ending with the browser.
func staffCookie(secure bool) sessioncookie.Cookie {
	return sessioncookie.New("admin-session", secure, http.SameSiteStrictMode)
}

func (s *Service) setCookie(c echo.Context, secret string) { c.SetCookie(s.cookie.With(secret, 0)) }

func (s *Service) clearCookie(c echo.Context) { c.SetCookie(s.cookie.Expired()) }

// expiry is when a session of a stage, started at created and used at
// now, ends: 30 minutes idle and 8 hours after sign-in at most; a sign-in
// still waiting for its second factor gets 10 minutes.
func expiry(stage string, created, now time.Time) time.Time {
	idle := idleLife
	if stage == stagePassword {
		idle = pendingLife
	}
	end := now.Add(idle)
	if last := created.Add(sessionLife); last.Before(end) {
		return last
	}
	return end
}

// startSession signs m in at stage with a new session and cookie, ending
// whatever staff session the browser presented.
func (s *Service) startSession(c echo.Context, m *store.Staff, stage string) error {
	ctx := c.Request().Context()
	if old := s.presentedHash(c.Request()); old != "" {
		if err := s.store.DeleteStaffSession(ctx, old); err != nil {
			return err
		}
	}
	secret := newSecret()
	now := s.now()
	ua := c.Request().UserAgent()
	for len(ua) > 256 || !utf8.ValidString(ua) {
		ua = ua[:len(ua)-1]
	}
	sess := &store.StaffSession{
		IDHash: sha(secret), StaffID: m.ID, Stage: stage, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: expiry(stage, now, now), IP: c.RealIP(), UserAgent: ua,
	}
	if err := s.store.CreateStaffSession(ctx, sess); err != nil {
		return err
	}
	s.setCookie(c, secret)
	c.Set(currentKey, current{session: sess, staff: m})
	return nil
}

func (s *Service) presentedHash(r *http.Request) string { return s.cookie.PresentedHash(r) }

// current is the staff member of a request and their session.
type current struct {
	session *store.StaffSession
	staff   *store.Staff
}

const currentKey = "admin.current"

var errNoSession = errors.New("admin: no staff session")

// lookup finds the request's staff session, refusing one that expired,
// whose account was disabled, and slides its idle expiry.
func (s *Service) lookup(c echo.Context) (current, error) {
	if cur, ok := c.Get(currentKey).(current); ok {
		return cur, nil
	}
	h := s.presentedHash(c.Request())
	if h == "" {
		return current{}, errNoSession
	}
	ctx := c.Request().Context()
	now := s.now()
	sess, err := s.store.StaffSessionByHash(ctx, h, now)
	if errors.Is(err, store.ErrNotFound) {
		return current{}, errNoSession
	}
	if err != nil {
		return current{}, err
	}
	if !now.Before(sess.CreatedAt.Add(sessionLife)) {
		return current{}, errNoSession
	}
	m, err := s.store.StaffByID(ctx, sess.StaffID)
	if errors.Is(err, store.ErrNotFound) {
		return current{}, errNoSession
	}
	if err != nil {
		return current{}, err
	}
	if m.Disabled() {
		return current{}, errNoSession
	}
	if now.Sub(sess.LastSeenAt) >= touchEvery {
		sess.LastSeenAt, sess.ExpiresAt = now, expiry(sess.Stage, sess.CreatedAt, now)
		if err := s.store.UpdateStaffSession(ctx, sess.IDHash, map[string]any{"last_seen_at": now, "expires_at": sess.ExpiresAt}); err != nil {
			return current{}, err
		}
	}
	cur := current{session: sess, staff: m}
	c.Set(currentKey, cur)
	return cur, nil
}

func mustStaff(c echo.Context) current {
	cur, _ := c.Get(currentKey).(current)
	return cur
}

// msgsOf returns the messages in the request's language.

// requireStage answers 401 unless the request carries a staff session at
// one of the stages.
func (s *Service) requireStage(stages ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			cur, err := s.lookup(c)
			if errors.Is(err, errNoSession) {
				s.clearCookie(c)
				return endpoint.Fail(c, http.StatusUnauthorized, msgsOf(c).NotSignedIn)
			}
			if err != nil {
				return fmt.Errorf("admin: load session: %w", err)
			}
			for _, st := range stages {
				if cur.session.Stage == st {
					return next(c)
				}
			}
			m := msgsOf(c)
			msg := m.SecondFactorDue
			if cur.session.Stage == stageEnrol {
				msg = m.EnrolDue
			}
			return endpoint.FailWith(c, http.StatusUnauthorized, msg, map[string]string{"stage": cur.session.Stage})
		}
	}
}

// permit answers 403 unless the signed-in staff member's role has p, and
// records the refusal in the audit trail.
func (s *Service) permit(p Permission) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if !Can(Role(mustStaff(c).staff.Role), p) {
				return s.refuse(c, string(p), msgsOf(c).Forbidden)
			}
			return next(c)
		}
	}
}

// refuse answers 403 with message and records the refusal in the audit
// trail: who, the route, and what they lacked (a permission, or "language
// ar" for a translator outside their languages). A member probing routes
// their role does not cover shows up there.
func (s *Service) refuse(c echo.Context, lacked, message string) error {
	s.audit(c.Request().Context(), store.AuditEvent{ActorID: mustStaff(c).staff.ID, Action: ActionRefused,
		Item: routeOf(c), Detail: lacked, IP: c.RealIP()})
	return endpoint.Fail(c, http.StatusForbidden, message)
}

// routeOf names a request's back-office route as the trail records it:
// its method and pattern, "PUT /staff/:id/role", never the ids in the path.
func routeOf(c echo.Context) string {
	return c.Request().Method + " " + strings.TrimPrefix(c.Path(), "/api/admin")
}

// fresh answers 403 with the flag stepUpRequired unless a second factor
// was proven in this session within the step-up window (ten minutes by
// default); with a window of zero, each sensitive action uses up the proof
// given for it. Each demand is recorded in the audit trail.
func (s *Service) fresh(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		sess := mustStaff(c).session
		ok := s.isFresh(sess)
		if s.stepUp == 0 && sess.FactorAt != nil && !sess.FactorSpent {
			spent, err := s.store.SpendFactor(c.Request().Context(), sess.IDHash)
			if err != nil {
				return err
			}
			ok = spent
		}
		if !ok {
			s.audit(c.Request().Context(), store.AuditEvent{ActorID: mustStaff(c).staff.ID, Action: ActionStepUpRequired,
				Item: routeOf(c), IP: c.RealIP()})
			return endpoint.FailWith(c, http.StatusForbidden, msgsOf(c).StepUp, endpoint.Flags{"stepUpRequired": true})
		}
		return next(c)
	}
}

func (s *Service) isFresh(sess *store.StaffSession) bool {
	return s.stepUp > 0 && sess.FactorAt != nil && s.now().Sub(*sess.FactorAt) < s.stepUp
}

// staffLocale is the back-office language of a request, as stored on the account.
func staffLocale(c echo.Context) string {
	if endpoint.Locale(c.Request()) == locale.Ar {
		return string(locale.Ar)
	}
	return string(locale.En)
}
