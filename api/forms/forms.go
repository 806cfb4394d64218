// Package forms takes the site's forms: requests for proposal, general
// inquiries, office contact forms, job applications with a CV, webinar
// registrations and gated publications. Every submission is validated,
// stored in the database, and only then announced by e-mail (a notification
// to the firm's inbox, a confirmation to the visitor) through the mail
// queue, so a mail outage never loses one. The package also keeps CVs and
// the personal fields of submissions no longer than their retention
// periods, and exports submissions as CSV.
package forms

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
)

// The kinds of form, as stored in submissions.kind.
const (
	KindProposal    = "proposal"
	KindInquiry     = "inquiry"
	KindContact     = "contact"
	KindApplication = "application"
	KindWebinar     = "webinar"
	KindPublication = "publication"
)

// Kinds lists every kind of form.
var Kinds = []string{KindProposal, KindInquiry, KindContact, KindApplication, KindWebinar, KindPublication}

// Verifier checks a captcha token; captcha.Verifier is one. It returns
// captcha.ErrUnavailable when the provider cannot be asked.
type Verifier = endpoint.Verifier

// Users tells who is signed in; *auth.Service is one.
type Users interface {
	UserFromRequest(r *http.Request) (*auth.UserData, bool)
}

// Inboxes are the addresses notifications go to.
type Inboxes struct {
	Offices   map[string]string // office key (london, dubai, cairo): its inbox
	HR        string            // job applications
	Marketing string            // proposals, inquiries, webinars, publications
}

// DefaultLimit is how many submissions of one form one client IP may send
// in an hour.
const DefaultLimit = 10

// limitWindow is the rate limit's window.
const limitWindow = time.Hour

// Config is what the forms need.
type Config struct {
	Store       *store.Store
	Mail        mail.Sealer
	Captcha     Verifier
	Blobs       blob.Store              // where CVs are kept
	Users       Users                   // nil: every visitor is anonymous
	Catalog     func() *content.Catalog // the current catalogue, with its items
	Inboxes     Inboxes
	BaseURL     string           // public origin, for download links
	SecretKey   string           // keys rate-limit counters and download links
	CVRetention time.Duration    // how long CVs are kept; 180 days when zero
	Limit       int              // submissions per hour per IP per form; DefaultLimit when zero
	Logger      *slog.Logger     // slog.Default() when nil
	Now         func() time.Time // time.Now when nil
	// Retention is how long each kind of submission keeps its personal
	// fields, by kind; a kind left out keeps DefaultRetention's.
	Retention map[string]time.Duration
}

// Service answers the forms API.
type Service struct {
	store     *store.Store
	mail      mail.Sealer
	captcha   endpoint.Captcha
	limiter   endpoint.Limiter
	uploads   *endpoint.InFlight // applications being sent, per client
	blobs     blob.Store
	users     Users
	catalog   func() *content.Catalog
	inboxes   Inboxes
	baseURL   string
	linkKey   []byte
	retention time.Duration            // CVs
	erasure   map[string]time.Duration // personal fields, by kind
	limit     int
	log       *slog.Logger
	now       func() time.Time
	pdfs      *pdfCache
}

// New returns the forms service.
func New(cfg Config) *Service {
	if cfg.CVRetention <= 0 {
		cfg.CVRetention = 180 * 24 * time.Hour
	}
	if cfg.Limit <= 0 {
		cfg.Limit = DefaultLimit
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	now := func() time.Time { return cfg.Now().UTC() }
	erasure := maps.Clone(DefaultRetention)
	for kind, d := range cfg.Retention {
		if d > 0 && slices.Contains(Kinds, kind) {
			erasure[kind] = d
		}
	}
	return &Service{
		store:     cfg.Store,
		mail:      cfg.Mail,
		captcha:   endpoint.Captcha{Verifier: cfg.Captcha, Log: cfg.Logger},
		limiter:   endpoint.Limiter{Counters: cfg.Store, Keys: endpoint.NewKeys(cfg.SecretKey), Now: now},
		uploads:   endpoint.NewInFlight(maxUploadsInFlight),
		blobs:     cfg.Blobs,
		users:     cfg.Users,
		catalog:   cfg.Catalog,
		inboxes:   cfg.Inboxes,
		baseURL:   strings.TrimRight(cfg.BaseURL, "/"),
		linkKey:   derive(cfg.SecretKey, "forms: publication download links v1"),
		retention: cfg.CVRetention,
		erasure:   erasure,
		limit:     cfg.Limit,
		log:       cfg.Logger,
		now:       now,
		pdfs:      newPDFCache(),
	}
}

// Routes declares the forms API on g, the /api/forms group, each route
// with the bodies it accepts (415 for any other). Each form's rate limit
// (Config.Limit valid submissions an hour per client IP) is counted in the
// handler, after validation, so a visitor correcting a field does not use
// it up; the download has a per-IP limit of its own.
func (s *Service) Routes(g *echo.Group) {
	fields := endpoint.Accepts(endpoint.JSON, endpoint.Form)
	g.POST("/proposal", s.proposal, fields)
	g.POST("/inquiry", s.inquiry, fields)
	g.POST("/contact/:office", s.contact, fields)
	g.POST("/application/:vacancy", s.application, endpoint.Accepts(endpoint.Multipart))
	g.POST("/webinar/:webinar", s.webinar, fields)
	g.POST("/publication/:publication", s.publication, fields)
	g.GET("/publication/:publication/download", s.download, s.rateLimit("download", 120))
}

// derive returns a key for one purpose from the secret key.
func derive(secret, purpose string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(purpose))
	return m.Sum(nil)
}

// rateLimit refuses more than perHour requests an hour from one client to
// the route, with 429 and Retry-After.
func (s *Service) rateLimit(bucket string, perHour int) echo.MiddlewareFunc {
	return s.limiter.Middleware("forms-"+bucket, perHour, limitWindow, func(r *http.Request) string {
		return locale.For(endpoint.Locale(r)).Forms.RateLimited
	})
}

// gate runs what every valid submission passes before it is stored: the
// captcha, then the form's rate limit, which counts only submissions whose
// captcha is solved (a client over the limit is refused before its captcha
// is checked, without counting). When it reports false it has answered,
// and err is the answer's error.
func (s *Service) gate(c echo.Context, m *locale.Catalogue, kind, token string) (bool, error) {
	ctx, bucket, ip := c.Request().Context(), "forms-"+kind, c.RealIP()
	wait, err := s.limiter.Spent(ctx, bucket, ip, s.limit, limitWindow)
	if err != nil {
		return false, err
	}
	if wait > 0 {
		return false, endpoint.TooMany(c, m.Forms.RateLimited, wait)
	}
	if passed, err := s.captcha.Pass(c, token); !passed {
		return false, err
	}
	if wait, err = s.limiter.Allow(ctx, bucket, ip, s.limit, limitWindow); err != nil {
		return false, err
	}
	if wait > 0 {
		return false, endpoint.TooMany(c, m.Forms.RateLimited, wait)
	}
	return true, nil
}

// admit ends a form's checks with the two fields every form has, consent
// and captcha, answers 400 with every field at fault, and otherwise passes
// the request through gate. When it reports false, the answer is written
// (or err says why not).
func (s *Service) admit(c echo.Context, v *checker, kind string, consent endpoint.Bool, token string) (bool, error) {
	v.consent("consent", consent)
	v.captcha("captcha", token)
	if !v.OK() {
		return false, endpoint.Invalid(c, v.Errs)
	}
	return s.gate(c, v.m, kind, token)
}

// field is one submitted value: its key in the stored data, its label in
// the notification, and the value (a string or a list of strings).
type field struct {
	key, label string
	value      any
}

// pending is a validated submission on its way to the database and the inboxes.
type pending struct {
	kind, target string
	loc          locale.Locale
	name, email  string
	fields       []field
	form         string // the form's English name, in the notification's subject
	inbox        string
	confirm      mail.Message // Kind and Data; the rest is filled in
	cvKey        string
	note         func(*store.Submission) string // a last line of the notification, in English; nil for none
}

// save stores the submission of the signed-in account acct (nil for an
// anonymous visitor) together with its e-mails, in one transaction: when it
// succeeds, the submission is kept and its e-mails will be delivered; when
// the database fails, neither is kept and the visitor is told to try again.
func (s *Service) save(c echo.Context, p *pending, acct *store.User) (*store.Submission, error) {
	data := make(map[string]any, len(p.fields))
	for _, f := range p.fields {
		if f.key != "" {
			data[f.key] = f.value
		}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("forms: encode %s: %w", p.kind, err)
	}
	sub := &store.Submission{
		Kind: p.kind, Target: p.target, Locale: string(p.loc), Data: string(raw),
		IP: c.RealIP(), CreatedAt: s.now(), LeadSource: leadSource(c.Request()),
	}
	if acct != nil {
		sub.UserID = &acct.ID
	}
	if p.cvKey != "" {
		sub.CVBlobKey = &p.cvKey
	}
	proven := provenSender(acct, p.email)
	confirm, err := s.mayConfirm(c.Request().Context(), p.email, proven)
	if err != nil {
		return nil, fmt.Errorf("forms: count confirmations of %s: %w", p.kind, err)
	}
	if err := s.store.CreateSubmission(c.Request().Context(), sub, func(sub *store.Submission) []store.OutgoingMail {
		return s.sealMail(p, sub, proven, confirm)
	}); err != nil {
		return nil, fmt.Errorf("forms: store %s: %w", p.kind, err)
	}
	if s.mail != nil {
		s.mail.Wake()
	}
	return sub, nil
}

// account returns the signed-in visitor's account, or nil.
func (s *Service) account(r *http.Request) *store.User {
	if s.users == nil {
		return nil
	}
	u, ok := s.users.UserFromRequest(r)
	if !ok {
		return nil
	}
	acct, err := s.store.UserByEmail(r.Context(), u.Email)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("forms: looking up the signed-in visitor", "err", err)
		}
		return nil
	}
	return acct
}

// confirmationsAnHour is the most confirmations the forms send one
// address in an hour, whatever the form and wherever the posts come from:
// the address is typed by whoever fills the form in, so without a cap
// anyone could fill a stranger's inbox through the site. The account
// e-mails have a cap of their own (auth's mailsAnHour), so neither uses
// up the other.
const confirmationsAnHour = 3

// mayConfirm counts a confirmation to an address and reports whether it
// goes: beyond the hour's cap it does not, but the submission is still
// kept and answered as any other, so the answer tells nothing about the
// address. A visitor signed in to the confirmed account of the address
// (proven) can fill only their own inbox, and is not counted.
func (s *Service) mayConfirm(ctx context.Context, email string, proven bool) (bool, error) {
	if s.mail == nil || email == "" || proven {
		return true, nil
	}
	cnt, err := s.store.Hit(ctx, s.limiter.Keys.Of("form-confirmation-to", endpoint.NormalizeEmail(email)), s.now(), time.Hour)
	if err != nil {
		return false, err
	}
	if cnt.Count > confirmationsAnHour {
		s.log.Info("forms: an address had its hour's confirmations; not sent")
		return false, nil
	}
	return true, nil
}

// provenSender reports whether the visitor is signed in to the confirmed
// account of the address a submission gives, and so has proven it theirs.
func provenSender(acct *store.User, email string) bool {
	return acct != nil && acct.Confirmed() && acct.Email == email
}

// sealMail seals the notification and, when confirm is true, the
// confirmation of a submission, which save stores with it. A message the
// mail package refuses is logged and left out, never a reason to refuse the
// submission. The confirmation goes to the address the visitor typed,
// perhaps someone else's: it greets by the typed name only when proven is
// true, the visitor being signed in to the confirmed account of that
// address.
func (s *Service) sealMail(p *pending, sub *store.Submission, proven, confirm bool) []store.OutgoingMail {
	if s.mail == nil {
		return nil
	}
	ref := fmt.Sprintf("#%d", sub.ID)
	lines := append([]field{
		{label: "Received", value: sub.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")},
		{label: "Language", value: p.loc.Name()},
	}, p.fields...)
	if sub.UserID != nil {
		lines = append(lines, field{label: "Signed-in account", value: "yes"})
	}
	listing := listFields(lines)
	if p.note != nil {
		listing += "\n\n" + p.note(sub)
	}
	notification := mail.Message{
		To: p.inbox, Locale: locale.En, Kind: mail.KindFormNotification, ReplyTo: p.email,
		Data: map[string]string{"form": p.form, "reference": ref, "fields": listing},
	}
	confirmation := p.confirm
	confirmation.To, confirmation.Locale = p.email, p.loc
	if proven {
		confirmation.Name = p.name
	}
	if !confirm {
		confirmation.To = ""
	}
	var out []store.OutgoingMail
	for _, m := range []mail.Message{notification, confirmation} {
		if m.To == "" {
			continue
		}
		sealed, err := s.mail.Seal(m)
		if err != nil {
			s.log.Error("forms: an e-mail of a submission was refused",
				"kind", p.kind, "mail_kind", string(m.Kind), "err", err)
			continue
		}
		out = append(out, sealed)
	}
	return out
}

// listFields writes fields as "Label: value" lines; a value of several
// lines follows its label, indented.
func listFields(fields []field) string {
	var b strings.Builder
	for _, f := range fields {
		if f.label == "" {
			continue
		}
		var v string
		switch x := f.value.(type) {
		case string:
			v = x
		case []string:
			v = strings.Join(x, "; ")
		case nil:
		default:
			v = fmt.Sprint(x)
		}
		if v == "" {
			continue
		}
		if strings.Contains(v, "\n") {
			fmt.Fprintf(&b, "%s:\n    %s\n", f.label, strings.ReplaceAll(v, "\n", "\n    "))
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", f.label, v)
	}
	return strings.TrimRight(b.String(), "\n")
}

// submit stores a validated submission, queues its e-mails and answers.
func (s *Service) submit(c echo.Context, p *pending, data any, message string) error {
	acct := s.account(c.Request())
	if _, err := s.save(c, p, acct); err != nil {
		return err
	}
	return endpoint.OK(c, data, message)
}

// item returns the page of a collection's item and its content in English
// and in loc, or nil when the catalogue has no such item.
func (s *Service) item(collection, slug string, loc locale.Locale) (page *content.Page, en, local json.RawMessage) {
	if s.catalog == nil || !validSlug(slug) {
		return nil, nil, nil
	}
	cat := s.catalog()
	if cat == nil {
		return nil, nil, nil
	}
	for _, col := range content.Collections() {
		if col.Name != collection {
			continue
		}
		p := cat.Page(col.ListRoute + "/" + slug)
		if p == nil || p.Collection != collection || p.Slug != slug {
			return nil, nil, nil
		}
		return p, cat.Content(p, locale.En).Body, cat.Content(p, loc).Body
	}
	return nil, nil, nil
}

// validSlug accepts what content slugs are made of.
func validSlug(s string) bool {
	if s == "" || len(s) > 120 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// notFound answers 404 in the visitor's language.
func notFound(c echo.Context, m *locale.Catalogue) error {
	return endpoint.Fail(c, http.StatusNotFound, m.Forms.NotFound)
}
