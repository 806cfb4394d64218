package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// What erasing a person deletes or overwrites is gone from the database's
// files afterwards: on SQLite not a byte of it is left in the database or
// its write-ahead log; on PostgreSQL the tables that held it are vacuumed.
func TestScrubDeletedLeavesNothingOfAPerson(t *testing.T) {
	dir := t.TempDir()
	sqlite := func(t *testing.T) *store.Store {
		t.Helper()
		s, err := store.Open(context.Background(), store.SQLite, filepath.Join(dir, "site.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		if err := s.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		name  string
		open  func(t *testing.T) *store.Store
		check func(t *testing.T, s *store.Store, traces [][]byte)
	}{
		{"sqlite", sqlite, func(t *testing.T, _ *store.Store, traces [][]byte) {
			for _, file := range []string{"site.db", "site.db-wal"} {
				data, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				for _, trace := range traces {
					if bytes.Contains(data, trace) {
						t.Errorf("%s still holds %q", file, trace)
					}
				}
			}
		}},
		{"postgres", func(t *testing.T) *store.Store { return testenv.PostgresStore(t) }, func(t *testing.T, s *store.Store, _ [][]byte) {
			for _, table := range []string{"submissions", "users", "sessions"} {
				at, err := s.LastVacuum(t.Context(), table)
				if err != nil || at == nil {
					t.Errorf("%s was not vacuumed: %v, %v", table, at, err)
				}
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.open(t)
			ctx := t.Context()
			now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
			u := &store.User{Email: "layla.haddad@example.com", FirstName: "Layla", LastName: "Haddad", PasswordHash: "x", Locale: "ar"}
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if err := s.CreateSession(ctx, &store.Session{IDHash: "layla-session", UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			sub := &store.Submission{Kind: "proposal", Locale: "ar", UserID: &u.ID, IP: "203.0.113.9", CreatedAt: now,
				Data: `{"name": "Layla Haddad", "email": "layla.haddad@example.com", "phone": "+971 4 123 4567", "company": "Gulf Payments Ltd", "timeline": "asap"}`}
			if err := s.CreateSubmission(ctx, sub, nil); err != nil {
				t.Fatal(err)
			}
			// Some of it reached the database file, as it does between checkpoints.
			if s.Driver() == store.SQLite {
				if err := s.RawExec(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
					t.Fatal(err)
				}
			}

			if err := s.EraseSubmission(ctx, sub.ID, `{"timeline": "asap"}`, now); err != nil {
				t.Fatal(err)
			}
			if _, err := s.DeleteUser(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			if err := s.ScrubDeleted(ctx); err != nil {
				t.Fatal(err)
			}
			c.check(t, s, [][]byte{[]byte("layla.haddad@example"), []byte("Layla"), []byte("Haddad"), []byte("+971 4 123 4567"), []byte("Gulf Payments"), []byte("203.0.113.9")})
		})
	}
}
