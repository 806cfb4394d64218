package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Session lifetimes: idle expiry, sliding, within an absolute lifetime
// counted from sign-in; and how often last-seen moves.
const (
	idleExpiry     = 24 * time.Hour
	rememberExpiry = 30 * 24 * time.Hour
	sessionLife    = 30 * 24 * time.Hour // however often a session is used, it ends this long after sign-in
	touchEvery     = time.Minute
	maxUserAgent   = 256
)

// visitorCookie is the visitors' session cookie: lax same-site, so a link
// from elsewhere arrives signed in.
func visitorCookie(secure bool) sessioncookie.Cookie {
	return sessioncookie.New("session", secure, http.SameSiteLaxMode)
}

// UserData is the stored user data of the specification, as the API and
// the pages show it.
type UserData struct {
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	FullName        string `json:"fullName"`
	PhoneNumber     string `json:"phoneNumber"`
	ProfileImageURL string `json:"profileImageUrl"` // "" when there is no picture
	Email           string `json:"email"`
}

// avatarPath is the address the profile picture is served from.
const avatarPath = "/api/account/avatar/"

func userData(u *store.User) *UserData {
	d := &UserData{
		FirstName:   u.FirstName,
		LastName:    u.LastName,
		FullName:    strings.TrimSpace(u.FirstName + " " + u.LastName),
		PhoneNumber: u.PhoneNumber,
		Email:       u.Email,
	}
	if u.AvatarKey != "" {
		d.ProfileImageURL = avatarPath + path.Base(u.AvatarKey)
	}
	return d
}

// The secrets of sessions and e-mailed links: random, checked for shape
// before any lookup, stored only as their hash.
var (
	newSecret        = sessioncookie.NewSecret
	wellFormedSecret = sessioncookie.WellFormed
	sha              = sessioncookie.Hash
)

// expiry is when a session signed in at created and used at now ends: a
// day idle (30 days when remembered), and never later than sessionLife
// after sign-in.
func expiry(created, now time.Time, remember bool) time.Time {
	idle := idleExpiry
	if remember {
		idle = rememberExpiry
	}
	return minTime(now.Add(idle), created.Add(sessionLife))
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// alive reports whether a stored session may still be used at now. The
// absolute lifetime is checked here too, so a session stored before it
// existed, whose expiry kept sliding, ends as well.
func alive(sess *store.Session, now time.Time) bool {
	return now.Before(sess.ExpiresAt) && now.Before(sess.CreatedAt.Add(sessionLife))
}

// startSession creates a session for u and sets its cookie.
func (s *Service) startSession(c echo.Context, u *store.User, remember bool) error {
	secret := newSecret()
	now := s.now()
	ua := c.Request().UserAgent()
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
		for !utf8.ValidString(ua) {
			ua = ua[:len(ua)-1]
		}
	}
	sess := &store.Session{
		IDHash: sha(secret), UserID: u.ID, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: expiry(now, now, remember), Remember: remember, UserAgent: ua, IP: c.RealIP(),
	}
	if err := s.store.CreateSession(c.Request().Context(), sess); err != nil {
		return err
	}
	s.setCookie(c, secret, sess)
	return nil
}

func (s *Service) setCookie(c echo.Context, secret string, sess *store.Session) {
	c.SetCookie(s.sessionCookie(secret, sess))
}

// sessionCookie is the cookie of a session: a remembered one outlives the
// browser until the session's expiry, any other ends with the browser.
func (s *Service) sessionCookie(secret string, sess *store.Session) *http.Cookie {
	maxAge := 0
	if sess.Remember {
		maxAge = max(int(sess.ExpiresAt.Sub(s.now())/time.Second), 1)
	}
	return s.cookie.With(secret, maxAge)
}

func (s *Service) clearCookie(c echo.Context) {
	c.SetCookie(s.cookie.Expired())
}

// ExpireCookie tells the browser to drop the session cookie.
func (s *Service) ExpireCookie(w http.ResponseWriter) { http.SetCookie(w, s.cookie.Expired()) }

// current is the signed-in visitor of a request.
type current struct {
	session *store.Session
	user    *store.User
}

// errNoSession means the request carries no valid session.
var errNoSession = ErrNotSignedIn

// ErrNotSignedIn is PageUser's answer for a request without a valid session.
var ErrNotSignedIn = errors.New("auth: not signed in")

// lookup finds the session and account of a request and slides the
// session's expiry, recording last-seen at most once a minute. touched
// reports whether it did.
func (s *Service) lookup(ctx context.Context, r *http.Request) (cur current, touched bool, err error) {
	h := s.cookie.PresentedHash(r)
	if h == "" {
		return cur, false, errNoSession
	}
	now := s.now()
	sess, err := s.store.SessionByHash(ctx, h, now)
	if errors.Is(err, store.ErrNotFound) {
		return cur, false, errNoSession
	}
	if err != nil {
		return cur, false, err
	}
	if !alive(sess, now) {
		return cur, false, errNoSession
	}
	u, err := s.store.UserByID(ctx, sess.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return cur, false, errNoSession
	}
	if err != nil {
		return cur, false, err
	}
	// Disabling ends the account's sessions; one that raced it ends here.
	if u.Disabled() {
		return cur, false, errNoSession
	}
	if now.Sub(sess.LastSeenAt) >= touchEvery {
		sess.LastSeenAt, sess.ExpiresAt = now, expiry(sess.CreatedAt, now, sess.Remember)
		if err := s.store.TouchSession(ctx, sess.IDHash, sess.LastSeenAt, sess.ExpiresAt); err != nil {
			return cur, false, err
		}
		touched = true
	}
	return current{session: sess, user: u}, touched, nil
}

// UserFromRequest returns the signed-in visitor's user data, for the page
// server; ok is false for an anonymous visitor (or when the database fails,
// which is logged).
func (s *Service) UserFromRequest(r *http.Request) (*UserData, bool) {
	cur, _, err := s.lookup(r.Context(), r)
	if err != nil {
		if !errors.Is(err, errNoSession) {
			s.log.Error("auth: looking up the session", "err", err)
		}
		return nil, false
	}
	return userData(cur.user), true
}

// PageUser returns the signed-in visitor of a page request, for the page
// server. It answers ErrNotSignedIn when the request carries no valid
// session, and another error when the lookup itself failed (the database),
// so a passing outage does not sign anyone out. Like the API, it renews a
// remembered session's cookie on w when the session's expiry slides.
func (s *Service) PageUser(w http.ResponseWriter, r *http.Request) (*UserData, error) {
	cur, touched, err := s.lookup(r.Context(), r)
	if err != nil {
		return nil, err
	}
	if touched && cur.session.Remember {
		if ck, err := r.Cookie(s.cookie.Name); err == nil {
			http.SetCookie(w, s.sessionCookie(ck.Value, cur.session))
		}
	}
	return userData(cur.user), nil
}

const currentKey = "auth.current"

// signedIn returns the request's visitor, looking it up once per request;
// a remembered session's cookie is renewed when its expiry slides.
func (s *Service) signedIn(c echo.Context) (current, error) {
	if cur, ok := c.Get(currentKey).(current); ok {
		return cur, nil
	}
	cur, touched, err := s.lookup(c.Request().Context(), c.Request())
	if err != nil {
		return cur, err
	}
	if touched && cur.session.Remember {
		if ck, err := c.Request().Cookie(s.cookie.Name); err == nil {
			s.setCookie(c, ck.Value, cur.session)
		}
	}
	c.Set(currentKey, cur)
	return cur, nil
}

// requireUser answers 401 unless the request carries a valid session.
func (s *Service) requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		_, err := s.signedIn(c)
		if errors.Is(err, errNoSession) {
			return endpoint.Fail(c, http.StatusUnauthorized, locale.For(endpoint.Locale(c.Request())).Accounts.NotSignedIn)
		}
		if err != nil {
			return fmt.Errorf("auth: load session: %w", err)
		}
		return next(c)
	}
}

// mustUser returns the visitor requireUser found.
func mustUser(c echo.Context) current {
	cur, _ := c.Get(currentKey).(current)
	return cur
}

// presentedHash returns the hash of the session cookie the request carries, if any.
func (s *Service) presentedHash(r *http.Request) string { return s.cookie.PresentedHash(r) }
