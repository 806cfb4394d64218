package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/pquerna/otp/totp"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// env is the back-office API on a fresh database behind a bare Echo.
type env struct {
	t     testing.TB
	svc   *Service
	store *store.Store
	clock *testenv.Clock
	echo  *echo.Echo
	blobs blob.Store
	// accounts is the visitors' account service the back-office acts through,
	// sending its e-mail to mail; visitors is its API on a bare Echo.
	accounts *auth.Service
	mail     *mailRecorder
	visitors *echo.Echo
}

// mailRecorder keeps the e-mail the visitors' service queues.
type mailRecorder struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (r *mailRecorder) Enqueue(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

func (r *mailRecorder) to(address string) []mail.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []mail.Message
	for _, m := range r.sent {
		if m.To == address {
			out = append(out, m)
		}
	}
	return out
}

var sharedHasher = passwords.NewHasher(4)

func newEnv(t testing.TB, st *store.Store, opts ...func(*Config)) *env {
	t.Helper()
	e := &env{t: t, store: st, clock: testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))}
	blobs, err := blob.NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e.blobs = blobs
	e.mail = &mailRecorder{}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.accounts = auth.New(auth.Config{
		Store: st, Mail: e.mail, Blobs: blobs, BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("k", 32),
		Hasher: sharedHasher, Limits: auth.Limits{Strict: 1000, Standard: 1000}, Logger: quiet, Now: e.clock.Now,
	})
	e.visitors = echo.New()
	e.visitors.IPExtractor = echo.ExtractIPDirect()
	e.accounts.Routes(e.visitors.Group("/api"))
	cfg := Config{
		Store: st, BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("k", 32), Hasher: sharedHasher, Blobs: blobs,
		Accounts: e.accounts,
		Mail:     e.mail,
		Preview:  &fakePreviewer{},
		Limits:   Limits{Strict: 1000, Standard: 1000},
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)), Now: e.clock.Now,
	}
	for _, o := range opts {
		o(&cfg)
	}
	svc, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	e.echo = echo.New()
	e.echo.IPExtractor = echo.ExtractIPDirect()
	svc.Routes(e.echo.Group("/api/admin"))
	return e
}

// browser is one client with its own cookies.
type browser struct {
	env     *env
	cookies map[string]*http.Cookie
	ip      string
	lang    string
}

func (e *env) browser() *browser {
	return &browser{env: e, cookies: map[string]*http.Cookie{}, ip: "198.51.100.7", lang: "en"}
}

type result struct {
	status int
	header http.Header
	body   []byte
	env    testenv.Envelope
}

func (r *result) data(t testing.TB, into any) {
	t.Helper()
	r.env.Decode(t, into)
}

func (b *browser) do(method, target string, body any) *result {
	b.env.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.env.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	sep := "?"
	if strings.Contains(target, "?") {
		sep = "&"
	}
	req := httptest.NewRequest(method, "/api/admin"+target+sep+"lang="+b.lang, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	a := testenv.Serve(b.env.t, b.env.echo, req, b.ip, b.cookies)
	return &result{status: a.Status, header: a.Header, body: a.Body, env: a.Envelope}
}

func expect(t testing.TB, what string, r *result, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, r.status, status, r.body)
	}
}

// member is a staff member who joined through the API with an
// authenticator app.
type member struct {
	id       string
	email    string
	password string
	secret   string
	codes    []string
	b        *browser
}

// code is the member's authenticator app's code now.
func (m *member) code(e *env) string {
	e.t.Helper()
	c, err := totp.GenerateCode(m.secret, e.clock.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// wrongCode is a well-formed code the member's app does not show within
// a step of now either way.
func (m *member) wrongCode(e *env) string {
	e.t.Helper()
	for n := 0; ; n++ {
		code := fmt.Sprintf("%06d", (n*7919+123457)%1000000)
		if !showsWithinAStep(m.secret, code, e.clock.Now()) {
			return code
		}
	}
}

// join invites an address with a role from the command line's side,
// accepts the invitation in a new browser and enrols an authenticator app.
func (e *env) join(email string, role access.Role, languages ...string) *member {
	e.t.Helper()
	return e.joinOffice(email, role, "", languages...)
}

// joinOffice is join for an account with an office (a sales account's).
func (e *env) joinOffice(email string, role access.Role, office string, languages ...string) *member {
	e.t.Helper()
	ctx := e.t.Context()
	inv, err := e.svc.Invite(ctx, email, role, languages, office, "", "")
	if err != nil {
		e.t.Fatal(err)
	}
	_, token, _ := strings.Cut(inv.Link, "#")
	m := &member{email: email, password: "a long passphrase for " + string(role), b: e.browser()}
	r := m.b.do("POST", "/join", map[string]string{"token": token, "name": "Staff " + string(role), "password": m.password, "confirmPassword": m.password})
	expect(e.t, "join", r, 200)
	var st signin.State
	r.data(e.t, &st)
	if st.Stage != access.StageEnrol {
		e.t.Fatalf("after joining the stage is %q", st.Stage)
	}
	m.id = st.Staff.ID
	r = m.b.do("POST", "/enrol/totp/options", nil)
	expect(e.t, "totp options", r, 200)
	var opts struct{ Secret, URI string }
	r.data(e.t, &opts)
	m.secret = opts.Secret
	r = m.b.do("POST", "/enrol/totp", map[string]string{"code": m.code(e)})
	expect(e.t, "enrol totp", r, 200)
	var done struct {
		Session       signin.State `json:"session"`
		RecoveryCodes []string     `json:"recoveryCodes"`
	}
	r.data(e.t, &done)
	if done.Session.Stage != access.StageFull || len(done.RecoveryCodes) != signin.RecoveryCodes {
		e.t.Fatalf("after enrolling: %+v", done)
	}
	m.codes = done.RecoveryCodes
	return m
}

// visitor is a visitor's account made in the store, with a password and,
// when confirmed, a confirmed address.
type visitor struct {
	id, email, password string
}

func (e *env) visitor(first, last, email string, confirmed bool) *visitor {
	e.t.Helper()
	ctx := e.t.Context()
	v := &visitor{email: email, password: "a visitor's long passphrase"}
	hash, err := sharedHasher.Hash(ctx, v.password)
	if err != nil {
		e.t.Fatal(err)
	}
	u := &store.User{Email: email, FirstName: first, LastName: last, PasswordHash: hash, Locale: "en"}
	if err := e.store.CreateUser(ctx, u); err != nil {
		e.t.Fatal(err)
	}
	v.id = u.ID
	if confirmed {
		now := e.clock.Now()
		tok := &store.Token{UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "seed-" + email, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := e.store.CreateToken(ctx, tok); err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.store.ConfirmEmail(ctx, "seed-"+email, now); err != nil {
			e.t.Fatal(err)
		}
	}
	return v
}

// visitorBrowser is a visitor's browser on the visitors' API.
type visitorBrowser struct {
	e       *env
	cookies map[string]*http.Cookie
	ua      string
}

func (e *env) visitorBrowser(userAgent string) *visitorBrowser {
	return &visitorBrowser{e: e, cookies: map[string]*http.Cookie{}, ua: userAgent}
}

func (b *visitorBrowser) do(method, target string, body any) *result {
	b.e.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.e.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", b.ua)
	a := testenv.Serve(b.e.t, b.e.visitors, req, "192.0.2.10", b.cookies)
	return &result{status: a.Status, header: a.Header, body: a.Body, env: a.Envelope}
}

// logIn signs the visitor in on this browser.
func (b *visitorBrowser) logIn(v *visitor) *result {
	b.e.t.Helper()
	return b.do("POST", "/api/Website/Login", map[string]any{"email": v.email, "password": v.password})
}

// erasureItem is how the trail names an erased address: a hash of it
// keyed with the site's secret, never the address.
func (e *env) erasureItem(email string) string {
	return endpoint.NewKeys(strings.Repeat("k", 32)).Of("erased-email", endpoint.NormalizeEmail(email))[:16]
}

// showsWithinAStep reports whether an authenticator app with the secret
// shows the code within a 30-second step of now either way.
func showsWithinAStep(secret, code string, now time.Time) bool {
	for _, drift := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
		if want, err := totp.GenerateCode(secret, now.Add(drift)); err == nil && want == code {
			return true
		}
	}
	return false
}

// invitedItem is how the trail names an invited address: a hash of it
// keyed with the site's secret, never the address.
func (e *env) invitedItem(email string) string {
	return endpoint.NewKeys(strings.Repeat("k", 32)).Of("staff-email", email)[:16]
}
