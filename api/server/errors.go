package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// apiNotFound answers every API address that has no endpoint.
func (s *Server) apiNotFound(echo.Context) error { return echo.ErrNotFound }

func isAPI(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }

// apiMessage picks the public message for a status; the internal error is
// never shown.
func apiMessage(m *locale.Site, code int) string {
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
// the server's side are logged once, here, with the request id. A database
// that did not answer in time is answered 503 with Retry-After: the
// request did nothing and may be sent again. A request whose client went
// away (its connection closed or half-closed, which cancels the request
// and whatever the handler was waiting for) is no failure of the server's:
// it is answered 400 and recorded as 499, logged only at debug level. A
// handler that answered the request itself returns endpoint.ErrAnswered:
// its answer stands, and nothing is logged.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if errors.Is(err, endpoint.ErrAnswered) {
		// Nothing was written after all: a fault of the server's own.
		err = fmt.Errorf("server: no answer written: %w", err)
	}
	r := c.Request()
	if err != errPanic && endpoint.ClientGone(r) {
		s.log.Debug("client went away before the answer", "request_id", requestID(c), "method", r.Method, "path", loggedPath(c), "err", err)
		if isAPI(r.URL.Path) {
			_ = endpoint.Gone(c, apiMessage(&locale.For(endpoint.Locale(r)).Site, http.StatusBadRequest))
			return
		}
		endpoint.MarkGone(c)
		loc, _ := locale.Split(r.URL.Path)
		_ = s.writeFallback(c, loc, http.StatusBadRequest)
		return
	}
	if store.Unavailable(err) {
		s.log.Warn("database unavailable; answered 503", "request_id", requestID(c), "method", r.Method, "path", loggedPath(c), "err", err)
		if isAPI(r.URL.Path) {
			_ = endpoint.Unavailable(c)
			return
		}
		loc, _ := locale.Split(r.URL.Path)
		c.Response().Header().Set("Retry-After", endpoint.RetryAfter(endpoint.UnavailableRetry))
		_ = s.writeFallback(c, loc, http.StatusServiceUnavailable)
		return
	}
	code := http.StatusInternalServerError
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code = he.Code
		if he.Internal != nil && code >= 500 {
			s.log.Error("request failed", "request_id", requestID(c), "method", r.Method, "path", loggedPath(c), "err", he.Internal)
		}
	} else {
		s.log.Error("request failed", "request_id", requestID(c), "method", r.Method, "path", loggedPath(c), "err", err)
	}
	if code < 400 || code > 599 {
		code = http.StatusInternalServerError
	}

	if isAPI(r.URL.Path) {
		_ = endpoint.Fail(c, code, apiMessage(&locale.For(endpoint.Locale(r)).Site, code))
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
