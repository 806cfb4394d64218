package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/logbuffer"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/search"
	"noorvale.example/site/api/server"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

const serveUsage = `usage: server [serve]

  serve the site until SIGINT or SIGTERM (the default command); settings are
  read from the environment, see README.md`

// serveCmd runs "server serve".
type serveCmd struct{}

func parseServe(args []string) (command, error) {
	if err := parseAlone(newFlagSet("serve"), args, serveUsage); err != nil {
		return nil, err
	}
	return serveCmd{}, nil
}

func (serveCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, _ io.Writer) error {
	s, err := newSite(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer s.close()
	return s.serve(ctx)
}

// site is the server's pieces, built and bound to its port.
type site struct {
	cfg    *config.Config
	logger *slog.Logger

	store      *store.Store
	ln         net.Listener
	metricsLn  net.Listener     // nil without METRICS_ADDR
	measured   *metrics.Metrics // nil without METRICS_ADDR
	supervisor *ssr.Supervisor
	cache      *render.Cache
	verifier   captcha.Provider
	accounts   *auth.Service
	sender     *mail.Sender
	forms      *forms.Service
	admin      *admin.Service
	search     *search.Service
	srv        *server.Server

	closers []func() error // what close undoes, in the order it was opened
}

// close closes what newSite opened, the last opened first.
func (s *site) close() error {
	var errs []error
	for i := len(s.closers) - 1; i >= 0; i-- {
		errs = append(errs, s.closers[i]())
	}
	s.closers = nil
	return errors.Join(errs...)
}

// newSite opens the database (seeding a database without content), binds
// the site's port and METRICS_ADDR, and builds the renderer, the page
// cache and the services. What it opened is closed if a later step fails.
func newSite(ctx context.Context, cfg *config.Config, logger *slog.Logger) (_ *site, err error) {
	s := &site{cfg: cfg, logger: logger}
	defer func() {
		if err != nil {
			_ = s.close()
		}
	}()

	if s.store, err = openStore(ctx, cfg, logger); err != nil {
		return nil, err
	}
	s.closers = append(s.closers, s.store.Close)
	st := s.store

	// A fresh database gets the content files on first start, and so does
	// one from before content entries existed.
	version, err := st.ContentVersion(ctx)
	if err != nil {
		return nil, err
	}
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return nil, err
	}
	if version == 0 || len(entries) == 0 {
		if _, err := content.Seed(ctx, st); err != nil {
			return nil, err
		}
		logger.Info("database without content seeded with the content files")
	}
	catalog, err := content.Load()
	if err != nil {
		return nil, err
	}

	if s.ln, err = net.Listen("tcp", cfg.ListenAddr()); err != nil {
		return nil, fmt.Errorf("listen on %s (PORT, LISTEN_HOST): %w", cfg.ListenAddr(), err)
	}
	s.closers = append(s.closers, s.ln.Close)
	// With PORT=0 the system chose the port: links and e-mails name it.
	cfg.Bound(s.ln.Addr())
	// Metrics: requests by route, renders, restarts, the database pool and
	// the mail queue, counted when METRICS_ADDR serves them, on a listener
	// of their own.
	if cfg.MetricsAddr != "" {
		if s.metricsLn, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
			return nil, fmt.Errorf("listen on METRICS_ADDR %s: %w", cfg.MetricsAddr, err)
		}
		s.closers = append(s.closers, s.metricsLn.Close)
		s.measured = metrics.New(logger)
		s.measured.DatabasePool(cfg.DatabaseDriver, st.PoolStats)
		s.measured.DatabaseStatements(st.Statements)
		s.measured.MailQueue(st.PendingMail)
	}

	s.supervisor, err = ssr.NewSupervisor(ssr.SupervisorConfig{
		NodeBin: cfg.NodeBin,
		DistDir: cfg.DistDir,
		Logger:  logger,
	})
	if err != nil {
		return nil, err
	}
	var renderer render.Renderer = s.supervisor
	if s.measured != nil {
		s.supervisor.OnScriptHashes(func([]string) { s.measured.RendererStarted() })
		renderer = s.measured.Renderer(s.supervisor)
	}
	build, err := render.BuildID(cfg.DistDir)
	if err != nil {
		return nil, fmt.Errorf("%w (is dist/ built? run `npm run build`)", err)
	}
	s.cache = render.NewCache(render.CacheConfig{
		Renderer:     renderer,
		Store:        st,
		Documents:    st,
		Build:        build,
		ScriptHashes: s.supervisor.ScriptHashes,
		Catalog:      catalog,
		BaseURL:      cfg.BaseURL,
		Captcha:      captchaWidget(cfg),
		Logger:       logger,
		// Two cheap queries four times a second: a change rendered by any
		// replica reaches every replica's pages well within a second.
		PollInterval: 250 * time.Millisecond,
	})
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: cfg.SecretKey})
	if err != nil {
		return nil, err
	}
	if s.verifier, err = captcha.New(cfg, st); err != nil {
		return nil, err
	}
	if s.accounts, err = newAccounts(cfg, st, logger, queue, s.verifier); err != nil {
		return nil, err
	}
	sender, outbox, err := newSender(cfg, st, logger, queue, s.accounts)
	if err != nil {
		return nil, err
	}
	s.sender = sender
	var devMail http.Handler
	if outbox != nil {
		devMail = outbox.Handler()
	}
	if s.forms, err = newForms(ctx, cfg, st, logger, queue, s.verifier, s.accounts, s.cache.Catalog); err != nil {
		return nil, err
	}
	backOffice, err := newAdmin(cfg, st, logger, s.accounts, s.forms, queue, outbox, s.supervisor, s.cache)
	if err != nil {
		return nil, err
	}
	s.admin = backOffice
	s.search = search.ForSite(s.cache, st, cfg.SecretKey, logger)
	// The access log writes a line per request: batched, it costs the
	// cached-page path almost nothing. It is flushed every 100 ms and at exit.
	accessOut := logbuffer.New(os.Stderr, 64<<10, 100*time.Millisecond)
	s.closers = append(s.closers, accessOut.Close)
	s.srv = server.New(server.Config{
		BaseURL: cfg.BaseURL, DistDir: cfg.DistDir, Logger: logger, AccessLog: newLogger(cfg, accessOut),
		Auth: s.accounts, Admin: s.admin, TrustedProxies: cfg.TrustedProxies,
		Captcha: s.verifier, DevMail: devMail, Forms: s.forms, Redirects: st, Search: s.search,
		Metrics: s.measured, RendererReady: s.supervisor.Ready,
	}, s.cache, st)
	s.supervisor.OnScriptHashes(s.srv.SetScriptHashes)
	return s, nil
}

// serve runs the site's background work and answers requests until ctx
// ends, then stops in order: requests, e-mail, rendering, the renderer.
func (s *site) serve(ctx context.Context) error {
	cfg, logger, cache, supervisor := s.cfg, s.logger, s.cache, s.supervisor
	go s.accounts.Run(ctx)
	go s.forms.RunRetention(ctx)
	go s.admin.Run(ctx)
	go s.admin.RunSchedules(ctx)
	go s.admin.RunNotices(ctx)

	logger.Info("listening", "addr", s.ln.Addr().String(), "base_url", cfg.BaseURL, "env", cfg.Env)
	if s.metricsLn != nil {
		logger.Info("serving /metrics", "addr", s.metricsLn.Addr().String())
		go func() {
			if err := server.ServeMetrics(ctx, s.metricsLn, s.measured, logger); err != nil {
				logger.Error("metrics listener stopped", "err", err)
			}
		}()
	}

	// Pages this build rendered before, here or on another replica, are
	// served at once; the rest render in the background, and /readyz turns
	// 200 when every page has a document.
	if hashes, err := s.store.BuildScriptHashes(ctx, cache.Build()); err == nil {
		s.srv.SetScriptHashes(hashes)
	}
	if complete, err := cache.Preload(ctx); err != nil {
		logger.Warn("stored pages not loaded; rendering them", "err", err)
	} else {
		logger.Info("stored pages loaded", "build", cache.Build(), "every_page", complete, "documents", cache.Len())
	}
	renderCtx, stopRendering := context.WithCancel(ctx)
	rendering := make(chan struct{})
	go func() {
		defer close(rendering)
		if err := supervisor.Start(renderCtx); err != nil && renderCtx.Err() == nil {
			logger.Error("renderer not healthy yet; pages not in memory answer 503 until it is (is dist/ built? run `npm run build`)", "err", err)
		}
		if cfg.Development() {
			go render.WatchBuild(renderCtx, cfg.DistDir, supervisor, cache, logger)
		}
		cache.Run(renderCtx)
	}()

	// E-mail goes out in the background until shutdown; a send cut short
	// is rescheduled.
	mailCtx, stopMail := context.WithCancel(ctx)
	mailing := make(chan struct{})
	go func() {
		defer close(mailing)
		s.sender.Run(mailCtx)
	}()
	go runCaptchaCleanup(mailCtx, s.verifier, logger)

	// The search index is built once the pages are current, and follows
	// them; the words searched are written to the store until shutdown.
	searchCtx, stopSearch := context.WithCancel(ctx)
	searching := make(chan struct{})
	go func() {
		defer close(searching)
		s.search.Run(searchCtx)
	}()

	serveErr := s.srv.Serve(ctx, s.ln, cfg.ShutdownDelay, cfg.ShutdownTimeout)
	stopSearch()
	<-searching
	stopMail()
	<-mailing

	stopRendering()
	<-rendering
	stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := supervisor.Stop(stopCtx); err != nil {
		logger.Warn("renderer stop", "err", err)
	}
	if serveErr != nil && !errors.Is(serveErr, context.Canceled) {
		return serveErr
	}
	logger.Info("stopped")
	return nil
}
