package forms

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

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

const testSecret = "0123456789abcdef0123456789abcdef-forms-test"

// fakeMail records the messages the service seals for the queue, or
// refuses them with err.
type fakeMail struct {
	mu   sync.Mutex
	sent []mail.Message
	err  error
}

func (f *fakeMail) Seal(m mail.Message) (store.OutgoingMail, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return store.OutgoingMail{}, f.err
	}
	f.sent = append(f.sent, m)
	return store.OutgoingMail{Kind: string(m.Kind), Sealed: "sealed"}, nil
}

func (f *fakeMail) Wake() {}

func (f *fakeMail) all() []mail.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]mail.Message(nil), f.sent...)
}

// stubCaptcha accepts "solved", is unavailable for "down", refuses the rest.
type stubCaptcha struct{}

func (stubCaptcha) Verify(_ context.Context, token, _ string) error {
	switch token {
	case "solved":
		return nil
	case "down":
		return captcha.ErrUnavailable
	}
	return captcha.ErrInvalid
}

// stubUsers treats a request with the cookie "session=<email>" as signed in.
type stubUsers struct{}

func (stubUsers) UserFromRequest(r *http.Request) (*auth.UserData, bool) {
	ck, err := r.Cookie("session")
	if err != nil || ck.Value == "" {
		return nil, false
	}
	return &auth.UserData{Email: ck.Value}, true
}

// harness is a forms service on a fresh database with sample content.
type harness struct {
	t     testing.TB
	store *store.Store
	svc   *Service
	echo  *echo.Echo
	mail  *fakeMail
	blobs blob.Store
	clock *testenv.Clock
	cfg   Config
}

// sampleContent is testenv's sample content with a Dutch publication.
func sampleContent() map[string]string {
	files := testenv.SampleContent()
	files["collections/nl/publications/pci-dss-scoping-guide.json"] = `{"title": "Een gids voor de scope van PCI DSS", "description": "Hoe u de omgeving met kaarthoudergegevens afbakent.",
		"date": "2026-06-10", "type": "Guide", "pages": 18, "imageAlt": "Een netwerkschema", "highlights": ["Segmentatietests"], "body": ["De scope bepaalt de kosten."]}`
	return files
}

func newHarness(t testing.TB, s *store.Store, tune ...func(*Config)) *harness {
	t.Helper()
	ctx := context.Background()
	if _, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, sampleContent())); err != nil {
		t.Fatal(err)
	}
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	entries, err := s.ContentEntries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cat, problems := base.WithEntries(entries)
	if len(problems) > 0 {
		t.Fatalf("sample content: %v", problems)
	}
	blobs, err := blob.NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, store: s, mail: &fakeMail{}, blobs: blobs,
		clock: testenv.NewClock(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))}
	h.cfg = Config{
		Store: s, Mail: h.mail, Captcha: stubCaptcha{}, Blobs: blobs, Users: stubUsers{},
		Catalog: func() *content.Catalog { return cat },
		Inboxes: Inboxes{
			Offices: map[string]string{"london": "london@noorvale.example", "dubai": "dubai@noorvale.example", "cairo": "cairo@noorvale.example"},
			HR:      "careers@noorvale.example", Marketing: "info@noorvale.example",
		},
		BaseURL: "https://noorvale.example", SecretKey: testSecret,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: h.clock.Now,
	}
	for _, fn := range tune {
		fn(&h.cfg)
	}
	h.svc = New(h.cfg)
	h.echo = echo.New()
	h.echo.IPExtractor = echo.ExtractIPDirect()
	h.svc.Routes(h.echo.Group("/api/forms"))
	return h
}

// result is a decoded answer.
type result struct {
	status int
	header http.Header
	body   []byte
	env    struct {
		IsSuccess bool              `json:"isSuccess"`
		Data      json.RawMessage   `json:"data"`
		Message   string            `json:"message"`
		Errors    map[string]string `json:"errors"`
	}
}

// do sends a request from ip (192.0.2.1 when "") and decodes the envelope.
func (h *harness) do(req *http.Request, ip string) result {
	h.t.Helper()
	if ip == "" {
		ip = "192.0.2.1"
	}
	req.RemoteAddr = ip + ":40000"
	rec := httptest.NewRecorder()
	h.echo.ServeHTTP(rec, req)
	res := result{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(res.body, &res.env); err != nil {
			h.t.Fatalf("answer is not the envelope: %v\n%s", err, res.body)
		}
	}
	return res
}

// postJSON posts v as JSON.
func (h *harness) postJSON(path string, v any, ip string) result {
	h.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		h.t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return h.do(req, ip)
}

// postForm posts values form-encoded.
func (h *harness) postForm(path string, values url.Values, ip string) result {
	h.t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(values.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return h.do(req, ip)
}

// multipartBody builds a multipart body of fields and, when fileName is
// not "", a file part "cv".
func multipartBody(t testing.TB, fields map[string]string, fileName string, file []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if fileName != "" {
		fw, err := mw.CreateFormFile("cv", fileName)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(file); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

// postApplication posts a multipart application.
func (h *harness) postApplication(path string, fields map[string]string, fileName string, file []byte, ip string) result {
	h.t.Helper()
	body, ct := multipartBody(h.t, fields, fileName, file)
	req := httptest.NewRequest(http.MethodPost, path, body)
	req.Header.Set("Content-Type", ct)
	return h.do(req, ip)
}

// submissions returns every stored submission.
func (h *harness) submissions() []store.Submission {
	h.t.Helper()
	subs, err := h.store.Submissions(context.Background(), store.SubmissionFilter{})
	if err != nil {
		h.t.Fatal(err)
	}
	return subs
}

// mailTo returns the one queued message to an address.
func (h *harness) mailTo(to string) mail.Message {
	h.t.Helper()
	var found []mail.Message
	for _, m := range h.mail.all() {
		if m.To == to {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		h.t.Fatalf("%d messages to %s, want 1 (all: %+v)", len(found), to, h.mail.all())
	}
	return found[0]
}

// Valid bodies of every form.
func validProposal() map[string]any {
	return map[string]any{
		"name": "Layla Haddad", "email": "Layla@Example.com", "phone": "+971 4 123 4567", "company": "Gulf Payments",
		"country": "United Arab Emirates", "companySize": "250-999", "timeline": "1-3-months",
		"services":       []string{"/services/cybersecurity-services/asv", "/services/cybersecurity-services/penetration-testing", "/services/outsourcing-service"},
		"preferredStart": "2027-01-10", "message": "We need quarterly ASV scans\nand a yearly penetration test.",
		"consent": true, "captcha": "solved",
	}
}

func validInquiry() map[string]any {
	return map[string]any{"name": "Tom Whitfield", "email": "tom@example.co.uk", "subject": "ISO 27001 surveillance audit",
		"message": "Can you help us prepare?", "consent": true, "captcha": "solved"}
}

func validContact() map[string]any {
	return map[string]any{"name": "Nadia Fahmy", "email": "nadia@example.com", "company": "Nile Bank",
		"message": "Please call me about a PCI DSS assessment.", "consent": "on", "captcha": "solved"}
}

func validWebinar() map[string]any {
	return map[string]any{"name": "Claire Bennett", "email": "claire@example.com", "company": "Thames Insurance",
		"jobTitle": "CISO", "consent": true, "captcha": "solved"}
}

func validPublication() map[string]any {
	return map[string]any{"name": "Omar Saleh", "email": "omar@example.com", "company": "Riyadh Retail",
		"consent": true, "captcha": "solved"}
}

func validApplication() map[string]string {
	return map[string]string{"name": "Huda Mansour", "email": "huda@example.com", "phone": "+20 2 2555 0187",
		"linkedin": "https://www.linkedin.com/in/huda-mansour-example", "coverLetter": "I have eight years of penetration testing.",
		"consent": "true", "captcha": "solved"}
}

// with returns a copy of a body with keys changed (nil deletes).
func with(body map[string]any, changes map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

var errMailRefused = errors.New("mail: invalid message")
