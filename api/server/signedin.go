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

// Pages and signed-in visitors. Every page is the same document for every
// visitor, signed in or not: the browser decides from the stored user data
// whether the header shows the login button or the profile menu, and fills
// in the visitor's name and picture from the API. The session is looked at
// only where it changes where a visitor goes: /account without a session
// goes to the login page, and the login and registration pages with one go
// on to the account (or to returnUrl). Neither costs a render.

const (
	accountRoute      = "/account"
	confirmEmailRoute = "/auth/confirm-email"
	loginRoute        = "/auth/login"
	registerRoute     = "/auth/register"
)

// Header values of answers that depend on the session cookie; never modified.
var (
	privateNoCache = []string{"private, no-cache"}
	varyCookie     = []string{"Cookie"}
	noReferrer     = []string{"no-referrer"}
	noIndex        = []string{"noindex"}
)

// isPage reports whether a cached document is a page, as opposed to a
// sitemap or robots.txt.
func isPage(e *render.Entry) bool {
	return len(e.ContentType) == 1 && e.ContentType[0] == render.HTMLType
}

// mayLeaveForAccount reports whether a request for a cached document must
// look at the session first: it asks for the login or registration page
// and carries a cookie by the session cookie's name. It is on the path of
// every cached page, so a request without cookies costs one header lookup.
func (s *Server) mayLeaveForAccount(r *http.Request) bool {
	cookies := r.Header["Cookie"]
	if len(cookies) == 0 || s.cookie == "" {
		return false
	}
	if _, route := locale.Split(r.URL.Path); route != loginRoute && route != registerRoute {
		return false
	}
	for _, line := range cookies {
		if strings.Contains(line, s.cookie) {
			return true
		}
	}
	return false
}

// sessionState is what a page request's session cookie says.
type sessionState int

const (
	noSession      sessionState = iota // no cookie, or one that names no valid session
	validSession                       // a signed-in visitor
	sessionUnknown                     // the lookup failed (the database): nobody is signed out for it
)

// session looks up the session of a page request. A cookie that names no
// valid session is expired on the answer; a remembered session's cookie is
// renewed when its expiry slides.
func (s *Server) session(c echo.Context) sessionState {
	r := c.Request()
	if s.auth == nil {
		return noSession
	}
	if _, err := r.Cookie(s.cookie); err != nil {
		return noSession
	}
	w := c.Response()
	_, err := s.auth.PageUser(w, r)
	switch {
	case errors.Is(err, auth.ErrNotSignedIn):
		s.auth.ExpireCookie(w)
		return noSession
	case err != nil:
		s.log.Warn("session not looked up", "path", loggedPath(c), "request_id", requestID(c), "err", err)
		return sessionUnknown
	}
	return validSession
}

// gatedPage answers a page only a signed-in visitor may open: the login
// page for a visitor without a session, else the page's shell, which loads
// the visitor's data from the API. When the session cannot be looked up,
// the shell is served: its API calls answer for themselves.
func (s *Server) gatedPage(c echo.Context, page *content.Page, loc locale.Locale) error {
	if s.session(c) == noSession {
		return s.redirectToLogin(c, loc)
	}
	return s.cachedPage(c, page, loc, s.pages.Gated(locale.Path(loc, page.Route)), perSession)
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
	h["Cache-Control"] = noStore
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
	page := s.pages.Catalog().Page(confirmEmailRoute)
	if page == nil || !wellFormedToken(strings.TrimPrefix(route, confirmEmailRoute+"/")) {
		return s.notFound(c, loc)
	}
	return s.cachedPage(c, page, loc, s.pages.Page(locale.Path(loc, confirmEmailRoute)), unkept)
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
