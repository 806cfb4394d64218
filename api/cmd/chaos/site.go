package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"time"

	"noorvale.example/site/api/internal/harness"
)

// siteConfig is how one run of the server binary is started.
type siteConfig struct {
	bin, root, distDir string
	dataDir            string // DATA_DIR: the SQLite file when databaseURL is empty
	databaseURL        string
	smtpURL            string
	logs               string // a file the output is appended to too; "" for none
}

// secretKey is shared by every run, so that mail queued by one run can be
// opened by the next.
const secretKey = "chaos-run-secret-key-0123456789abcdef"

// site is the server binary running on a loopback port.
type site struct{ *harness.Server }

// startSite starts the server and waits until /readyz answers 200: every
// page has a document (the first run on a database renders them all).
func startSite(cfg siteConfig) (*site, error) {
	var logFile *os.File
	if cfg.logs != "" {
		f, err := os.OpenFile(cfg.logs, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		logFile = f
	}
	closeLog := func() {
		if logFile != nil {
			logFile.Close()
		}
	}
	run := harness.ServerConfig{
		Bin: cfg.bin, Dir: cfg.root,
		// Requests come from many X-Forwarded-For addresses, as behind a load
		// balancer, so per-address limits do not refuse the run's load.
		Env: func() []string {
			return append(os.Environ(), "LISTEN_HOST=127.0.0.1",
				"DATA_DIR="+cfg.dataDir, "DATABASE_URL="+cfg.databaseURL, "DIST_DIR="+cfg.distDir,
				"APP_ENV=production", "LOG_LEVEL=info", "AUTO_MIGRATE=true", "TRUSTED_PROXIES=127.0.0.1/32",
				"SECRET_KEY="+secretKey, "SMTP_URL="+cfg.smtpURL, "METRICS_ADDR=",
				"SHUTDOWN_DELAY=2s", "SHUTDOWN_TIMEOUT=15s")
		},
	}
	if logFile != nil {
		run.Also = logFile
	}
	srv, err := harness.StartServer(run)
	if err != nil {
		closeLog()
		return nil, err
	}
	go func() {
		<-srv.Exited()
		closeLog()
	}()
	// The limit is a safety net for a server that never gets ready, far
	// above a first render on a busy machine.
	if _, err := srv.WaitReady(10 * time.Minute); err != nil {
		srv.Kill()
		return nil, err
	}
	return &site{srv}, nil
}

type readiness struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Renderer string `json:"renderer"`
	code     int
}

func (s *site) readiness(client *http.Client) (readiness, error) {
	res, err := client.Get(s.BaseURL + "/readyz")
	if err != nil {
		return readiness{}, err
	}
	defer res.Body.Close()
	var r readiness
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil {
		return readiness{}, err
	}
	r.code = res.StatusCode
	return r, nil
}

// renderer returns the server's renderer process, 0 when it has none.
func (s *site) renderer() int {
	if children := harness.ChildrenOf(s.Cmd.Process.Pid); len(children) == 1 {
		return children[0]
	}
	return 0
}

// stop sends SIGTERM and waits for the exit; a server that does not stop
// within a minute is killed.
func (s *site) stop() error { return s.Stop(time.Minute) }

// kill ends the server at once (cleanup after a failed run).
func (s *site) kill() { s.Kill() }

// readBody drains and closes a response body.
func readBody(res *http.Response) []byte {
	b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	res.Body.Close()
	return b
}

// withTimeout is a context for one step of a run.
func withTimeout(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}
