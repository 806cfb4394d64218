package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/store"
)

func TestSubmissionsCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg := &config.Config{DatabaseDriver: config.DriverSQLite, DatabaseDSN: filepath.Join(dir, "site.db"), DataDir: dir, AutoMigrate: true}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []*store.Submission{
		{Kind: "inquiry", Locale: "en", Data: `{"name":"=1+1","email":"a@example.com","subject":"Audit","message":"Hello"}`, CreatedAt: time.Date(2026, 11, 20, 23, 59, 0, 0, time.UTC)},
		{Kind: "inquiry", Locale: "en", Data: `{"name":"Later","email":"b@example.com"}`, CreatedAt: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)},
		{Kind: "contact", Target: "dubai", Locale: "ar", Data: `{"name":"Nadia","email":"n@example.com"}`, CreatedAt: time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)},
	} {
		if err := st.CreateSubmission(ctx, sub, nil); err != nil {
			t.Fatal(err)
		}
	}
	_ = st.Close()

	var out bytes.Buffer
	if err := runCommand(ctx, cfg, logger, []string{"submissions", "export", "--kind", "inquiry", "--from", "2026-11-20", "--to", "2026-11-20"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "id,created_at,kind,target,locale,name,email,phone,company,subject,message") ||
		!strings.Contains(lines[1], ",'=1+1,a@example.com,") {
		t.Fatalf("export:\n%s", out.String())
	}

	file := filepath.Join(dir, "out.csv")
	if err := runCommand(ctx, cfg, logger, []string{"submissions", "export", "--kind", "contact", "--out", file}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), "dubai") {
		t.Fatalf("--out file: %q, %v", data, err)
	}

	out.Reset()
	if err := runCommand(ctx, cfg, logger, []string{"submissions", "list"}, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Count(out.String(), "\n") != 4 || !strings.Contains(out.String(), "n@example.com") {
		t.Fatalf("list:\n%s", out.String())
	}

	for _, args := range [][]string{
		{"export"}, // --kind is required
		{"export", "--kind", "spam"},
		{"export", "--kind", "inquiry", "--from", "20/11/2026"},
		{"export", "--kind", "inquiry", "--from", "2026-11-21", "--to", "2026-11-20"},
		{"list", "extra"},
		{"delete"},
	} {
		var ue usageError
		if err := runCommand(ctx, cfg, logger, append([]string{"submissions"}, args...), io.Discard); !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}
