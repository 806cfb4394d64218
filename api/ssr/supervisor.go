// Package ssr runs the Node renderer (ssr/ at the top of the repository) for
// the server: it starts it on a private unix socket, checks its health,
// restarts it when it dies, stops it on shutdown, and sends it props to
// render.
package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ErrUnavailable is returned by Render when the renderer cannot answer.
var ErrUnavailable = errors.New("ssr: renderer unavailable")

// SupervisorConfig configures the Node renderer's supervisor. Zero durations
// take the defaults noted beside them.
type SupervisorConfig struct {
	NodeBin        string        // Node.js executable; "node"
	Script         string        // renderer entry, relative to Dir; "ssr/server.mjs"
	Dir            string        // working directory of the renderer; the server's own when empty
	DistDir        string        // passed to the renderer as DIST_DIR
	Logger         *slog.Logger  // receives supervisor events and the renderer's output
	StartTimeout   time.Duration // how long a new process may take to become healthy; 20 s
	MinBackoff     time.Duration // restart delay after a process that had been healthy, and the first after one that never was; 200 ms
	MaxBackoff     time.Duration // longest restart delay; 10 s
	HealthInterval time.Duration // health probe period while running; 5 s
	StopGrace      time.Duration // SIGTERM to SIGKILL; 5 s
}

// nodeFlags keep the renderer lean: it holds no state, so a capped old
// generation saves most of the memory V8 would otherwise keep (about 150 MB
// down to about 100 MB). The young generation is where a render's garbage
// dies: at 1 MB it was collected so often that collection took over a
// quarter of the renderer's time; 4 MB costs about 6 MB more.
var nodeFlags = []string{"--max-semi-space-size=4", "--max-old-space-size=64"}

// Supervisor runs the Node renderer as a child process: it starts it on a
// private unix socket, waits for it to be healthy, restarts it with back-off
// when it dies, and stops it on shutdown.
type Supervisor struct {
	cfg     SupervisorConfig
	log     *slog.Logger
	tmpDir  string
	socket  string
	client  *http.Client
	healthy atomic.Bool
	pid     atomic.Int64
	hashes  atomic.Pointer[[]string]

	listenMu sync.Mutex
	onHashes []func([]string)

	startOnce sync.Once
	stopOnce  sync.Once
	stopCh    chan struct{}
	done      chan struct{}
	healthyCh chan struct{} // closed the first time the renderer is healthy
	killCh    chan struct{} // asks the running process to be killed at once
}

// NewSupervisor prepares a supervisor; Start launches the renderer.
func NewSupervisor(cfg SupervisorConfig) (*Supervisor, error) {
	if cfg.NodeBin == "" {
		cfg.NodeBin = "node"
	}
	if cfg.Script == "" {
		cfg.Script = filepath.Join("ssr", "server.mjs")
	}
	if cfg.DistDir == "" {
		cfg.DistDir = "dist"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	setDefault(&cfg.StartTimeout, 20*time.Second)
	setDefault(&cfg.MinBackoff, 200*time.Millisecond)
	setDefault(&cfg.MaxBackoff, 10*time.Second)
	setDefault(&cfg.HealthInterval, 5*time.Second)
	setDefault(&cfg.StopGrace, 5*time.Second)

	// A fresh private directory: nobody else can take the socket's name.
	tmp, err := os.MkdirTemp("", "noorvale-render-")
	if err != nil {
		return nil, fmt.Errorf("ssr: socket directory: %w", err)
	}
	s := &Supervisor{
		cfg:       cfg,
		log:       cfg.Logger.With("component", "renderer"),
		tmpDir:    tmp,
		socket:    filepath.Join(tmp, "render.sock"),
		stopCh:    make(chan struct{}),
		done:      make(chan struct{}),
		healthyCh: make(chan struct{}),
		killCh:    make(chan struct{}, 1),
	}
	s.client = &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", s.socket)
		},
		MaxIdleConns:        16,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     30 * time.Second,
		DisableCompression:  true,
	}}
	return s, nil
}

func setDefault(d *time.Duration, v time.Duration) {
	if *d <= 0 {
		*d = v
	}
}

// OnScriptHashes registers fn to be called with the renderer's inline-script
// hashes each time a renderer process reports healthy.
func (s *Supervisor) OnScriptHashes(fn func([]string)) {
	s.listenMu.Lock()
	defer s.listenMu.Unlock()
	s.onHashes = append(s.onHashes, fn)
}

// Ready reports whether the renderer answered its last health check.
func (s *Supervisor) Ready() bool { return s.healthy.Load() }

// ScriptHashes returns the CSP hashes of the renderer's inline scripts.
func (s *Supervisor) ScriptHashes() []string {
	if h := s.hashes.Load(); h != nil {
		return *h
	}
	return nil
}

// PID returns the process id of the running renderer, 0 when none runs.
func (s *Supervisor) PID() int { return int(s.pid.Load()) }

// Start launches the renderer and keeps it running until Stop. It waits up
// to StartTimeout for the first healthy answer and returns an error if there
// was none; the supervisor keeps trying in the background either way.
func (s *Supervisor) Start(ctx context.Context) error {
	s.startOnce.Do(func() { go s.loop() })
	timer := time.NewTimer(s.cfg.StartTimeout)
	defer timer.Stop()
	select {
	case <-s.healthyCh:
		return nil
	case <-timer.C:
		return fmt.Errorf("ssr: the renderer (%s %s) was not healthy within %s", s.cfg.NodeBin, s.cfg.Script, s.cfg.StartTimeout)
	case <-ctx.Done():
		return ctx.Err()
	case <-s.done:
		return errors.New("ssr: supervisor stopped")
	}
}

// Stop ends the renderer: it closes its stdin and sends SIGTERM, then SIGKILL
// if it is still running after StopGrace or when ctx ends first.
func (s *Supervisor) Stop(ctx context.Context) error {
	started := true
	s.startOnce.Do(func() { started = false; close(s.done) })
	s.stopOnce.Do(func() { close(s.stopCh) })
	if started {
		select {
		case <-s.done:
		case <-ctx.Done():
			s.Kill()
			<-s.done
		}
	}
	s.healthy.Store(false)
	s.client.CloseIdleConnections()
	if err := os.RemoveAll(s.tmpDir); err != nil {
		return fmt.Errorf("ssr: remove socket directory: %w", err)
	}
	return nil
}

// Kill ends the running renderer process at once; the supervisor restarts it
// unless it is stopping.
func (s *Supervisor) Kill() {
	select {
	case s.killCh <- struct{}{}:
	default:
	}
}

func (s *Supervisor) stopping() bool {
	select {
	case <-s.stopCh:
		return true
	default:
		return false
	}
}

// loop runs the renderer over and over until Stop: MinBackoff after a
// process that had been healthy, and longer after each process that never
// became healthy, so a broken build does not spin.
func (s *Supervisor) loop() {
	defer close(s.done)
	backoff := s.cfg.MinBackoff
	for {
		stable := s.runOnce()
		if s.stopping() {
			return
		}
		if stable > 0 {
			// It had been healthy: killed or crashed, not a build that
			// cannot start, so the next one comes after the shortest wait;
			// the wait doubles only while processes never become healthy.
			backoff = s.cfg.MinBackoff
		}
		s.log.Warn("renderer stopped; restarting", "in", backoff)
		timer := time.NewTimer(backoff)
		select {
		case <-s.stopCh:
			timer.Stop()
			return
		case <-timer.C:
		}
		backoff = min(backoff*2, s.cfg.MaxBackoff)
	}
}

// runOnce starts one renderer process and returns when it has exited,
// reporting how long it was healthy.
func (s *Supervisor) runOnce() time.Duration {
	_ = os.Remove(s.socket) // a stale socket from a killed process
	select {
	case <-s.killCh: // a kill meant for a process that is already gone
	default:
	}

	cmd := exec.Command(s.cfg.NodeBin, append(nodeFlags[:len(nodeFlags):len(nodeFlags)], s.cfg.Script)...)
	cmd.Dir = s.cfg.Dir
	cmd.Env = append(os.Environ(), "RENDER_SOCKET="+s.socket, "DIST_DIR="+s.cfg.DistDir)
	if os.Getenv("NODE_ENV") == "" {
		// React's development build checks every element it creates and
		// records a stack for each: it renders a page several times slower.
		cmd.Env = append(cmd.Env, "NODE_ENV=production")
	}
	stdout := newLineLogger(s.log, "stdout")
	stderr := newLineLogger(s.log, "stderr")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = 2 * time.Second
	configureChild(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		s.log.Error("renderer stdin", "err", err)
		return 0
	}

	started := make(chan error, 1)
	exited := make(chan error, 1)
	go func() {
		// The kernel sends the parent-death signal when the thread that
		// forked the child exits; pin this goroutine to its thread until
		// the child is gone so that only the process dying triggers it.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		exited <- cmd.Wait()
		stdout.flush()
		stderr.flush()
	}()
	if err := <-started; err != nil {
		s.log.Error("renderer did not start", "cmd", s.cfg.NodeBin, "script", s.cfg.Script, "err", err)
		return 0
	}
	pid := cmd.Process.Pid
	s.pid.Store(int64(pid))
	s.log.Info("renderer started", "pid", pid)
	defer s.pid.Store(0)

	var healthySince time.Time
	stableFor := func() time.Duration {
		if healthySince.IsZero() {
			return 0
		}
		return time.Since(healthySince)
	}
	poll := time.NewTicker(100 * time.Millisecond)
	defer poll.Stop()
	startDeadline := time.Now().Add(s.cfg.StartTimeout)
	failures := 0
	for {
		select {
		case err := <-exited:
			s.healthy.Store(false)
			s.log.Warn("renderer exited", "pid", pid, "err", err)
			return stableFor()
		case <-s.stopCh:
			s.terminate(cmd, stdin, exited)
			return stableFor()
		case <-s.killCh:
			s.healthy.Store(false)
			killGroup(cmd)
		case <-poll.C:
			if healthySince.IsZero() {
				if s.checkHealth() == nil {
					healthySince = time.Now()
					s.markHealthy(pid)
					poll.Reset(s.cfg.HealthInterval)
					continue
				}
				if time.Now().After(startDeadline) {
					s.log.Error("renderer not healthy in time; killing it", "pid", pid, "after", s.cfg.StartTimeout)
					killGroup(cmd)
				}
				continue
			}
			if err := s.checkHealth(); err != nil {
				failures++
				s.log.Warn("renderer health check failed", "pid", pid, "failures", failures, "err", err)
				if failures >= 3 {
					s.healthy.Store(false)
					killGroup(cmd)
				}
				continue
			}
			failures = 0
			s.healthy.Store(true)
		}
	}
}

func (s *Supervisor) markHealthy(pid int) {
	s.healthy.Store(true)
	s.log.Info("renderer healthy", "pid", pid)
	select {
	case <-s.healthyCh:
	default:
		close(s.healthyCh)
	}
	hashes := s.ScriptHashes()
	s.listenMu.Lock()
	listeners := append([]func([]string){}, s.onHashes...)
	s.listenMu.Unlock()
	for _, fn := range listeners {
		fn(hashes)
	}
}

// terminate asks the process to exit (stdin closed, SIGTERM) and kills its
// whole process group if it has not gone after StopGrace.
func (s *Supervisor) terminate(cmd *exec.Cmd, stdin io.Closer, exited <-chan error) {
	s.healthy.Store(false)
	_ = stdin.Close()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	timer := time.NewTimer(s.cfg.StopGrace)
	defer timer.Stop()
	select {
	case err := <-exited:
		s.log.Info("renderer stopped", "pid", cmd.Process.Pid, "err", err)
		return
	case <-s.killCh:
	case <-timer.C:
	}
	s.log.Warn("renderer did not stop in time; killing it", "pid", cmd.Process.Pid)
	killGroup(cmd)
	<-exited
}

type healthAnswer struct {
	OK           bool     `json:"ok"`
	ScriptHashes []string `json:"scriptHashes"`
}

// cspHash matches a CSP hash source; anything else from the renderer is
// refused rather than copied into a response header.
var cspHash = regexp.MustCompile(`^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$`)

func (s *Supervisor) checkHealth() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://renderer/healthz", nil)
	if err != nil {
		return err
	}
	res, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("health answered %s", res.Status)
	}
	var h healthAnswer
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&h); err != nil {
		return fmt.Errorf("health answer: %w", err)
	}
	if !h.OK {
		return errors.New("health answer is not ok")
	}
	hashes := make([]string, 0, len(h.ScriptHashes))
	for _, hash := range h.ScriptHashes {
		if !cspHash.MatchString(hash) {
			return fmt.Errorf("health answer has a malformed script hash %q", hash)
		}
		hashes = append(hashes, hash)
	}
	s.hashes.Store(&hashes)
	return nil
}

// Render sends props to the renderer and returns the status and document it
// answered. It never waits long: a few seconds for a healthy renderer, and
// under a second when the renderer is known to be down, so a visitor is
// never left hanging.
func (s *Supervisor) Render(ctx context.Context, props any) (int, []byte, error) {
	body, err := json.Marshal(props)
	if err != nil {
		return 0, nil, fmt.Errorf("ssr: encode props: %w", err)
	}
	timeout := 800 * time.Millisecond
	if s.healthy.Load() {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://renderer/render", bytes.NewReader(body))
	if err != nil {
		return 0, nil, fmt.Errorf("ssr: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := s.client.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer res.Body.Close()
	html, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return 0, nil, fmt.Errorf("%w: read answer: %w", ErrUnavailable, err)
	}
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNotFound {
		return res.StatusCode, nil, fmt.Errorf("ssr: renderer answered %s: %.200s", res.Status, html)
	}
	return res.StatusCode, html, nil
}

// lineLogger forwards a child's output to the log one line at a time.
type lineLogger struct {
	mu     sync.Mutex
	log    *slog.Logger
	stream string
	buf    []byte
}

func newLineLogger(log *slog.Logger, stream string) *lineLogger {
	return &lineLogger{log: log, stream: stream}
}

// maxLine bounds one logged line so a runaway child cannot grow our memory.
const maxLine = 16 << 10

// Write logs every complete line in p and keeps the rest for later.
func (l *lineLogger) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.emit(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
	if len(l.buf) > maxLine {
		l.emit(l.buf)
		l.buf = l.buf[:0]
	}
	if len(l.buf) == 0 {
		l.buf = nil
	}
	return len(p), nil
}

func (l *lineLogger) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		l.emit(l.buf)
		l.buf = nil
	}
}

func (l *lineLogger) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if len(line) == 0 {
		return
	}
	// The renderer tags its lines with level=…; untagged stderr output is
	// Node itself (warnings, uncaught errors) and deserves attention.
	level := slog.LevelInfo
	switch {
	case bytes.Contains(line, []byte("level=error")):
		level = slog.LevelError
	case bytes.Contains(line, []byte("level=debug")):
		level = slog.LevelDebug
	case bytes.Contains(line, []byte("level=info")):
	case l.stream == "stderr":
		level = slog.LevelWarn
	}
	l.log.Log(context.Background(), level, string(line), "stream", l.stream)
}
