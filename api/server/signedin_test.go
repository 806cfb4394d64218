package server

import (
	"bytes"
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
	u := &store.User{Email: email, FirstName: "Zubaida", LastName: "Qaraqash", PhoneNumber: "+971 4 123 4567", PasswordHash: "unused", Locale: "en"}
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
	userName = "Zubaida Qaraqash"
	goodLink = "/auth/confirm-email/Zm9vYmFyYmF6cXV4LW5vdC1hLXJlYWwtdG9rZW4tX18"
)

func TestSignedInPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		a := newAccountsSite(t, st, propsRenderer{})
		secret := a.signIn(t, "layla@example.com", false, time.Now())
		me := a.as(secret)

		t.Run("a signed-in visitor gets the document everyone gets, without a render", func(t *testing.T) {
			renders := a.renderer.calls.Load()
			for _, path := range []string{"/nl/about-us", "/ar", "/resources/news/new-dubai-office", "/auth/forgot-password"} {
				anon := a.do("GET", path, map[string]string{"Accept-Encoding": "br"})
				mine := a.do("GET", path, a.as(secret, "Accept-Encoding", "br"))
				if mine.Code != 200 || anon.Code != 200 || mine.Header().Get("ETag") == "" || mine.Header().Get("ETag") != anon.Header().Get("ETag") ||
					!bytes.Equal(mine.Body.Bytes(), anon.Body.Bytes()) {
					t.Fatalf("%s: signed in %d %q, anonymous %d %q", path, mine.Code, mine.Header().Get("ETag"), anon.Code, anon.Header().Get("ETag"))
				}
				if h := mine.Header(); h.Get("Cache-Control") != "no-cache" || h.Get("Vary") != "Accept-Encoding" || len(mine.Result().Cookies()) != 0 {
					t.Fatalf("%s: signed-in headers %v", path, h)
				}
				if strings.Contains(string(decode(t, mine)), userName) {
					t.Fatalf("%s: the visitor's name is in the shared document", path)
				}
				revalidated := a.do("GET", path, a.as(secret, "If-None-Match", mine.Header().Get("ETag")))
				if revalidated.Code != http.StatusNotModified {
					t.Fatalf("%s: revalidation with the cookie answered %d", path, revalidated.Code)
				}
			}
			if n := a.renderer.calls.Load() - renders; n != 0 {
				t.Fatalf("%d renders for signed-in page views", n)
			}
		})

		invalid := "bm90LWEtc2Vzc2lvbi1idXQtd2VsbC1mb3JtZWQtb2theQ" // well formed, names no session
		a.runSignedIn(t, []scenario{
			{name: "sitemap with the cookie", url: "/sitemap.xml", headers: me, status: 200,
				header: map[string]string{"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}},

			{name: "account signed in: the shell", url: "/account", headers: me, status: 200, contains: []string{`"kind":"account"`},
				notContains: []string{userName}, header: map[string]string{"Cache-Control": "private, no-cache", "Vary": "Accept-Encoding, Cookie"}},
			{name: "account signed in, French", url: "/fr/account?tab=sessions", headers: me, status: 200, contains: []string{`lang="fr"`, `"kind":"account"`}},
			{name: "account signed out", url: "/account", status: 303,
				header: map[string]string{"Location": "/auth/login?returnUrl=%2Faccount", "Cache-Control": "no-store", "Vary": "Cookie"}},
			{name: "account, invalid session", url: "/nl/account", headers: a.as(invalid), status: 303,
				header: map[string]string{"Location": "/nl/auth/login?returnUrl=%2Fnl%2Faccount"}},

			{name: "login signed in", url: "/auth/login", headers: me, status: 303, header: map[string]string{"Location": "/account", "Cache-Control": "no-store", "Vary": "Cookie"}},
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
			{name: "login signed out", url: "/auth/login", status: 200, header: map[string]string{"Cache-Control": "no-cache"}},
			{name: "login, invalid session: the login page", url: "/auth/login", headers: a.as(invalid), status: 200, contains: []string{`"kind":"login"`}},
			{name: "login, other cookies only", url: "/auth/login", headers: map[string]string{"Cookie": "theme=dark"}, status: 200, contains: []string{`"kind":"login"`}},
			{name: "register signed out", url: "/auth/register", status: 200, contains: []string{`"kind":"register"`}},

			{name: "confirmation link", url: goodLink, status: 200, contains: []string{`"kind":"confirm-email"`, `"canonical":"http://localhost:8080/auth/confirm-email"`},
				notContains: []string{"Zm9vYmFyYmF6"},
				header:      map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "ETag": ""}},
			{name: "confirmation link in Arabic", url: "/ar" + goodLink, status: 200, contains: []string{`lang="ar"`, `"kind":"confirm-email"`},
				header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "confirmation link signed in", url: goodLink, headers: me, status: 200, contains: []string{`"kind":"confirm-email"`},
				notContains: []string{userName}, header: map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}},
			{name: "token too short", url: "/auth/confirm-email/abc", status: 404, header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "token with a bad character", url: "/auth/confirm-email/Zm9vYmFyYmF6cXV4.bm90", status: 404},
			{name: "token too long", url: "/auth/confirm-email/" + strings.Repeat("a", 201), status: 404},
			{name: "token and more", url: goodLink + "/more", status: 404},

			{name: "not found signed in", url: "/nl/no-such-page", headers: me, status: 404, contains: []string{`lang="nl"`},
				notContains: []string{userName}, header: map[string]string{"Cache-Control": "no-cache"}},
			{name: "asset with the cookie", url: "/assets/entry-client-abc123.js", headers: me, status: 200,
				header: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		})
		for _, tc := range []struct{ name, url, cookie string }{
			{"invalid session on login", "/auth/login", invalid},
			{"malformed cookie on register", "/nl/auth/register", "junk"},
			{"invalid session on account", "/nl/account", invalid},
		} {
			if rec := a.do("GET", tc.url, a.as(tc.cookie)); !expiresCookie(rec, a.cookie) {
				t.Errorf("%s: cookie not expired: %v", tc.name, rec.Header().Values("Set-Cookie"))
			}
		}
		if rec := a.do("GET", "/account", me); len(rec.Result().Cookies()) != 0 {
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

// With the renderer down, every page is still served from memory to
// signed-in visitors, the account shell included.
func TestSignedInRendererDown(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		a := newAccountsSite(t, st, propsRenderer{})
		me := a.as(a.signIn(t, "down@example.com", false, time.Now()))
		a.renderer.down.Store(true)
		a.runSignedIn(t, []scenario{
			{name: "cached page", url: "/fr/about-us", headers: me, status: 200, contains: []string{`lang="fr"`}},
			{name: "confirmation link", url: goodLink, headers: me, status: 200, contains: []string{`"kind":"confirm-email"`},
				header: map[string]string{"Referrer-Policy": "no-referrer"}},
			{name: "not found", url: "/no-such-page", headers: me, status: 404},
			{name: "account", url: "/account", headers: me, status: 200, contains: []string{`"kind":"account"`}},
		})
	})
}

// A remembered session's cookie is renewed when its expiry slides, as the
// API does, when a page looks at the session.
func TestSignedInRenewsRememberedCookie(t *testing.T) {
	a := newAccountsSite(t, testenv.SQLiteStore(t), propsRenderer{})
	secret := a.signIn(t, "remember@example.com", true, time.Now().Add(-time.Hour))
	rec := a.do("GET", "/account", a.as(secret))
	if rec.Code != 200 {
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

// With the real renderer: the account shell carries nobody's data, the
// confirmation page is not indexed, and the account pages render in every
// language.
func TestSignedInRealRenderer(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	a := newAccountsSite(t, testenv.SQLiteStore(t), sup)
	a.srv.SetScriptHashes(sup.ScriptHashes())
	me := a.as(a.signIn(t, "real@example.com", false, time.Now()))
	a.runSignedIn(t, []scenario{
		{name: "signed in", url: "/about-us", headers: me, status: 200, notContains: []string{userName}},
		{name: "account", url: "/ar/account", headers: me, status: 200, contains: []string{`dir="rtl"`, `name="robots" content="noindex"`},
			notContains: []string{userName}},
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

// When the session cannot be looked up (the database is down), pages are
// served as ever, the account shell too (its API calls answer for
// themselves), and nobody's cookie is dropped.
func TestSignedInDatabaseDown(t *testing.T) {
	st := testenv.SQLiteStore(t)
	a := newAccountsSite(t, st, propsRenderer{})
	secret := a.signIn(t, "db@example.com", false, time.Now())
	_ = st.Close()
	for _, path := range []string{"/about-us", "/account", "/auth/login"} {
		rec := a.do("GET", path, a.as(secret))
		if rec.Code != 200 {
			t.Fatalf("%s with the database down: %d %v", path, rec.Code, rec.Header())
		}
		if len(rec.Result().Cookies()) != 0 {
			t.Fatalf("%s: cookie touched while the database is down: %v", path, rec.Header().Values("Set-Cookie"))
		}
	}
}
