// Package testenv gives tests what they share: the repository root, the
// built web app, and fresh databases on SQLite and PostgreSQL.
package testenv

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver for schema set-up

	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// RepoRoot returns the repository root: the nearest directory above the
// test's working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
}

// DistDir returns the absolute path of the built web app and fails the test
// with instructions when the render bundle has not been built.
func DistDir(t testing.TB) string {
	t.Helper()
	dist := filepath.Join(RepoRoot(t), "dist")
	if _, err := os.Stat(filepath.Join(dist, "server", "entry-server.js")); err != nil {
		t.Fatalf("testenv: %s is missing: run `npm run build` (or `go tool task build`) in the repository root first", filepath.Join(dist, "server", "entry-server.js"))
	}
	return dist
}

// SQLiteStore opens and migrates a fresh SQLite database in a temporary directory.
func SQLiteStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), store.SQLite, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// PostgresDSN returns a connection string for a fresh, empty schema in the
// database named by TEST_DATABASE_URL; the schema is dropped when the test
// ends. Without TEST_DATABASE_URL the test is skipped. When the database
// cannot be reached the test is skipped too, except under CI=true, where it
// fails: CI must not pass by silently testing less.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set: skipping the PostgreSQL run")
	}
	unreachable := func(err error) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("TEST_DATABASE_URL is set but PostgreSQL cannot be used: %v", err)
		}
		t.Skipf("PostgreSQL at TEST_DATABASE_URL cannot be used, skipping: %v", err)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		unreachable(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		unreachable(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresStore opens and migrates a fresh PostgreSQL schema (see PostgresDSN).
func PostgresStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), store.Postgres, PostgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// ForEachStore runs fn as a subtest on a fresh SQLite database and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL schema.
func ForEachStore(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLiteStore(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresStore(t)) })
}

// StartRenderer starts the real Node renderer (ssr/server.mjs from the
// repository root, with the built dist/) under a supervisor, waits until it
// is healthy, and stops it when the test ends. Restarts are quick unless
// tune says otherwise.
func StartRenderer(t testing.TB, logger *slog.Logger, tune ...func(*render.SupervisorConfig)) *render.Supervisor {
	t.Helper()
	root := RepoRoot(t)
	dist := DistDir(t)
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cfg := render.SupervisorConfig{
		Dir:        root,
		DistDir:    dist,
		Logger:     logger,
		MinBackoff: 50 * time.Millisecond,
		MaxBackoff: 500 * time.Millisecond,
	}
	for _, fn := range tune {
		fn(&cfg)
	}
	sup, err := render.NewSupervisor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sup.Stop(ctx)
	})
	if err := sup.Start(context.Background()); err != nil {
		t.Fatalf("renderer: %v", err)
	}
	return sup
}

// Eventually polls cond every 20 ms until it holds or timeout passes, then
// fails the test with what.
func Eventually(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		<-tick.C
	}
}

// ProcessAlive reports whether a process with this id exists (and is not a zombie).
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the command name, which ends at the last ')'.
	i := bytes.LastIndexByte(data, ')')
	return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
}
