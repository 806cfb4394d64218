package server

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
)

// A confirmation link's token is a secret: neither the access log nor the
// application log may hold it, whichever way the link is opened, and the
// access log still says which route was asked for.
func TestLogsNameConfirmationRoutesNotTokens(t *testing.T) {
	var logs testenv.LogBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	a := newAccountsSite(t, testenv.SQLiteStore(t), propsRenderer{}, func(c *Config) { c.Logger, c.AccessLog = logger, logger })
	const token = "Zm9vYmFyYmF6cXV4LW5vdC1hLXJlYWwtdG9rZW4tX18"
	secret := a.signIn(t, "logs@example.com", false, time.Now())
	for _, tc := range []struct {
		method, target string
		headers        map[string]string
		status         int
		logged         string
	}{
		{method: "GET", target: "/auth/confirm-email/" + token, status: 200, logged: "path=/auth/confirm-email/:token "},
		{method: "GET", target: "/nl/auth/confirm-email/" + token, status: 200, logged: "path=/nl/auth/confirm-email/:token "},
		{method: "GET", target: "/ar/auth/confirm-email/" + token, headers: a.as(secret), status: 200, logged: "path=/ar/auth/confirm-email/:token "},
		{method: "GET", target: "/fr/auth/confirm-email/" + token + "/", status: 301, logged: "path=/fr/auth/confirm-email/:token/* "},
		{method: "HEAD", target: "/auth/confirm-email/" + token + "/more", status: 404, logged: "path=/auth/confirm-email/:token/* "},
		{method: "POST", target: "/api/ApplicationUser/ConfirmEmail/" + token, status: 400, logged: "path=/api/ApplicationUser/ConfirmEmail/:token "},
		{method: "POST", target: "/auth/confirm-email/" + token, status: 405, logged: "path=/auth/confirm-email/:token "},
	} {
		before := len(logs.String())
		rec := a.do(tc.method, tc.target, tc.headers)
		if rec.Code != tc.status {
			t.Fatalf("%s %s: %d, want %d", tc.method, tc.target, rec.Code, tc.status)
		}
		line := logs.String()[before:]
		if !strings.Contains(line, tc.logged) {
			t.Fatalf("%s %s logged %q, want it to contain %q", tc.method, tc.target, line, tc.logged)
		}
	}
	// Ordinary pages are still logged by their path.
	a.do("GET", "/nl/about-us", nil)
	if !strings.Contains(logs.String(), "path=/nl/about-us ") {
		t.Fatalf("page logged as %q", logs.String())
	}
	if strings.Contains(logs.String(), token) {
		t.Fatalf("the token reached the log:\n%s", logs.String())
	}
}
