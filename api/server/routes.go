package server

import (
	"net/http"
)

var getHead = []string{http.MethodGet, http.MethodHead}

// routes declares every route of the site in one place.
//
// Public pages that are already rendered never reach these routes: ServeHTTP
// answers them from the page cache before routing, with only the request id,
// security headers and access log of the observe and secure middleware
// (see serveCached). What the cache does not hold falls through to here.
func (s *Server) routes() {
	e := s.echo
	e.Use(s.observe, s.secure, s.compress)

	// Probes.
	e.Match(getHead, "/healthz", s.healthz)
	e.Match(getHead, "/readyz", s.readyz)

	// Hashed browser bundles, immutable and pre-compressed.
	e.Match(getHead, "/assets/*", s.asset)

	// JSON API. No endpoints yet: every address answers the error envelope.
	e.Any("/api", s.apiNotFound)
	e.Any("/api/*", s.apiNotFound)

	// Pages the cache does not hold, redirects, files at the root of the
	// client build (favicon.svg, robots.txt) and the not-found page.
	e.Match(getHead, "/*", s.page)
}
