package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// fakeMail records the messages the service queues. With complete set, it
// writes a request's e-mail at once, as the sender would when it sends it,
// and records that e-mail (or nothing); without, it records the request.
type fakeMail struct {
	mu       sync.Mutex
	sent     []mail.Message
	complete func(context.Context, mail.Message) (mail.Message, bool, error)
}

func (f *fakeMail) Enqueue(ctx context.Context, m mail.Message) error {
	f.mu.Lock()
	complete := f.complete
	f.mu.Unlock()
	if complete != nil {
		done, send, err := complete(ctx, m)
		if err != nil || !send {
			return err
		}
		m = done
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, m)
	return nil
}

// holdRequests makes the fake keep requests as they were queued, until
// completeHeld writes their e-mails.
func (f *fakeMail) holdRequests() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.complete = nil
}

func (f *fakeMail) all() []mail.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]mail.Message(nil), f.sent...)
}

// last returns the newest message to an address, failing when there is none.
func (f *fakeMail) last(t *testing.T, to string) mail.Message {
	t.Helper()
	msgs := f.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].To == to {
			return msgs[i]
		}
	}
	t.Fatalf("no e-mail to %s", to)
	return mail.Message{}
}

// stubCaptcha accepts the token "solved" and nothing else.
type stubCaptcha struct{}

var errBadCaptcha = errors.New("captcha: invalid")

func (stubCaptcha) Verify(_ context.Context, token, _ string) error {
	if token == "solved" {
		return nil
	}
	return errBadCaptcha
}

// env is the auth API on a fresh database, behind a bare Echo.
type env struct {
	t     testing.TB
	svc   *Service
	store *store.Store
	mail  *fakeMail
	clock *testenv.Clock
	echo  *echo.Echo
	blobs *blob.FS
	// blobDir is where blobs keeps its files.
	blobDir string
}

// sharedHasher keeps the tests from paying for a new dummy hash each time.
var sharedHasher = passwords.NewHasher(4)

type envOption func(*Config)

func newEnv(t testing.TB, st *store.Store, opts ...envOption) *env {
	t.Helper()
	blobDir := t.TempDir()
	blobs, err := blob.NewFS(blobDir)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, store: st, mail: &fakeMail{}, clock: testenv.NewClock(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)), blobs: blobs, blobDir: blobDir}
	cfg := Config{
		Store: st, Mail: e.mail, Captcha: stubCaptcha{}, Blobs: blobs,
		BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("k", 32), Hasher: sharedHasher,
		Limits: Limits{Strict: 1000, Standard: 1000},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: e.clock.Now,
	}
	for _, o := range opts {
		o(&cfg)
	}
	e.svc = New(cfg)
	e.mail.complete = e.svc.CompleteMail
	e.echo = echo.New()
	e.echo.IPExtractor = echo.ExtractIPDirect()
	e.svc.Routes(e.echo.Group("/api"))
	return e
}

// browser is one client with its own cookie and address.
type browser struct {
	env     *env
	cookies map[string]*http.Cookie
	ip      string
	headers map[string]string
}

func (e *env) browser() *browser {
	return &browser{env: e, cookies: map[string]*http.Cookie{}, ip: "198.51.100.7", headers: map[string]string{}}
}

// result is an answer as a client sees it.
type result struct {
	status int
	header http.Header
	body   []byte
	env    testenv.Envelope
}

func (r *result) data(t *testing.T, into any) {
	t.Helper()
	r.env.Decode(t, into)
}

// send issues a request with a ready body and content type.
func (b *browser) send(method, target, contentType string, body io.Reader) *result {
	b.env.t.Helper()
	req := httptest.NewRequest(method, target, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range b.headers {
		req.Header.Set(k, v)
	}
	a := testenv.Serve(b.env.t, b.env.echo, req, b.ip, b.cookies)
	return &result{status: a.Status, header: a.Header, body: a.Body, env: a.Envelope}
}

// json sends body as JSON (nil sends no body).
func (b *browser) json(method, target string, body any) *result {
	b.env.t.Helper()
	if body == nil {
		return b.send(method, target, "", nil)
	}
	data, err := json.Marshal(body)
	if err != nil {
		b.env.t.Fatal(err)
	}
	return b.send(method, target, "application/json", bytes.NewReader(data))
}

// form sends fields form-encoded.
func (b *browser) form(target string, fields map[string]string) *result {
	b.env.t.Helper()
	v := url.Values{}
	for k, f := range fields {
		v.Set(k, f)
	}
	return b.send(http.MethodPost, target, "application/x-www-form-urlencoded", strings.NewReader(v.Encode()))
}

// multipart sends fields as multipart/form-data, as the legacy recovery forms did.
func (b *browser) multipart(target string, fields map[string]string) *result {
	b.env.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	return b.send(http.MethodPost, target, w.FormDataContentType(), &buf)
}

// upload sends a multipart body with one file field.
func (b *browser) upload(target, field string, data []byte) *result {
	b.env.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile(field, "picture.bin")
	_, _ = fw.Write(data)
	_ = w.Close()
	return b.send(http.MethodPost, target, w.FormDataContentType(), &buf)
}

func expect(t testing.TB, what string, r *result, status int, success bool) {
	t.Helper()
	if r.status != status || r.env.IsSuccess != success {
		t.Fatalf("%s: status %d success %v, want %d %v; body %s", what, r.status, r.env.IsSuccess, status, success, r.body)
	}
	if got := r.header.Get("Cache-Control"); got != "no-store" && r.header.Get("Content-Type") != "image/png" && r.header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("%s: Cache-Control %q, want no-store", what, got)
	}
}

const goodPassword = "velvet orbit kettle 42"

// confirmedUser creates a confirmed account directly in the store.
func (e *env) confirmedUser(email, password string) *store.User {
	e.t.Helper()
	hash, err := sharedHasher.Hash(context.Background(), password)
	if err != nil {
		e.t.Fatal(err)
	}
	u := &store.User{Email: email, FirstName: "Layla", LastName: "Haddad", PhoneNumber: "+971 4 123 4567", PasswordHash: hash, Locale: "en"}
	if err := e.store.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	now := e.clock.Now()
	if err := e.store.CreateToken(context.Background(), &store.Token{UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "seed-" + email, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		e.t.Fatal(err)
	}
	u, err = e.store.ConfirmEmail(context.Background(), "seed-"+email, now)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// loggedIn returns a browser signed in as a new confirmed account.
func (e *env) loggedIn(email string) *browser {
	e.t.Helper()
	e.confirmedUser(email, goodPassword)
	b := e.browser()
	r := b.json("POST", "/api/Website/Login", map[string]any{"email": email, "password": goodPassword})
	expect(e.t, "login", r, 200, true)
	return b
}
