package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Output is a process's output, written by it and read at once by others.
type Output struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	last    int          // when above 0, only about the last this many bytes are kept
	partial []byte       // the line being written, up to its newline
	onLine  func(string) // called with each whole line, when set
}

// Write appends p.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n, err := o.buf.Write(p)
	if o.last > 0 && o.buf.Len() > 2*o.last {
		o.buf.Next(o.buf.Len() - o.last)
	}
	if o.onLine != nil {
		o.partial = append(o.partial, p...)
		for {
			i := bytes.IndexByte(o.partial, '\n')
			if i < 0 {
				break
			}
			o.onLine(string(o.partial[:i]))
			o.partial = o.partial[i+1:]
		}
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
	// Env returns the process's whole environment. PORT=0 is added to it,
	// and BASE_URL=http://127.0.0.1:0 unless it sets BASE_URL: the server
	// binds a port the system chooses and logs it at info level, which
	// LOG_LEVEL must therefore show.
	Env func() []string
	// Also receives the process's output, when set.
	Also io.Writer
	// KeepLast, when above 0, keeps only about the last this many bytes of
	// the output in memory, for a long run whose output Also holds whole.
	KeepLast int
}

// Server is the server binary running as a child process on a loopback
// port, its output kept.
type Server struct {
	Cmd         *exec.Cmd
	Port        int       // the loopback port it listens on
	BaseURL     string    // http://127.0.0.1:port, where it is reached
	PublicURL   string    // its BASE_URL as it reported it: with its port when BASE_URL named port 0
	Started     time.Time // when the process was started
	output      *Output
	metricsAddr string // where it serves /metrics; guarded by output.mu
	exited      chan struct{}
	err         error // how the process ended, once exited is closed
}

// MetricsAddr is where the server said it serves /metrics (METRICS_ADDR,
// its port the one it got), "" until it has.
func (s *Server) MetricsAddr() string {
	s.output.mu.Lock()
	defer s.output.mu.Unlock()
	return s.metricsAddr
}

// listenLimit is how long a server may take to listen: far above a
// migration and first seed on a busy machine, a guard against a hang.
const listenLimit = 10 * time.Minute

// StartServer starts a server process that binds a port of the system's
// choosing and returns once it has logged the address it listens on, so
// that no port passes from one process to another. It does not wait for it
// to be ready: see WaitReady.
func StartServer(cfg ServerConfig) (*Server, error) {
	args := cfg.Args
	if len(args) == 0 {
		args = []string{"serve"}
	}
	env := slices.Clone(cfg.Env())
	if !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "BASE_URL=") }) {
		env = append(env, "BASE_URL=http://127.0.0.1:0")
	}
	env = append(env, "PORT=0")
	// A test posts many forms from one address; the captcha's work stays at
	// its usual level unless the test says otherwise.
	if !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "CAPTCHA_SURGE_AFTER=") }) {
		env = append(env, "CAPTCHA_SURGE_AFTER=0")
	}
	for _, kv := range env {
		if level, ok := strings.CutPrefix(kv, "LOG_LEVEL="); ok && level != "" && !strings.EqualFold(level, "info") && !strings.EqualFold(level, "debug") {
			return nil, fmt.Errorf("LOG_LEVEL=%s hides the server's info line that says where it listens", level)
		}
	}

	listening := make(chan struct{})
	s := &Server{output: &Output{last: cfg.KeepLast}, exited: make(chan struct{})}
	var once sync.Once
	s.output.onLine = func(line string) {
		fields := logFields(line)
		switch fields["msg"] {
		case "listening":
			once.Do(func() {
				if _, port, err := net.SplitHostPort(fields["addr"]); err == nil {
					s.Port, _ = strconv.Atoi(port)
				}
				s.BaseURL = fmt.Sprintf("http://127.0.0.1:%d", s.Port)
				s.PublicURL = fields["base_url"]
				close(listening)
			})
		case "serving /metrics":
			s.metricsAddr = fields["addr"]
		}
	}
	s.Cmd = exec.Command(cfg.Bin, args...)
	s.Cmd.Dir = cfg.Dir
	s.Cmd.Env = env
	// A test binary stopped by its -timeout leaves no server behind.
	s.Cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
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
	select {
	case <-listening:
		return s, nil
	case <-s.exited:
		return s, fmt.Errorf("the server exited (%v) before it listened:\n%s", s.err, tail(s.Output(), 64<<10))
	case <-time.After(listenLimit):
		s.Kill()
		return s, fmt.Errorf("the server did not listen within %s:\n%s", listenLimit, tail(s.Output(), 8<<10))
	}
}

// logFields reads a line the server logged, as JSON or as key=value text,
// into its fields; a line that is neither gives none.
func logFields(line string) map[string]string {
	fields := map[string]string{}
	if strings.HasPrefix(line, "{") {
		var raw map[string]any
		if json.Unmarshal([]byte(line), &raw) == nil {
			for k, v := range raw {
				fields[k] = fmt.Sprint(v)
			}
		}
		return fields
	}
	for _, m := range textField.FindAllStringSubmatch(line, -1) {
		v := m[2]
		if unquoted, err := strconv.Unquote(v); err == nil {
			v = unquoted
		}
		fields[m[1]] = v
	}
	return fields
}

// textField is one key=value of slog's text format; a value with spaces is quoted.
var textField = regexp.MustCompile(`(\w+)=("(?:[^"\\]|\\.)*"|\S*)`)

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
