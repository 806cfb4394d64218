package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// Throttling by e-mail address, counted whether or not an account has it,
// and by source.
const (
	loginWindow     = 15 * time.Minute
	captchaAfter    = 3               // failures for an address before its logins ask for a captcha
	sourceCaptcha   = 10              // failures from one source (an IPv4 address, an IPv6 /64) before its logins ask for one
	busyRetry       = 5 * time.Second // Retry-After when no hashing slot freed up in time
	lockAfter       = 5               // wrong current passwords before a session is refused for a while
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
		return locale.For(endpoint.Locale(r)).Accounts.RateLimited
	})
}

// busy answers 503 with Retry-After, in the visitor's language, when the
// handler gave up waiting for a hashing slot: the server is saturated (a
// flood of logins, most likely), and a quick "try again shortly" costs
// everyone less than a queue that grows with the flood.
func (s *Service) busy(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if !errors.Is(err, passwords.ErrBusy) || c.Response().Committed {
			return err
		}
		c.Response().Header().Set("Retry-After", endpoint.RetryAfter(busyRetry))
		return endpoint.Fail(c, http.StatusServiceUnavailable, locale.For(endpoint.Locale(c.Request())).Accounts.Busy)
	}
}

// loginState is what the throttle says before a password is checked.
type loginState struct {
	key         string // failures for the address
	device      string // failures of the known device the login comes from; "" for none
	source      string // failures from the client's source
	needCaptcha bool
}

// loginThrottle says whether a login needs the captcha: after three
// failures for its address, or ten from its source, within the window (a
// guesser who spreads guesses over many addresses pays too). Failures
// never refuse a login that proves the password and solves the captcha,
// so nobody can lock an owner out by guessing; each further guess costs a
// captcha solved anew. A login from a known device of the account (device,
// from knownDevice) is not held to the address's failures, only to its
// own and its source's: guesses from elsewhere do not reach the owner's
// browser.
func (s *Service) loginThrottle(ctx context.Context, email, device, ip string) (loginState, error) {
	st := loginState{key: s.keys.Of("login", email), device: device, source: s.loginSource(ip)}
	perAccount := st.key
	if device != "" {
		perAccount = device
	}
	now := s.now()
	for _, limit := range []struct {
		key   string
		after int
	}{{perAccount, captchaAfter}, {st.source, sourceCaptcha}} {
		cnt, err := s.store.Counter(ctx, limit.key)
		if err != nil {
			return st, err
		}
		if cnt.Count >= limit.after && now.Sub(cnt.WindowStart) < loginWindow {
			st.needCaptcha = true
		}
	}
	return st, nil
}

// loginSource is the key failed logins from a client's source are counted
// under. A success does not reset it: one account of one's own would
// otherwise wipe a source's failures clean.
func (s *Service) loginSource(ip string) string { return s.keys.Client("login-failed", ip) }

// loginFailed counts a failed login for the address (for the device,
// when it came from a known one) and its source and returns whether a
// captcha is now required.
func (s *Service) loginFailed(ctx context.Context, st loginState) (needCaptcha bool, err error) {
	now := s.now()
	perAccount := st.key
	if st.device != "" {
		perAccount = st.device
	}
	cnt, err := s.store.Hit(ctx, perAccount, now, loginWindow)
	if err != nil {
		return false, err
	}
	src, err := s.store.Hit(ctx, st.source, now, loginWindow)
	if err != nil {
		return false, err
	}
	return cnt.Count >= captchaAfter || src.Count >= sourceCaptcha, nil
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
	return s.onceAMinuteAt(ctx, s.keys.Of(kind, email))
}

// onceAMinuteAt is onceAMinute for the mails counted under key.
func (s *Service) onceAMinuteAt(ctx context.Context, key string) (bool, error) {
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
