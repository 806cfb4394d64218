package server

import (
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

// Header values shared by every cached page; never modified.
var (
	noCache      = []string{"no-cache"}
	noStore      = []string{"no-store"}
	varyEncoding = []string{"Accept-Encoding"}
	// A page differs for a signed-in visitor: a shared cache must not hand
	// the public one to a request with cookies, nor the other way round.
	varyPage = []string{"Accept-Encoding, Cookie"}
)

// serveCached writes a cached page straight from memory: the hot path of
// the site, kept to assigning ready-made headers and one write.
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, e *render.Entry) {
	start := time.Now()
	id := s.ids.id(r)
	h := w.Header()
	s.headers.Load().apply(h)
	h["X-Request-Id"] = []string{id}
	status, size := writeEntry(w, r, e, cacheControlOf(e))
	s.logAccess(r, status, size, id, start)
}

// cacheControlOf is how long clients may keep a cached document: pages
// and crawler documents are revalidated each time; covers say their own.
func cacheControlOf(e *render.Entry) []string {
	if e.CacheControl != nil {
		return e.CacheControl
	}
	return noCache
}

// writeEntry writes a cached document in the encoding the client prefers,
// or 304 when the client's copy is current. It returns the status and body size.
func writeEntry(w http.ResponseWriter, r *http.Request, e *render.Entry, cacheControl []string) (int, int64) {
	v := e.Select(r.Header.Get("Accept-Encoding"))
	h := w.Header()
	h["Content-Type"] = e.ContentType
	h["Cache-Control"] = cacheControl
	if isPage(e) {
		h["Vary"] = varyPage
	} else {
		h["Vary"] = varyEncoding
	}
	// Only a copy the client may keep is worth a tag to revalidate it by.
	if e.Status == http.StatusOK && !strings.Contains(cacheControl[0], "no-store") {
		h["Etag"] = v.ETag
		if inm := r.Header.Get("If-None-Match"); inm != "" && e.Matches(inm) {
			delete(h, "Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return http.StatusNotModified, 0
		}
	}
	if v.Encoding != nil {
		h["Content-Encoding"] = v.Encoding
	}
	h["Content-Length"] = v.Length
	w.WriteHeader(e.Status)
	if r.Method == http.MethodHead {
		return e.Status, 0
	}
	n, _ := w.Write(v.Body)
	return e.Status, int64(n)
}

// page answers a GET or HEAD the page cache could not: redirects, files at
// the root of the client build, pages not rendered yet, the pages of a
// visitor who may be signed in (see signedin.go), and not found.
func (s *Server) page(c echo.Context) error {
	r := c.Request()
	path := r.URL.Path
	if len(path) > 1 && strings.HasSuffix(path, "/") {
		return s.redirectTrailingSlash(c)
	}
	cached := s.pages.Page(path)
	if cached != nil && !isPage(cached) {
		return s.serveEntry(c, cached)
	}
	if cached == nil && s.rootFile(c, path) {
		return nil
	}
	loc, route := locale.Split(path)
	catalog := s.pages.Catalog()
	if cached == nil {
		if target, ok := isoRedirect(catalog, loc, route); ok {
			return c.Redirect(http.StatusMovedPermanently, withQuery(target, r.URL.RawQuery))
		}
		if target, ok := legacyRedirect(loc, route, r.URL); ok {
			return c.Redirect(http.StatusMovedPermanently, target)
		}
	}
	if strings.HasPrefix(route, confirmEmailRoute+"/") {
		return s.confirmEmailPage(c, loc, route)
	}
	page := catalog.Page(route)
	if page == nil {
		return s.notFound(c, loc)
	}
	user := s.signedInUser(c)
	switch {
	case user == nil && page.SignedInOnly():
		return s.redirectToLogin(c, loc)
	case user == nil:
		return s.publicPage(c, page, loc, cached)
	case page.Kind == content.KindLogin || page.Kind == content.KindRegister:
		return s.redirectSignedIn(c, loc)
	}
	return s.servePersonal(c, page, loc, user, cached)
}

// publicPage answers with the page everyone sees: from the cache, or
// rendered now (and cached) when it is not there yet.
func (s *Server) publicPage(c echo.Context, page *content.Page, loc locale.Locale, cached *render.Entry) error {
	if cached != nil {
		return s.serveEntry(c, cached)
	}
	e, err := s.pages.RenderPage(c.Request().Context(), page, loc)
	if err != nil {
		s.log.Warn("page not cached and not renderable", "path", c.Request().URL.Path, "request_id", requestID(c), "err", err)
		return s.unavailable(c, loc)
	}
	return s.serveEntry(c, e)
}

// serveEntry writes a cached document; revalidated each time (a cover is
// kept a day), unless the answer depends on the request's cookie and must
// not be stored at all.
func (s *Server) serveEntry(c echo.Context, e *render.Entry) error {
	cacheControl := cacheControlOf(e)
	if cc, ok := c.Get(cacheControlKey).([]string); ok {
		cacheControl = cc
	}
	writeEntry(c.Response(), c.Request(), e, cacheControl)
	return nil
}

// redirectTrailingSlash sends "/about-us/" to "/about-us", keeping the query.
// A path that would become a protocol-relative or otherwise odd address is
// not redirected but not found.
func (s *Server) redirectTrailingSlash(c echo.Context) error {
	r := c.Request()
	escaped := r.URL.EscapedPath()
	target := strings.TrimRight(escaped, "/")
	if target == "" {
		target = "/"
	}
	// An encoded trailing slash ("%2F") would redirect to itself.
	if !strings.HasSuffix(escaped, "/") || SafeReturnPath(target) != target {
		loc, _ := locale.Split(r.URL.Path)
		return s.notFound(c, loc)
	}
	return c.Redirect(http.StatusMovedPermanently, withQuery(target, r.URL.RawQuery))
}

// redirectToLogin sends a visitor who is not signed in from /account to the
// login page of the same language, which returns them afterwards.
func (s *Server) redirectToLogin(c echo.Context, loc locale.Locale) error {
	r := c.Request()
	back := SafeReturnPath(withQuery(r.URL.EscapedPath(), r.URL.RawQuery))
	target := locale.Prefix(loc) + "/auth/login?returnUrl=" + url.QueryEscape(back)
	h := c.Response().Header()
	h["Cache-Control"] = noStore
	h["Vary"] = varyCookie
	return c.Redirect(http.StatusSeeOther, target)
}

const isoPrefix = "/compliance/iso-standards/"

// isoRedirect maps a bare standard number ("/compliance/iso-standards/27001")
// to its page ("…/iso-27001") when that page exists.
func isoRedirect(catalog *content.Catalog, loc locale.Locale, route string) (string, bool) {
	number, ok := strings.CutPrefix(route, isoPrefix)
	if !ok || number == "" || number[0] < '0' || number[0] > '9' || strings.Contains(number, "/") {
		return "", false
	}
	target := isoPrefix + "iso-" + number
	if catalog.Page(target) == nil {
		return "", false
	}
	return locale.Path(loc, target), true
}

// Addresses of the old site that moved.
const (
	oldBlogPost    = "blog-details.html"
	oldVacancies   = "/careers/job-vacancies"
	blogList       = "/resources/blogs"
	vacanciesRoute = "/careers/jop-vacancies"
)

// legacyRedirect maps addresses of the old site to their pages in the same
// language: any ".../blog-details.html" to the blog list (the old post ids
// mean nothing now, so the query is dropped), and "/careers/job-vacancies"
// and everything below it to "/careers/jop-vacancies", keeping the rest of
// the path and the query.
func legacyRedirect(loc locale.Locale, route string, u *url.URL) (string, bool) {
	if path.Base(route) == oldBlogPost {
		return locale.Path(loc, blogList), true
	}
	if route != oldVacancies && !strings.HasPrefix(route, oldVacancies+"/") {
		return "", false
	}
	// The rest is taken from the escaped path so it reaches the new address unchanged.
	_, escaped := locale.Split(u.EscapedPath())
	rest, ok := strings.CutPrefix(escaped, oldVacancies)
	if !ok || (rest != "" && rest[0] != '/') {
		return "", false
	}
	return withQuery(locale.Path(loc, vacanciesRoute)+rest, u.RawQuery), true
}

func withQuery(path, rawQuery string) string {
	if rawQuery == "" {
		return path
	}
	return path + "?" + rawQuery
}

// notFound answers 404 with the rendered not-found page of the locale,
// rendering it if needed, or with the server's own page if the renderer is
// down. A signed-in visitor who asked for a document gets it rendered for them.
func (s *Server) notFound(c echo.Context, loc locale.Locale) error {
	e := s.pages.NotFound(loc)
	if wantsDocument(c.Request()) {
		if user := s.signedInUser(c); user != nil {
			return s.servePersonal(c, s.pages.Catalog().NotFound(), loc, user, e)
		}
	}
	if e == nil {
		var err error
		e, err = s.pages.RenderPage(c.Request().Context(), s.pages.Catalog().NotFound(), loc)
		if err != nil {
			return s.writeFallback(c, loc, http.StatusNotFound)
		}
	}
	return s.serveEntry(c, e)
}

// unavailable answers 503 with the server's own page in the visitor's language.
func (s *Server) unavailable(c echo.Context, loc locale.Locale) error {
	c.Response().Header().Set("Retry-After", "5")
	return s.writeFallback(c, loc, http.StatusServiceUnavailable)
}

// rootFile serves a file at the top of the client build, such as
// favicon.svg or robots.txt. Only plain single-segment names qualify.
func (s *Server) rootFile(c echo.Context, path string) bool {
	name := path[1:]
	if name == "" || strings.ContainsAny(name, "/\\\x00") || name[0] == '.' || strings.HasSuffix(name, ".html") {
		return false
	}
	f, err := os.Open(filepath.Join(s.clientDir, name))
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("Content-Type", contentType(name))
	http.ServeContent(c.Response(), c.Request(), name, info.ModTime(), f)
	return true
}
