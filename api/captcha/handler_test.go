package captcha_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/internal/testenv"
)

func TestChallengeHandler(t *testing.T) {
	s := testenv.SQLiteStore(t)
	a := newAltcha(t, s, &clock{now: time.Now()})
	e := echo.New()
	e.GET("/api/captcha/challenge", captcha.ChallengeHandler(a))

	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/captcha/challenge", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("%d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	var body struct {
		IsSuccess bool `json:"isSuccess"`
		Data      struct {
			Provider  string         `json:"provider"`
			Challenge map[string]any `json:"challenge"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if !body.IsSuccess || body.Data.Provider != "altcha" {
		t.Fatalf("answer %s", rec.Body)
	}
	for _, k := range []string{"algorithm", "challenge", "maxnumber", "salt", "signature"} {
		if _, ok := body.Data.Challenge[k]; !ok {
			t.Fatalf("challenge lacks %q: %s", k, rec.Body)
		}
	}

	// The challenge served is one the verifier accepts once solved.
	var w captcha.Widget
	raw, _ := json.Marshal(body.Data)
	_ = json.Unmarshal(raw, &w)
	if err := a.Verify(context.Background(), solve(t, w), ""); err != nil {
		t.Fatalf("the served challenge, solved, was refused: %v", err)
	}

	// Two requests, two challenges.
	rec2 := httptest.NewRecorder()
	e.ServeHTTP(rec2, httptest.NewRequest(http.MethodGet, "/api/captcha/challenge", nil))
	if rec2.Body.String() == rec.Body.String() {
		t.Fatal("the same challenge was served twice")
	}
}

type brokenProvider struct{}

func (brokenProvider) Verify(context.Context, string, string) error { return captcha.ErrInvalid }
func (brokenProvider) Widget(context.Context, string) (captcha.Widget, error) {
	return captcha.Widget{}, errors.New("no entropy")
}

func TestChallengeHandlerFailure(t *testing.T) {
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/api/captcha/challenge", nil), httptest.NewRecorder())
	err := captcha.ChallengeHandler(brokenProvider{})(c)
	var he *echo.HTTPError
	if !errors.As(err, &he) || he.Code != http.StatusInternalServerError {
		t.Fatalf("error %v, want a 500 for the server's error handler", err)
	}
}

// The site's captcha, as the configuration builds it, raises the work for
// the address that keeps asking, as the server sees that address.
func TestChallengeHandlerRaisesWorkPerAddress(t *testing.T) {
	cfg := &config.Config{SecretKey: testSecret, CaptchaProvider: config.CaptchaAltcha, CaptchaSurgeAfter: 2}
	p, err := captcha.New(cfg, testenv.SQLiteStore(t))
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.GET("/api/captcha/challenge", captcha.ChallengeHandler(p))
	ask := func(addr string) int64 {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, "/api/captcha/challenge", nil)
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		var body struct {
			Data captcha.Widget `json:"data"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Data.Challenge == nil {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return body.Data.Challenge.MaxNumber
	}
	got := []int64{ask("198.51.100.7:4100"), ask("198.51.100.7:4101"), ask("198.51.100.7:4102")}
	if want := []int64{captcha.ProductionMaxNumber, captcha.ProductionMaxNumber, 4 * captcha.ProductionMaxNumber}; !slices.Equal(got, want) {
		t.Fatalf("one address asking three times: %v, want %v", got, want)
	}
	if other := ask("203.0.113.9:4100"); other != captcha.ProductionMaxNumber {
		t.Fatalf("another address: %d, want %d", other, captcha.ProductionMaxNumber)
	}
}
