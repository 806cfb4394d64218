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
	lockAfter       = 5 // failures before login is refused for a while
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
	lockedFor   time.Duration // > 0: refuse with 429
	needCaptcha bool
}

func (s *Service) loginThrottle(ctx context.Context, email string) (loginState, error) {
	st := loginState{key: s.keys.Of("login", email)}
	cnt, err := s.store.Counter(ctx, st.key)
	if err != nil {
		return st, err
	}
	now := s.now()
	if now.Before(cnt.LockedUntil) {
		st.lockedFor = cnt.LockedUntil.Sub(now)
	}
	st.needCaptcha = cnt.Count >= captchaAfter && now.Sub(cnt.WindowStart) < loginWindow
	return st, nil
}

// loginFailed counts a failed password check for the address and returns
// whether a captcha is now required; from the fifth failure within the
// window the address is locked, one minute doubling up to fifteen.
func (s *Service) loginFailed(ctx context.Context, key string) (needCaptcha bool, err error) {
	now := s.now()
	cnt, err := s.store.Hit(ctx, key, now, loginWindow)
	if err != nil {
		return false, err
	}
	if cnt.Count >= lockAfter {
		lock := firstLock << min(cnt.Count-lockAfter, 4)
		if err := s.store.Lock(ctx, key, now.Add(min(lock, longestLock))); err != nil {
			return false, err
		}
	}
	return cnt.Count >= captchaAfter, nil
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
