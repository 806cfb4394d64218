package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
)

// apiError is the API's answer to anything that went wrong.
type apiError struct {
	IsSuccess bool   `json:"isSuccess"`
	Message   string `json:"message"`
}

// apiNotFound answers every API address that has no endpoint.
func (s *Server) apiNotFound(echo.Context) error { return echo.ErrNotFound }

func isAPI(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }

// apiLocale is the language of an API answer: the lang query parameter, else
// the browser's Accept-Language.
func apiLocale(r *http.Request) locale.Locale {
	if l, ok := locale.Parse(r.URL.Query().Get("lang")); ok {
		return l
	}
	return locale.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// apiMessage picks the public message for a status; the internal error is
// never shown.
func apiMessage(m *locale.Messages, code int) string {
	switch {
	case code == http.StatusNotFound:
		return m.APINotFound
	case code == http.StatusMethodNotAllowed:
		return m.APIMethodNotAllowed
	case code == http.StatusTooManyRequests:
		return m.APITooManyRequests
	case code >= 500:
		return m.APIInternal
	default:
		return m.APIBadRequest
	}
}

// handleError answers every error a handler returns, in one shape per kind
// of address: the JSON envelope under /api, a page elsewhere. Failures on
// the server's side are logged once, here, with the request id.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	r := c.Request()
	code := http.StatusInternalServerError
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code = he.Code
		if he.Internal != nil && code >= 500 {
			s.log.Error("request failed", "request_id", requestID(c), "method", r.Method, "path", r.URL.Path, "err", he.Internal)
		}
	} else {
		s.log.Error("request failed", "request_id", requestID(c), "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if code < 400 || code > 599 {
		code = http.StatusInternalServerError
	}

	if isAPI(r.URL.Path) {
		c.Response().Header()["Cache-Control"] = noStore
		_ = c.JSON(code, apiError{Message: apiMessage(locale.For(apiLocale(r)), code)})
		return
	}
	if strings.HasPrefix(r.URL.Path, "/assets/") {
		_ = c.String(code, http.StatusText(code))
		return
	}
	loc, _ := locale.Split(r.URL.Path)
	if code == http.StatusNotFound && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		_ = s.notFound(c, loc)
		return
	}
	_ = s.writeFallback(c, loc, code)
}
