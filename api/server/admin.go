package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"
)

// The back-office is a client-rendered app of its own (dist/admin, built
// from web/admin): one HTML shell for every address under /admin, and its
// hashed bundles under /admin/assets. Nothing of it is rendered per
// request, and none of it may be indexed or cached: it carries the site's
// Content-Security-Policy like every routed answer.

var adminNoIndex = []string{"noindex, nofollow, noarchive"}

// isAdmin reports whether a path belongs to the back-office or its API.
func isAdmin(path string) bool {
	return path == "/admin" || strings.HasPrefix(path, "/admin/") || strings.HasPrefix(path, "/api/admin/")
}

// adminPrivate marks every back-office answer noindex and never cached.
func adminPrivate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isAdmin(c.Request().URL.Path) {
			h := c.Response().Header()
			h["X-Robots-Tag"] = adminNoIndex
			h["Cache-Control"] = noStore
		}
		return next(c)
	}
}

// adminShell answers the back-office's HTML shell for any of its addresses;
// the app routes in the browser.
func (s *Server) adminShell(c echo.Context) error {
	body, err := os.ReadFile(filepath.Join(s.adminDir, "index.html"))
	if err != nil {
		s.log.Error("the back-office is not built (run `npm run build`)", "err", err)
		return echo.ErrServiceUnavailable
	}
	h := c.Response().Header()
	h["X-Robots-Tag"] = adminNoIndex
	h["Cache-Control"] = noStore
	return c.HTMLBlob(http.StatusOK, body)
}

// adminAsset serves a hashed bundle of the back-office. Its name changes
// with its content, but it stays out of shared caches like the rest of /admin.
func (s *Server) adminAsset(c echo.Context) error {
	rel, ok := strings.CutPrefix(c.Request().URL.Path, "/admin/assets/")
	if !ok || !cleanRelative(rel) {
		return echo.ErrNotFound
	}
	f, info, enc := openAsset(filepath.Join(s.adminDir, "assets", filepath.FromSlash(rel)), c.Request().Header.Get("Accept-Encoding"))
	if f == nil {
		return echo.ErrNotFound
	}
	defer f.Close()
	h := c.Response().Header()
	h.Set("Content-Type", contentType(rel))
	h["X-Robots-Tag"] = adminNoIndex
	h["Cache-Control"] = []string{"private, max-age=31536000, immutable"}
	h["Vary"] = varyEncoding
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	http.ServeContent(c.Response(), c.Request(), "", info.ModTime(), f)
	return nil
}
