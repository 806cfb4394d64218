package server

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// crawlerDocument answers a sitemap or robots.txt the cache does not hold
// yet: the first render writes them within moments.
func (s *Server) crawlerDocument(c echo.Context) error {
	if e := s.pages.Page(c.Request().URL.Path); e != nil {
		return s.serveEntry(c, e, shared)
	}
	h := c.Response().Header()
	h.Set("Retry-After", "5")
	h["Cache-Control"] = noStore
	return c.String(http.StatusServiceUnavailable, "This document is being generated. Please try again in a moment.\n")
}

// securityContact is where vulnerabilities are reported.
const securityContact = "mailto:security@noorvale.example"

var textContentType = []string{"text/plain; charset=utf-8"}

// securityTxt answers /.well-known/security.txt (RFC 9116). Its expiry is
// one year after the moment it is served, so it is written per request.
func (s *Server) securityTxt(c echo.Context) error {
	expires := s.now().UTC().AddDate(1, 0, 0).Truncate(time.Second).Format(time.RFC3339)
	var b strings.Builder
	b.WriteString("Contact: " + securityContact + "\n")
	b.WriteString("Expires: " + expires + "\n")
	b.WriteString("Preferred-Languages: en, ar\n")
	b.WriteString("Canonical: " + s.baseURL + "/.well-known/security.txt\n")
	b.WriteString("Policy: " + s.baseURL + "/terms\n")
	h := c.Response().Header()
	h["Content-Type"] = textContentType
	h["Cache-Control"] = noCache
	return c.String(http.StatusOK, b.String())
}
