package harness

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// Output is a process's output, written by it and read at once by others.
type Output struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	last int // when above 0, only about the last this many bytes are kept
}

// Write appends p.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n, err := o.buf.Write(p)
	if o.last > 0 && o.buf.Len() > 2*o.last {
		o.buf.Next(o.buf.Len() - o.last)
	}
	return n, err
}

// String returns everything written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// ServerConfig is how a server process is started.
type ServerConfig struct {
	Bin  string   // the server binary
	Args []string // its arguments; "serve" when empty
	Dir  string   // its working directory; this process's when empty
	// Env returns the process's whole environment, given the loopback port
	// it is to listen on and the address that reaches it there.
	Env func(port int, baseURL string) []string
	// Also receives the process's output, when set.
	Also io.Writer
	// KeepLast, when above 0, keeps only about the last this many bytes of
	// the output in memory, for a long run whose output Also holds whole.
	KeepLast int
}

// Server is the server binary running as a child process on a loopback
// port, its output kept.
type Server struct {
	Cmd     *exec.Cmd
	Port    int       // the loopback port it listens on
	BaseURL string    // http://127.0.0.1:port
	Started time.Time // when the process was started
	output  *Output
	exited  chan struct{}
	err     error // how the process ended, once exited is closed
}

// StartServer starts a server process on a free loopback port. It does not
// wait for it to be ready: see WaitReady.
func StartServer(cfg ServerConfig) (*Server, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	args := cfg.Args
	if len(args) == 0 {
		args = []string{"serve"}
	}
	s := &Server{Port: port, BaseURL: fmt.Sprintf("http://127.0.0.1:%d", port), output: &Output{last: cfg.KeepLast}, exited: make(chan struct{})}
	s.Cmd = exec.Command(cfg.Bin, args...)
	s.Cmd.Dir = cfg.Dir
	s.Cmd.Env = cfg.Env(port, s.BaseURL)
	var out io.Writer = s.output
	if cfg.Also != nil {
		out = io.MultiWriter(s.output, cfg.Also)
	}
	s.Cmd.Stdout, s.Cmd.Stderr = out, out
	s.Started = time.Now()
	if err := s.Cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Bin, err)
	}
	go func() {
		s.err = s.Cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

// Output returns what the process has written so far.
func (s *Server) Output() string { return s.output.String() }

// Exited is closed once the process has ended.
func (s *Server) Exited() <-chan struct{} { return s.exited }

// Err is how the process ended: nil for exit status 0. Read it once
// Exited is closed.
func (s *Server) Err() error { return s.err }

// Await checks cond every 20 ms until it holds. It gives up at once, with
// the server's output, when the process ends first, and after limit
// otherwise; what names the wait in the error.
func (s *Server) Await(limit time.Duration, what string, cond func() bool) error {
	giveUp := time.After(limit)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-s.exited:
			return fmt.Errorf("the server exited (%v) before %s:\n%s", s.err, what, tail(s.Output(), 64<<10))
		default:
		}
		if cond() {
			return nil
		}
		select {
		case <-s.exited:
		case <-giveUp:
			return fmt.Errorf("no %s within %s:\n%s", what, limit, tail(s.Output(), 8<<10))
		case <-tick.C:
		}
	}
}

// WaitReady waits until /readyz answers 200, every page having been
// rendered once, and returns how long the process took to get there.
func (s *Server) WaitReady(limit time.Duration) (time.Duration, error) {
	client := &http.Client{Timeout: 5 * time.Second}
	ready := func() bool {
		res, err := client.Get(s.BaseURL + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	}
	if err := s.Await(limit, "/readyz answering 200", ready); err != nil {
		return 0, err
	}
	return time.Since(s.Started), nil
}

// Stop sends SIGTERM and waits for the process to end, killing it when it
// has not within grace. It returns how the process ended.
func (s *Server) Stop(grace time.Duration) error {
	_ = s.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		return s.err
	case <-time.After(grace):
		s.Kill()
		return fmt.Errorf("the server did not stop within %s of SIGTERM", grace)
	}
}

// Kill ends the process at once and waits for it.
func (s *Server) Kill() {
	_ = s.Cmd.Process.Kill()
	<-s.exited
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
