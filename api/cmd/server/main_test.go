package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/internal/testenv"
)

// built is this command compiled once for the package's tests, which share it.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// buildServer compiles this command, once for all the package's tests.
func buildServer(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "server-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "server")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// serveProcess starts bin serve in the repository root on a port it
// chooses, its environment this process's with env added, and kills it
// when the test ends, showing its output if the test failed.
func serveProcess(t *testing.T, bin string, env ...string) *harness.Server {
	t.Helper()
	srv, err := harness.StartServer(harness.ServerConfig{Bin: bin, Dir: testenv.RepoRoot(t), Env: func() []string {
		return append(os.Environ(), env...)
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Kill()
		if t.Failed() {
			t.Logf("server output:\n%s", srv.Output())
		}
	})
	return srv
}

func TestGracefulShutdown(t *testing.T) {
	dist := testenv.DistDir(t)
	bin := buildServer(t)
	srv := serveProcess(t, bin, "DATA_DIR="+t.TempDir(),
		"DATABASE_URL=", "DIST_DIR="+dist, "APP_ENV=production", "LOG_LEVEL=info", "AUTO_MIGRATE=true")
	if _, err := srv.WaitReady(10 * time.Minute); err != nil {
		t.Fatal(err)
	}

	client := &http.Client{Timeout: 2 * time.Second}
	res, err := client.Get(srv.BaseURL + "/ar/about-us")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /ar/about-us: %s", res.Status)
	}

	children := harness.ChildrenOf(srv.Cmd.Process.Pid)
	if len(children) != 1 {
		t.Fatalf("want exactly one renderer child, found %v", children)
	}
	node := children[0]

	if err := srv.Stop(30 * time.Second); err != nil {
		t.Fatalf("server exited with %v, want status 0 within 30 s of SIGTERM", err)
	}
	if testenv.ProcessAlive(node) {
		t.Fatalf("renderer %d survived the server", node)
	}
	if !strings.Contains(srv.Output(), `"msg":"stopped"`) {
		t.Fatalf("no orderly stop in the log")
	}
}

func TestBadConfigurationExits(t *testing.T) {
	bin := buildServer(t)
	tests := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"bad port", []string{"PORT=eighty"}, nil, "PORT: must be a number between 0 and 65535"},
		{"bad env", []string{"APP_ENV=staging"}, nil, "APP_ENV:"},
		{"bad database", []string{"DATABASE_URL=mysql://x"}, []string{"migrate"}, "DATABASE_URL:"},
		{"unknown command", nil, []string{"frobnicate"}, "unknown command"},
		{"outdated schema", []string{"AUTO_MIGRATE=false"}, []string{"serve"}, "run the migrate command"},
		{"metrics allow list", []string{"METRICS_ALLOW=10.0.0.0/8"}, nil, "Serve /metrics on METRICS_ADDR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, tt.args...)
			cmd.Env = append(os.Environ(), "DATA_DIR="+t.TempDir(), "DATABASE_URL=", "PORT=0")
			cmd.Env = append(cmd.Env, tt.env...)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() == 0 {
				t.Fatalf("want a non-zero exit, got %v\n%s", err, out)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Fatalf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// outsideAddr returns an address of this machine other than loopback, or
// nothing when it has none.
func outsideAddr() (net.IP, bool) {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipnet, ok := a.(*net.IPNet); ok && !ipnet.IP.IsLoopback() && ipnet.IP.To4() != nil {
			return ipnet.IP, true
		}
	}
	return nil, false
}

// TestAddresses: a development server answers this machine alone (its
// outbox shows every code it sends), and the metrics are on METRICS_ADDR,
// never on the site's port.
func TestAddresses(t *testing.T) {
	dist := testenv.DistDir(t)
	bin := buildServer(t)
	srv := serveProcess(t, bin, "DATA_DIR="+t.TempDir(), "DATABASE_URL=", "DIST_DIR="+dist,
		"APP_ENV=development", "LISTEN_HOST=", "SMTP_URL=", "METRICS_ALLOW=", "METRICS_ADDR=127.0.0.1:0")
	if err := srv.Await(10*time.Minute, "the server serving /metrics", func() bool {
		return srv.MetricsAddr() != ""
	}); err != nil {
		t.Fatal(err)
	}
	port := srv.Port
	if want := fmt.Sprintf("addr=127.0.0.1:%d", port); !strings.Contains(srv.Output(), want) {
		t.Fatalf("the development server does not listen on %s alone", want)
	}
	if ip, ok := outsideAddr(); ok {
		if c, err := net.DialTimeout("tcp", net.JoinHostPort(ip.String(), strconv.Itoa(port)), 10*time.Second); err == nil {
			c.Close()
			t.Fatalf("the development server answers on %s", ip)
		}
	} else {
		t.Log("no address besides loopback to try")
	}

	client := &http.Client{Timeout: 30 * time.Second}
	get := func(url string) (int, string) {
		t.Helper()
		res, err := client.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body bytes.Buffer
		_, _ = body.ReadFrom(res.Body)
		return res.StatusCode, body.String()
	}
	if status, body := get("http://" + srv.MetricsAddr() + "/metrics"); status != http.StatusOK || !strings.Contains(body, "site_mail_queue_length") {
		t.Fatalf("METRICS_ADDR /metrics: %d %.200s", status, body)
	}
	if status, body := get(fmt.Sprintf("http://127.0.0.1:%d/metrics", port)); status == http.StatusOK || strings.Contains(body, "site_mail_queue_length") {
		t.Fatalf("the site's port answers /metrics: %d", status)
	}
}

func TestMigrateAndSeed(t *testing.T) {
	bin := buildServer(t)
	env := append(os.Environ(), "DATA_DIR="+t.TempDir(), "DATABASE_URL=", "APP_ENV=production")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	if out := run("migrate"); !strings.Contains(out, "migrations applied") {
		t.Fatalf("migrate: %s", out)
	}
	if out := run("seed"); !strings.Contains(out, `"content_version":1`) || !strings.Contains(out, "content seeded") {
		t.Fatalf("first seed: %s", out)
	}
	if out := run("seed"); !strings.Contains(out, `"content_version":1`) || !strings.Contains(out, "already up to date") {
		t.Fatalf("second seed: %s", out)
	}
}
