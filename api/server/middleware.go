package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

// securityHeaders are the headers every response carries, built once so the
// page path only assigns ready-made slices.
type securityHeaders struct {
	names  []string   // canonical header names
	values [][]string // their values, shared and never modified
}

// newSecurityHeaders allows, besides the site's own files, the inline
// scripts and stylesheets of the pages by their hashes.
func newSecurityHeaders(scriptHashes, styleHashes []string, hsts bool) *securityHeaders {
	sources := func(hashes []string) string {
		list := "'self'"
		for _, h := range hashes {
			list += " '" + h + "'"
		}
		return list
	}
	csp := "default-src 'self'; script-src " + sources(scriptHashes) + "; style-src " + sources(styleHashes) + "; img-src 'self' data:; " +
		"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
		"frame-ancestors 'none'; form-action 'self'"
	h := &securityHeaders{}
	add := func(name, value string) {
		h.names = append(h.names, http.CanonicalHeaderKey(name))
		h.values = append(h.values, []string{value})
	}
	add("Content-Security-Policy", csp)
	add("X-Content-Type-Options", "nosniff")
	add("Referrer-Policy", "strict-origin-when-cross-origin")
	add("X-Frame-Options", "DENY")
	add("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	add("Cross-Origin-Opener-Policy", "same-origin")
	// Other sites' pages may not load what this one serves (an avatar, an
	// API answer), not even as an image or a script.
	add("Cross-Origin-Resource-Policy", "same-origin")
	if hsts {
		add("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
	return h
}

func (sh *securityHeaders) apply(h http.Header) {
	for i, name := range sh.names {
		h[name] = sh.values[i]
	}
}

// secure adds the security headers to every routed response.
func (s *Server) secure(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		s.headers.Load().apply(h)
		if isAPI(c.Request().URL.Path) {
			h["Cache-Control"] = noStore // handlers may relax it (a profile picture)
		}
		return next(c)
	}
}

// requestIDs makes request ids: a random per-process prefix and a counter,
// unique without a random read per request.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() requestIDs {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return requestIDs{prefix: hex.EncodeToString(b[:]) + "-"}
}

// id returns the request's X-Request-Id when a proxy set a sane one, else a new id.
func (g *requestIDs) id(r *http.Request) string {
	if v := r.Header["X-Request-Id"]; len(v) == 1 && validRequestID(v[0]) {
		return v[0]
	}
	var buf [40]byte
	b := append(buf[:0], g.prefix...)
	b = strconv.AppendUint(b, g.n.Add(1), 36)
	return string(b)
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// requestID returns the id observe gave the request.
func requestID(c echo.Context) string {
	id, _ := c.Get("request_id").(string)
	return id
}

// observe gives each routed request an id, turns a panic into a 500 page
// (the stack goes to the log, never to the client) and writes the access
// log line. Errors are answered here, so the line shows the final status.
func (s *Server) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		r := c.Request()
		id := s.ids.id(r)
		c.Response().Header()["X-Request-Id"] = []string{id}
		c.Set("request_id", id)
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic while serving a request", "request_id", id, "method", r.Method,
					"path", loggedPath(c), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				c.Error(errPanic)
			}
			res := c.Response()
			s.logAccess(r.Method, loggedPath(c), endpoint.RecordedStatus(c), res.Size, id, start)
		}()
		if err := next(c); err != nil {
			c.Error(err)
		}
		return nil
	}
}

// errPanic marks a recovered panic, which observe has already logged.
var errPanic = echo.NewHTTPError(http.StatusInternalServerError)

// logAccess writes one line per request. It checks the level first and
// passes typed attributes, so a disabled access log costs nothing.
func (s *Server) logAccess(method, path string, status int, size int64, id string, start time.Time) {
	ctx := context.Background()
	if !s.access.Enabled(ctx, slog.LevelInfo) {
		return
	}
	s.access.LogAttrs(ctx, slog.LevelInfo, "request",
		slog.String("method", method),
		slog.String("path", path),
		slog.Int("status", status),
		slog.Int64("bytes", size),
		slog.Duration("took", time.Since(start)),
		slog.String("request_id", id),
	)
}

// loggedPath is what the logs record of a routed request's address: the
// route's pattern when it has parameters, which may be secrets (a
// confirmation link's token, a session's id), else the path itself.
func loggedPath(c echo.Context) string {
	if pattern := c.Path(); strings.Contains(pattern, ":") {
		return pattern
	}
	return c.Request().URL.Path
}

// compress gzips or brotli-compresses HTML and JSON that handlers produce on
// the fly. Cached pages and assets set Content-Encoding themselves and pass
// through untouched.
func (s *Server) compress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		enc := ""
		if ae := r.Header.Get("Accept-Encoding"); ae != "" && r.Method != http.MethodHead {
			switch {
			case render.AcceptsEncoding(ae, "br"):
				enc = "br"
			case render.AcceptsEncoding(ae, "gzip"):
				enc = "gzip"
			}
		}
		if enc == "" {
			return next(c)
		}
		res := c.Response()
		cw := &compressWriter{ResponseWriter: res.Writer, enc: enc}
		res.Writer = cw
		defer func() {
			cw.finish()
			res.Writer = cw.ResponseWriter
		}()
		if err := next(c); err != nil {
			c.Error(err)
		}
		return nil
	}
}

// minCompress is the body size below which compressing is not worth it.
const minCompress = 512

// compressWriter holds back a compressible body until the handler is done,
// then writes it compressed; anything else goes straight through.
type compressWriter struct {
	http.ResponseWriter
	enc         string
	status      int
	buf         bytes.Buffer
	decided     bool
	passthrough bool
}

func compressible(contentType string) bool {
	return strings.HasPrefix(contentType, "text/html") || strings.HasPrefix(contentType, "application/json")
}

// WriteHeader decides, from the headers the handler set, whether the body
// is compressed or passed through.
func (w *compressWriter) WriteHeader(code int) {
	if w.decided {
		return
	}
	w.decided = true
	h := w.Header()
	if h.Get("Content-Encoding") != "" || !compressible(h.Get("Content-Type")) ||
		code < 200 || code == http.StatusNoContent || code == http.StatusNotModified {
		w.passthrough = true
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.status = code
}

// Write buffers a body to compress, or passes it through.
func (w *compressWriter) Write(p []byte) (int, error) {
	if !w.decided {
		w.WriteHeader(http.StatusOK)
	}
	if w.passthrough {
		return w.ResponseWriter.Write(p)
	}
	return w.buf.Write(p)
}

// Flush sends what is buffered when passing through; a body being
// compressed is sent whole at the end.
func (w *compressWriter) Flush() {
	if w.passthrough {
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *compressWriter) finish() {
	if !w.decided || w.passthrough {
		return
	}
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	body := w.buf.Bytes()
	if len(body) >= minCompress {
		if out, err := encode(w.enc, body); err == nil {
			body = out
			h.Set("Content-Encoding", w.enc)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = w.ResponseWriter.Write(body)
}

var (
	gzipPool   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}
	brotliPool = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, 5) }}
)

func encode(enc string, body []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(body) / 3)
	switch enc {
	case "br":
		w := brotliPool.Get().(*brotli.Writer)
		defer brotliPool.Put(w)
		w.Reset(&out)
		if _, err := w.Write(body); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	default:
		w := gzipPool.Get().(*gzip.Writer)
		defer gzipPool.Put(w)
		w.Reset(&out)
		if _, err := w.Write(body); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	}
	return out.Bytes(), nil
}

// sameOrigin refuses state-changing requests sent from another site, with
// 403. A browser says where a request comes from in Sec-Fetch-Site (only
// "same-origin" and "none", a typed address or bookmark, pass); an older
// browser in Origin, which must then be the site's own. Clients that send
// neither (scripts, the legacy app) are not browsers acting for someone
// else, and pass.
func (s *Server) sameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		if !crossSite(r, s.baseURL) {
			return next(c)
		}
		if !isAPI(r.URL.Path) {
			return echo.NewHTTPError(http.StatusForbidden)
		}
		return endpoint.Fail(c, http.StatusForbidden, locale.For(endpoint.Locale(r)).Site.APICrossSite)
	}
}

// crossSite reports whether a request comes from a page of another site.
func crossSite(r *http.Request, baseURL string) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site != "same-origin" && site != "none"
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		return !strings.EqualFold(origin, baseURL)
	}
	return false
}

// clientIP returns Echo's IP extractor: the TCP peer, or, when the peer is
// one of the trusted proxies, the rightmost address in X-Forwarded-For that
// is not a trusted proxy itself. The client writes the left of that header:
// when every address in it is a trusted proxy (or one is not an address at
// all), the peer is the client, so nobody picks the address they are
// counted under. Nothing is trusted by default, not even loopback or
// private networks.
func clientIP(trusted []netip.Prefix) echo.IPExtractor {
	isTrusted := func(a netip.Addr) bool {
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return func(r *http.Request) string {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		peer, err := netip.ParseAddr(host)
		if err != nil || !isTrusted(peer.Unmap()) {
			return host
		}
		forwarded := r.Header.Values("X-Forwarded-For")
		hops := strings.Split(strings.Join(forwarded, ","), ",")
		for i := len(hops) - 1; i >= 0 && len(forwarded) > 0; i-- {
			a, err := netip.ParseAddr(strings.Trim(strings.TrimSpace(hops[i]), "[]"))
			if err != nil {
				break
			}
			if a = a.Unmap(); !isTrusted(a) {
				return a.String()
			}
		}
		return peer.Unmap().String()
	}
}
