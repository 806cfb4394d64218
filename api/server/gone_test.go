package server

import (
	"context"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/store"
)

// cutBody is a request body whose connection ends after its first bytes:
// reading past them cancels the request, as the server does when it reads
// the end of the connection, and fails as a body cut short does.
type cutBody struct {
	data   *strings.Reader
	cancel context.CancelFunc
}

func (b *cutBody) Read(p []byte) (int, error) {
	if b.data.Len() > 0 {
		return b.data.Read(p)
	}
	b.cancel()
	return 0, io.ErrUnexpectedEOF
}

func (b *cutBody) Close() error { return nil }

// A visitor's or a staff member's request whose client went away, after
// sending it whole or halfway through its body, is no server error: it is
// answered 400, logged as 499 by the access log only, and counted as 499
// under its route. A body that is simply unreadable stays a 400.
func TestClientGoneIsNotAServerError(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		var logs, access testenv.LogBuffer
		logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
		m := metrics.New(logger)
		staff, err := admin.New(admin.Config{Store: st, BaseURL: "http://localhost:8080", SecretKey: strings.Repeat("s", 32),
			Hasher: passwords.NewHasher(2), Logger: logger})
		if err != nil {
			t.Fatal(err)
		}
		a := newAccountsSite(t, st, propsRenderer{}, func(c *Config) {
			c.Logger, c.AccessLog, c.Metrics, c.Admin = logger, slog.New(slog.NewTextHandler(&access, nil)), m, staff
		})
		const login = `{"email":"amal@noorvale.example","password":"a long passphrase, or not"}`
		for _, tc := range []struct {
			name, route, body string
			cut               int // bytes of the body sent before the connection ends; -1: all, then it ends
			recorded          string
		}{
			{name: "visitor, gone after the request", route: "/api/Website/Login", body: login, cut: -1, recorded: "499"},
			{name: "staff, gone after the request", route: "/api/admin/login", body: login, cut: -1, recorded: "499"},
			{name: "visitor, body cut short", route: "/api/Website/Login", body: login, cut: 20, recorded: "499"},
			{name: "staff, body cut short", route: "/api/admin/login", body: login, cut: 20, recorded: "499"},
			{name: "visitor, still there, unreadable body", route: "/api/Website/Login", body: `{"email":`, cut: 0, recorded: "400"},
			{name: "staff, still there, unreadable body", route: "/api/admin/login", body: `{"email":`, cut: 0, recorded: "400"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				req := httptest.NewRequestWithContext(ctx, http.MethodPost, tc.route, strings.NewReader(tc.body))
				req.Header.Set("Content-Type", "application/json")
				switch {
				case tc.cut < 0:
					cancel()
				case tc.cut > 0:
					req.Body = &cutBody{data: strings.NewReader(tc.body[:tc.cut]), cancel: cancel}
				}
				logged, accessed := len(logs.String()), len(access.String())
				rec := httptest.NewRecorder()
				a.srv.ServeHTTP(rec, req)
				if rec.Code != http.StatusBadRequest {
					t.Fatalf("answered %d: %s", rec.Code, rec.Body)
				}
				if line := logs.String()[logged:]; strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
					t.Fatalf("logged as a failure: %s", line)
				}
				if line := access.String()[accessed:]; !strings.Contains(line, "status="+tc.recorded+" ") {
					t.Fatalf("access log %q, want status %s", line, tc.recorded)
				}
			})
		}
		f := parseMetrics(t, from(MetricsHandler(m), "127.0.0.1:40000", "/metrics", nil))
		for _, route := range []string{"/api/Website/Login", "/api/admin/login"} {
			for code, want := range map[string]float64{"499": 2, "400": 1, "500": 0, "503": 0} {
				got := sample(f, "site_http_requests_total", map[string]string{"route": route, "method": "POST", "code": code})
				if got != want && !(want == 0 && math.IsNaN(got)) { // NaN: never counted
					t.Errorf("%s answered %s: counted %v, want %v", route, code, got, want)
				}
			}
		}
	})
}
