package endpoint

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/store"
)

// Keys turns e-mail addresses, client addresses and codes into keyed
// hashes, so the database holds these instead of the values themselves.
type Keys struct{ secret []byte }

// NewKeys returns keys under secret.
func NewKeys(secret string) Keys { return Keys{secret: []byte(secret)} }

// Of returns a hex HMAC of parts, each ended by a zero byte, under the key.
func (k Keys) Of(parts ...string) string {
	m := hmac.New(sha256.New, k.secret)
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{0})
	}
	return hex.EncodeToString(m.Sum(nil))
}

// Recipient is the key of an e-mail address as the mail queue records
// its recipients (trimmed and lower-cased first), so a person's queued
// mail is found, and erased, while the messages themselves stay sealed.
func (k Keys) Recipient(address string) string {
	return k.Of("mail-recipient", NormalizeEmail(address))
}

// Client is the key of a client address for limits: one IPv4 address, or
// one IPv6 /64 (what one subscriber is usually given), so an attacker
// cannot step through the addresses of a single network.
func (k Keys) Client(bucket, ip string) string { return k.Of("ip", bucket, ClientKey(ip)) }

// ClientKey is the part of an address that names one client: the address
// for IPv4, the /64 network for IPv6.
func ClientKey(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// Counters is where limits count; *store.Store is one.
type Counters interface {
	Hit(ctx context.Context, key string, now time.Time, window time.Duration) (store.Counter, error)
	Counter(ctx context.Context, key string) (store.Counter, error)
}

// Limiter counts requests per client address in the database, so
// replicas share it.
type Limiter struct {
	Counters Counters
	Keys     Keys
	Now      func() time.Time
}

// Allow counts one request to bucket from ip and returns how long the
// client must wait when it has sent more than limit in the window.
func (l Limiter) Allow(ctx context.Context, bucket, ip string, limit int, window time.Duration) (time.Duration, error) {
	now := l.Now()
	cnt, err := l.Counters.Hit(ctx, l.Keys.Client(bucket, ip), now, window)
	if err != nil {
		return 0, fmt.Errorf("endpoint: rate limit: %w", err)
	}
	if cnt.Count > limit {
		return cnt.WindowStart.Add(window).Sub(now), nil
	}
	return 0, nil
}

// Spent returns how long the client must wait when it has already used up
// limit requests to bucket in the window, without counting this one: a
// request that may yet prove not to count (a wrong captcha) is refused
// early without using the limit up.
func (l Limiter) Spent(ctx context.Context, bucket, ip string, limit int, window time.Duration) (time.Duration, error) {
	now := l.Now()
	cnt, err := l.Counters.Counter(ctx, l.Keys.Client(bucket, ip))
	if err != nil {
		return 0, fmt.Errorf("endpoint: rate limit: %w", err)
	}
	if end := cnt.WindowStart.Add(window); cnt.Count >= limit && end.After(now) {
		return end.Sub(now), nil
	}
	return 0, nil
}

// Middleware refuses more than limit requests per window from one client
// to bucket with 429, Retry-After and message(r) in the API's envelope.
func (l Limiter) Middleware(bucket string, limit int, window time.Duration, message func(*http.Request) string) echo.MiddlewareFunc {
	return l.Gate(bucket, limit, window, func(c echo.Context, wait time.Duration) error {
		return TooMany(c, message(c.Request()), wait)
	})
}

// Gate refuses more than limit requests per window from one client to
// bucket with refuse, told how long the client must wait: for addresses
// that answer a page rather than the API's envelope.
func (l Limiter) Gate(bucket string, limit int, window time.Duration, refuse func(c echo.Context, wait time.Duration) error) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			wait, err := l.Allow(c.Request().Context(), bucket, c.RealIP(), limit, window)
			if err != nil {
				return err
			}
			if wait > 0 {
				return refuse(c, wait)
			}
			return next(c)
		}
	}
}

// InFlight admits at most a number of requests from one client at a time,
// in this process: for requests that hold a connection for minutes (an
// upload over a slow link), which a count per hour does not bound. Each
// replica counts its own.
type InFlight struct {
	limit int
	mu    sync.Mutex
	count map[string]int // by ClientKey
}

// NewInFlight returns a gate admitting limit requests per client at once.
func NewInFlight(limit int) *InFlight {
	return &InFlight{limit: limit, count: map[string]int{}}
}

// Enter admits one more request from ip unless the limit is in progress;
// every admitted request must Leave.
func (f *InFlight) Enter(ip string) bool {
	key := ClientKey(ip)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.count[key] >= f.limit {
		return false
	}
	f.count[key]++
	return true
}

// Leave ends a request Enter admitted.
func (f *InFlight) Leave(ip string) {
	key := ClientKey(ip)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.count[key]--; f.count[key] <= 0 {
		delete(f.count, key)
	}
}

// Verifier checks a captcha token; captcha.Verifier is one.
type Verifier interface {
	// Verify returns nil when token is a valid, unspent solution, an error otherwise (also for "").
	Verify(ctx context.Context, token, remoteIP string) error
}

// ErrCaptchaUnavailable is what a Verifier returns when its provider
// cannot be asked: the gate answers 503 rather than blaming the visitor.
var ErrCaptchaUnavailable = errors.New("captcha: provider unavailable")

// Captcha is the captcha gate of an API.
type Captcha struct {
	Verifier Verifier // nil: no token passes
	Log      *slog.Logger
}

// Solved reports whether token is a valid solution. A missing verifier,
// an empty or absurdly long token fail without asking the provider; a
// provider or database that cannot be asked is an error.
func (g Captcha) Solved(c echo.Context, token string) (bool, error) {
	if g.Verifier == nil || token == "" || len(token) > MaxCaptcha {
		return false, nil
	}
	err := g.Verifier.Verify(c.Request().Context(), token, c.RealIP())
	if errors.Is(err, ErrCaptchaUnavailable) || store.Unavailable(err) {
		return false, err
	}
	return err == nil, nil
}

// Pass checks token; when it reports false it has answered (400 asking for
// the captcha, or 503 when the provider or the database of spent solutions
// cannot be asked) and err is the answer's error.
func (g Captcha) Pass(c echo.Context, token string) (bool, error) {
	solved, err := g.Solved(c, token)
	switch {
	case store.Unavailable(err):
		return false, Unavailable(c)
	case err != nil:
		if g.Log != nil {
			g.Log.Warn("captcha provider unavailable", "err", err)
		}
		return false, Fail(c, http.StatusServiceUnavailable, Lookup(c.Request()).CaptchaUnavailable)
	case !solved:
		return false, CaptchaRequired(c)
	}
	return true, nil
}
