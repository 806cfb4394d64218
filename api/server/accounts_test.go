package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

// accountSite is the server with the account API wired in, pages from the
// props renderer.
func accountSite(t *testing.T, baseURL string, trusted ...netip.Prefix) *Server {
	t.Helper()
	st := testenv.SQLiteStore(t)
	if _, err := content.SeedFrom(context.Background(), st, testenv.SeedTree(t, testenv.SampleContent())); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	blobs, err := blob.NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc := auth.New(auth.Config{Store: st, Blobs: blobs, BaseURL: baseURL, SecretKey: strings.Repeat("s", 32), Logger: quiet})
	cache := render.NewCache(render.CacheConfig{Renderer: propsRenderer{}, Store: st, Catalog: cat, BaseURL: baseURL, Logger: quiet})
	return New(Config{BaseURL: baseURL, DistDir: fakeDist(t), Logger: quiet, Auth: svc, TrustedProxies: trusted}, cache, st)
}

func TestCrossSiteRequestsRefused(t *testing.T) {
	srv := accountSite(t, "http://localhost:8080")
	login := `{"email":"someone@example.com","password":"not the password"}`
	for _, tc := range []struct {
		name    string
		method  string
		headers map[string]string
		status  int // 403 when refused; anything else means it reached the handler
	}{
		{"cross-site", "POST", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site", "POST", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"same-origin", "POST", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost:8080"}, 401},
		{"typed by the user", "POST", map[string]string{"Sec-Fetch-Site": "none"}, 401},
		{"foreign origin", "POST", map[string]string{"Origin": "https://evil.example"}, 403},
		{"null origin", "POST", map[string]string{"Origin": "null"}, 403},
		{"own origin", "POST", map[string]string{"Origin": "http://localhost:8080"}, 401},
		{"neither header (scripts, the legacy app)", "POST", nil, 401},
		{"cross-site DELETE", "DELETE", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"cross-site PUT", "PUT", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := "/api/Website/Login?lang=nl"
			if tc.method != "POST" {
				path = "/api/account/profile?lang=nl"
			}
			req := httptest.NewRequest(tc.method, path, strings.NewReader(login))
			req.Header.Set("Content-Type", "application/json")
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			refused := tc.status == http.StatusForbidden
			if (rec.Code == http.StatusForbidden) != refused || rec.Code >= 500 {
				t.Fatalf("status %d, want refused=%v: %s", rec.Code, refused, rec.Body)
			}
			if refused {
				var env struct {
					IsSuccess bool   `json:"isSuccess"`
					Message   string `json:"message"`
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.IsSuccess || env.Message != locale.For(locale.Nl).Site.APICrossSite {
					t.Fatalf("403 body %s", rec.Body)
				}
			}
		})
	}
	// Reading is not refused: a link from another site may open a page.
	req := httptest.NewRequest("GET", "/api/account", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != 401 {
		t.Fatalf("cross-site GET: %d", rec.Code)
	}
}

func TestAPISecurityHeaders(t *testing.T) {
	for _, tc := range []struct {
		baseURL string
		hsts    bool
	}{{"http://localhost:8080", false}, {"https://www.noorvale.example", true}} {
		srv := accountSite(t, tc.baseURL)
		for _, path := range []string{"/api/account", "/api/nothing", "/about-us"} {
			req := httptest.NewRequest("GET", path, nil)
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			h := rec.Header()
			for name, want := range map[string]string{
				"X-Content-Type-Options":       "nosniff",
				"Referrer-Policy":              "strict-origin-when-cross-origin",
				"Cross-Origin-Opener-Policy":   "same-origin",
				"Cross-Origin-Resource-Policy": "same-origin",
				"X-Frame-Options":              "DENY",
			} {
				if h.Get(name) != want {
					t.Errorf("%s %s: %s = %q, want %q", tc.baseURL, path, name, h.Get(name), want)
				}
			}
			for _, name := range []string{"Permissions-Policy", "Content-Security-Policy"} {
				if h.Get(name) == "" {
					t.Errorf("%s %s: no %s", tc.baseURL, path, name)
				}
			}
			if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("%s: CSP %q", path, h.Get("Content-Security-Policy"))
			}
			for _, name := range []string{"Server", "X-Powered-By"} {
				if h.Get(name) != "" {
					t.Errorf("%s: %s = %q", path, name, h.Get(name))
				}
			}
			if got := h.Get("Strict-Transport-Security"); (got != "") != tc.hsts {
				t.Errorf("%s %s: Strict-Transport-Security %q", tc.baseURL, path, got)
			}
			if strings.HasPrefix(path, "/api/") && h.Get("Cache-Control") != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", path, h.Get("Cache-Control"))
			}
			// JSON a browser is sent to is saved, never shown as a page.
			if disposition := h.Get("Content-Disposition"); strings.HasPrefix(path, "/api/") != (disposition == "attachment") {
				t.Errorf("%s: Content-Disposition %q", path, disposition)
			}
		}
	}
}

func TestClientIP(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}
	for _, tc := range []struct {
		name    string
		trusted []netip.Prefix
		peer    string
		xff     string
		want    string
	}{
		{"no proxies: the peer, whatever the header says", nil, "203.0.113.5:1000", "1.2.3.4", "203.0.113.5"},
		{"loopback is not trusted by default", nil, "127.0.0.1:1000", "1.2.3.4", "127.0.0.1"},
		{"untrusted peer", proxies, "203.0.113.5:1000", "1.2.3.4", "203.0.113.5"},
		{"trusted peer", proxies, "10.1.2.3:1000", "198.51.100.9", "198.51.100.9"},
		{"rightmost untrusted", proxies, "10.1.2.3:1000", "6.6.6.6, 198.51.100.9, 10.0.0.7", "198.51.100.9"},
		{"spoofed left entries ignored", proxies, "10.1.2.3:1000", "1.1.1.1, 198.51.100.9", "198.51.100.9"},
		{"trusted IPv6 proxy", proxies, "[2001:db8::1]:1000", "2001:db8:ffff::1, 192.0.2.44", "192.0.2.44"},
		{"no header", proxies, "10.1.2.3:1000", "", "10.1.2.3"},
		// A client that writes an address of the proxies' range must not
		// pick its own address: with every hop trusted, the peer it is.
		{"every hop trusted: the peer, not the leftmost", proxies, "10.1.2.3:1000", "10.66.66.66, 10.0.0.7", "10.1.2.3"},
		{"one trusted hop written by the client", proxies, "10.1.2.3:1000", "10.200.0.1", "10.1.2.3"},
		{"a hop that is no address: the peer", proxies, "10.1.2.3:1000", "198.51.100.9, unknown", "10.1.2.3"},
		{"bracketed IPv6 hop", proxies, "10.1.2.3:1000", "[2001:db9::7]", "2001:db9::7"},
		{"IPv4-mapped hop", proxies, "10.1.2.3:1000", "::ffff:198.51.100.9", "198.51.100.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tc.peer
			if tc.xff != "" {
				req.Header.Set("X-Forwarded-For", tc.xff)
			}
			if got := clientIP(tc.trusted)(req); got != tc.want {
				t.Fatalf("client IP %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAccountAPIThroughServer logs in through the whole server and reads the
// signed-in user back, as the page server will.
func TestAccountAPIThroughServer(t *testing.T) {
	srv := accountSite(t, "http://localhost:8080")
	req := httptest.NewRequest("POST", "/api/Website/Login", strings.NewReader(`{"email":"nobody@example.com","password":"wrong password"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), `"isSuccess":false`) {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	req = httptest.NewRequest("GET", "/api/Website/Login", nil)
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"isSuccess":false`) {
		t.Fatalf("GET on a POST endpoint: %d %s", rec.Code, rec.Body)
	}
}
