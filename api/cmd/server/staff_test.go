package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/store"
)

func TestStaffCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg := &config.Config{
		DatabaseDriver: config.DriverSQLite, DatabaseDSN: filepath.Join(dir, "site.db"), DataDir: dir, AutoMigrate: true,
		BaseURL: "https://www.noorvale.example", SecretKey: strings.Repeat("s", 32),
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))

	var out bytes.Buffer
	if err := runCommand(ctx, cfg, logger, []string{"staff", "invite", "--email", "Amal@Noorvale.example", "--role", "administrator"}, &out); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^https://www\.noorvale\.example/admin/join#[A-Za-z0-9_-]{43}\n`).MatchString(out.String()) {
		t.Fatalf("invite printed:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"invite", "--email", "x@noorvale.example", "--role", "owner"},
		{"invite", "--email", "x@noorvale.example", "--role", "translator"},
		{"invite", "--role", "viewer"},
		{"invite", "--email", "not an address", "--role", "viewer"},
		{"reset-second-factor", "--email", "nobody@noorvale.example"},
		{"promote"},
	} {
		var usage usageError
		if err := runCommand(ctx, cfg, logger, append([]string{"staff"}, args...), io.Discard); !errors.As(err, &usage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}

	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	events, err := st.AuditEvents(ctx, store.AuditFilter{Action: "invitation"})
	if err != nil || len(events) != 1 || events[0].ActorID != "" || events[0].Detail != "administrator" {
		t.Fatalf("the invitation in the trail: %+v, %v", events, err)
	}
}
