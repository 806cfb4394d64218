package server

import (
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
)

// pageRoute is the catch-all route of pages the cache did not answer.
const pageRoute = "/*"

// measure counts each routed request under its Echo route pattern (never
// the raw path, which a visitor chooses), with its final status and how
// long it took. A page request that reached routing is a page-cache miss,
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
		s.metrics.Request(route, r.Method, c.Response().Status, time.Since(start))
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

// metricsPage answers the Prometheus metrics to a TCP peer on loopback or
// in METRICS_ALLOW. Anyone else gets the site's ordinary not-found page, as
// for any address that does not exist. X-Forwarded-For is never consulted:
// behind a proxy every request would otherwise look local.
func (s *Server) metricsPage(c echo.Context) error {
	if !s.metricsAllowed(c.Request().RemoteAddr) {
		return s.page(c)
	}
	c.Response().Header()["Cache-Control"] = noStore
	s.metrics.Handler().ServeHTTP(c.Response(), c.Request())
	return nil
}

// metricsAllowed reports whether the TCP peer at remoteAddr may read /metrics.
func (s *Server) metricsAllowed(remoteAddr string) bool {
	ap, err := netip.ParseAddrPort(remoteAddr)
	if err != nil {
		return false
	}
	addr := ap.Addr().Unmap()
	if addr.IsLoopback() {
		return true
	}
	for _, p := range s.metricsOK {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}
