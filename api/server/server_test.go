package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// site is a server wired to a renderer (the real one unless a test brings
// its own) and a fresh database.
type site struct {
	srv      *Server
	cache    *render.Cache
	renderer *ssr.Supervisor // nil with a renderer of the test's own
	store    *store.Store
}

type siteOptions struct {
	baseURL  string
	fill     bool             // render every page first; otherwise pages render on first request
	restart  time.Duration    // delay before the renderer is restarted; short when zero
	seed     fs.FS            // the seed tree; the one shipped with the server when nil
	renderer render.Renderer  // renders pages instead of the real renderer when set
	now      func() time.Time // the cache's and the server's clock; time.Now when nil
}

func newSite(t *testing.T, opts siteOptions) *site {
	t.Helper()
	if opts.baseURL == "" {
		opts.baseURL = "http://localhost:8080"
	}
	if opts.seed == nil {
		opts.seed = content.SeedFS()
	}
	st := testenv.SQLiteStore(t)
	if _, err := content.SeedFrom(context.Background(), st, opts.seed); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	s := &site{store: st}
	renderer := opts.renderer
	if renderer == nil {
		s.renderer = testenv.StartRenderer(t, nil, func(c *ssr.SupervisorConfig) {
			if opts.restart > 0 {
				c.MinBackoff, c.MaxBackoff = opts.restart, opts.restart
			}
		})
		renderer = s.renderer
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	s.cache = render.NewCache(render.CacheConfig{Renderer: renderer, Store: st, Catalog: cat, BaseURL: opts.baseURL, Logger: quiet, Now: opts.now})
	s.srv = New(Config{BaseURL: opts.baseURL, DistDir: fakeDist(t), Logger: quiet, Now: opts.now, Redirects: st}, s.cache, st)
	if s.renderer != nil {
		s.srv.SetScriptHashes(s.renderer.ScriptHashes())
	}
	if opts.fill {
		if err := s.cache.RenderAll(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// catalog is the catalogue the cache renders from.
func (s *site) catalog() *content.Catalog { return s.cache.Catalog() }

// fakeDist writes a small client build: the server serves these files,
// while the renderer uses the real build.
func fakeDist(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	assets := filepath.Join(dir, "client", "assets")
	if err := os.MkdirAll(filepath.Join(assets, "nested"), 0o755); err != nil {
		t.Fatal(err)
	}
	js := bytes.Repeat([]byte("console.log('Noorvale');\n"), 40)
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "client", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("assets/entry-client-abc123.js", js)
	write("assets/entry-client-abc123.js.gz", gzipped(t, js))
	write("assets/entry-client-abc123.js.br", brotlied(t, js))
	write("assets/app-def456.css", []byte("body{margin:0}"))
	write("assets/.hidden", []byte("secret"))
	write("favicon.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	write("robots.txt", []byte("User-agent: *\nAllow: /\n"))
	write("index.html", []byte("<!doctype html>"))
	return dir
}

func gzipped(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

func brotlied(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriter(&buf)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

func (s *site) do(method, target string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.srv.ServeHTTP(rec, req)
	return rec
}

func decode(t *testing.T, rec *httptest.ResponseRecorder) []byte {
	t.Helper()
	body := rec.Body.Bytes()
	switch rec.Header().Get("Content-Encoding") {
	case "br":
		out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
		if err != nil {
			t.Fatal(err)
		}
		return out
	case "gzip":
		r, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	return body
}

type scenario struct {
	name        string
	method      string
	url         string
	headers     map[string]string
	status      int
	contains    []string          // in the decoded body
	notContains []string          // not in the decoded body
	header      map[string]string // exact header values; "" means absent
	headerHas   map[string]string // header contains
}

func (s *site) run(t *testing.T, scenarios []scenario) {
	t.Helper()
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			method := sc.method
			if method == "" {
				method = http.MethodGet
			}
			rec := s.do(method, sc.url, sc.headers)
			if rec.Code != sc.status {
				t.Fatalf("%s %s: status %d, want %d; body %.300s", method, sc.url, rec.Code, sc.status, rec.Body.String())
			}
			body := string(decode(t, rec))
			for _, want := range sc.contains {
				if !strings.Contains(body, want) {
					t.Errorf("body lacks %q: %.300s", want, body)
				}
			}
			for _, unwanted := range sc.notContains {
				if strings.Contains(body, unwanted) {
					t.Errorf("body contains %q", unwanted)
				}
			}
			for k, v := range sc.header {
				if got := rec.Header().Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
			for k, v := range sc.headerHas {
				if got := rec.Header().Get(k); !strings.Contains(got, v) {
					t.Errorf("header %s = %q, want it to contain %q", k, got, v)
				}
			}
		})
	}
}

func TestEveryPageInEveryLocale(t *testing.T) {
	s := newSite(t, siteOptions{fill: true})
	for _, l := range locale.All {
		for _, p := range s.catalog().Pages() {
			if p.SignedInOnly() {
				continue // signedin_test.go
			}
			path := locale.Path(l, p.Route)
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				rec := s.do(method, path, nil)
				if rec.Code != http.StatusOK {
					t.Fatalf("%s %s: %d", method, path, rec.Code)
				}
				if rec.Header().Get("Content-Type") != "text/html; charset=utf-8" || rec.Header().Get("Cache-Control") != "no-cache" ||
					rec.Header().Get("ETag") == "" || rec.Header().Get("Content-Security-Policy") == "" || rec.Header().Get("X-Request-Id") == "" {
					t.Fatalf("%s %s: headers %v", method, path, rec.Header())
				}
				if method == http.MethodHead {
					if rec.Body.Len() != 0 {
						t.Fatalf("HEAD %s has a body", path)
					}
					continue
				}
				body := rec.Body.String()
				if !strings.Contains(body, `lang="`+string(l)+`"`) || !strings.Contains(body, `dir="`+l.Dir()+`"`) {
					t.Fatalf("GET %s is not in %s", path, l)
				}
			}
		}
	}
}

func TestScenarios(t *testing.T) {
	s := newSite(t, siteOptions{})
	en, ar := locale.For(locale.En).Site, locale.For(locale.Ar).Site
	s.run(t, []scenario{
		{name: "home", url: "/", status: 200, contains: []string{"<!doctype html>"}},
		{name: "query string ignored", url: "/about-us?utm_source=x", status: 200},
		{name: "unknown path", url: "/no-such-page", status: 404, contains: []string{`lang="en"`, "noindex"}, header: map[string]string{"ETag": ""}},
		{name: "unknown locale prefix is english not found", url: "/de/about-us", status: 404, contains: []string{`lang="en"`}},
		{name: "arabic not found", url: "/ar/no-such-page", status: 404, contains: []string{`lang="ar"`, `dir="rtl"`}},
		{name: "french not found", url: "/fr/services/nope", status: 404, contains: []string{`lang="fr"`}},
		{name: "head of not found", method: "HEAD", url: "/nope", status: 404},
		{name: "group without page", url: "/services", status: 404},
		{name: "upper case prefix", url: "/AR/about-us", status: 404},

		{name: "trailing slash", url: "/about-us/", status: 301, header: map[string]string{"Location": "/about-us"}},
		{name: "trailing slash keeps query", url: "/nl/forms/?a=1&b=2", status: 301, header: map[string]string{"Location": "/nl/forms?a=1&b=2"}},
		{name: "locale root slash", url: "/ar/", status: 301, header: map[string]string{"Location": "/ar"}},
		{name: "many slashes", url: "/terms///", status: 301, header: map[string]string{"Location": "/terms"}},
		{name: "no open redirect", url: "//evil.example/", status: 404, header: map[string]string{"Location": ""}},
		{name: "no redirect to a path a browser reads as a host", url: "/.//evil.example/", status: 404, header: map[string]string{"Location": ""}},
		{name: "no redirect to two slashes after the language", url: "/nl//evil.example/", status: 404, header: map[string]string{"Location": ""}},
		{name: "encoded trailing slash", url: "/about-us%2F", status: 404, header: map[string]string{"Location": ""}},
		{name: "no backslash redirect", url: `/\evil.example/`, status: 404, header: map[string]string{"Location": ""}},

		{name: "iso number", url: "/compliance/iso-standards/27001", status: 301, header: map[string]string{"Location": "/compliance/iso-standards/iso-27001"}},
		{name: "iso number with part", url: "/fr/compliance/iso-standards/20000-1?x=1", status: 301, header: map[string]string{"Location": "/fr/compliance/iso-standards/iso-20000-1?x=1"}},
		{name: "iso number arabic", url: "/ar/compliance/iso-standards/9001", status: 301, header: map[string]string{"Location": "/ar/compliance/iso-standards/iso-9001"}},
		{name: "unknown iso number", url: "/compliance/iso-standards/12345", status: 404},

		{name: "account", url: "/account", status: 303, header: map[string]string{"Location": "/auth/login?returnUrl=%2Faccount"}},
		{name: "account dutch", url: "/nl/account", status: 303, header: map[string]string{"Location": "/nl/auth/login?returnUrl=%2Fnl%2Faccount"}},
		{name: "account arabic with query", url: "/ar/account?tab=profile", status: 303, header: map[string]string{"Location": "/ar/auth/login?returnUrl=%2Far%2Faccount%3Ftab%3Dprofile"}},

		{name: "api unknown", url: "/api/nothing", status: 404, contains: []string{`"isSuccess":false`, en.APINotFound},
			header: map[string]string{"Content-Type": "application/json"}},
		{name: "api root", url: "/api", status: 404, contains: []string{`"isSuccess":false`}},
		{name: "api accept-language", url: "/api/nothing", headers: map[string]string{"Accept-Language": "ar-SA,ar;q=0.9"}, status: 404, contains: []string{ar.APINotFound}},
		{name: "api lang parameter", url: "/api/nothing?lang=fr", headers: map[string]string{"Accept-Language": "ar"}, status: 404, contains: []string{locale.For(locale.Fr).Site.APINotFound}},
		{name: "api post", method: "POST", url: "/api/Website/Login", status: 404, contains: []string{`"isSuccess":false`}},
		{name: "page post", method: "POST", url: "/about-us", status: 405, contains: []string{en.APIMethodNotAllowed}, headerHas: map[string]string{"Allow": "GET"}},
		{name: "page delete arabic", method: "DELETE", url: "/ar/about-us", status: 405, contains: []string{ar.APIMethodNotAllowed, `dir="rtl"`}},

		{name: "healthz", url: "/healthz", status: 200, contains: []string{`{"status":"ok"}`}},

		{name: "favicon", url: "/favicon.svg", status: 200, header: map[string]string{"Cache-Control": "public, max-age=3600", "Content-Type": "image/svg+xml"}},
		{name: "robots before the first render", url: "/robots.txt", status: 503, notContains: []string{"User-agent"}, header: map[string]string{"Retry-After": "5"}},
		{name: "no index.html at the root", url: "/index.html", status: 404},
	})
}

func TestAssets(t *testing.T) {
	s := newSite(t, siteOptions{})
	js := "/assets/entry-client-abc123.js"
	immutable := "public, max-age=31536000, immutable"
	s.run(t, []scenario{
		{name: "brotli", url: js, headers: map[string]string{"Accept-Encoding": "gzip, deflate, br"}, status: 200, contains: []string{"Noorvale"},
			header: map[string]string{"Content-Encoding": "br", "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": immutable, "Vary": "Accept-Encoding"}},
		{name: "gzip", url: js, headers: map[string]string{"Accept-Encoding": "gzip"}, status: 200, contains: []string{"Noorvale"},
			header: map[string]string{"Content-Encoding": "gzip", "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": immutable}},
		{name: "identity", url: js, status: 200, contains: []string{"Noorvale"},
			header: map[string]string{"Content-Encoding": "", "Cache-Control": immutable, "Vary": "Accept-Encoding"}},
		{name: "no sibling", url: "/assets/app-def456.css", headers: map[string]string{"Accept-Encoding": "br"}, status: 200, contains: []string{"margin"},
			header: map[string]string{"Content-Encoding": "", "Content-Type": "text/css; charset=utf-8"}},
		{name: "head", method: "HEAD", url: js, status: 200},
		{name: "missing", url: "/assets/missing-000.js", status: 404, header: map[string]string{"Cache-Control": ""}},
		{name: "directory", url: "/assets/nested", status: 404},
		{name: "directory slash", url: "/assets/nested/", status: 404},
		{name: "assets root", url: "/assets/", status: 404},
		{name: "hidden file", url: "/assets/.hidden", status: 404, notContains: []string{"secret"}},
		{name: "traversal", url: "/assets/../go.mod", status: 404, notContains: []string{"module"}},
		{name: "encoded traversal", url: "/assets/%2e%2e/go.mod", status: 404, notContains: []string{"module"}},
		{name: "encoded slash traversal", url: "/assets/..%2fgo.mod", status: 404, notContains: []string{"module"}},
		{name: "double encoded", url: "/assets/%252e%252e/go.mod", status: 404, notContains: []string{"module"}},
		{name: "deep traversal", url: "/assets/nested/../../../../go.mod", status: 404, notContains: []string{"module"}},
		{name: "backslash traversal", url: `/assets/..\go.mod`, status: 404, notContains: []string{"module"}},
		{name: "root traversal", url: "/%2e%2e/go.mod", status: 404, notContains: []string{"module "}},
		{name: "post", method: "POST", url: js, status: 405},
	})
}

func TestConditionalAndEncodings(t *testing.T) {
	s := newSite(t, siteOptions{})
	const path = "/services/cybersecurity-services/penetration-testing"
	plain := s.do("GET", path, nil)
	br := s.do("GET", path, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
	gz := s.do("GET", path, map[string]string{"Accept-Encoding": "gzip"})
	if br.Header().Get("Content-Encoding") != "br" || gz.Header().Get("Content-Encoding") != "gzip" || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("encodings: %q %q %q", br.Header().Get("Content-Encoding"), gz.Header().Get("Content-Encoding"), plain.Header().Get("Content-Encoding"))
	}
	for _, rec := range []*httptest.ResponseRecorder{br, gz} {
		if !bytes.Equal(decode(t, rec), plain.Body.Bytes()) {
			t.Fatalf("%s variant does not decode to the page", rec.Header().Get("Content-Encoding"))
		}
		if rec.Body.Len() >= plain.Body.Len() || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatal("variant not compressed or Vary missing")
		}
	}
	tags := map[string]bool{plain.Header().Get("ETag"): true, br.Header().Get("ETag"): true, gz.Header().Get("ETag"): true}
	if len(tags) != 3 {
		t.Fatalf("each encoding needs its own strong ETag: %v", tags)
	}
	for tag := range tags {
		if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("ETag %s is not a strong tag", tag)
		}
	}

	etag := br.Header().Get("ETag")
	s.run(t, []scenario{
		{name: "not modified", url: path, headers: map[string]string{"If-None-Match": etag, "Accept-Encoding": "br"}, status: 304,
			header: map[string]string{"ETag": etag, "Content-Length": ""}},
		{name: "not modified in a list", url: path, headers: map[string]string{"If-None-Match": `"stale", ` + etag}, status: 304},
		{name: "another page's tag", url: "/about-us", headers: map[string]string{"If-None-Match": etag}, status: 200},
		{name: "stale tag", url: path, headers: map[string]string{"If-None-Match": `"stale"`}, status: 200},
		{name: "head not modified", method: "HEAD", url: path, headers: map[string]string{"If-None-Match": plain.Header().Get("ETag")}, status: 304},
	})
	if rec := s.do("GET", path, map[string]string{"If-None-Match": etag}); rec.Body.Len() != 0 {
		t.Fatal("304 with a body")
	}
}

func TestSecurityHeaders(t *testing.T) {
	s := newSite(t, siteOptions{baseURL: "https://www.noorvale.example"})
	for _, path := range []string{"/", "/ar/about-us", "/no-such-page", "/api/x", "/assets/entry-client-abc123.js", "/healthz", "/about-us/", "/account"} {
		t.Run(path, func(t *testing.T) {
			h := s.do("GET", path, nil).Header()
			csp := h.Get("Content-Security-Policy")
			// The test build's one stylesheet, which pages carry inline, is allowed by its hash.
			sum := sha256.Sum256([]byte("body{margin:0}"))
			styleSrc := "style-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
			for _, want := range []string{"default-src 'self'", "script-src 'self' 'sha256-", styleSrc, "img-src 'self' data:",
				"object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
			want := map[string]string{
				"X-Content-Type-Options":       "nosniff",
				"Referrer-Policy":              "strict-origin-when-cross-origin",
				"X-Frame-Options":              "DENY",
				"Permissions-Policy":           "camera=(), microphone=(), geolocation=()",
				"Cross-Origin-Opener-Policy":   "same-origin",
				"Cross-Origin-Resource-Policy": "same-origin",
				"Strict-Transport-Security":    "max-age=63072000; includeSubDomains",
			}
			for k, v := range want {
				if h.Get(k) != v {
					t.Errorf("%s = %q, want %q", k, h.Get(k), v)
				}
			}
			if h.Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id")
			}
		})
	}
	plain := newSite(t, siteOptions{})
	if hsts := plain.do("GET", "/", nil).Header().Get("Strict-Transport-Security"); hsts != "" {
		t.Fatalf("HSTS over plain http: %q", hsts)
	}
	if id := plain.do("GET", "/", map[string]string{"X-Request-Id": "edge-42"}).Header().Get("X-Request-Id"); id != "edge-42" {
		t.Fatalf("incoming request id not kept: %q", id)
	}
	if id := plain.do("GET", "/", map[string]string{"X-Request-Id": "bad id\x01"}).Header().Get("X-Request-Id"); id == "bad id\x01" || id == "" {
		t.Fatalf("bad request id kept: %q", id)
	}
}

func TestReadyz(t *testing.T) {
	s := newSite(t, siteOptions{})
	s.run(t, []scenario{{name: "before fill", url: "/readyz", status: 503, contains: []string{`"pages":"rendering"`}}})
	if err := s.cache.RenderAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.run(t, []scenario{{name: "after fill", url: "/readyz", status: 200, contains: []string{`"status":"ready"`}}})
	var ready struct {
		Documents         int     `json:"documents"`
		LastRenderSeconds float64 `json:"lastRenderSeconds"`
	}
	if err := json.Unmarshal(s.do("GET", "/readyz", nil).Body.Bytes(), &ready); err != nil {
		t.Fatal(err)
	}
	if ready.Documents != s.cache.Len() || ready.Documents < len(s.catalog().Pages())*len(locale.All) || ready.LastRenderSeconds <= 0 {
		t.Fatalf("readyz = %+v, cache holds %d", ready, s.cache.Len())
	}

	// A renderer restart does not make the site unready.
	s.renderer.Kill()
	s.run(t, []scenario{{name: "renderer restarting", url: "/readyz", status: 200}})

	// Nor does a database outage: the pages are in memory.
	_ = s.store.Close()
	s.run(t, []scenario{
		{name: "database gone", url: "/readyz", status: 200, contains: []string{`"status":"ready"`, `"database":"unreachable"`}},
		{name: "page without the database", url: "/ar/about-us", status: 200, contains: []string{`dir="rtl"`}},
		{name: "still alive", url: "/healthz", status: 200},
	})
}

// Killing the renderer does not take cached pages down; pages not cached
// yet answer a localized 503 at once, and render again once the supervisor
// has brought the renderer back.
func TestRendererKilled(t *testing.T) {
	// The restart delay leaves a window in which the renderer is surely down.
	s := newSite(t, siteOptions{restart: 2 * time.Second})
	ctx := context.Background()
	if _, err := s.cache.RenderPage(ctx, s.catalog().Page("/about-us"), locale.Nl); err != nil {
		t.Fatal(err)
	}
	if _, err := s.cache.RenderPage(ctx, s.catalog().NotFound(), locale.En); err != nil {
		t.Fatal(err)
	}

	pid := s.renderer.PID()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "the renderer to be gone", func() bool {
		return !testenv.ProcessAlive(pid) && !s.renderer.Ready()
	})

	s.run(t, []scenario{
		{name: "cached page while down", url: "/nl/about-us", status: 200, contains: []string{`lang="nl"`}},
		{name: "cached not found while down", url: "/nope", status: 404, contains: []string{`lang="en"`}},
		{name: "uncached not found while down", url: "/fr/nope", status: 404, contains: []string{locale.For(locale.Fr).Site.NotFoundTitle}},
	})

	start := time.Now()
	ar := locale.For(locale.Ar).Site
	s.run(t, []scenario{{name: "uncached page while down", url: "/ar/contact-us/cairo", status: 503,
		contains:    []string{`lang="ar"`, `dir="rtl"`, ar.UnavailableTitle, ar.Retry},
		notContains: []string{"<style", "style=", "<script"},
		header:      map[string]string{"Retry-After": "5", "Cache-Control": "no-store"}}})
	if took := time.Since(start); took > time.Second {
		t.Fatalf("503 took %s", took)
	}
	if s.renderer.Ready() {
		t.Fatal("the renderer came back before its restart delay")
	}

	testenv.Eventually(t, "the supervisor to bring the renderer back", func() bool {
		return s.renderer.Ready() && s.renderer.PID() != 0 && s.renderer.PID() != pid
	})
	s.run(t, []scenario{{name: "uncached page after restart", url: "/ar/contact-us/cairo", status: 200, contains: []string{`dir="rtl"`}}})
	if s.cache.Page("/ar/contact-us/cairo") == nil {
		t.Fatal("the page rendered on demand was not cached")
	}
}

// Whatever the settings hold, the served page never contains it unescaped:
// neither the markup nor the embedded props can be closed from inside.
func TestSettingsCannotInjectScript(t *testing.T) {
	s := newSite(t, siteOptions{})
	const payload = `</script><script>alert(1)</script>`
	if _, err := s.store.PutSettings(context.Background(), map[string]string{"tagline": payload, "name": `Noorvale <img src=x onerror=alert(2)>`}); err != nil {
		t.Fatal(err)
	}
	if err := s.cache.RenderAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/ar", "/about-us", "/no-such-page"} {
		rec := s.do("GET", path, map[string]string{"Accept-Encoding": "br"})
		body := string(decode(t, rec))
		if !strings.Contains(body, "alert(1)") {
			t.Fatalf("%s: the tagline is not on the page at all", path)
		}
		for _, raw := range []string{payload, "<script>alert(1)", "<img src=x"} {
			if strings.Contains(body, raw) {
				t.Fatalf("%s: page contains %q unescaped", path, raw)
			}
		}
		// The props block ends exactly once, where the renderer closes it.
		i := strings.Index(body, `id="page-props"`)
		if i < 0 {
			t.Fatalf("%s: no page-props script", path)
		}
		props := body[i:]
		props = props[:strings.Index(props, "</script>")]
		if !strings.Contains(props, `\u003c/script>`) && !strings.Contains(props, `\u003c/script\u003e`) {
			t.Fatalf("%s: the payload is not escaped inside the props: %.200s", path, props)
		}
	}
}

func TestPanicAnswersLocalizedError(t *testing.T) {
	s := newSite(t, siteOptions{})
	s.srv.echo.GET("/ar/boom", func(echo.Context) error { panic("kaboom") })
	s.srv.echo.GET("/api/boom", func(echo.Context) error { panic("kaboom") })
	s.run(t, []scenario{
		{name: "page", url: "/ar/boom", status: 500, contains: []string{locale.For(locale.Ar).Site.ErrorTitle, `dir="rtl"`}, notContains: []string{"kaboom", "goroutine"}},
		{name: "api", url: "/api/boom", headers: map[string]string{"Accept-Language": "nl"}, status: 500,
			contains: []string{`"isSuccess":false`, locale.For(locale.Nl).Site.APIInternal}, notContains: []string{"kaboom", "goroutine"}},
	})
}

func TestDynamicResponsesCompressed(t *testing.T) {
	s := newSite(t, siteOptions{restart: 10 * time.Second})
	s.renderer.Kill()
	testenv.Eventually(t, "renderer down", func() bool { return !s.renderer.Ready() })
	rec := s.do("GET", "/terms", map[string]string{"Accept-Encoding": "br"})
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("503 page: %d %v", rec.Code, rec.Header())
	}
	if !strings.Contains(string(decode(t, rec)), locale.For(locale.En).Site.UnavailableTitle) {
		t.Fatal("compressed 503 page does not decode")
	}
	rec = s.do("GET", "/api/none", map[string]string{"Accept-Encoding": "gzip"})
	if rec.Header().Get("Content-Encoding") != "" {
		t.Fatal("a tiny JSON answer should not be compressed")
	}
}
