package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/sitemap"
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
	e.Use(s.measure, s.observe, s.secure, s.sameOrigin, s.compress)

	// Probes.
	e.Match(getHead, "/healthz", s.healthz)
	e.Match(getHead, "/readyz", s.readyz)

	// Hashed browser bundles, immutable and pre-compressed.
	e.Match(getHead, "/assets/*", s.asset)

	// Documents for crawlers and security researchers. The sitemaps and
	// robots.txt are generated with the pages and served from the cache
	// before routing; these routes answer until the first render made them,
	// and keep robots.txt in the client build from ever being served.
	e.Match(getHead, sitemap.RobotsPath, s.crawlerDocument)
	e.Match(getHead, sitemap.IndexPath, s.crawlerDocument)
	for _, l := range locale.All {
		e.Match(getHead, sitemap.LocalePath(l), s.crawlerDocument)
	}
	e.Match(getHead, "/.well-known/security.txt", s.securityTxt)

	// JSON API: the account API (its routes, rate limits and sign-in
	// requirements are declared in api/auth/routes.go); every other address
	// answers the error envelope.
	if s.admin != nil {
		// The back-office API (its routes, roles and rate limits are declared in api/admin/routes.go).
		s.admin.Routes(e.Group("/api/admin", adminPrivate))
	}
	if s.auth != nil {
		s.auth.Routes(e.Group("/api"))
	}
	if s.captcha != nil {
		e.GET("/api/captcha/challenge", captcha.ChallengeHandler(s.captcha))
	}
	// The forms (their routes and rate limits are declared in api/forms).
	if s.forms != nil {
		s.forms.Routes(e.Group("/api/forms"))
	}
	// The site search, with a limit per client: as-you-type searching asks
	// often, but not a hundred times a minute.
	if s.search != nil {
		e.GET("/api/search", s.search.Handle, s.search.RateLimit())
		// The search page, a page of the site drawn for each query.
		for _, l := range locale.All {
			e.Match(getHead, locale.Path(l, render.SearchRoute), s.searchPage, s.search.PageRateLimit(s.tooManyPages))
		}
	}
	e.Any("/api", s.apiNotFound)
	e.Any("/api/*", s.apiNotFound)

	// The back-office app, client-rendered, noindex and never cached.
	if s.admin != nil {
		e.Match(getHead, "/admin/assets/*", s.adminAsset)
		e.Match(getHead, "/admin", s.adminShell, adminPrivate)
		e.Match(getHead, "/admin/*", s.adminShell, adminPrivate)
		// Covers staff uploaded, which public pages show.
		e.Match(getHead, admin.CoverPath+":id/:file", s.admin.ServeCover)
		// The media library's pictures and documents.
		e.Match(getHead, admin.MediaPath+":id/:file", s.admin.ServeMedia)
	}

	// The development outbox shows codes and links: it exists only when
	// development mode handed the server one.
	if s.devMail != nil {
		outbox := echo.WrapHandler(s.devMail)
		e.Match(getHead, "/dev/mail", outbox)
		e.Match(getHead, "/dev/mail/*", outbox)
	}

	// Pages the cache does not hold, redirects, files at the root of the
	// client build (favicon.svg) and the not-found page. A confirmation
	// link carries its token in the path: routed apart, it is logged by its
	// pattern, never with the token (see loggedPath).
	for _, l := range locale.All {
		link := locale.Path(l, confirmEmailRoute) + "/:token"
		e.Match(getHead, link, s.page)
		e.Match(getHead, link+"/*", s.page)
	}
	e.Match(getHead, "/*", s.page)
}
