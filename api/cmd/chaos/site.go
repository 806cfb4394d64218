package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
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
type site struct {
	cmd    *exec.Cmd
	base   string
	logs   *syncBuffer
	exited chan struct{}
	err    error // the process's exit, once exited is closed
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startSite starts the server and waits until /readyz answers 200: every
// page has a document (the first run on a database renders them all).
func startSite(cfg siteConfig) (*site, error) {
	port, err := harness.FreePort()
	if err != nil {
		return nil, err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	cmd := exec.Command(cfg.bin, "serve")
	cmd.Dir = cfg.root
	// Requests come from many X-Forwarded-For addresses, as behind a load
	// balancer, so per-address limits do not refuse the run's load.
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "BASE_URL="+base, "LISTEN_HOST=127.0.0.1",
		"DATA_DIR="+cfg.dataDir, "DATABASE_URL="+cfg.databaseURL, "DIST_DIR="+cfg.distDir,
		"APP_ENV=production", "LOG_LEVEL=info", "AUTO_MIGRATE=true", "TRUSTED_PROXIES=127.0.0.1/32",
		"SECRET_KEY="+secretKey, "SMTP_URL="+cfg.smtpURL, "METRICS_ADDR=",
		"SHUTDOWN_DELAY=2s", "SHUTDOWN_TIMEOUT=15s")
	s := &site{cmd: cmd, base: base, logs: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = s.logs, s.logs
	var logFile *os.File
	if cfg.logs != "" {
		f, err := os.OpenFile(cfg.logs, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		logFile = f
		out := io.MultiWriter(s.logs, f)
		cmd.Stdout, cmd.Stderr = out, out
	}
	if err := cmd.Start(); err != nil {
		if logFile != nil {
			logFile.Close()
		}
		return nil, fmt.Errorf("start %s: %w", cfg.bin, err)
	}
	go func() {
		s.err = cmd.Wait()
		if logFile != nil {
			logFile.Close()
		}
		close(s.exited)
	}()
	client := &http.Client{Timeout: 5 * time.Second}
	// A safety net for a server that never gets ready, far above a first
	// render on a busy machine.
	giveUp := time.Now().Add(10 * time.Minute)
	for {
		select {
		case <-s.exited:
			return nil, fmt.Errorf("server exited before it was ready (%v):\n%s", s.err, s.logs.String())
		default:
		}
		if time.Now().After(giveUp) {
			s.kill()
			return nil, fmt.Errorf("server not ready after 10 minutes:\n%s", s.logs.String())
		}
		if r, err := s.readiness(client); err == nil && r.Status == "ready" {
			return s, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

type readiness struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Renderer string `json:"renderer"`
	code     int
}

func (s *site) readiness(client *http.Client) (readiness, error) {
	res, err := client.Get(s.base + "/readyz")
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
	if children := harness.ChildrenOf(s.cmd.Process.Pid); len(children) == 1 {
		return children[0]
	}
	return 0
}

// stop sends SIGTERM and waits for the exit; a server that does not stop
// within a minute is killed.
func (s *site) stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(time.Minute):
		_ = s.cmd.Process.Kill()
		<-s.exited
		return fmt.Errorf("server did not stop within a minute of SIGTERM")
	}
	return s.err
}

// kill ends the server at once (cleanup after a failed run).
func (s *site) kill() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

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
