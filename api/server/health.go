package server

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

var healthOK = []byte(`{"status":"ok"}`)

// healthz answers 200 while the process lives: a liveness probe.
func (s *Server) healthz(c echo.Context) error {
	c.Response().Header()["Cache-Control"] = noStore
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, healthOK)
}

type readiness struct {
	Status            string  `json:"status"`
	Database          string  `json:"database"`
	Pages             string  `json:"pages"`
	Renderer          string  `json:"renderer,omitempty"`
	Documents         int     `json:"documents"`         // documents in the page cache
	LastRenderSeconds float64 `json:"lastRenderSeconds"` // how long the last full render took
}

// readinessPing bounds the database check of /readyz, well within a
// probe's usual one-second timeout.
const readinessPing = 500 * time.Millisecond

// readyz answers 200 once every page has been rendered once, until the
// server begins to stop (then 503 at once, so that a load balancer sends
// new visitors elsewhere while in-flight requests finish). Neither a
// renderer restart nor a database outage makes the site unready: pages keep
// being served from memory meanwhile, and API calls that need the database
// answer 503 with Retry-After until it is back. The answer says which
// parts are degraded.
func (s *Server) readyz(c echo.Context) error {
	c.Response().Header()["Cache-Control"] = noStore
	ctx, cancel := context.WithTimeout(c.Request().Context(), readinessPing)
	defer cancel()
	ready := readiness{Status: "ready", Database: "ok", Pages: "rendered",
		Documents: s.pages.Len(), LastRenderSeconds: s.pages.LastRender().Seconds()}
	status := http.StatusOK
	if err := s.db.Ping(ctx); err != nil {
		s.log.Warn("readiness: database does not answer; pages are served from memory", "err", err)
		ready.Database = "unreachable"
	}
	if s.rendererReady != nil {
		ready.Renderer = "ok"
		if !s.rendererReady() {
			ready.Renderer = "restarting"
		}
	}
	if !s.pages.Filled() {
		ready.Pages, ready.Status, status = "rendering", "unavailable", http.StatusServiceUnavailable
	}
	if s.draining.Load() {
		ready.Status, status = "stopping", http.StatusServiceUnavailable
	}
	return c.JSON(status, ready)
}
