package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// switchRenderer is a renderer the test can take down and bring back.
type switchRenderer struct {
	inner render.Renderer
	down  atomic.Bool
	calls atomic.Int64
}

func (r *switchRenderer) Render(ctx context.Context, props any) (int, []byte, error) {
	r.calls.Add(1)
	if r.down.Load() {
		return 0, nil, render.ErrUnavailable
	}
	return r.inner.Render(ctx, props)
}

// accountsSite is a server with accounts, every public page rendered and
// cached, and a renderer the test can take down.
type accountsSite struct {
	srv      *Server
	cache    *render.Cache
	store    *store.Store
	renderer *switchRenderer
	cookie   string // the session cookie's name
}

func newAccountsSite(t *testing.T, st *store.Store, inner render.Renderer, opts ...func(*Config)) *accountsSite {
	t.Helper()
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
	const base = "http://localhost:8080"
	svc := auth.New(auth.Config{Store: st, Blobs: blobs, BaseURL: base, SecretKey: strings.Repeat("s", 32), Logger: quiet})
	r := &switchRenderer{inner: inner}
	cache := render.NewCache(render.CacheConfig{Renderer: r, Store: st, Catalog: cat, BaseURL: base, Logger: quiet})
	if err := cache.RenderAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	cfg := Config{BaseURL: base, DistDir: fakeDist(t), Logger: quiet, Auth: svc}
	for _, o := range opts {
		o(&cfg)
	}
	srv := New(cfg, cache, st)
	return &accountsSite{srv: srv, cache: cache, store: st, renderer: r, cookie: svc.CookieName()}
}

// signIn creates a confirmed account with a session straight in the store
// and returns the session cookie's value.
func (a *accountsSite) signIn(t *testing.T, email string, remember bool, lastSeen time.Time) string {
	t.Helper()
	ctx := context.Background()
	u := &store.User{Email: email, FirstName: "Layla", LastName: "Haddad", PhoneNumber: "+971 4 123 4567", PasswordHash: "unused", Locale: "en"}
	if err := a.store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	var b [32]byte
	_, _ = rand.Read(b[:])
	secret := base64.RawURLEncoding.EncodeToString(b[:])
	sum := sha256.Sum256([]byte(secret))
	sess := &store.Session{IDHash: hex.EncodeToString(sum[:]), UserID: u.ID, CreatedAt: lastSeen, LastSeenAt: lastSeen,
		ExpiresAt: time.Now().Add(time.Hour), Remember: remember, UserAgent: "test", IP: "192.0.2.1"}
	if err := a.store.CreateSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	return secret
}

func (a *accountsSite) do(method, target string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	a.srv.ServeHTTP(rec, req)
	return rec
}

// as returns the headers of a request carrying the session cookie, among others.
func (a *accountsSite) as(secret string, more ...string) map[string]string {
	h := map[string]string{"Cookie": "theme=dark; " + a.cookie + "=" + secret}
	for i := 0; i+1 < len(more); i += 2 {
		h[more[i]] = more[i+1]
	}
	return h
}

// expiresCookie reports whether a response tells the browser to drop the session cookie.
func expiresCookie(rec *httptest.ResponseRecorder, name string) bool {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name && c.Value == "" && c.MaxAge < 0 && c.HttpOnly && c.Path == "/" && c.SameSite == http.SameSiteLaxMode {
			return true
		}
	}
	return false
}

const (
	userName = "Layla Haddad"
	goodLink = "/auth/confirm-email/Zm9vYmFyYmF6cXV4LW5vdC1hLXJlYWwtdG9rZW4tX18"
)

func TestSignedInPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		a := newAccountsSite(t, st, propsRenderer{})
		secret := a.signIn(t, "layla@example.com", false, time.Now())
		me := a.as(secret)

		t.Run("a public page rendered for the visitor, never cached", func(t *testing.T) {
			cached := a.cache.Page("/nl/about-us")
			before := a.cache.Len()
			rec := a.do("GET", "/nl/about-us", a.as(secret, "Accept-Encoding", "br"))
			if rec.Code != 200 || !strings.Contains(string(decode(t, rec)), userName) {
				t.Fatalf("signed in: %d, name on the page: %v", rec.Code, strings.Contains(string(decode(t, rec)), userName))
			}
			h := rec.Header()
			if h.Get("Cache-Control") != "private, no-store" || !strings.Contains(strings.Join(h.Values("Vary"), ","), "Cookie") ||
				h.Get("ETag") != "" || h.Get("Content-Encoding") != "br" || h.Get("Content-Security-Policy") == "" || h.Get("X-Request-Id") == "" {
				t.Fatalf("signed-in headers %v", h)
			}
			if a.cache.Page("/nl/about-us") != cached || a.cache.Len() != before {
				t.Fatal("the visitor's page reached the cache")
			}
			anon := a.do("GET", "/nl/about-us", nil)
			if anon.Code != 200 || strings.Contains(anon.Body.String(), userName) || !strings.Contains(anon.Body.String(), `"user":null`) {
				t.Fatalf("anonymous after signed in: %d, carries the name: %v", anon.Code, strings.Contains(anon.Body.String(), userName))
			}
			if anon.Header().Get("Cache-Control") != "no-cache" || anon.Header().Get("ETag") == "" || anon.Header().Get("Vary") != "Accept-Encoding, Cookie" {
				t.Fatalf("anonymous headers %v", anon.Header())
			}
		})

		invalid := "bm90LWEtc2Vzc2lvbi1idXQtd2VsbC1mb3JtZWQtb2theQ" // well formed, names no session
		a.runSignedIn(t, []scenario{
			{name: "head", method: "HEAD", url: "/about-us", headers: me, status: 200,
				header: map[string]string{"Cache-Control": "private, no-store"}},
			{name: "item page", url: "/resources/news/new-dubai-office", headers: me, status: 200, contains: []string{userName}},
			{name: "home in Arabic", url: "/ar", headers: me, status: 200, contains: []string{userName, `lang="ar"`}},
			{name: "other cookies only: the cached page", url: "/about-us", headers: map[string]string{"Cookie": "theme=dark; lang=fr"}, status: 200,
				notContains: []string{userName}, header: map[string]string{"Cache-Control": "no-cache", "Vary": "Accept-Encoding, Cookie"}},
			{name: "sitemap with the cookie", url: "/sitemap.xml", headers: me, status: 200,
				header: map[string]string{"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}},
			{name: "invalid session: the public page, cookie expired", url: "/about-us", headers: a.as(invalid), status: 200,
				notContains: []string{userName}, contains: []string{`"user":null`}, header: map[string]string{"Cache-Control": "private, no-store"}},
			{name: "malformed cookie: the public page", url: "/terms", headers: a.as("junk"), status: 200, notContains: []string{userName}},

			{name: "account signed in", url: "/account", headers: me, status: 200, contains: []string{userName, `"kind":"account"`},
				header: map[string]string{"Cache-Control": "private, no-store"}},
			{name: "account signed in, French", url: "/fr/account?tab=sessions", headers: me, status: 200, contains: []string{userName, `lang="fr"`}},
			{name: "account signed out", url: "/account", status: 303,
				header: map[string]string{"Location": "/auth/login?returnUrl=%2Faccount", "Cache-Control": "no-store"}},
			{name: "account, invalid session", url: "/nl/account", headers: a.as(invalid), status: 303,
				header: map[string]string{"Location": "/nl/auth/login?returnUrl=%2Fnl%2Faccount"}},

			{name: "login signed in", url: "/auth/login", headers: me, status: 303, header: map[string]string{"Location": "/account", "Cache-Control": "private, no-store"}},
			{name: "login signed in, Dutch", url: "/nl/auth/login", headers: me, status: 303, header: map[string]string{"Location": "/nl/account"}},
			{name: "login signed in with returnUrl", url: "/nl/auth/login?returnUrl=%2Fnl%2Fabout-us%3Fa%3D1", headers: me, status: 303,
				header: map[string]string{"Location": "/nl/about-us?a=1"}},
			{name: "login signed in, foreign returnUrl", url: "/auth/login?returnUrl=%2F%2Fevil.example", headers: me, status: 303,
				header: map[string]string{"Location": "/account"}},
			{name: "login signed in, returnUrl with a dot segment before two slashes", url: "/auth/login?returnUrl=%2F.%2F%2Fevil.example", headers: me, status: 303,
				header: map[string]string{"Location": "/evil.example"}},
			{name: "login signed in, returnUrl with two slashes after the language", url: "/nl/auth/login?returnUrl=%2Fnl%2F%2Fevil.example%2Fphish", headers: me, status: 303,
				header: map[string]string{"Location": "/nl/evil.example/phish"}},
			{name: "login signed in, returnUrl back to login", url: "/ar/auth/login?returnUrl=%2Far%2Fauth%2Flogin", headers: me, status: 303,
				header: map[string]string{"Location": "/ar/account"}},
			{name: "register signed in", url: "/fr/auth/register", headers: me, status: 303, header: map[string]string{"Location": "/fr/account"}},
			{name: "login signed out", url: "/auth/login", status: 200, notContains: []string{userName}, header: map[string]string{"Cache-Control": "no-cache"}},
			{name: "register signed out", url: "/auth/register", status: 200, contains: []string{`"kind":"register"`}},
			{name: "forgot password signed in", url: "/auth/forgot-password", headers: me, status: 200, contains: []string{userName, `"kind":"forgot-password"`}},

			{name: "confirmation link", url: goodLink, status: 200, contains: []string{`"kind":"confirm-email"`, `"canonical":"http://localhost:8080/auth/confirm-email"`},
				notContains: []string{"Zm9vYmFyYmF6"},
				header:      map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "ETag": ""}},
			{name: "confirmation link in Arabic", url: "/ar" + goodLink, status: 200, contains: []string{`lang="ar"`, `"kind":"confirm-email"`},
				header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "confirmation link signed in", url: goodLink, headers: me, status: 200, contains: []string{userName, `"kind":"confirm-email"`},
				header: map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store"}},
			{name: "token too short", url: "/auth/confirm-email/abc", status: 404, header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "token with a bad character", url: "/auth/confirm-email/Zm9vYmFyYmF6cXV4.bm90", status: 404},
			{name: "token too long", url: "/auth/confirm-email/" + strings.Repeat("a", 201), status: 404},
			{name: "token and more", url: goodLink + "/more", status: 404},

			{name: "not found signed in", url: "/nl/no-such-page", headers: me, status: 404, contains: []string{userName, `lang="nl"`},
				header: map[string]string{"Cache-Control": "private, no-store"}},
			{name: "missing image signed in: the public not-found page", url: "/no-such.png", headers: a.as(secret, "Sec-Fetch-Dest", "image"), status: 404,
				notContains: []string{userName}},
			{name: "asset with the cookie", url: "/assets/entry-client-abc123.js", headers: me, status: 200,
				header: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		})
		for _, tc := range []struct{ name, url, cookie string }{
			{"invalid session", "/about-us", invalid},
			{"malformed cookie", "/terms", "junk"},
			{"invalid session on account", "/nl/account", invalid},
		} {
			if rec := a.do("GET", tc.url, a.as(tc.cookie)); !expiresCookie(rec, a.cookie) {
				t.Errorf("%s: cookie not expired: %v", tc.name, rec.Header().Values("Set-Cookie"))
			}
		}
		if rec := a.do("GET", "/about-us", me); len(rec.Result().Cookies()) != 0 {
			t.Errorf("a valid session's cookie was touched: %v", rec.Header().Values("Set-Cookie"))
		}
	})
}

// runSignedIn runs scenarios against the accounts site.
func (a *accountsSite) runSignedIn(t *testing.T, scenarios []scenario) {
	t.Helper()
	s := &site{srv: a.srv, cache: a.cache, store: a.store}
	s.run(t, scenarios)
}

// A signed-in visitor gets a page even when the renderer cannot render one for them.
func TestSignedInRendererDown(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		a := newAccountsSite(t, st, propsRenderer{})
		me := a.as(a.signIn(t, "down@example.com", false, time.Now()))
		a.renderer.down.Store(true)
		a.runSignedIn(t, []scenario{
			{name: "cached page", url: "/fr/about-us", headers: me, status: 200, contains: []string{`lang="fr"`, `"user":null`},
				notContains: []string{userName}, header: map[string]string{"Cache-Control": "private, no-store"}},
			{name: "confirmation link", url: goodLink, headers: me, status: 200, contains: []string{`"kind":"confirm-email"`},
				header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "not found", url: "/no-such-page", headers: me, status: 404, notContains: []string{userName}},
			{name: "account has no public version", url: "/account", headers: me, status: 503},
		})
	})
}

// A remembered session's cookie is renewed when its expiry slides, as the API does.
func TestSignedInRenewsRememberedCookie(t *testing.T) {
	a := newAccountsSite(t, testenv.SQLiteStore(t), propsRenderer{})
	secret := a.signIn(t, "remember@example.com", true, time.Now().Add(-time.Hour))
	rec := a.do("GET", "/about-us", a.as(secret))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), userName) {
		t.Fatalf("remembered session: %d", rec.Code)
	}
	var renewed *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == a.cookie {
			renewed = c
		}
	}
	if renewed == nil || renewed.Value != secret || renewed.MaxAge < 29*24*3600 || !renewed.HttpOnly {
		t.Fatalf("cookie not renewed: %v", rec.Header().Values("Set-Cookie"))
	}
}

// With the real renderer: the visitor's page carries their name, the
// confirmation page is not indexed, and the account pages render in every language.
func TestSignedInRealRenderer(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	a := newAccountsSite(t, testenv.SQLiteStore(t), sup)
	a.srv.SetScriptHashes(sup.ScriptHashes())
	me := a.as(a.signIn(t, "real@example.com", false, time.Now()))
	a.runSignedIn(t, []scenario{
		{name: "signed in", url: "/about-us", headers: me, status: 200, contains: []string{userName}},
		{name: "signed out", url: "/about-us", status: 200, notContains: []string{userName}},
		{name: "account", url: "/ar/account", headers: me, status: 200, contains: []string{userName, `dir="rtl"`, `name="robots" content="noindex"`}},
		{name: "confirmation link", url: "/nl" + goodLink, status: 200, contains: []string{`lang="nl"`, `name="robots" content="noindex"`},
			notContains: []string{"Zm9vYmFyYmF6"}, header: map[string]string{"Referrer-Policy": "no-referrer"}},
	})
	for _, l := range locale.All {
		for _, route := range []string{"/auth/register", "/auth/forgot-password", "/auth/verify-code", "/auth/reset-password", "/auth/confirm-email"} {
			rec := a.do("GET", locale.Path(l, route), nil)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), `name="robots" content="noindex"`) {
				t.Errorf("%s %s: %d, noindex %v", l, route, rec.Code, strings.Contains(rec.Body.String(), "noindex"))
			}
		}
	}
}

// When the session cannot be looked up (the database is down), the visitor
// gets the public page and keeps their cookie.
func TestSignedInDatabaseDown(t *testing.T) {
	st := testenv.SQLiteStore(t)
	a := newAccountsSite(t, st, propsRenderer{})
	secret := a.signIn(t, "db@example.com", false, time.Now())
	_ = st.Close()
	rec := a.do("GET", "/about-us", a.as(secret))
	if rec.Code != 200 || strings.Contains(rec.Body.String(), userName) || rec.Header().Get("Cache-Control") != "private, no-store" {
		t.Fatalf("database down: %d %v", rec.Code, rec.Header())
	}
	if len(rec.Result().Cookies()) != 0 {
		t.Fatalf("cookie touched while the database is down: %v", rec.Header().Values("Set-Cookie"))
	}
}
