// Package captcha proves a form was filled in by a person: ALTCHA, a
// proof-of-work challenge the site signs and checks itself, by default, or
// a hosted provider (reCAPTCHA, Turnstile, hCaptcha) checked through its
// siteverify endpoint.
package captcha

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/endpoint"
)

// Verifier checks a captcha token from a form.
type Verifier interface {
	// Verify returns nil when token is a valid, unspent solution; ErrInvalid otherwise (also for "").
	Verify(ctx context.Context, token, remoteIP string) error
}

// ErrInvalid is returned for a token that is empty, malformed, wrong,
// expired or already used.
var ErrInvalid = errors.New("captcha: invalid")

// ErrUnavailable is returned when a hosted provider cannot be asked (down,
// slow, or refusing our secret): the API's captcha gate answers 503 rather
// than blaming the visitor.
var ErrUnavailable = endpoint.ErrCaptchaUnavailable

// Widget is what a form needs to show the captcha: the provider and either
// an ALTCHA challenge or a hosted provider's site key.
type Widget struct {
	Provider  string     `json:"provider"`
	Challenge *Challenge `json:"challenge,omitempty"`
	SiteKey   string     `json:"siteKey,omitempty"`
}

// Challenge is an ALTCHA challenge as the widget reads it.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Provider is a configured captcha: it describes its widget and checks tokens.
type Provider interface {
	Verifier
	// Widget describes the widget for a client at source (its address).
	Widget(ctx context.Context, source string) (Widget, error)
}

// SpentStore remembers spent ALTCHA challenges; *store.Store is one.
type SpentStore interface {
	SpendCaptcha(ctx context.Context, hash string, expiresAt time.Time) (bool, error)
	DeleteExpiredCaptcha(ctx context.Context, now time.Time) (int64, error)
	TryExclusive(ctx context.Context, key int64, fn func(context.Context) error) (bool, error)
}

// ProductionMaxNumber is the ALTCHA difficulty the site uses: a browser
// finds the answer in well under a second, a bot pays for every form.
const ProductionMaxNumber = 100_000

// New returns the provider the configuration selects: ALTCHA with its
// challenges signed under a key derived from cfg.SecretKey, or a hosted one.
func New(cfg *config.Config, spent SpentStore) (Provider, error) {
	switch cfg.CaptchaProvider {
	case config.CaptchaAltcha, "":
		a, err := NewAltcha(cfg.SecretKey, spent, ProductionMaxNumber, nil)
		if err != nil {
			return nil, err
		}
		a.RaiseWorkAfter(cfg.CaptchaSurgeAfter)
		return a, nil
	case config.CaptchaRecaptcha, config.CaptchaTurnstile, config.CaptchaHCaptcha:
		return NewHosted(HostedConfig{
			Provider: cfg.CaptchaProvider, SiteKey: cfg.CaptchaSiteKey, Secret: cfg.CaptchaSecret, VerifyURL: cfg.CaptchaVerifyURL,
		})
	default:
		return nil, fmt.Errorf("captcha: unknown provider %q", cfg.CaptchaProvider)
	}
}

// ChallengeHandler answers GET /api/captcha/challenge with the widget the
// forms need, never cached: an ALTCHA challenge is good for one solution.
func ChallengeHandler(p Provider) echo.HandlerFunc {
	return func(c echo.Context) error {
		w, err := p.Widget(c.Request().Context(), c.RealIP())
		if err != nil {
			return echo.NewHTTPError(http.StatusInternalServerError).SetInternal(err)
		}
		return endpoint.OK(c, w, "")
	}
}
