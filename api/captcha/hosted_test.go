package captcha_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
)

// siteverify is a test server speaking the providers' siteverify protocol:
// it accepts "good-token" for secret "s3cret".
type siteverify struct {
	mu   sync.Mutex
	last map[string]string
}

func (sv *siteverify) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.ParseForm() != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	sv.mu.Lock()
	sv.last = map[string]string{"secret": r.PostForm.Get("secret"), "response": r.PostForm.Get("response"), "remoteip": r.PostForm.Get("remoteip")}
	sv.mu.Unlock()
	answer := map[string]any{"success": false, "error-codes": []string{"invalid-input-response"}}
	switch {
	case r.PostForm.Get("secret") != "s3cret":
		answer = map[string]any{"success": false, "error-codes": []string{"invalid-input-secret"}}
	case r.PostForm.Get("response") == "good-token":
		answer = map[string]any{"success": true, "challenge_ts": time.Now().Format(time.RFC3339), "hostname": "noorvale.example"}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(answer)
}

func hosted(t *testing.T, url, secret string, timeout time.Duration) *captcha.Hosted {
	t.Helper()
	h, err := captcha.NewHosted(captcha.HostedConfig{Provider: config.CaptchaTurnstile, SiteKey: "site-key-1", Secret: secret, VerifyURL: url, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestHosted(t *testing.T) {
	sv := &siteverify{}
	srv := httptest.NewServer(sv)
	defer srv.Close()
	ctx := context.Background()
	h := hosted(t, srv.URL, "s3cret", 0)

	w, err := h.Widget(ctx, "")
	if err != nil || w.Provider != "turnstile" || w.SiteKey != "site-key-1" || w.Challenge != nil {
		t.Fatalf("widget %+v, %v", w, err)
	}
	if err := h.Verify(ctx, "good-token", "198.51.100.7"); err != nil {
		t.Fatalf("a good token was refused: %v", err)
	}
	sv.mu.Lock()
	got := sv.last
	sv.mu.Unlock()
	if got["secret"] != "s3cret" || got["response"] != "good-token" || got["remoteip"] != "198.51.100.7" {
		t.Fatalf("siteverify received %v", got)
	}
	if err := h.Verify(ctx, "bad-token", ""); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("a bad token: %v, want ErrInvalid", err)
	}
	if err := h.Verify(ctx, "", ""); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("an empty token: %v, want ErrInvalid", err)
	}
	// A secret the provider refuses is our fault, not the visitor's.
	if err := hosted(t, srv.URL, "wrong", 0).Verify(ctx, "good-token", ""); !errors.Is(err, captcha.ErrUnavailable) {
		t.Fatalf("a refused secret: %v, want ErrUnavailable", err)
	}
}

func TestHostedOutage(t *testing.T) {
	ctx := context.Background()
	block := make(chan struct{})
	cases := map[string]http.HandlerFunc{
		"server error": func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusBadGateway) },
		"not JSON":     func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<html>maintenance</html>")) },
		"too slow":     func(w http.ResponseWriter, r *http.Request) { <-block },
	}
	for name, handler := range cases {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(handler)
			defer srv.Close()
			defer func() {
				if name == "too slow" {
					close(block)
				}
			}()
			err := hosted(t, srv.URL, "s3cret", 200*time.Millisecond).Verify(ctx, "good-token", "")
			if !errors.Is(err, captcha.ErrUnavailable) {
				t.Fatalf("Verify = %v, want ErrUnavailable", err)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close()
		if err := hosted(t, url, "s3cret", time.Second).Verify(ctx, "good-token", ""); !errors.Is(err, captcha.ErrUnavailable) {
			t.Fatalf("Verify = %v, want ErrUnavailable", err)
		}
	})
}

func TestNewFromConfig(t *testing.T) {
	cfg := &config.Config{SecretKey: testSecret, CaptchaProvider: config.CaptchaAltcha}
	p, err := captcha.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := p.Widget(context.Background(), "")
	if err != nil || w.Provider != "altcha" || w.Challenge.MaxNumber != captcha.ProductionMaxNumber {
		t.Fatalf("altcha widget %+v, %v", w, err)
	}
	cfg = &config.Config{CaptchaProvider: config.CaptchaHCaptcha, CaptchaSiteKey: "pub", CaptchaSecret: "sec", CaptchaVerifyURL: "https://api.hcaptcha.com/siteverify"}
	p, err = captcha.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := p.Widget(context.Background(), ""); w.Provider != "hcaptcha" || w.SiteKey != "pub" {
		t.Fatalf("hosted widget %+v", w)
	}
}
