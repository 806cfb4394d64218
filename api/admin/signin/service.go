// Package signin is how staff reach the back-office: accepting an
// invitation, signing in with a password and a second factor (passkeys,
// TOTP, recovery codes), enrolling one, choosing a forgotten password again,
// signing out, and a staff member's own second factors.
package signin

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/seal"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Lifetimes.
const (
	loginWindow     = 15 * time.Minute
	loginFailures   = 5                // wrong passwords for one address from one source before it waits out the window
	sourceFailures  = 20               // wrong passwords from one source, whatever the address
	CodeTries       = 5                // wrong second-factor codes in one session before it ends
	FactorTries     = 10               // wrong second factors in a row on one account, whatever the session, before its second-factor step locks
	factorLock      = 15 * time.Minute // the first lock; each further lock in a row lasts twice the one before
	factorLockMax   = 24 * time.Hour
	RecoveryCodes   = 10
	maxCeremonyBody = 16 << 10
)

// Config is what signing in needs.
type Config struct {
	Store     *store.Store
	BaseURL   string   // the site's public origin
	Origin    *url.URL // BaseURL parsed: the passkeys' relying party
	SecretKey string   // keys the throttle and recovery-code hashes, seals TOTP secrets
	Hasher    *passwords.Hasher
	Mail      mail.Enqueuer // notices to staff members about their own account; none: no notices
	Sessions  *access.Sessions
	Trail     *audit.Trail
	Logger    *slog.Logger
	Now       func() time.Time
}

// Service answers the sign-in routes and a staff member's own factors.
type Service struct {
	store    *store.Store
	baseURL  string
	keys     endpoint.Keys
	hasher   *passwords.Hasher
	mail     mail.Enqueuer
	sessions *access.Sessions
	trail    *audit.Trail
	log      *slog.Logger
	now      func() time.Time
	sealer   *seal.Sealer // TOTP secrets, bound to their owner (a staff id, or a session during enrolment)
	webauthn *webauthn.WebAuthn
}

// New returns the sign-in routes.
func New(cfg Config) (*Service, error) {
	wa, err := webauthn.New(&webauthn.Config{
		RPID:          cfg.Origin.Hostname(),
		RPDisplayName: "Noorvale Assurance",
		RPOrigins:     []string{cfg.Origin.Scheme + "://" + cfg.Origin.Host},
	})
	switch {
	case err != nil && net.ParseIP(cfg.Origin.Hostname()) != nil:
		// Browsers offer passkeys only to a domain: staff reaching the site by
		// its IP address sign in with an authenticator app instead.
		cfg.Logger.Warn("admin: passkeys are off, the site's origin is an IP address; staff use authenticator apps",
			"base_url", cfg.BaseURL)
		wa = nil
	case err != nil:
		return nil, fmt.Errorf("admin: passkeys: %w", err)
	}
	sealer, err := seal.New(cfg.SecretKey, "staff-totp")
	if err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	return &Service{
		store: cfg.Store, baseURL: cfg.BaseURL, keys: endpoint.NewKeys(cfg.SecretKey), hasher: cfg.Hasher, mail: cfg.Mail,
		sessions: cfg.Sessions, trail: cfg.Trail, log: cfg.Logger, now: cfg.Now, sealer: sealer, webauthn: wa,
	}, nil
}
