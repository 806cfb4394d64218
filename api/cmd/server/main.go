// Command server runs the Noorvale Assurance website.
//
//	server [serve]   serve the site (the default)
//	server migrate   apply pending database migrations and exit
//	server seed      load the content files into the database and exit
//	server submissions list|export ...   list or export form submissions
//	server staff invite|reset-second-factor ...   invite staff, reset a second factor
//	server content export [--force] DIR   write the published content as seed files
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
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"
	// Scheduled publishing reads the time zones staff choose, wherever
	// the server runs.
	_ "time/tzdata"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/logbuffer"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/search"
	"noorvale.example/site/api/server"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// defaultMemoryLimit is the Go heap's soft limit unless GOMEMLIMIT is set.
const defaultMemoryLimit = 80 << 20

const usage = `usage: server [serve|migrate|seed|submissions|staff|content]

  serve        serve the site (default)
  migrate      apply pending database migrations and exit
  seed         load the content files into the database and exit; what staff changed stays
               (seed --force, for development: the files' content replaces staff changes too)
  submissions  list or export form submissions as CSV (server submissions help)
  staff        invite staff to the back-office, reset a second factor (server staff help)
  content      export the published content as seed files (server content help)

Settings are read from the environment; see README.md.`

func main() {
	command := "serve"
	if len(os.Args) > 1 {
		command = os.Args[1]
	}
	force := command == "seed" && len(os.Args) == 3 && os.Args[2] == "--force"
	if len(os.Args) > 2 && command != "submissions" && command != "staff" && command != "content" && !force {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	switch command {
	case "serve", "migrate", "seed":
	case "submissions":
		if len(os.Args) < 3 || (os.Args[2] != "list" && os.Args[2] != "export") {
			fmt.Println(submissionsUsage)
			return
		}
	case "staff":
		if len(os.Args) < 3 || (os.Args[2] != "invite" && os.Args[2] != "reset-second-factor") {
			fmt.Println(staffUsage)
			return
		}
	case "content":
		if len(os.Args) < 3 || os.Args[2] != "export" {
			fmt.Println(contentUsage)
			return
		}
	case "help", "-h", "-help", "--help":
		fmt.Println(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n\n%s\n", command, usage)
		os.Exit(2)
	}

	// Pages are cached in memory and every full render makes a burst of
	// garbage; a soft limit keeps the heap near what the cache needs.
	// GOMEMLIMIT in the environment overrides it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}

	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "configuration error:", err)
		os.Exit(1)
	}
	logger := newLogger(cfg)
	slog.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts an orderly stop, a second one ends the
	// process at once.
	go func() {
		<-ctx.Done()
		stop()
	}()

	switch command {
	case "migrate":
		err = migrate(ctx, cfg, logger)
	case "seed":
		err = seed(ctx, cfg, logger, force)
	case "submissions", "staff", "content":
		switch command {
		case "content":
			err = contentCommand(ctx, cfg, logger, os.Args[2:], os.Stdout)
		case "staff":
			err = staff(ctx, cfg, logger, os.Args[2:], os.Stdout)
		default:
			err = submissions(ctx, cfg, logger, os.Args[2:], os.Stdout)
		}
		var usageErr usageError
		if errors.As(err, &usageErr) {
			fmt.Fprintln(os.Stderr, usageErr.text)
			stop()
			os.Exit(2)
		}
	default:
		err = serve(ctx, cfg, logger)
	}
	if err != nil {
		logger.Error(command+" failed", "err", err)
		stop()
		os.Exit(1)
	}
}

func newLogger(cfg *config.Config) *slog.Logger {
	return newLoggerTo(cfg, os.Stderr)
}

func newLoggerTo(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.Development() {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// openStore connects to the database and brings its schema up to date, or,
// with AUTO_MIGRATE=false, refuses a schema older than this build.
func openStore(ctx context.Context, cfg *config.Config, logger *slog.Logger) (*store.Store, error) {
	st, err := store.Open(ctx, cfg.DatabaseDriver, cfg.DatabaseDSN)
	if err != nil {
		return nil, err
	}
	if cfg.AutoMigrate {
		err = st.Migrate(ctx)
	} else {
		err = st.CheckSchema(ctx)
	}
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	logger.Info("database ready", "driver", cfg.DatabaseDriver, "schema_version", store.LatestSchemaVersion())
	return st, nil
}

func migrate(ctx context.Context, cfg *config.Config, logger *slog.Logger) error {
	st, err := store.Open(ctx, cfg.DatabaseDriver, cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer st.Close()
	before, err := st.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	logger.Info("migrations applied", "from_version", before, "to_version", store.LatestSchemaVersion())
	return nil
}

func seed(ctx context.Context, cfg *config.Config, logger *slog.Logger, force bool) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	if force {
		// For development: the files' content wins over staff changes,
		// whose versions stay listed.
		n, err := st.ForgetContentEditions(ctx)
		if err != nil {
			return err
		}
		logger.Warn("seed --force: staff changes are replaced by the content files", "languages", n)
	}
	changes, err := content.Seed(ctx, st)
	if err != nil {
		return err
	}
	version, err := st.ContentVersion(ctx)
	if err != nil {
		return err
	}
	if changes.Changed() {
		logger.Info("content seeded; running servers will re-render", "content_version", version,
			"settings", changes.Settings, "inserted", changes.Inserted, "updated", changes.Updated, "deleted", changes.Deleted, "kept_staff_changes", changes.Kept)
	} else {
		logger.Info("content already up to date", "content_version", version, "kept_staff_changes", changes.Kept)
	}
	return nil
}

func serve(ctx context.Context, cfg *config.Config, logger *slog.Logger) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()

	// A fresh database gets the content files on first start, and so does
	// one from before content entries existed.
	version, err := st.ContentVersion(ctx)
	if err != nil {
		return err
	}
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return err
	}
	if version == 0 || len(entries) == 0 {
		if _, err := content.Seed(ctx, st); err != nil {
			return err
		}
		logger.Info("database without content seeded with the content files")
	}
	catalog, err := content.Load()
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.ListenAddr())
	if err != nil {
		return fmt.Errorf("listen on %s (PORT, LISTEN_HOST): %w", cfg.ListenAddr(), err)
	}
	// With PORT=0 the system chose the port: links and e-mails name it.
	cfg.Bound(ln.Addr())
	// Metrics: requests by route, renders, restarts, the database pool and
	// the mail queue, counted when METRICS_ADDR serves them, on a listener
	// of their own.
	var measured *metrics.Metrics
	var metricsLn net.Listener
	if cfg.MetricsAddr != "" {
		if metricsLn, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
			ln.Close()
			return fmt.Errorf("listen on METRICS_ADDR %s: %w", cfg.MetricsAddr, err)
		}
		defer metricsLn.Close()
		measured = metrics.New(logger)
		measured.DatabasePool(cfg.DatabaseDriver, st.PoolStats)
		measured.DatabaseStatements(st.Statements)
		measured.MailQueue(st.PendingMail)
	}

	supervisor, err := ssr.NewSupervisor(ssr.SupervisorConfig{
		NodeBin: cfg.NodeBin,
		DistDir: cfg.DistDir,
		Logger:  logger,
	})
	if err != nil {
		ln.Close()
		return err
	}
	var renderer render.Renderer = supervisor
	if measured != nil {
		supervisor.OnScriptHashes(func([]string) { measured.RendererStarted() })
		renderer = measured.Renderer(supervisor)
	}
	build, err := render.BuildID(cfg.DistDir)
	if err != nil {
		ln.Close()
		return fmt.Errorf("%w (is dist/ built? run `npm run build`)", err)
	}
	cache := render.NewCache(render.CacheConfig{
		Renderer:     renderer,
		Store:        st,
		Documents:    st,
		Build:        build,
		ScriptHashes: supervisor.ScriptHashes,
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
		ln.Close()
		return err
	}
	verifier, err := captcha.New(cfg, st)
	if err != nil {
		ln.Close()
		return err
	}
	accounts, err := newAccounts(cfg, st, logger, queue, verifier)
	if err != nil {
		ln.Close()
		return err
	}
	go accounts.Run(ctx)
	sender, outbox, err := newSender(cfg, st, logger, queue, accounts)
	if err != nil {
		ln.Close()
		return err
	}
	var devMail http.Handler
	if outbox != nil {
		devMail = outbox.Handler()
	}
	formsService, err := newForms(ctx, cfg, st, logger, queue, verifier, accounts, cache.Catalog)
	if err != nil {
		ln.Close()
		return err
	}
	go formsService.RunRetention(ctx)
	backOffice, err := newAdmin(cfg, st, logger, accounts, formsService, queue, outbox, supervisor, cache)
	if err != nil {
		ln.Close()
		return err
	}
	go backOffice.Run(ctx)
	go backOffice.RunSchedules(ctx)
	searchService := search.Start(ctx, cache, st, cfg.SecretKey, logger)
	// The access log writes a line per request: batched, it costs the
	// cached-page path almost nothing. It is flushed every 100 ms and at exit.
	accessOut := logbuffer.New(os.Stderr, 64<<10, 100*time.Millisecond)
	defer accessOut.Close()
	srv := server.New(server.Config{
		BaseURL: cfg.BaseURL, DistDir: cfg.DistDir, Logger: logger, AccessLog: newLoggerTo(cfg, accessOut),
		Auth: accounts, Admin: backOffice, TrustedProxies: cfg.TrustedProxies,
		Captcha: verifier, DevMail: devMail, Forms: formsService, Redirects: st, Search: searchService,
		Metrics: measured, RendererReady: supervisor.Ready,
	}, cache, st)
	supervisor.OnScriptHashes(srv.SetScriptHashes)

	logger.Info("listening", "addr", ln.Addr().String(), "base_url", cfg.BaseURL, "env", cfg.Env)
	if metricsLn != nil {
		logger.Info("serving /metrics", "addr", metricsLn.Addr().String())
		go func() {
			if err := server.ServeMetrics(ctx, metricsLn, measured, logger); err != nil {
				logger.Error("metrics listener stopped", "err", err)
			}
		}()
	}

	// Pages this build rendered before, here or on another replica, are
	// served at once; the rest render in the background, and /readyz turns
	// 200 when every page has a document.
	if hashes, err := st.BuildScriptHashes(ctx, cache.Build()); err == nil {
		srv.SetScriptHashes(hashes)
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
		sender.Run(mailCtx)
	}()
	go runCaptchaCleanup(mailCtx, verifier, logger)

	serveErr := srv.Serve(ctx, ln, cfg.ShutdownDelay, cfg.ShutdownTimeout)
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
