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

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
)

func TestContentExportCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg := &config.Config{
		DatabaseDriver: config.DriverSQLite, DatabaseDSN: filepath.Join(dir, "site.db"), DataDir: dir, AutoMigrate: true,
		BaseURL: "https://www.noorvale.example", SecretKey: strings.Repeat("s", 32),
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := (seedCmd{}).run(ctx, cfg, logger, io.Discard); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "export")
	var printed bytes.Buffer
	if err := runCommand(ctx, cfg, logger, []string{"content", "export", out}, &printed); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(printed.String(), "wrote ") {
		t.Fatalf("export printed %q", printed.String())
	}
	if _, err := content.ReadSeed(os.DirFS(out)); err != nil {
		t.Fatalf("the seed refuses the export: %v", err)
	}
	if err := runCommand(ctx, cfg, logger, []string{"content", "export", out}, io.Discard); !errors.Is(err, content.ErrExportDirNotEmpty) {
		t.Fatalf("a second export without --force: %v", err)
	}
	if err := runCommand(ctx, cfg, logger, []string{"content", "export", "--force", out}, io.Discard); err != nil {
		t.Fatalf("export --force: %v", err)
	}
	if err := runCommand(ctx, cfg, logger, []string{"content", "export", out, "--force"}, io.Discard); err != nil {
		t.Fatalf("export DIR --force: %v", err)
	}
	for _, args := range [][]string{{"export"}, {"import", out}, {"export", out, "another"}, {"export", "--all", out}} {
		var usage usageError
		if err := runCommand(ctx, cfg, logger, append([]string{"content"}, args...), io.Discard); !errors.As(err, &usage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
}
