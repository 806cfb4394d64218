package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
)

// pageRoute is the catch-all route of pages the cache did not answer.
const pageRoute = "/*"

// measure counts each routed request under its Echo route pattern (never
// the raw path, which a visitor chooses), with its final status (499 when
// its client went away first) and how long it took. A page request that reached routing is a page-cache miss,
// or "gated" when the page is cached but the session decides where the
// visitor goes (/account, or the login page with a session cookie).
func (s *Server) measure(next echo.HandlerFunc) echo.HandlerFunc {
	if s.metrics == nil {
		return next
	}
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err) // answer now, so the status below is the final one
		}
		r := c.Request()
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		if route == pageRoute {
			result := metrics.LookupMiss
			if s.pages.Page(r.URL.Path) != nil || s.pages.Gated(r.URL.Path) != nil {
				result = metrics.LookupGated
			}
			s.metrics.PageLookup(result)
		}
		s.metrics.Request(route, r.Method, endpoint.RecordedStatus(c), time.Since(start))
		return nil
	}
}

// cachedStatus is the status serveCached answered for e: 304 when the
// client's copy is current, else the document's own.
func cachedStatus(r *http.Request, e *render.Entry) int {
	if e.Status == http.StatusOK {
		if inm := r.Header.Get("If-None-Match"); inm != "" && e.Matches(inm) {
			return http.StatusNotModified
		}
	}
	return e.Status
}

// MetricsHandler answers GET /metrics in the Prometheus text format, and
// nothing else. It is the whole of METRICS_ADDR, a listener apart
// from the site's: whoever reaches that port reads the metrics, so access
// is decided by which networks reach it (the public Service does not
// expose it), never by a peer address a proxy stands in for.
func MetricsHandler(m *metrics.Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Cache-Control"] = noStore
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		mux.ServeHTTP(w, r)
	})
}

// ServeMetrics answers MetricsHandler on ln until ctx ends.
func ServeMetrics(ctx context.Context, ln net.Listener, m *metrics.Metrics, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           MetricsHandler(m),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	stop := context.AfterFunc(ctx, func() { _ = srv.Close() })
	defer stop()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: metrics: %w", err)
	}
	return nil
}
