// Command chaos runs the server binary on loopback under bounded load and
// breaks, one at a time, what it depends on: the renderer (killed), the
// mail server (stopped during form submissions), the database (SQLite
// write-locked by another process; PostgreSQL cut off by a TCP proxy
// between the server and the database) and the process itself (SIGTERM).
// For each it prints the requests sent, failed and lost, and it exits 1
// when any request failed or was lost.
//
//	chaos [-server bin/server] [-short] [-postgres postgres://…]
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver for the schema of the PostgreSQL run

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/store"
)

type options struct {
	server   string // the server binary
	root     string // the repository root: the server runs there, with DIST_DIR=root/dist
	postgres string // a PostgreSQL database for the cut-off run; empty: SQLite only
	size     size
	logs     string // a file the servers' output is appended to; "" keeps it in memory
}

func main() {
	server := flag.String("server", "bin/server", "the server binary")
	quick := flag.Bool("short", false, "less load on each fault, as the test task runs it")
	postgres := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"),
		"PostgreSQL database for the database fault on PostgreSQL, in a schema of its own (default TEST_DATABASE_URL; empty: SQLite only)")
	logs := flag.String("logs", "", "append the servers' output to this file")
	flag.Parse()
	root, err := repoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
	bin, err := filepath.Abs(*server)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
	o := options{server: bin, root: root, postgres: *postgres, size: full, logs: *logs}
	if *quick {
		o.size = short
	}
	results, err := run(o, os.Stdout)
	print(os.Stdout, results)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
	for _, r := range results {
		if r.failed > 0 || r.lost > 0 {
			os.Exit(1)
		}
	}
}

// run breaks each dependency in turn and returns what each fault did.
func run(o options, progress io.Writer) ([]result, error) {
	dist := filepath.Join(o.root, "dist")
	if _, err := os.Stat(filepath.Join(dist, "server", "entry-server.js")); err != nil {
		return nil, fmt.Errorf("%s is not built: run `go tool task build`", dist)
	}
	var results []result
	sqliteResults, err := runSQLite(o, dist, progress)
	results = append(results, sqliteResults...)
	if err != nil {
		return results, err
	}
	if o.postgres == "" {
		fmt.Fprintln(progress, "PostgreSQL: no database given (-postgres or TEST_DATABASE_URL); its run is skipped")
		return results, nil
	}
	r, err := runPostgres(o, dist, progress)
	if err != nil {
		return results, err
	}
	return append(results, r), nil
}

// runSQLite runs one server on SQLite through the renderer, mail,
// database and SIGTERM faults, in that order: the last one stops it.
func runSQLite(o options, dist string, progress io.Writer) ([]result, error) {
	dataDir, err := os.MkdirTemp("", "noorvale-chaos-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dataDir)
	sink, err := newMailSink()
	if err != nil {
		return nil, err
	}
	defer sink.Stop()
	fmt.Fprintln(progress, "starting the server on SQLite (the first start renders every page)")
	s, err := startSite(siteConfig{bin: o.server, root: o.root, distDir: dist, dataDir: dataDir, smtpURL: sink.URL(), logs: o.logs})
	if err != nil {
		return nil, err
	}
	defer s.kill()
	dbPath := filepath.Join(dataDir, "site.db")
	st, err := store.Open(context.Background(), store.SQLite, dbPath)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	paths, err := publicPages(s.BaseURL)
	if err != nil {
		return nil, err
	}
	var results []result
	step := func(r result) {
		fmt.Fprintf(progress, "%s: %d sent, %d failed, %d lost\n", r.name, r.sent, r.failed, r.lost)
		results = append(results, r)
	}
	step(rendererKill(s, paths, o.size))
	step(mailOutage(s, sink, st, o.size, 0))
	step(databaseOutage(s, sqliteLock(dbPath), st, paths, o.size, 100_000))
	step(sigterm(s, st, paths, o.size, 200_000))
	return results, nil
}

// runPostgres runs a server on a PostgreSQL schema of its own, reached
// through a TCP proxy, and cuts the proxy off.
func runPostgres(o options, dist string, progress io.Writer) (result, error) {
	direct, drop, err := freshSchema(o.postgres)
	if err != nil {
		return result{}, err
	}
	defer drop()
	u, err := url.Parse(direct)
	if err != nil {
		return result{}, err
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "5432")
	}
	p, err := harness.StartProxy(host)
	if err != nil {
		return result{}, err
	}
	defer p.Close()
	viaProxy := *u
	viaProxy.Host = p.Addr()
	dataDir, err := os.MkdirTemp("", "noorvale-chaos-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dataDir)
	fmt.Fprintln(progress, "starting the server on PostgreSQL through a TCP proxy (the first start renders every page)")
	s, err := startSite(siteConfig{bin: o.server, root: o.root, distDir: dist, dataDir: dataDir, databaseURL: viaProxy.String(), logs: o.logs})
	if err != nil {
		return result{}, err
	}
	defer s.kill()
	st, err := store.Open(context.Background(), store.Postgres, direct)
	if err != nil {
		return result{}, err
	}
	defer st.Close()
	paths, err := publicPages(s.BaseURL)
	if err != nil {
		return result{}, err
	}
	cut := outage{name: "PostgreSQL cut off",
		cut:     func() error { p.Cut(); return nil },
		restore: func() error { p.Restore(); return nil },
	}
	r := databaseOutage(s, cut, st, paths, o.size, 300_000)
	fmt.Fprintf(progress, "%s: %d sent, %d failed, %d lost\n", r.name, r.sent, r.failed, r.lost)
	if err := s.stop(); err != nil {
		r.problem("stopping the server: %v", err)
	}
	return r, nil
}

// freshSchema creates a schema of its own in the database at base and
// returns a URL that uses it and a function that drops it.
func freshSchema(base string) (string, func(), error) {
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	defer db.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "chaos_" + hex.EncodeToString(b[:])
	ctx, cancel := withTimeout(10 * time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, fmt.Errorf("PostgreSQL at %s: %w", redactURL(base), err)
	}
	drop := func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unreadable URL)"
	}
	return u.Redacted()
}

// print writes the figures, one line per fault, and what went wrong.
func print(w io.Writer, results []result) {
	fmt.Fprintf(w, "\n%-34s %8s %8s %8s\n", "fault", "sent", "failed", "lost")
	for _, r := range results {
		fmt.Fprintf(w, "%-34s %8d %8d %8d   %s\n", r.name, r.sent, r.failed, r.lost, strings.Join(r.notes, "; "))
		for _, p := range r.problems {
			fmt.Fprintf(w, "    %s\n", p)
		}
	}
}

// repoRoot is the nearest directory above the working directory that
// holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
