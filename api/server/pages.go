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
	noCache            = []string{"no-cache"}
	noStore            = []string{"no-store"}
	varyEncoding       = []string{"Accept-Encoding"}
	varyEncodingCookie = []string{"Accept-Encoding, Cookie"}
)

// keeping says how a cached document's answer may be kept by the browser
// and by caches on the way.
type keeping struct {
	cacheControl []string
	vary         []string
	etag         bool // revalidated by its ETag
}

var (
	// shared: the same for everyone, revalidated on every use.
	shared = keeping{cacheControl: noCache, vary: varyEncoding, etag: true}
	// perSession: the same document for every signed-in visitor, but only
	// a signed-in one gets it, so no shared cache may hand it out.
	perSession = keeping{cacheControl: privateNoCache, vary: varyEncodingCookie, etag: true}
	// unkept: never stored anywhere (a confirmation link's page).
	unkept = keeping{cacheControl: noStore, vary: varyEncoding}
)

// serveCached writes a cached page straight from memory: the hot path of
// the site, kept to assigning ready-made headers and one write.
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, e *render.Entry) {
	start := time.Now()
	id := s.ids.id(r)
	h := w.Header()
	s.headers.Load().apply(h)
	h["X-Request-Id"] = []string{id}
	status, size := writeEntry(w, r, e, keepingOf(e))
	s.logAccess(r.Method, r.URL.Path, status, size, id, start)
	if s.analytics != nil && isPage(e) {
		s.analytics.Record(r, status, s.echo.IPExtractor)
	}
}

// keepingOf is how a cached document everyone gets may be kept: pages and
// crawler documents are revalidated each time; covers say their own.
func keepingOf(e *render.Entry) keeping {
	if e.CacheControl != nil {
		return keeping{cacheControl: e.CacheControl, vary: varyEncoding, etag: true}
	}
	return shared
}

// writeEntry writes a cached document in the encoding the client prefers,
// or 304 when the client's copy is current. It returns the status and body size.
func writeEntry(w http.ResponseWriter, r *http.Request, e *render.Entry, k keeping) (int, int64) {
	v := e.Select(r.Header.Get("Accept-Encoding"))
	h := w.Header()
	h["Content-Type"] = e.ContentType
	h["Cache-Control"] = k.cacheControl
	h["Vary"] = k.vary
	// Only a copy the client may keep is worth a tag to revalidate it by.
	if e.Status == http.StatusOK && k.etag {
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
// login and registration pages of a visitor who may be signed in, the pages
// only a signed-in visitor may open (see signedin.go), and not found.
func (s *Server) page(c echo.Context) error {
	r := c.Request()
	path := r.URL.Path
	if len(path) > 1 && strings.HasSuffix(path, "/") {
		return s.redirectTrailingSlash(c)
	}
	cached := s.pages.Page(path)
	if cached != nil && !isPage(cached) {
		return s.serveEntry(c, cached, keepingOf(cached))
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
		if target, status, ok := s.redirects.target(r.Context(), catalog, loc, route); ok {
			if strings.HasPrefix(target, "/") {
				target = withQuery(target, r.URL.RawQuery)
			}
			return c.Redirect(status, target)
		}
	}
	if strings.HasPrefix(route, confirmEmailRoute+"/") {
		return s.confirmEmailPage(c, loc, route)
	}
	page := catalog.Page(route)
	switch {
	case page == nil:
		return s.notFound(c, loc)
	case page.SignedInOnly():
		return s.gatedPage(c, page, loc)
	case (page.Kind == content.KindLogin || page.Kind == content.KindRegister) && s.session(c) == validSession:
		return s.redirectSignedIn(c, loc)
	}
	return s.cachedPage(c, page, loc, cached, shared)
}

// cachedPage answers with a page's one document, kept as k says: from the
// cache, or rendered now (and cached) when it is not there yet.
func (s *Server) cachedPage(c echo.Context, page *content.Page, loc locale.Locale, cached *render.Entry, k keeping) error {
	if cached == nil {
		var err error
		if cached, err = s.pages.RenderPage(c.Request().Context(), page, loc); err != nil {
			s.log.Warn("page not cached and not renderable", "path", loggedPath(c), "request_id", requestID(c), "err", err)
			return s.unavailable(c, loc)
		}
	}
	return s.serveEntry(c, cached, k)
}

// serveEntry writes a cached document, kept as k says.
func (s *Server) serveEntry(c echo.Context, e *render.Entry, k keeping) error {
	writeEntry(c.Response(), c.Request(), e, k)
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
// down.
func (s *Server) notFound(c echo.Context, loc locale.Locale) error {
	e := s.pages.NotFound(loc)
	if e == nil {
		var err error
		e, err = s.pages.RenderPage(c.Request().Context(), s.pages.Catalog().NotFound(), loc)
		if err != nil {
			return s.writeFallback(c, loc, http.StatusNotFound)
		}
	}
	return s.serveEntry(c, e, shared)
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
