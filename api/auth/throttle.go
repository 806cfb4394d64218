package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
)

// Throttling by e-mail address, counted whether or not an account has it.
const (
	loginWindow     = 15 * time.Minute
	captchaAfter    = 3 // failures before login asks for a captcha
	lockAfter       = 5 // wrong current passwords before a session is refused for a while
	firstLock       = time.Minute
	longestLock     = 15 * time.Minute
	rateWindow      = time.Minute
	codeEvery       = time.Minute // at most one reset code or confirmation link per address per minute
	codeLifetime    = 10 * time.Minute
	codeTries       = 5  // wrong guesses at one code
	wrongCodesADay  = 10 // wrong codes for one address before recovery pauses
	codePause       = 24 * time.Hour
	resetLifetime   = 15 * time.Minute
	confirmLifetime = 24 * time.Hour
)

// rateLimit refuses more than perMinute requests a minute from one client
// IP (an IPv6 client by its /64) to the endpoint named bucket, with 429 and
// Retry-After. The counter lives in the database, so replicas share it.
func (s *Service) rateLimit(bucket string, perMinute int) echo.MiddlewareFunc {
	return s.limiter.Middleware(bucket, perMinute, rateWindow, func(r *http.Request) string {
		return msgs(endpoint.Locale(r)).RateLimited
	})
}

// loginState is what the throttle says before a password is checked.
type loginState struct {
	key         string
	needCaptcha bool
}

// loginThrottle says whether logins to an address need the captcha: after
// three failures within the window. Failures never refuse a login that
// proves the password and solves the captcha, so nobody can lock an owner
// out by guessing; each further guess costs a captcha solved anew.
func (s *Service) loginThrottle(ctx context.Context, email string) (loginState, error) {
	st := loginState{key: s.keys.Of("login", email)}
	cnt, err := s.store.Counter(ctx, st.key)
	if err != nil {
		return st, err
	}
	st.needCaptcha = cnt.Count >= captchaAfter && s.now().Sub(cnt.WindowStart) < loginWindow
	return st, nil
}

// loginFailed counts a failed password check for the address and returns
// whether a captcha is now required.
func (s *Service) loginFailed(ctx context.Context, key string) (needCaptcha bool, err error) {
	cnt, err := s.store.Hit(ctx, key, s.now(), loginWindow)
	if err != nil {
		return false, err
	}
	return cnt.Count >= captchaAfter, nil
}

// sessionGuesses says how long a session must wait before it may check
// its account's password again: from the fifth wrong password within the
// window, one minute doubling up to fifteen. It is counted per session, so
// a stolen session cannot brute-force the password, and guesses elsewhere
// never block the owner's own session.
func (s *Service) sessionGuesses(ctx context.Context, sessionHash string) (key string, wait time.Duration, err error) {
	key = s.keys.Of("own-password", sessionHash)
	cnt, err := s.store.Counter(ctx, key)
	if now := s.now(); err == nil && now.Before(cnt.LockedUntil) {
		wait = cnt.LockedUntil.Sub(now)
	}
	return key, wait, err
}

// sessionGuessFailed counts a wrong password in a session and locks the
// session's checks from the fifth.
func (s *Service) sessionGuessFailed(ctx context.Context, key string) error {
	now := s.now()
	cnt, err := s.store.Hit(ctx, key, now, loginWindow)
	if err != nil || cnt.Count < lockAfter {
		return err
	}
	lock := firstLock << min(cnt.Count-lockAfter, 4)
	return s.store.Lock(ctx, key, now.Add(min(lock, longestLock)))
}

// onceAMinute reports whether a mail of this kind may go to the address
// now, and records that it did. It behaves the same whether or not an
// account has the address.
func (s *Service) onceAMinute(ctx context.Context, kind, email string) (bool, error) {
	key := s.keys.Of(kind, email)
	cnt, err := s.store.Counter(ctx, key)
	if err != nil {
		return false, err
	}
	now := s.now()
	if !cnt.WindowStart.IsZero() && now.Sub(cnt.WindowStart) < codeEvery {
		return false, nil
	}
	return true, s.store.StartWindow(ctx, key, now)
}
