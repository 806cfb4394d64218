package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
)

// Every failure of the API names its request in the body as well as in the
// X-Request-Id header, so a visitor can quote it; a success does not.
func TestErrorEnvelopeCarriesRequestID(t *testing.T) {
	srv := accountSite(t, "http://localhost:8080")
	srv.echo.GET("/api/boom", func(echo.Context) error { panic("kaboom") })
	srv.echo.GET("/api/fine", func(c echo.Context) error { return endpoint.OK(c, nil, "") })
	for _, tc := range []struct {
		name    string
		method  string
		target  string
		body    string
		headers map[string]string
		status  int
		id      string // the id the answer must carry; "" for the server's own
	}{
		{name: "no such endpoint", method: "GET", target: "/api/nothing", status: http.StatusNotFound},
		{name: "a handler's refusal", method: "POST", target: "/api/Website/Login", body: "{not json", status: http.StatusBadRequest},
		{name: "a wrong password", method: "POST", target: "/api/Website/Login", body: `{"email":"someone@example.com","password":"not the password"}`, status: http.StatusUnauthorized},
		{name: "cross-site", method: "POST", target: "/api/Website/Login", body: "{}", headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: http.StatusForbidden},
		{name: "a panic", method: "GET", target: "/api/boom", status: http.StatusInternalServerError},
		{name: "a proxy's id", method: "GET", target: "/api/nothing", headers: map[string]string{"X-Request-Id": "edge-4f2a"}, status: http.StatusNotFound, id: "edge-4f2a"},
		{name: "a success", method: "GET", target: "/api/fine", status: http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			var env struct {
				IsSuccess bool   `json:"isSuccess"`
				RequestID string `json:"requestId"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
				t.Fatalf("%v: %s", err, rec.Body)
			}
			header := rec.Header().Get("X-Request-Id")
			want := header
			if env.IsSuccess {
				want = ""
			}
			if env.RequestID != want || header == "" || tc.id != "" && env.RequestID != tc.id {
				t.Fatalf("requestId %q, header %q: %s", env.RequestID, header, rec.Body)
			}
		})
	}
}

// A refusal a handler wrote itself (endpoint.ErrAnswered) reaches the
// visitor once, as written, and is no failure of the server's: nothing is
// logged as an error. A handler that claims an answer it never wrote is a
// fault, answered 500 and logged.
func TestAnsweredRequestsKeepTheirAnswer(t *testing.T) {
	var logs testenv.LogBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	a := newAccountsSite(t, testenv.SQLiteStore(t), propsRenderer{}, func(c *Config) { c.Logger = logger })
	a.srv.echo.POST("/api/unanswered", func(echo.Context) error { return endpoint.ErrAnswered })
	for _, tc := range []struct {
		name, target, body string
		status             int
		message            string
		logged             bool
	}{
		{"an unreadable body", "/api/account/resend-confirmation", `{"email":`, http.StatusBadRequest, endpoint.For(locale.En).BadRequest, false},
		{"a field that fails its check", "/api/account/resend-confirmation", `{"email":"nobody"}`, http.StatusBadRequest, endpoint.For(locale.En).FixFields, false},
		{"no answer at all", "/api/unanswered", `{}`, http.StatusInternalServerError, locale.For(locale.En).Site.APIInternal, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(logs.String())
			req := httptest.NewRequest(http.MethodPost, tc.target, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			a.srv.ServeHTTP(rec, req)
			var env endpoint.Envelope
			dec := json.NewDecoder(rec.Body)
			if err := dec.Decode(&env); err != nil {
				t.Fatal(err)
			}
			if rec.Code != tc.status || env.IsSuccess || env.Message != tc.message || dec.More() {
				t.Fatalf("%d %+v, then %q", rec.Code, env, rec.Body)
			}
			failed := strings.Contains(logs.String()[before:], "level=ERROR")
			if failed != tc.logged {
				t.Fatalf("logged as an error: %v, want %v:\n%s", failed, tc.logged, logs.String()[before:])
			}
		})
	}
}
