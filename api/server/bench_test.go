package server

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

// onePage is a page cache holding a single document.
type onePage struct {
	path    string
	entry   *render.Entry
	catalog *content.Catalog
}

func (p onePage) Page(path string) *render.Entry {
	if path == p.path {
		return p.entry
	}
	return nil
}
func (onePage) NotFound(locale.Locale) *render.Entry { return nil }
func (onePage) RenderPage(context.Context, *content.Page, locale.Locale) (*render.Entry, error) {
	return nil, render.ErrUnavailable
}
func (onePage) Gated(string) *render.Entry  { return nil }
func (p onePage) Catalog() *content.Catalog { return p.catalog }
func (onePage) Filled() bool                { return true }
func (onePage) Len() int                    { return 1 }
func (onePage) LastRender() time.Duration   { return 0 }

type noDB struct{}

func (noDB) Ping(context.Context) error { return nil }

// discardWriter is a ResponseWriter that keeps nothing, so the benchmarks
// measure the handlers rather than a recorder's buffer.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

func benchPage(b *testing.B) (*Server, []byte) {
	b.Helper()
	return benchPageWith(b, nil)
}

// benchPageWith is benchPage with the account service, when given.
func benchPageWith(b testing.TB, accounts *auth.Service) (*Server, []byte) {
	b.Helper()
	html := bytes.Repeat([]byte("<section><h2>Penetration testing</h2><p>Noorvale Assurance</p></section>"), 600)
	e, err := render.NewEntry(http.StatusOK, html)
	if err != nil {
		b.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	srv := New(Config{BaseURL: "http://localhost:8080", DistDir: b.TempDir(), Logger: quiet, Auth: accounts},
		onePage{path: "/services/cybersecurity-services/penetration-testing", entry: e, catalog: cat}, noDB{})
	srv.SetScriptHashes([]string{"sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="})
	return srv, html
}

// BenchmarkCachedPage is the full server answering a cached page.
func BenchmarkCachedPage(b *testing.B) {
	srv, _ := benchPage(b)
	req := httptest.NewRequest(http.MethodGet, "/services/cybersecurity-services/penetration-testing", nil)
	b.ReportAllocs()
	for b.Loop() {
		srv.ServeHTTP(&discardWriter{h: http.Header{}}, req)
	}
}

// BenchmarkCachedPageWithAccounts is BenchmarkCachedPage with the account
// service wired in, for a visitor without the session cookie: the check for
// a signed-in visitor must cost next to nothing.
func BenchmarkCachedPageWithAccounts(b *testing.B) {
	srv, _ := benchPageWith(b, auth.New(auth.Config{BaseURL: "http://localhost:8080"}))
	req := httptest.NewRequest(http.MethodGet, "/services/cybersecurity-services/penetration-testing", nil)
	req.Header.Set("Cookie", "theme=dark; lang=en")
	b.ReportAllocs()
	for b.Loop() {
		srv.ServeHTTP(&discardWriter{h: http.Header{}}, req)
	}
}

// BenchmarkBareHandler writes the same bytes with nothing around them: the
// floor the cached page is measured against.
func BenchmarkBareHandler(b *testing.B) {
	_, html := benchPage(b)
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(html)
	})
	req := httptest.NewRequest(http.MethodGet, "/services/cybersecurity-services/penetration-testing", nil)
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(&discardWriter{h: http.Header{}}, req)
	}
}
