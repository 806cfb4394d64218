package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

const mailTestSecret = "0123456789abcdef0123456789abcdef-server-test"

// mailSite is the server with the captcha and, when devMail is set, the
// development outbox wired in.
func mailSite(t *testing.T, st *store.Store, p captcha.Provider, devMail http.Handler) *Server {
	t.Helper()
	if _, err := content.SeedFrom(context.Background(), st, testenv.SeedTree(t, testenv.SampleContent())); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	const base = "http://localhost:8080"
	cache := render.NewCache(render.CacheConfig{Renderer: propsRenderer{}, Store: st, Catalog: cat, BaseURL: base, Logger: quiet})
	return New(Config{BaseURL: base, DistDir: fakeDist(t), Logger: quiet, Captcha: p, DevMail: devMail}, cache, st)
}

func get(srv http.Handler, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

func TestDevelopmentOutboxRoute(t *testing.T) {
	st := testenv.SQLiteStore(t)
	ctx := context.Background()
	outbox, err := mail.NewOutbox(st, mailTestSecret, nil)
	if err != nil {
		t.Fatal(err)
	}
	q, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: mailTestSecret})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(ctx, mail.Message{To: "dev@example.com", Locale: "nl", Kind: mail.KindResetCode,
		Data: map[string]string{"code": "118822", "minutes": "10"}}); err != nil {
		t.Fatal(err)
	}
	mail.NewSender(mail.SenderConfig{Queue: q, Transport: outbox, From: "no-reply@noorvale.example"}).SendDue(ctx)

	t.Run("development", func(t *testing.T) {
		srv := mailSite(t, st, nil, outbox.Handler())
		list := get(srv, "/dev/mail")
		if list.Code != http.StatusOK || !strings.Contains(list.Body.String(), "118822") || !strings.Contains(list.Body.String(), "Uw code voor een nieuw wachtwoord") {
			t.Fatalf("GET /dev/mail = %d:\n%s", list.Code, list.Body)
		}
		// The page's own policy replaces the site's, and still allows no script.
		if csp := list.Header().Get("Content-Security-Policy"); strings.Contains(csp, "script-src") || !strings.Contains(csp, "default-src 'none'") {
			t.Fatalf("CSP %q", csp)
		}
		body := get(srv, "/dev/mail/1/html")
		if body.Code != http.StatusOK || !strings.Contains(body.Body.String(), "118822") {
			t.Fatalf("GET /dev/mail/1/html = %d", body.Code)
		}
		if xfo := body.Header().Get("X-Frame-Options"); xfo != "SAMEORIGIN" {
			t.Fatalf("the HTML body cannot be framed by the list: X-Frame-Options %q", xfo)
		}
	})
	t.Run("production", func(t *testing.T) {
		srv := mailSite(t, st, nil, nil)
		for _, path := range []string{"/dev/mail", "/dev/mail/1/html"} {
			rec := get(srv, path)
			if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "118822") {
				t.Fatalf("GET %s in production = %d, want 404", path, rec.Code)
			}
		}
	})
}

func TestCaptchaChallengeRoute(t *testing.T) {
	st := testenv.SQLiteStore(t)
	a, err := captcha.NewAltcha(mailTestSecret, st, 300, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := mailSite(t, st, a, nil)
	rec := get(srv, "/api/captcha/challenge")
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /api/captcha/challenge = %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	var answer struct {
		IsSuccess bool           `json:"isSuccess"`
		Data      captcha.Widget `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || !answer.IsSuccess || answer.Data.Provider != "altcha" || answer.Data.Challenge == nil {
		t.Fatalf("answer %s (%v)", rec.Body, err)
	}
	if answer.Data.Challenge.MaxNumber != 300 || !strings.Contains(rec.Body.String(), `"maxnumber":300`) {
		t.Fatalf("challenge %s", rec.Body)
	}

	without := mailSite(t, testenv.SQLiteStore(t), nil, nil)
	if rec := get(without, "/api/captcha/challenge"); rec.Code != http.StatusNotFound {
		t.Fatalf("without a captcha: %d, want 404", rec.Code)
	}
}
