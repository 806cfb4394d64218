// Package admin is the back-office's front door: it builds the back-office
// from its parts and declares every route of the JSON API under
// /api/admin, with the rate limit, sign-in stage, permission and
// freshness each needs. The parts live below it, one package per job:
// access (who is signed in and what they may do), signin, staff, audit,
// inbox, visitors, privacy, content, media and preview.
package admin

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/analytics"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/admin/media"
	"noorvale.example/site/api/admin/notify"
	"noorvale.example/site/api/admin/preview"
	"noorvale.example/site/api/admin/privacy"
	"noorvale.example/site/api/admin/redirects"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/admin/visitors"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/blob"
	sitecontent "noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Role is what a staff member may do (access.Role).
type Role = access.Role

// The roles, as the server command names them.
const (
	Administrator = access.Administrator
	Editor        = access.Editor
	Translator    = access.Translator
	HR            = access.HR
	Sales         = access.Sales
	Viewer        = access.Viewer
)

// ValidRole reports whether r names a role.
func ValidRole(r string) bool { return access.ValidRole(r) }

// freshFactor is how recently, by default, a second factor must have been
// proven for a sensitive action.
const freshFactor = 10 * time.Minute

// rateWindow is the window of the per-IP rate limits.
const rateWindow = time.Minute

// Limits are the back-office's per-IP rate limits, in requests per minute per endpoint.
type Limits struct {
	Strict   int // sign-in, codes, invitations
	Standard int // everything else
}

// DefaultLimits are used when Config.Limits is zero.
var DefaultLimits = Limits{Strict: 20, Standard: 300}

// Config is what the back-office service needs.
type Config struct {
	Store     *store.Store
	BaseURL   string                      // the site's public origin: the passkeys' relying party and the invitation links
	SecretKey string                      // keys the throttle and recovery-code hashes, seals TOTP secrets
	Hasher    *passwords.Hasher           // shared with the visitors' accounts, so both draw on one hashing budget
	Blobs     blob.Store                  // where the forms keep CVs and the accounts their pictures; none: CVs cannot be opened from the inbox
	Forms     Forms                       // the site's forms: replies to submitters, names of chosen pages; none: no replies
	Accounts  Accounts                    // the visitors' accounts (*auth.Service), which the visitors' routes act through
	Outbox    DevOutbox                   // the development outbox, erased with a person; nil in production
	Mail      mail.Enqueuer               // the mail queue, for notices and set-up links to staff members about their own account; none: neither, and no second factor can be reset
	Covers    CoverEncoder                // encodes uploaded covers (the renderer); none: covers cannot be uploaded
	Media     MediaEncoder                // encodes the media library's pictures (the renderer); none: pictures cannot be uploaded to it
	Preview   Previewer                   // draws drafts as the site will show them; none: previews answer 503
	Pages     func() *sitecontent.Catalog // the site's pages, which the marketing figures name and redirects lead to; none: unnamed, no conversion, the shipped tree for redirects
	// StyleHashes are the CSP hashes of the site's stylesheets, which a
	// preview carries inline as every page does (render.StylesheetHashes).
	StyleHashes []string
	Limits      Limits
	// StepUp is how long a proven second factor covers sensitive actions
	// (role changes, staff management): 10 minutes when zero and not
	// EveryAction; with EveryAction each such action asks for it anew.
	StepUp      time.Duration
	EveryAction bool
	Logger      *slog.Logger
	Now         func() time.Time
}

// Service answers the back-office API.
type Service struct {
	store     *store.Store
	keys      endpoint.Keys
	limiter   endpoint.Limiter
	limits    Limits
	log       *slog.Logger
	now       func() time.Time
	sessions  *access.Sessions
	trail     *audit.Trail
	signin    *signin.Service
	staff     *staff.Service
	auditing  *audit.Service
	visitors  *visitors.Service
	privacy   *privacy.Service
	inbox     *inbox.Service
	content   *content.Service
	media     *media.Service
	preview   *preview.Service
	notify    *notify.Service
	analytics *analytics.Service
	redirects *redirects.Service
}

// CoverEncoder encodes an uploaded cover; the renderer is one.
type CoverEncoder = content.CoverEncoder

// MediaEncoder encodes the media library's pictures; the renderer is one.
type MediaEncoder = media.Encoder

// MaxMediaBytes is the largest file the media library keeps.
const MaxMediaBytes = media.MaxDocumentBytes

// MediaPath is where the site serves the media library's files.
const MediaPath = media.Path

// Previewer draws a draft as the site will show it; the renderer is one.
type Previewer = preview.Previewer

// CoverPath is where the site serves the covers staff upload.
const CoverPath = content.CoverPath

// DevOutbox is the development outbox (/dev/mail), erased with a person;
// *mail.Outbox is one.
type DevOutbox = privacy.DevOutbox

// Accounts is what the back-office needs of the visitors' accounts;
// *auth.Service is one.
type Accounts = visitors.Accounts

// Forms is what the inbox asks of the site's forms; *forms.Service is one.
type Forms = inbox.Forms

// New returns the back-office service.
func New(cfg Config) (*Service, error) {
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
	if cfg.StepUp <= 0 && !cfg.EveryAction {
		cfg.StepUp = freshFactor
	}
	if cfg.EveryAction {
		cfg.StepUp = 0
	}
	now := func() time.Time { return cfg.Now().UTC() }
	base := strings.TrimRight(cfg.BaseURL, "/")
	u, err := url.Parse(base)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("admin: the site's origin %q has no host name", cfg.BaseURL)
	}
	keys := endpoint.NewKeys(cfg.SecretKey)
	trail := audit.NewTrail(cfg.Store, cfg.Logger, now)
	// The mail queue seals notifications' e-mail in the transaction that settles them.
	sealer, _ := cfg.Mail.(mail.Sealer)
	sessions := access.NewSessions(cfg.Store, u.Scheme == "https", trail, cfg.Logger, now, cfg.StepUp)
	signIn, err := signin.New(signin.Config{Store: cfg.Store, BaseURL: base, Origin: u, SecretKey: cfg.SecretKey, Hasher: cfg.Hasher, Mail: cfg.Mail,
		Sessions: sessions, Trail: trail, Logger: cfg.Logger, Now: now})
	if err != nil {
		return nil, err
	}
	return &Service{
		store:    cfg.Store,
		keys:     keys,
		limiter:  endpoint.Limiter{Counters: cfg.Store, Keys: keys, Now: now},
		limits:   cfg.Limits,
		log:      cfg.Logger,
		now:      now,
		sessions: sessions,
		trail:    trail,
		signin:   signIn,
		staff:    staff.New(cfg.Store, base, cfg.SecretKey, cfg.Mail, trail, now),
		auditing: audit.New(cfg.Store, trail),
		visitors: visitors.New(cfg.Store, cfg.Accounts, trail, now),
		inbox:    inbox.New(cfg.Store, cfg.Blobs, cfg.Forms, keys, trail, now),
		content: content.New(content.Config{Store: cfg.Store, Blobs: cfg.Blobs, Covers: cfg.Covers,
			Sessions: sessions, Trail: trail, Logger: cfg.Logger, Now: now}),
		media:     media.New(cfg.Store, cfg.Blobs, cfg.Media, trail, cfg.Logger, now),
		preview:   preview.New(cfg.Store, cfg.Preview, cfg.StyleHashes),
		privacy:   privacy.New(cfg.Store, cfg.Blobs, keys, cfg.Outbox, trail, cfg.Logger, now),
		notify:    notify.New(cfg.Store, trail, sealer, base, cfg.Logger, now),
		analytics: analytics.New(analytics.Reports{Store: cfg.Store, Catalog: cfg.Pages}, cfg.Logger, now),
		redirects: redirects.New(cfg.Store, trail, cfg.Pages, now),
	}, nil
}

// ReadViewsFrom has the marketing figures write the page views counter
// holds in memory before each report, so a view just made is in it.
func (s *Service) ReadViewsFrom(counter analytics.Flusher) { s.analytics.ReadFrom(counter) }

// Run deletes expired staff sessions every hour until ctx ends.
func (s *Service) Run(ctx context.Context) { s.sessions.Run(ctx) }

// RunSchedules carries out the content's plans due every 30 seconds until
// ctx ends.
func (s *Service) RunSchedules(ctx context.Context) { s.content.RunSchedules(ctx) }

// RunDueSchedules carries out every plan due now and returns how many.
func (s *Service) RunDueSchedules(ctx context.Context) (int, error) {
	return s.content.RunDueSchedules(ctx)
}

// RunNotices e-mails the staff's due notifications every few seconds until
// ctx ends.
func (s *Service) RunNotices(ctx context.Context) { s.notify.Run(ctx) }

// SendDueNotices e-mails the staff's notifications due now and returns how
// many e-mails it queued.
func (s *Service) SendDueNotices(ctx context.Context) (int, error) { return s.notify.SendDue(ctx) }

// ServeCover answers an uploaded cover's file under CoverPath.
func (s *Service) ServeCover(c echo.Context) error { return s.content.ServeCover(c) }

// ServeMedia answers a file of the media library under MediaPath.
func (s *Service) ServeMedia(c echo.Context) error { return s.media.Serve(c) }

// Invitation is a link to join the back-office.
type Invitation = staff.Invitation

// ErrInvalidInvitation is returned by Invite for a role, language or office that does not exist.
var ErrInvalidInvitation = staff.ErrInvalidInvitation

// Invite creates a one-time link for email to join with role (and the
// languages or office that apply to it), valid 48 hours, in place of any
// earlier one to the address, and records it in the audit trail. by is the
// inviting staff member's id, "" from the command line.
func (s *Service) Invite(ctx context.Context, email string, role Role, languages []string, office, by, ip string) (Invitation, error) {
	return s.staff.Invite(ctx, email, role, languages, office, by, ip)
}

// FactorReset is a second factor reset: the address its set-up link was
// e-mailed to, and when the link stops working.
type FactorReset = staff.Reset

// ErrNoMail is returned by ResetSecondFactor when the site sends no e-mail.
var ErrNoMail = staff.ErrNoMail

// ResetSecondFactor removes every second factor of the staff member with
// the address, ends their sessions and e-mails them a one-time link to set
// up a new one with their password, recorded in the audit trail.
func (s *Service) ResetSecondFactor(ctx context.Context, email, by, ip string) (FactorReset, error) {
	return s.staff.ResetSecondFactor(ctx, email, by, ip)
}
