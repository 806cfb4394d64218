package signin

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// State is what the back-office shows of its signed-in (or
// signing-in) staff member.
type State struct {
	Stage       string              `json:"stage" tstype:"SessionStage"`
	Staff       staff.Member        `json:"staff"`
	Permissions []access.Permission `json:"permissions"`
	Factors     FactorCounts        `json:"factors"`
	Fresh       bool                `json:"fresh"` // a second factor was proven in the last ten minutes
}

type FactorCounts struct {
	Passkeys          int  `json:"passkeys"`
	TOTP              bool `json:"totp"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

func (s *Service) state(ctx context.Context, cur access.Current) (State, error) {
	keys, err := s.store.Passkeys(ctx, cur.Staff.ID)
	if err != nil {
		return State{}, err
	}
	left, err := s.store.RecoveryCodesLeft(ctx, cur.Staff.ID)
	if err != nil {
		return State{}, err
	}
	perms := access.Permissions(access.Role(cur.Staff.Role))
	if perms == nil {
		perms = []access.Permission{}
	}
	return State{
		Stage: cur.Session.Stage, Staff: staff.MemberOf(cur.Staff), Permissions: perms,
		Factors: FactorCounts{Passkeys: len(keys), TOTP: cur.Staff.TOTPSealed != "", RecoveryCodesLeft: left},
		Fresh:   s.sessions.IsFresh(cur.Session),
	}, nil
}

// answerState answers the current session's state with a message.
func (s *Service) answerState(c echo.Context, message string) error {
	st, err := s.state(c.Request().Context(), access.Of(c))
	if err != nil {
		return err
	}
	return endpoint.OK(c, st, message)
}

// Session answers the signed-in staff member's state.
//
// GET /api/admin/session
func (s *Service) Session(c echo.Context) error { return s.answerState(c, "") }

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	// EnrolToken is the token of the link e-mailed to an account without
	// a second factor, which lets this sign-in set one up.
	EnrolToken string `json:"enrolToken,omitempty"`
}

// Login checks a staff member's password and starts a session that still
// needs the second factor. An account without one (its factor was reset,
// or it joined and never set one up) signs in only with the one-time link
// e-mailed to it, to enrol one: the password alone is refused, so whoever
// learnt it cannot set up a factor of their own. Unknown addresses,
// disabled accounts and wrong passwords get the same answer after the same
// work. Failures are counted for the address from the client's source, and
// for the source: a guesser elsewhere cannot lock the owner out.
//
// POST /api/admin/login
func (s *Service) Login(c echo.Context) error {
	req, m, err := access.Bind[loginRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v := endpoint.NewChecker(m.Messages)
	email := v.Email("email", req.Email)
	if req.Password == "" {
		v.Set("password", m.Required)
	} else if len(req.Password) > passwords.MaxLength*4 {
		v.Set("password", m.SignInFailed)
	}
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	ip := c.RealIP()
	addrKey := s.keys.Of("staff-login", email, endpoint.ClientKey(ip))
	srcKey := s.keys.Client("staff-login-failed", ip)
	now := s.now()
	for _, limit := range []struct {
		key   string
		after int
	}{{addrKey, loginFailures}, {srcKey, sourceFailures}} {
		cnt, err := s.store.Counter(ctx, limit.key)
		if err != nil {
			return fmt.Errorf("admin: login: %w", err)
		}
		if end := cnt.WindowStart.Add(loginWindow); cnt.Count >= limit.after && now.Before(end) {
			return endpoint.TooMany(c, access.Sprintf(m.SignInLocked, int(end.Sub(now).Minutes())+1), end.Sub(now))
		}
	}

	st, err := s.store.StaffByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("admin: login: %w", err)
	}
	var good, rehash bool
	if st == nil {
		err = s.hasher.VerifyDummy(ctx, req.Password)
	} else {
		good, rehash, err = s.hasher.Verify(ctx, req.Password, st.PasswordHash)
	}
	if err != nil {
		return s.hashFailed(c, fmt.Errorf("admin: login: %w", err))
	}
	if !good || st.Disabled() {
		for _, key := range []string{addrKey, srcKey} {
			if _, err := s.store.Hit(context.WithoutCancel(ctx), key, now, loginWindow); err != nil {
				return fmt.Errorf("admin: login: %w", err)
			}
		}
		e := store.AuditEvent{Action: audit.ActionSignInFailed, IP: ip, Detail: "unknown address"}
		if st != nil {
			e.Item, e.Detail = st.ID, "wrong password"
			if st.Disabled() {
				e.Detail = "disabled account"
			}
		}
		s.trail.Record(ctx, e)
		return endpoint.Fail(c, http.StatusUnauthorized, m.SignInFailed)
	}
	if err := s.store.ResetCounter(ctx, addrKey); err != nil {
		return fmt.Errorf("admin: login: %w", err)
	}
	changes := map[string]any{"locale": access.StaffLocale(c)}
	if rehash {
		if h, err := s.hasher.Hash(ctx, req.Password); err == nil {
			changes["password_hash"] = h
		}
	}
	if err := s.store.UpdateStaff(ctx, st.ID, changes, now); err != nil {
		s.log.Warn("admin: recording a staff member's language", "err", err)
	}
	stage := access.StagePassword
	if has, err := s.hasFactor(ctx, st); err != nil {
		return fmt.Errorf("admin: login: %w", err)
	} else if !has {
		if refused, err := s.refuseEnrolment(c, st, req.EnrolToken); refused || err != nil {
			return err
		}
		stage = access.StageEnrol
	}
	if err := s.sessions.Start(c, st, stage); err != nil {
		return fmt.Errorf("admin: login: %w", err)
	}
	msg := m.SecondFactorDue
	if stage == access.StageEnrol {
		msg = m.EnrolDue
	}
	return s.answerState(c, msg)
}

// refuseEnrolment answers 403 to the right password of an account without
// a second factor unless token is its unspent, unexpired set-up link, which
// this sign-in spends; refused is false when the enrolment may start.
func (s *Service) refuseEnrolment(c echo.Context, st *store.Staff, token string) (refused bool, err error) {
	m := access.Text(c)
	ctx := c.Request().Context()
	if token == "" || !sessioncookie.WellFormed(token) {
		s.trail.Record(ctx, store.AuditEvent{Action: audit.ActionSignInFailed, Item: st.ID, Detail: "no second factor, no set-up link", IP: c.RealIP()})
		return true, endpoint.Fail(c, http.StatusForbidden, m.EnrolByLink)
	}
	spent, err := s.store.SpendEnrolLink(context.WithoutCancel(ctx), st.ID, sessioncookie.Hash(token), s.now())
	if err != nil {
		return true, fmt.Errorf("admin: login: %w", err)
	}
	if !spent {
		s.trail.Record(ctx, store.AuditEvent{Action: audit.ActionSignInFailed, Item: st.ID, Detail: "set-up link expired or spent", IP: c.RealIP()})
		return true, endpoint.Fail(c, http.StatusForbidden, m.EnrolLinkInvalid)
	}
	return false, nil
}

// hashFailed answers 503 when no hashing slot freed up in time.
func (s *Service) hashFailed(c echo.Context, err error) error {
	if errors.Is(err, passwords.ErrBusy) {
		c.Response().Header().Set("Retry-After", "5")
		return endpoint.Fail(c, http.StatusServiceUnavailable, access.Text(c).Busy)
	}
	return err
}

func (s *Service) hasFactor(ctx context.Context, m *store.Staff) (bool, error) {
	if m.TOTPSealed != "" {
		return true, nil
	}
	keys, err := s.store.Passkeys(ctx, m.ID)
	return len(keys) > 0, err
}

// Logout ends the staff session.
//
// POST /api/admin/logout
func (s *Service) Logout(c echo.Context) error {
	ctx := c.Request().Context()
	if cur, err := s.sessions.Lookup(c); err == nil {
		s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionSignOut, IP: c.RealIP()})
	}
	if h := s.sessions.PresentedHash(c.Request()); h != "" {
		if err := s.store.DeleteStaffSession(ctx, h); err != nil {
			return fmt.Errorf("admin: logout: %w", err)
		}
	}
	s.sessions.ClearCookie(c)
	return endpoint.OK(c, nil, access.Text(c).SignedOut)
}

type codeRequest struct {
	Code string `json:"code"`
}

// ConfirmCode proves the second factor with a TOTP code or a recovery
// code: to finish signing in, or to confirm a sensitive action. Wrong
// codes are counted per session, where the fifth ends it, and on the
// account, where the tenth in a row locks the second-factor step (see
// takeFactorTry).
//
// POST /api/admin/factor/code
func (s *Service) ConfirmCode(c echo.Context) error {
	req, m, err := access.Bind[codeRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cur := access.Of(c)
	code := strings.ToLower(strings.Join(strings.Fields(req.Code), ""))
	method := ""
	switch {
	case isTOTPCode(code):
		method = "totp"
	case isRecoveryCode(code):
		method = "recovery code"
	default:
		return endpoint.Invalid(c, map[string]string{"code": m.CodeFormat})
	}
	try, err := s.takeFactorTry(ctx, cur)
	if err != nil {
		return fmt.Errorf("admin: confirm code: %w", err)
	}
	if !try.Allowed {
		return s.answerLocked(c, try.LockedUntil)
	}
	ok := false
	if method == "totp" {
		ok, err = s.checkTOTP(ctx, cur.Staff, code)
	} else {
		ok, err = s.store.UseRecoveryCode(ctx, cur.Staff.ID, s.recoveryHash(cur.Staff.ID, code), s.now())
	}
	if err != nil {
		return fmt.Errorf("admin: confirm code: %w", err)
	}
	if !ok {
		return s.codeFailed(c, cur, method, &try)
	}
	if method != "totp" {
		s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionRecoveryUsed, Item: cur.Staff.ID, IP: c.RealIP()})
	}
	return s.factorProven(c, method)
}

// takeFactorTry counts a try at the staff member's second factor on their
// account before it is checked: tries sent together cannot pass the limit
// together, and a new session (which needs the password) starts no fresh
// count. The try that makes FactorTries wrong in a row locks the step for
// factorLock, each further lock in a row for twice as long as the one
// before, up to factorLockMax; a right one forgets them all.
func (s *Service) takeFactorTry(ctx context.Context, cur access.Current) (store.FactorTry, error) {
	return s.store.TakeFactorTry(context.WithoutCancel(ctx), cur.Staff.ID, s.now(), FactorTries, lockFor)
}

// lockFor is how long the nth lock in a row of a second-factor step lasts.
func lockFor(n int) time.Duration {
	d := factorLock
	for i := 1; i < n && d < factorLockMax; i++ {
		d *= 2
	}
	return min(d, factorLockMax)
}

// answerLocked answers 429 to a second factor sent while the account's
// second-factor step is locked, saying how long to wait.
func (s *Service) answerLocked(c echo.Context, until time.Time) error {
	m := access.Text(c)
	wait := until.Sub(s.now())
	msg := access.Sprintf(m.FactorLocked, int(math.Ceil(wait.Minutes())))
	if wait > 2*time.Hour {
		msg = access.Sprintf(m.FactorLockedHours, int(math.Ceil(wait.Hours())))
	}
	return endpoint.TooMany(c, msg, wait)
}

// codeFailed records a wrong second factor. When try was the one that
// locked the account's second-factor step, the owner is told by e-mail, a
// sign-in waiting for the factor ends, and the answer says how long the
// lock lasts. Otherwise it counts in the session, which ends at the fifth.
// try is nil for a code that proves nothing yet (an enrolment's).
func (s *Service) codeFailed(c echo.Context, cur access.Current, method string, try *store.FactorTry) error {
	m := access.Text(c)
	ctx := c.Request().Context()
	s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionFactorFailed, Item: cur.Staff.ID, Detail: method, IP: c.RealIP()})
	if try != nil && try.Last {
		s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: audit.ActionFactorLocked, Item: cur.Staff.ID, Detail: method, IP: c.RealIP()})
		s.noticeLocked(ctx, cur.Staff, try.LockedUntil)
		if cur.Session.Stage != access.StageFull {
			if err := s.store.DeleteStaffSession(context.WithoutCancel(ctx), cur.Session.IDHash); err != nil {
				return fmt.Errorf("admin: end session: %w", err)
			}
			s.sessions.ClearCookie(c)
		}
		return s.answerLocked(c, try.LockedUntil)
	}
	cnt, err := s.store.Hit(context.WithoutCancel(ctx), s.keys.Of("staff-code", cur.Session.IDHash), s.now(), loginWindow)
	if err != nil {
		return fmt.Errorf("admin: count wrong code: %w", err)
	}
	if cnt.Count >= CodeTries {
		if err := s.store.DeleteStaffSession(ctx, cur.Session.IDHash); err != nil {
			return fmt.Errorf("admin: end session: %w", err)
		}
		s.sessions.ClearCookie(c)
		return endpoint.Fail(c, http.StatusUnauthorized, m.TooManyCodes)
	}
	return endpoint.Invalid(c, map[string]string{"code": m.CodeWrong})
}

// noticeLocked e-mails a staff member that their second-factor step was
// locked until the given time: only someone with their password gets that
// far. A notice that cannot be queued is logged; the lock holds anyway.
func (s *Service) noticeLocked(ctx context.Context, m *store.Staff, until time.Time) {
	if s.mail == nil {
		return
	}
	loc, ok := locale.Parse(m.Locale)
	if !ok {
		loc = locale.Default
	}
	err := s.mail.Enqueue(context.WithoutCancel(ctx), mail.Message{
		To: m.Email, Name: m.Name, Locale: loc, Kind: mail.KindStaffFactorLocked,
		Data: map[string]string{"tries": strconv.Itoa(FactorTries), "until": until.UTC().Format("2006-01-02 15:04 UTC")},
	})
	if err != nil {
		s.log.Error("admin: queueing a staff member's lock notice", "staff_id", m.ID, "err", err)
	}
}

// factorProven records a second factor just proven: the account's count of
// wrong ones is forgotten; a sign-in waiting for it is complete, a
// signed-in session may take sensitive actions for ten minutes.
func (s *Service) factorProven(c echo.Context, method string) error {
	ctx := c.Request().Context()
	cur := access.Of(c)
	action := audit.ActionStepUp
	if cur.Session.Stage != access.StageFull {
		action = audit.ActionSignIn
	}
	if err := s.store.FactorProven(context.WithoutCancel(ctx), cur.Staff.ID); err != nil {
		return fmt.Errorf("admin: second factor: %w", err)
	}
	if err := s.markProven(c, cur); err != nil {
		return s.sessionGone(c, fmt.Errorf("admin: second factor: %w", err))
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: cur.Staff.ID, Action: action, Item: cur.Staff.ID, Detail: method, IP: c.RealIP()})
	return s.answerState(c, "")
}

// markProven records in the session that a second factor was proven now:
// the session is fully signed in, and covered for sensitive actions. A
// sign-in it completes renews the session's secret, in the cookie too:
// whatever learnt the secret before the second factor holds a secret that
// no longer works.
func (s *Service) markProven(c echo.Context, cur access.Current) error {
	now := s.now()
	signIn := cur.Session.Stage != access.StageFull
	expires := access.Expiry(access.StageFull, cur.Session.CreatedAt, now)
	changes := map[string]any{
		"stage": access.StageFull, "factor_at": now, "factor_spent": false, "expires_at": expires, "ceremony": "",
	}
	secret := ""
	if signIn {
		secret = sessioncookie.NewSecret()
		changes["id_hash"] = sessioncookie.Hash(secret)
	}
	if err := s.store.RenewStaffSession(c.Request().Context(), cur.Session.IDHash, changes); err != nil {
		return err
	}
	cur.Session.Stage, cur.Session.FactorAt, cur.Session.FactorSpent, cur.Session.ExpiresAt = access.StageFull, &now, false, expires
	cur.Session.Ceremony = ""
	if signIn {
		cur.Session.IDHash = sessioncookie.Hash(secret)
		s.sessions.SetCookie(c, secret)
	}
	return nil
}

// sessionGone answers 401 when the session ended while the request ran
// (signed out or disabled elsewhere); other errors are returned.
func (s *Service) sessionGone(c echo.Context, err error) error {
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	s.sessions.ClearCookie(c)
	return endpoint.Fail(c, http.StatusUnauthorized, access.Text(c).NotSignedIn)
}
