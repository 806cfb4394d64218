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
	Documents         int     `json:"documents"`         // documents in the page cache
	LastRenderSeconds float64 `json:"lastRenderSeconds"` // how long the last full render took
}

// readyz answers 200 once the database answers and every page has been
// rendered once. A renderer restart does not make the site unready: pages
// keep being served from memory meanwhile.
func (s *Server) readyz(c echo.Context) error {
	c.Response().Header()["Cache-Control"] = noStore
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	ready := readiness{Status: "ready", Database: "ok", Pages: "rendered",
		Documents: s.pages.Len(), LastRenderSeconds: s.pages.LastRender().Seconds()}
	status := http.StatusOK
	if err := s.db.Ping(ctx); err != nil {
		s.log.Warn("readiness: database does not answer", "err", err)
		ready.Database, ready.Status, status = "unreachable", "unavailable", http.StatusServiceUnavailable
	}
	if !s.pages.Filled() {
		ready.Pages, ready.Status, status = "rendering", "unavailable", http.StatusServiceUnavailable
	}
	return c.JSON(status, ready)
}
