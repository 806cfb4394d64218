// Package auth is the visitors' side of accounts: the legacy auth API
// (register, confirm, login, password recovery), the account API of our own
// (profile, avatar, password, sessions, deletion), sessions behind a cookie,
// throttling and rate limits, and the signed-in user for the page server.
package auth

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Verifier checks a captcha token from a form; captcha.Verifier is one.
type Verifier = endpoint.Verifier

// Limits are the per-IP rate limits, in requests per minute per endpoint.
type Limits struct {
	Strict   int // login, register, recovery, confirmation, password change, deletion
	Standard int // everything else of the account API
}

// DefaultLimits are the rate limits used when Config.Limits is zero.
var DefaultLimits = Limits{Strict: 20, Standard: 120}

// Config is what the auth service needs.
type Config struct {
	Store     *store.Store
	Mail      mail.Enqueuer
	Captcha   Verifier
	Blobs     blob.Store
	BaseURL   string            // public origin: links in e-mail; https makes the cookie __Host- and Secure
	SecretKey string            // keys the hashes of reset codes and throttle keys, and the signatures of device cookies
	Hasher    *passwords.Hasher // passwords.NewHasher(0) when nil
	Limits    Limits            // DefaultLimits when zero
	Logger    *slog.Logger      // slog.Default() when nil
	Now       func() time.Time  // time.Now when nil
}

// Service answers the account API.
type Service struct {
	store   *store.Store
	mail    mail.Enqueuer
	captcha endpoint.Captcha
	limiter endpoint.Limiter
	keys    endpoint.Keys
	blobs   blob.Store
	baseURL string
	hasher  *passwords.Hasher
	// trusted is hasher on a lane of its own, for logins from known
	// devices (see knownDevice), which a flood of other logins cannot fill.
	trusted    *passwords.Hasher
	device     sessioncookie.Cookie
	deviceKeys endpoint.Keys
	limits     Limits
	log        *slog.Logger
	now        func() time.Time
	cookie     sessioncookie.Cookie
	// decoding holds the one profile picture being decoded (see decodeAvatar).
	decoding chan struct{}
}

// New returns the auth service.
func New(cfg Config) *Service {
	if cfg.Hasher == nil {
		cfg.Hasher = passwords.NewHasher(0)
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	now := func() time.Time { return cfg.Now().UTC() }
	keys := endpoint.NewKeys(cfg.SecretKey)
	return &Service{
		store:   cfg.Store,
		mail:    cfg.Mail,
		captcha: endpoint.Captcha{Verifier: cfg.Captcha, Log: cfg.Logger},
		keys:    keys,
		limiter: endpoint.Limiter{Counters: cfg.Store, Keys: keys, Now: now},
		blobs:   cfg.Blobs,
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		hasher:  cfg.Hasher,
		trusted: cfg.Hasher.On(passwords.NewSlots(passwords.SlotsConfig{Concurrency: deviceLane})),
		limits:  cfg.Limits,
		log:     cfg.Logger,
		now:     now,
		cookie:  visitorCookie(strings.HasPrefix(cfg.BaseURL, "https://")),

		device:     deviceCookie(strings.HasPrefix(cfg.BaseURL, "https://")),
		deviceKeys: deviceKeys(keys),

		decoding: make(chan struct{}, 1),
	}
}

// CookieName returns the name of the session cookie.
func (s *Service) CookieName() string { return s.cookie.Name }

// Run deletes expired sessions, tokens and idle throttle counters every
// hour until ctx ends. Every replica may run it: the deletes are idempotent.
func (s *Service) Run(ctx context.Context) {
	sessioncookie.Sweep(ctx, func(ctx context.Context) {
		now := s.now()
		if n, err := s.store.DeleteExpired(ctx, now, now.Add(-time.Hour)); err != nil && ctx.Err() == nil {
			s.log.Warn("auth: deleting expired rows", "err", err)
		} else if n > 0 {
			s.log.Debug("auth: deleted expired rows", "rows", n)
		}
	})
}

// link returns an absolute URL of a site path.
func (s *Service) link(path string) string { return s.baseURL + path }

// CompleteMail writes the e-mail a queued request asks for, as the mail
// sender is about to send it: a reset code, or a new confirmation link,
// when an account needs one; send is false otherwise. Looking the account
// up here, after the request was answered, is what makes asking cost the
// same whether or not an account has the address. Other messages pass
// unchanged.
func (s *Service) CompleteMail(ctx context.Context, m mail.Message) (mail.Message, bool, error) {
	switch m.Kind {
	case mail.KindResetRequest:
		return s.completeReset(ctx, m)
	case mail.KindConfirmRequest:
		return s.completeConfirm(ctx, m)
	}
	return m, true, nil
}

// mailsAnHour is the most account e-mails one address receives in an
// hour, whoever asks for them: registering an address over and over, or
// asking for its links and codes, cannot fill its inbox.
const mailsAnHour = 3

// notices are the e-mails that tell an owner of a change made with the
// account's password or a reset code. They go whatever the count: nobody
// else can cause them, and a thief must not silence them by asking for
// codes first.
var notices = map[mail.Kind]bool{mail.KindPasswordChanged: true, mail.KindAccountDeleted: true}

// alerts are the e-mails that tell an owner what others are doing to the
// account (guessing at its reset codes), with the allowance each has of
// its own: one in that time. Strangers cause them, so they are counted,
// but never against the hour's account e-mails, which the strangers' own
// requests for codes may have used up.
var alerts = map[mail.Kind]time.Duration{mail.KindResetPaused: codePause}

// sendMail queues an e-mail, unless its address has had its hour's
// account e-mails. Not sending never fails nor changes the request's
// answer (which must not differ between accounts), and failing to queue
// is logged instead.
func (s *Service) sendMail(ctx context.Context, m mail.Message) { s.queueMail(ctx, m) }

// queueMail is sendMail that reports whether the e-mail was queued.
func (s *Service) queueMail(ctx context.Context, m mail.Message) bool {
	return s.queueMailCounted(ctx, m, "")
}

// queueMailCounted is queueMail with the hour's account e-mails counted
// under countKey instead of the address's ("" for the address's): the
// allowance of a known device of the account, which strangers cannot use up.
func (s *Service) queueMailCounted(ctx context.Context, m mail.Message, countKey string) bool {
	if countKey == "" {
		countKey = s.keys.Of("mail-to", m.To)
	}
	if s.mail == nil {
		return false
	}
	ctx = context.WithoutCancel(ctx)
	if every, ok := alerts[m.Kind]; ok {
		cnt, err := s.store.Hit(ctx, s.keys.Of("alert-to", string(m.Kind), m.To), s.now(), every)
		if err != nil {
			s.log.Error("auth: counting an address's alerts; not sent", "kind", string(m.Kind), "err", err)
			return false
		}
		if cnt.Count > 1 {
			s.log.Info("auth: an address had its alert of the kind; not sent", "kind", string(m.Kind))
			return false
		}
	} else if !notices[m.Kind] {
		cnt, err := s.store.Hit(ctx, countKey, s.now(), time.Hour)
		if err != nil {
			s.log.Error("auth: counting an address's e-mail; not sent", "kind", string(m.Kind), "err", err)
			return false
		}
		if cnt.Count > mailsAnHour {
			s.log.Info("auth: an address had its hour's e-mail; not sent", "kind", string(m.Kind))
			return false
		}
	}
	if err := s.mail.Enqueue(ctx, m); err != nil {
		s.log.Error("auth: queueing e-mail", "kind", string(m.Kind), "err", err)
		return false
	}
	return true
}
