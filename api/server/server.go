// Package server is the site's HTTP front: routes, middleware, pages from
// the page cache, static assets, health checks and the JSON API.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/analytics"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/search"
)

// Pages is the page cache as the server uses it.
type Pages interface {
	Page(path string) *render.Entry
	NotFound(loc locale.Locale) *render.Entry
	RenderPage(ctx context.Context, page *content.Page, loc locale.Locale) (*render.Entry, error)
	Gated(path string) *render.Entry
	Catalog() *content.Catalog
	Filled() bool
	Len() int
	LastRender() time.Duration
}

// Pinger is the database as the readiness check sees it.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config is what the server needs besides its collaborators.
type Config struct {
	BaseURL   string           // public origin; https turns on Strict-Transport-Security
	DistDir   string           // build output: client/ holds the browser files
	Logger    *slog.Logger     // application log
	AccessLog *slog.Logger     // one line per request; Logger when nil
	Now       func() time.Time // clock for security.txt's expiry; time.Now

	Auth           *auth.Service    // the account API under /api; none when nil
	Admin          *admin.Service   // the back-office API under /api/admin and its app under /admin; none when nil
	Captcha        captcha.Provider // answers GET /api/captcha/challenge; none when nil
	DevMail        http.Handler     // the development outbox at /dev/mail; nil outside development, where the route does not exist
	Forms          *forms.Service   // the forms API under /api/forms; none when nil
	Search         *search.Service  // the site search at /api/search; none when nil
	TrustedProxies []netip.Prefix   // peers whose X-Forwarded-For names the client

	Metrics *metrics.Metrics // counts requests (served by MetricsHandler on a port of its own); none when nil

	RendererReady func() bool // whether the renderer is up, for /readyz; not reported when nil

	Redirects RedirectStore // the old addresses of renamed items; none when nil

	Analytics *analytics.Counter // counts the people's views of cached pages; none when nil
}

// Server answers the site's HTTP requests.
type Server struct {
	echo        *echo.Echo
	pages       Pages
	db          Pinger
	baseURL     string
	now         func() time.Time
	log         *slog.Logger
	access      *slog.Logger
	clientDir   string
	assetsDir   string
	headers     atomic.Pointer[securityHeaders]
	styleHashes []string // CSP hashes of the build's stylesheets, which pages carry inline
	hsts        bool
	ids         requestIDs
	fallback    map[locale.Locale]fallbackPages
	auth        *auth.Service
	admin       *admin.Service
	adminDir    string
	cookie      string // the session cookie's name; "" without accounts
	captcha     captcha.Provider
	devMail     http.Handler
	forms       *forms.Service
	search      *search.Service
	metrics     *metrics.Metrics
	redirects   *slugRedirects
	analytics   *analytics.Counter

	rendererReady func() bool
	draining      atomic.Bool // set when Serve begins to stop
}

// New builds the server and declares its routes. The pages and their
// catalogue come from the page cache.
func New(cfg Config, pages Pages, db Pinger) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AccessLog == nil {
		cfg.AccessLog = cfg.Logger
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Logger.SetOutput(io.Discard)
	s := &Server{
		echo:      e,
		pages:     pages,
		db:        db,
		baseURL:   cfg.BaseURL,
		now:       cfg.Now,
		log:       cfg.Logger,
		access:    cfg.AccessLog,
		clientDir: filepath.Join(cfg.DistDir, "client"),
		assetsDir: filepath.Join(cfg.DistDir, "client", "assets"),
		hsts:      len(cfg.BaseURL) > 8 && cfg.BaseURL[:8] == "https://",
		ids:       newRequestIDs(),
		fallback:  buildFallbackPages(),
		auth:      cfg.Auth,
		admin:     cfg.Admin,
		adminDir:  filepath.Join(cfg.DistDir, "admin"),
		captcha:   cfg.Captcha,
		devMail:   cfg.DevMail,
		forms:     cfg.Forms,
		search:    cfg.Search,
		metrics:   cfg.Metrics,
		redirects: &slugRedirects{store: cfg.Redirects},
		analytics: cfg.Analytics,

		rendererReady: cfg.RendererReady,
	}
	if cfg.Auth != nil {
		s.cookie = cfg.Auth.CookieName()
	}
	e.IPExtractor = clientIP(cfg.TrustedProxies)
	styles, err := render.StylesheetHashes(cfg.DistDir)
	if err != nil {
		cfg.Logger.Warn("pages' inline stylesheets will be refused", "err", err)
	}
	s.styleHashes = styles
	s.SetScriptHashes(nil)
	e.HTTPErrorHandler = s.handleError
	s.routes()
	return s
}

// SetScriptHashes updates the inline-script hashes the Content-Security-Policy allows.
func (s *Server) SetScriptHashes(hashes []string) {
	s.headers.Store(newSecurityHeaders(hashes, s.styleHashes, s.hsts))
}

// ServeHTTP answers a request. A page (or a sitemap, or robots.txt) already
// in the cache is written straight from memory, before routing, the same
// for every visitor, unless it is the login or registration page asked for
// by a visitor who may be signed in; everything else goes through Echo.
//
// Once the server is stopping, every answer closes its connection, so that
// clients holding kept-alive connections open new ones, elsewhere.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		w.Header().Set("Connection", "close")
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		if e := s.pages.Page(r.URL.Path); e != nil && !s.mayLeaveForAccount(r) {
			if s.metrics == nil {
				s.serveCached(w, r, e)
				return
			}
			start := time.Now()
			s.serveCached(w, r, e)
			s.metrics.CachedPage(r.Method, cachedStatus(r, e), time.Since(start))
			return
		}
	}
	s.echo.ServeHTTP(w, r)
}

// Serve answers requests on ln until ctx ends. Then it stops: /readyz
// answers 503 and every answer closes its connection at once, requests are
// still accepted for drainDelay (while load balancers take the server out),
// then it stops accepting, lets in-flight requests finish for up to
// shutdownTimeout, and returns.
func (s *Server) Serve(ctx context.Context, ln net.Listener, drainDelay, shutdownTimeout time.Duration) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	s.draining.Store(true)
	if drainDelay > 0 {
		s.log.Info("stopping: /readyz answers 503; still accepting requests", "for", drainDelay)
		timer := time.NewTimer(drainDelay)
		select {
		case <-timer.C:
		case err := <-errc:
			timer.Stop()
			return fmt.Errorf("server: %w", err)
		}
	}
	s.log.Info("shutting down: waiting for in-flight requests", "timeout", shutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("server: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
