// Package admintest runs the whole back-office API on a fresh database
// behind a bare Echo for the tests of its packages: staff who join through
// the API, their browsers, visitors, and the content and submissions the
// tests act on.
package admintest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	admincontent "noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/inbox"

	"github.com/labstack/echo/v4"
	"github.com/pquerna/otp/totp"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// Env is the back-office API on a fresh database behind a bare Echo.
type Env struct {
	T     testing.TB
	Svc   *admin.Service
	Store *store.Store
	Clock *testenv.Clock
	Echo  *echo.Echo
	Blobs blob.Store
	// accounts is the visitors' account service the back-office acts through,
	// sending its e-mail to mail; visitors is its API on a bare Echo.
	Accounts *auth.Service
	Mail     *MailRecorder
	Visitors *echo.Echo
}

// MailRecorder keeps the e-mail the visitors' service queues.
type MailRecorder struct {
	mu   sync.Mutex
	sent []mail.Message
}

// Enqueue keeps a message.
func (r *MailRecorder) Enqueue(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

// To lists the messages kept for an address.
func (r *MailRecorder) To(address string) []mail.Message {
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

// SharedHasher hashes every test's passwords on one cheap budget.
var SharedHasher = passwords.NewHasher(4)

// New runs the back-office on st with the options applied to its configuration.
func New(t testing.TB, st *store.Store, opts ...func(*admin.Config)) *Env {
	t.Helper()
	e := &Env{T: t, Store: st, Clock: testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))}
	blobs, err := blob.NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e.Blobs = blobs
	e.Mail = &MailRecorder{}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.Accounts = auth.New(auth.Config{
		Store: st, Mail: e.Mail, Blobs: blobs, BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("k", 32),
		Hasher: SharedHasher, Limits: auth.Limits{Strict: 1000, Standard: 1000}, Logger: quiet, Now: e.Clock.Now,
	})
	e.Visitors = echo.New()
	e.Visitors.IPExtractor = echo.ExtractIPDirect()
	e.Accounts.Routes(e.Visitors.Group("/api"))
	cfg := admin.Config{
		Store: st, BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("k", 32), Hasher: SharedHasher, Blobs: blobs,
		Accounts: e.Accounts,
		Mail:     e.Mail,
		Preview:  &FakePreviewer{},
		Limits:   admin.Limits{Strict: 1000, Standard: 1000},
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)), Now: e.Clock.Now,
	}
	for _, o := range opts {
		o(&cfg)
	}
	svc, err := admin.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.Svc = svc
	e.Echo = echo.New()
	e.Echo.IPExtractor = echo.ExtractIPDirect()
	svc.Routes(e.Echo.Group("/api/admin"))
	return e
}

// Browser is one client with its own cookies.
type Browser struct {
	Env     *Env
	Cookies map[string]*http.Cookie
	IP      string
	Lang    string
}

// Browser is one client with its own cookies.
func (e *Env) Browser() *Browser {
	return &Browser{Env: e, Cookies: map[string]*http.Cookie{}, IP: "198.51.100.7", Lang: "en"}
}

// Result is an answer of the API.
type Result struct {
	Status int
	Header http.Header
	Body   []byte
	Env    testenv.Envelope
}

// Data decodes the answer's data into into.
func (r *Result) Data(t testing.TB, into any) {
	t.Helper()
	r.Env.Decode(t, into)
}

// Do sends a request with a JSON body and answers what came back.
func (b *Browser) Do(method, target string, body any) *Result {
	b.Env.T.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.Env.T.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	sep := "?"
	if strings.Contains(target, "?") {
		sep = "&"
	}
	req := httptest.NewRequest(method, "/api/admin"+target+sep+"lang="+b.Lang, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	a := testenv.Serve(b.Env.T, b.Env.Echo, req, b.IP, b.Cookies)
	return &Result{Status: a.Status, Header: a.Header, Body: a.Body, Env: a.Envelope}
}

// Expect fails the test unless r has the status.
func Expect(t testing.TB, what string, r *Result, status int) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, r.Status, status, r.Body)
	}
}

// Member is a staff member who joined through the API with an
// authenticator app.
type Member struct {
	ID       string
	Email    string
	Password string
	Secret   string
	Codes    []string
	B        *Browser
}

// Code is the member's authenticator app's code now.
func (m *Member) Code(e *Env) string {
	e.T.Helper()
	c, err := totp.GenerateCode(m.Secret, e.Clock.Now())
	if err != nil {
		e.T.Fatal(err)
	}
	return c
}

// WrongCode is a well-formed code the member's app does not show within
// a step of now either way.
func (m *Member) WrongCode(e *Env) string {
	e.T.Helper()
	for n := 0; ; n++ {
		code := fmt.Sprintf("%06d", (n*7919+123457)%1000000)
		if !showsWithinAStep(m.Secret, code, e.Clock.Now()) {
			return code
		}
	}
}

// Join invites an address with a role from the command line's side,
// accepts the invitation in a new browser and enrols an authenticator app.
func (e *Env) Join(email string, role access.Role, languages ...string) *Member {
	e.T.Helper()
	return e.JoinOffice(email, role, "", languages...)
}

// JoinOffice is join for an account with an office (a sales account's).
func (e *Env) JoinOffice(email string, role access.Role, office string, languages ...string) *Member {
	e.T.Helper()
	ctx := e.T.Context()
	inv, err := e.Svc.Invite(ctx, email, role, languages, office, "", "")
	if err != nil {
		e.T.Fatal(err)
	}
	_, token, _ := strings.Cut(inv.Link, "#")
	m := &Member{Email: email, Password: "a long passphrase for " + string(role), B: e.Browser()}
	r := m.B.Do("POST", "/join", map[string]string{"token": token, "name": "Staff " + string(role), "password": m.Password, "confirmPassword": m.Password})
	Expect(e.T, "join", r, 200)
	var st signin.State
	r.Data(e.T, &st)
	if st.Stage != access.StageEnrol {
		e.T.Fatalf("after joining the stage is %q", st.Stage)
	}
	m.ID = st.Staff.ID
	r = m.B.Do("POST", "/enrol/totp/options", nil)
	Expect(e.T, "totp options", r, 200)
	var opts struct{ Secret, URI string }
	r.Data(e.T, &opts)
	m.Secret = opts.Secret
	r = m.B.Do("POST", "/enrol/totp", map[string]string{"code": m.Code(e)})
	Expect(e.T, "enrol totp", r, 200)
	var done struct {
		Session       signin.State `json:"session"`
		RecoveryCodes []string     `json:"recoveryCodes"`
	}
	r.Data(e.T, &done)
	if done.Session.Stage != access.StageFull || len(done.RecoveryCodes) != signin.RecoveryCodes {
		e.T.Fatalf("after enrolling: %+v", done)
	}
	m.Codes = done.RecoveryCodes
	return m
}

// Visitor is a visitor's account made in the store, with a password and,
// when confirmed, a confirmed address.
type Visitor struct {
	ID, Email, Password string
}

// Visitor is a visitor's account made in the store.
func (e *Env) Visitor(first, last, email string, confirmed bool) *Visitor {
	e.T.Helper()
	ctx := e.T.Context()
	v := &Visitor{Email: email, Password: "a visitor's long passphrase"}
	hash, err := SharedHasher.Hash(ctx, v.Password)
	if err != nil {
		e.T.Fatal(err)
	}
	u := &store.User{Email: email, FirstName: first, LastName: last, PasswordHash: hash, Locale: "en"}
	if err := e.Store.CreateUser(ctx, u); err != nil {
		e.T.Fatal(err)
	}
	v.ID = u.ID
	if confirmed {
		now := e.Clock.Now()
		tok := &store.Token{UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "seed-" + email, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := e.Store.CreateToken(ctx, tok); err != nil {
			e.T.Fatal(err)
		}
		if _, err := e.Store.ConfirmEmail(ctx, "seed-"+email, now); err != nil {
			e.T.Fatal(err)
		}
	}
	return v
}

// VisitorBrowser is a visitor's browser on the visitors' API.
type VisitorBrowser struct {
	E       *Env
	Cookies map[string]*http.Cookie
	UA      string
}

// VisitorBrowser is a visitor's browser on the visitors' API.
func (e *Env) VisitorBrowser(userAgent string) *VisitorBrowser {
	return &VisitorBrowser{E: e, Cookies: map[string]*http.Cookie{}, UA: userAgent}
}

// Do sends a request with a JSON body and answers what came back.
func (b *VisitorBrowser) Do(method, target string, body any) *Result {
	b.E.T.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.E.T.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", b.UA)
	a := testenv.Serve(b.E.T, b.E.Visitors, req, "192.0.2.10", b.Cookies)
	return &Result{Status: a.Status, Header: a.Header, Body: a.Body, Env: a.Envelope}
}

// LogIn signs the visitor in on this browser.
func (b *VisitorBrowser) LogIn(v *Visitor) *Result {
	b.E.T.Helper()
	return b.Do("POST", "/api/Website/Login", map[string]any{"email": v.Email, "password": v.Password})
}

// ErasureItem is how the trail names an erased address: a hash of it
// keyed with the site's secret, never the address.
func (e *Env) ErasureItem(email string) string {
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

// InvitedItem is how the trail names an invited address: a hash of it
// keyed with the site's secret, never the address.
func (e *Env) InvitedItem(email string) string {
	return endpoint.NewKeys(strings.Repeat("k", 32)).Of("staff-email", email)[:16]
}

// The news story the content tests edit, seeded in English and Arabic.
const StorySlug = "cairo-office-moves-to-new-cairo"

// SeedStory stores the story's English and Arabic files as the seed does.
func (e *Env) SeedStory() {
	e.T.Helper()
	var entries []store.ContentEntry
	for _, loc := range []string{"en", "ar"} {
		data, err := fs.ReadFile(content.SeedFS(), "collections/"+loc+"/news/"+StorySlug+".json")
		if err != nil {
			e.T.Fatal(err)
		}
		body, problems, err := content.CheckItemFile("news", data)
		if err != nil || len(problems) > 0 {
			e.T.Fatalf("the seeded story: %v %v", problems, err)
		}
		entries = append(entries, store.ContentEntry{Collection: "news", Slug: StorySlug, Locale: loc, Body: body})
	}
	if _, err := e.Store.ReplaceContent(e.T.Context(), store.ContentSet{Entries: entries}); err != nil {
		e.T.Fatal(err)
	}
}

// LanguageView is one language of an item as the content API shows it.
type LanguageView struct {
	State     string          `json:"state"`
	Live      json.RawMessage `json:"live"`
	Published int64           `json:"published"`
	Latest    *struct {
		ID     int64           `json:"id"`
		Body   json.RawMessage `json:"body"`
		Author struct{ ID, Name string }
	} `json:"latest"`
}

// ItemView is an item as the content API shows it.
type ItemView struct {
	Languages map[string]LanguageView `json:"languages"`
	Writable  []string                `json:"writable"`
}

// Item is the test story as the member sees it.
func (m *Member) Item(t *testing.T) ItemView {
	t.Helper()
	r := m.B.Do("GET", "/content/news/"+StorySlug, nil)
	Expect(t, "item", r, http.StatusOK)
	var it ItemView
	r.Data(t, &it)
	return it
}

// LatestID is a language's latest version, 0 when none was saved.
func (it ItemView) LatestID(loc string) int64 {
	if l := it.Languages[loc].Latest; l != nil {
		return l.ID
	}
	return 0
}

// WithTitle returns a body with another title.
func WithTitle(t *testing.T, body json.RawMessage, title string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	v["title"] = title
	return v
}

// LiveTitle is the live title of the test story in a language.
func LiveTitle(t *testing.T, st *store.Store, loc string) string {
	t.Helper()
	entries, err := st.ContentEntries(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Collection == "news" && e.Slug == StorySlug && e.Locale == loc {
			var v struct{ Title string }
			_ = json.Unmarshal([]byte(e.Body), &v)
			return v.Title
		}
	}
	return ""
}

// WithTitleOf is the title in a body.
func WithTitleOf(t *testing.T, body json.RawMessage) string {
	t.Helper()
	var v struct{ Title string }
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v.Title
}

// FakeEncoder stands in for the renderer: it answers every cover file with
// bytes that name it, and counts what it was given. ssr/encode-image.test.mjs
// tests the real encoding.
type FakeEncoder struct{ Calls atomic.Int32 }

// EncodeCover answers every file of a cover.
func (f *FakeEncoder) EncodeCover(_ context.Context, data []byte) ([]ssr.EncodedImage, error) {
	f.Calls.Add(1)
	var out []ssr.EncodedImage
	for name, contentType := range admincontent.CoverFiles {
		out = append(out, ssr.EncodedImage{Name: name, Type: contentType, Data: []byte("encoded " + name)})
	}
	return out, nil
}

// EncodeLibraryImage answers a library picture as two widths of WebP and
// AVIF and a JPEG, 16:9.
func (f *FakeEncoder) EncodeLibraryImage(_ context.Context, data []byte) ([]ssr.EncodedImage, error) {
	f.Calls.Add(1)
	var out []ssr.EncodedImage
	for _, w := range []int{320, 640} {
		for _, ext := range []string{"avif", "webp"} {
			name := fmt.Sprintf("%d.%s", w, ext)
			out = append(out, ssr.EncodedImage{Name: name, Type: "image/" + ext, Data: []byte("encoded " + name), Width: w, Height: w * 9 / 16})
		}
	}
	out = append(out, ssr.EncodedImage{Name: "640.jpg", Type: "image/jpeg", Data: []byte("encoded 640.jpg"), Width: 640, Height: 360})
	return out, nil
}

// WithMedia lets pictures be uploaded to the media library, encoded by enc.
func WithMedia(enc admin.MediaEncoder) func(*admin.Config) {
	return func(c *admin.Config) { c.Media = enc }
}

// WithCovers lets covers be uploaded, encoded by enc.
func WithCovers(enc admin.CoverEncoder) func(*admin.Config) {
	return func(c *admin.Config) { c.Covers = enc }
}

// MultipartBody is a file sent as the "file" part of a form, with the
// form's other fields.
type MultipartBody struct {
	Name   string
	Data   []byte
	Fields map[string]string
}

// Send is do, sending a MultipartBody as a form.
func (b *Browser) Send(method, target string, body any) *Result {
	b.Env.T.Helper()
	file, ok := body.(MultipartBody)
	if !ok {
		return b.Do(method, target, body)
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range file.Fields {
		_ = w.WriteField(k, v)
	}
	part, err := w.CreateFormFile("file", file.Name)
	if err != nil {
		b.Env.T.Fatal(err)
	}
	_, _ = part.Write(file.Data)
	_ = w.Close()
	req := httptest.NewRequest(method, "/api/admin"+target+"?lang="+b.Lang, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	a := testenv.Serve(b.Env.T, b.Env.Echo, req, b.IP, b.Cookies)
	return &Result{Status: a.Status, Header: a.Header, Body: a.Body, Env: a.Envelope}
}

// Photo is a picture of the given size with something in it, as JPEG or PNG.
func Photo(t testing.TB, w, h int, format string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// SamplePDF is the smallest file the forms take as a PDF CV.
const SamplePDF = "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"

// Submit stores a submission as a form would, with a CV when cv is not
// nil, created now on the test's clock, and returns its id.
func (e *Env) Submit(kind, target, lang string, data map[string]any, cv []byte) int64 {
	e.T.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		e.T.Fatal(err)
	}
	sub := &store.Submission{Kind: kind, Target: target, Locale: lang, Data: string(raw), IP: "203.0.113.9", CreatedAt: e.Clock.Now()}
	if cv != nil {
		key := fmt.Sprintf("cvs/%d%d.pdf", e.Clock.Now().UnixNano(), len(data))
		if err := e.Blobs.Put(e.T.Context(), key, strings.NewReader(string(cv)), "application/pdf"); err != nil {
			e.T.Fatal(err)
		}
		sub.CVBlobKey = &key
	}
	if err := e.Store.CreateSubmission(e.T.Context(), sub, nil); err != nil {
		e.T.Fatal(err)
	}
	e.Clock.Advance(time.Second)
	return sub.ID
}

// MailQueue is the mail queue on the test's database.
func MailQueue(t testing.TB, st *store.Store) *mail.Queue {
	t.Helper()
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32)})
	if err != nil {
		t.Fatal(err)
	}
	return queue
}

// WithReplies lets the inbox reply through the forms, from the offices',
// HR's and marketing's inboxes, into queue.
func WithReplies(st *store.Store, queue *mail.Queue) func(*admin.Config) {
	replies := forms.New(forms.Config{Store: st, Mail: queue, Inboxes: forms.Inboxes{
		Offices: map[string]string{"london": "london@noorvale.example", "dubai": "dubai@noorvale.example", "cairo": "cairo@noorvale.example"},
		HR:      "careers@noorvale.example", Marketing: "info@noorvale.example",
	}})
	return func(c *admin.Config) { c.Forms = replies }
}

// Recorder is a mail transport that keeps what it is given.
type Recorder struct{ Sent []*mail.Envelope }

// Send is Do, sending a MultipartBody as a form.
func (r *Recorder) Send(_ context.Context, e *mail.Envelope) error {
	r.Sent = append(r.Sent, e)
	return nil
}

// RoleItem gives the whole-item and settings routes of the role test a
// path and body of their own: each role that may creates an item
// "made-by-<role>", publishes its English, takes it off, renames it
// "renamed-by-<role>" and deletes it; it saves the settings on top of the
// latest save. Roles that may not are refused before any of it matters.
func RoleItem(t *testing.T, m *Member, role access.Role, key string) (string, any, bool) {
	t.Helper()
	if !access.Can(role, access.EditContent) {
		return "", nil, false
	}
	made := "made-by-" + string(role)
	switch key {
	case "POST /content/:collection":
		return "/content/news", map[string]any{"slug": made, "body": json.RawMessage(m.Item(t).Languages["en"].Live)}, true
	case "POST /content/:collection/:slug/unpublish":
		PublishEnglish(t, m, "news", made)
		return "/content/news/" + made + "/unpublish", nil, true
	case "PUT /content/:collection/:slug/slug":
		return "/content/news/" + made + "/slug", map[string]any{"slug": "renamed-by-" + string(role)}, true
	case "DELETE /content/:collection/:slug":
		return "/content/news/renamed-by-" + string(role), nil, true
	case "PUT /settings":
		return "/settings", map[string]any{"base": SettingsBase(t, m), "body": SeedSite(t)}, true
	}
	return "", nil, false
}

// FakePreviewer answers a page shaped like the renderer's, with the
// draft's body in it, and remembers the draft.
type FakePreviewer struct {
	mu   sync.Mutex
	last store.ContentEntry
}

// Preview answers a page with the draft's body in it.
func (f *FakePreviewer) Preview(_ context.Context, draft store.ContentEntry) ([]byte, error) {
	if draft.Slug != StorySlug {
		return nil, render.ErrNoPage
	}
	f.mu.Lock()
	f.last = draft
	f.mu.Unlock()
	return []byte(`<!doctype html>
<html lang="` + draft.Locale + `" dir="ltr">
<head><meta charset="utf-8"><title>Story</title><script>document.title="ran"</script><link rel="modulepreload" href="/assets/app.js"></head>
<body>
<div id="root"><h1>` + draft.Body + `</h1><form action="/api/forms/enquiry" method="post"><button>Send</button></form></div>
<script type="application/json" id="page-props">{}</script>
<script type="module" src="/assets/app.js"></script>
</body>
</html>`), nil
}

// PublishEnglish publishes the latest English version of an item.
func PublishEnglish(t *testing.T, m *Member, collection, slug string) {
	t.Helper()
	r := m.B.Do("GET", "/content/"+collection+"/"+slug, nil)
	Expect(t, "item", r, http.StatusOK)
	var it ItemView
	r.Data(t, &it)
	r = m.B.Do("POST", "/content/"+collection+"/"+slug+"/en/publish", map[string]any{"version": it.LatestID("en")})
	Expect(t, "publish the English", r, http.StatusOK)
}

// SettingsBase is the latest save of the settings, 0 for none.
func SettingsBase(t *testing.T, m *Member) int64 {
	t.Helper()
	r := m.B.Do("GET", "/settings", nil)
	Expect(t, "settings", r, http.StatusOK)
	var cur struct{ Revision *struct{ ID int64 } }
	r.Data(t, &cur)
	if cur.Revision == nil {
		return 0
	}
	return cur.Revision.ID
}

// SeedSite is the identity the seed ships, as the settings form takes it.
func SeedSite(t *testing.T) map[string]any {
	t.Helper()
	data, err := fs.ReadFile(content.SeedFS(), "site.json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// InboxPageData is a page of the inbox's list.
type InboxPageData struct {
	Items    []inbox.Item   `json:"items"`
	Total    int            `json:"total"`
	Statuses []string       `json:"statuses"`
	Kinds    []string       `json:"kinds"`
	Staff    []inbox.Person `json:"staff"`
}

// Inbox answers a page of the inbox's list for the query.
func (b *Browser) Inbox(t *testing.T, query string) InboxPageData {
	t.Helper()
	values, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	r := b.Do("GET", "/inbox?"+values.Encode(), nil)
	Expect(t, "inbox "+query, r, http.StatusOK)
	var page InboxPageData
	r.Data(t, &page)
	return page
}
