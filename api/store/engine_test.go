package store

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The embedded SQLite engine is one with the fixes of the last years: 3.41,
// which the driver used to bring, has known flaws fixed since (all of them
// needing SQL from an attacker, which the site never runs, but an operator's
// scanner flags them all the same).
func TestEmbeddedSQLiteIsRecent(t *testing.T) {
	s, err := Open(context.Background(), SQLite, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	var version string
	if err := s.db.Raw("SELECT sqlite_version()").Scan(&version).Error; err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(version, ".")
	minor, err := strconv.Atoi(parts[1])
	if parts[0] != "3" || err != nil || minor < 50 {
		t.Fatalf("SQLite %s: want 3.50 or newer", version)
	}
}
