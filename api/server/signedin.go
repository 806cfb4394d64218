package server

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

// Pages for a signed-in visitor. The page cache holds what everyone sees;
// a request that carries the session cookie skips it (ServeHTTP), and the
// page handler renders the page for the visitor with their user in the
// props. That render is the visitor's alone: answered "private, no-store",
// never cached. When the renderer cannot render, the visitor gets the
// public page rather than an error.

const (
	accountRoute      = "/account"
	confirmEmailRoute = "/auth/confirm-email"

	// Echo context keys.
	userKey         = "page_user"     // *render.User, nil when not signed in
	cacheControlKey = "cache_control" // []string overriding a cached page's Cache-Control
)

// Header values of the signed-in pages; never modified.
var (
	privateNoStore = []string{"private, no-store"}
	varyCookie     = []string{"Cookie"}
	noReferrer     = []string{"no-referrer"}
	noIndex        = []string{"noindex"}
)

// isPage reports whether a cached document is a page, as opposed to a
// sitemap or robots.txt, which are the same for everyone.
func isPage(e *render.Entry) bool {
	return len(e.ContentType) == 1 && e.ContentType[0] == render.HTMLType
}

// maybeSignedIn reports whether a request for a cached document may come
// from a signed-in visitor: the document is a page and the request carries
// a cookie by the session cookie's name. It is on the path of every cached
// page, so a request without cookies costs one map lookup.
func (s *Server) maybeSignedIn(r *http.Request, e *render.Entry) bool {
	if s.cookie == "" {
		return false
	}
	cookies := r.Header["Cookie"]
	if len(cookies) == 0 || !isPage(e) {
		return false
	}
	for _, line := range cookies {
		if strings.Contains(line, s.cookie) {
			return true
		}
	}
	return false
}

// signedInUser returns the visitor of a page request when they are signed
// in, else nil; the answer is looked up once per request. Only a request
// that carries the session cookie costs a lookup, and its answer is marked
// private since it depends on the cookie. A cookie that names no valid
// session is expired; when the lookup itself fails (the database), the
// cookie is kept and the public page served.
func (s *Server) signedInUser(c echo.Context) *render.User {
	if u, ok := c.Get(userKey).(*render.User); ok {
		return u
	}
	var user *render.User
	defer func() { c.Set(userKey, user) }()
	r := c.Request()
	if s.auth == nil {
		return nil
	}
	if _, err := r.Cookie(s.cookie); err != nil {
		return nil
	}
	c.Set(cacheControlKey, privateNoStore)
	w := c.Response()
	d, err := s.auth.PageUser(w, r)
	switch {
	case errors.Is(err, auth.ErrNotSignedIn):
		s.auth.ExpireCookie(w)
		return nil
	case err != nil:
		s.log.Warn("session not looked up; serving the public page", "path", loggedPath(c), "request_id", requestID(c), "err", err)
		return nil
	}
	user = &render.User{
		FirstName:       d.FirstName,
		LastName:        d.LastName,
		FullName:        d.FullName,
		PhoneNumber:     d.PhoneNumber,
		ProfileImageURL: d.ProfileImageURL,
		Email:           d.Email,
	}
	return user
}

// servePersonal answers a signed-in visitor with the page rendered for
// them. When the renderer cannot render it, the public document is served
// instead (fallback, or the page rendered for everyone); a page that exists
// only for signed-in visitors has none, and answers 503.
func (s *Server) servePersonal(c echo.Context, page *content.Page, loc locale.Locale, user *render.User, fallback *render.Entry) error {
	r := c.Request()
	e, err := s.pages.RenderForUser(r.Context(), page, loc, user)
	if err != nil {
		s.log.Warn("page not rendered for a signed-in visitor; serving the public one", "path", loggedPath(c), "request_id", requestID(c), "err", err)
		c.Set(cacheControlKey, privateNoStore)
		switch {
		case fallback != nil:
			return s.serveEntry(c, fallback)
		case page.SignedInOnly():
			return s.unavailable(c, loc)
		case page.Kind == content.KindNotFound:
			if e, err := s.pages.RenderPage(r.Context(), page, loc); err == nil {
				return s.serveEntry(c, e)
			}
			return s.writeFallback(c, loc, http.StatusNotFound)
		}
		return s.publicPage(c, page, loc, nil)
	}
	h := c.Response().Header()
	h["Content-Type"] = e.ContentType
	h["Cache-Control"] = privateNoStore
	h["Vary"] = varyCookie
	if r.Method == http.MethodHead {
		c.Response().WriteHeader(e.Status)
		return nil
	}
	return c.Blob(e.Status, render.HTMLType, e.Identity().Body)
}

// redirectSignedIn sends a signed-in visitor away from the login and
// registration pages: to returnUrl, normalized, when it is a local path that
// is not itself a sign-in page, else to their account.
func (s *Server) redirectSignedIn(c echo.Context, loc locale.Locale) error {
	target := locale.Path(loc, accountRoute)
	if back, ok := NormalizeLocalPath(c.QueryParam("returnUrl")); ok {
		if u, err := url.Parse(back); err == nil {
			if _, route := locale.Split(u.Path); route != "/auth" && !strings.HasPrefix(route, "/auth/") {
				target = back
			}
		}
	}
	h := c.Response().Header()
	h["Cache-Control"] = privateNoStore
	h["Vary"] = varyCookie
	return c.Redirect(http.StatusSeeOther, target)
}

// confirmEmailPage answers a confirmation link, /auth/confirm-email/{token}:
// the same document for every token, since the browser reads the token from
// the address and confirms it itself. The token must not travel further:
// the answer is stored nowhere and sends no Referer. A token that cannot be
// one is not found.
func (s *Server) confirmEmailPage(c echo.Context, loc locale.Locale, route string) error {
	h := c.Response().Header()
	h["Referrer-Policy"] = noReferrer
	h["X-Robots-Tag"] = noIndex
	c.Set(cacheControlKey, noStore)
	page := s.pages.Catalog().Page(confirmEmailRoute)
	if page == nil || !wellFormedToken(strings.TrimPrefix(route, confirmEmailRoute+"/")) {
		return s.notFound(c, loc)
	}
	public := s.pages.Page(locale.Path(loc, confirmEmailRoute))
	if user := s.signedInUser(c); user != nil {
		return s.servePersonal(c, page, loc, user, public)
	}
	return s.publicPage(c, page, loc, public)
}

// wellFormedToken reports whether s could be a link token: 16 to 200
// characters of the base64url alphabet.
func wellFormedToken(s string) bool {
	if len(s) < 16 || len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// wantsDocument reports whether a request is for a document a person reads,
// rather than an image or script a page asked for, which never gets a page
// rendered for its visitor. Browsers say so in Sec-Fetch-Dest; others do not.
func wantsDocument(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Dest") {
	case "", "document", "iframe", "frame":
		return true
	}
	return false
}
