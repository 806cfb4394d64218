package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestMigrate(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		v, err := s.SchemaVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if v != store.LatestSchemaVersion() {
			t.Fatalf("schema version %d, want %d", v, store.LatestSchemaVersion())
		}
		if err := s.CheckSchema(ctx); err != nil {
			t.Fatalf("CheckSchema after migrate: %v", err)
		}
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		applied, err := s.AppliedMigrations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != len(store.MigrationVersions()) {
			t.Fatalf("applied %d migrations, want %d", len(applied), len(store.MigrationVersions()))
		}
		for i, m := range applied {
			if m.Version != store.MigrationVersions()[i] || m.Name == "" || m.AppliedAt.IsZero() {
				t.Fatalf("migration %d recorded as %+v", i+1, m)
			}
		}
		if v, err := s.ContentVersion(ctx); err != nil || v != 0 {
			t.Fatalf("fresh content version = %d, %v; want 0", v, err)
		}
	})
}

func TestCheckSchemaRefusesUnmigrated(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, store.SQLite, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != 0 {
		t.Fatalf("empty database: version %d, %v", v, err)
	}
	err = s.CheckSchema(ctx)
	if !errors.Is(err, store.ErrSchemaOutdated) {
		t.Fatalf("CheckSchema = %v, want ErrSchemaOutdated", err)
	}
}

func TestSettings(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if _, err := s.Setting(ctx, "name"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing setting: %v, want ErrNotFound", err)
		}
		steps := []struct {
			name        string
			values      map[string]string
			wantChanged bool
			wantVersion int64
		}{
			{"first write", map[string]string{"name": "Noorvale Assurance", "tagline": "Audit"}, true, 1},
			{"same values", map[string]string{"name": "Noorvale Assurance", "tagline": "Audit"}, false, 1},
			{"subset unchanged", map[string]string{"tagline": "Audit"}, false, 1},
			{"one value changed", map[string]string{"name": "Noorvale Assurance", "tagline": "Compliance"}, true, 2},
			{"new key", map[string]string{"phone": "+44 20 7946 0321"}, true, 3},
			{"nothing", map[string]string{}, false, 3},
		}
		for _, step := range steps {
			changed, err := s.PutSettings(ctx, step.values)
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if changed != step.wantChanged {
				t.Fatalf("%s: changed = %v, want %v", step.name, changed, step.wantChanged)
			}
			v, err := s.ContentVersion(ctx)
			if err != nil || v != step.wantVersion {
				t.Fatalf("%s: version = %d, %v; want %d", step.name, v, err, step.wantVersion)
			}
		}
		all, err := s.Settings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"name": "Noorvale Assurance", "tagline": "Compliance", "phone": "+44 20 7946 0321"}
		if len(all) != len(want) {
			t.Fatalf("settings = %v, want %v", all, want)
		}
		for k, v := range want {
			if all[k] != v {
				t.Fatalf("settings[%s] = %q, want %q", k, all[k], v)
			}
			if got, err := s.Setting(ctx, k); err != nil || got != v {
				t.Fatalf("Setting(%s) = %q, %v", k, got, err)
			}
		}
		if err := s.BumpContentVersion(ctx); err != nil {
			t.Fatal(err)
		}
		if v, _ := s.ContentVersion(ctx); v != 4 {
			t.Fatalf("after bump: version %d, want 4", v)
		}
	})
}

func TestSQLiteUsesWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	s, err := store.Open(ctx, store.SQLite, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutSettings(ctx, map[string]string{"name": "Noorvale"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Fatalf("no write-ahead log next to the database: %v", err)
	}
}

func TestOpenUnknownDriver(t *testing.T) {
	if _, err := store.Open(context.Background(), "mysql", "x"); err == nil {
		t.Fatal("want an error for an unknown driver")
	}
}

func TestPing(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		if err := s.Ping(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(context.Background()); err == nil {
			t.Fatal("ping after close should fail")
		}
	})
}

// Replicas starting together must not race: each migration is applied once
// and every replica's Migrate succeeds.
func TestConcurrentMigrations(t *testing.T) {
	run := func(t *testing.T, driver, dsn string) {
		ctx := context.Background()
		const replicas = 4
		stores := make([]*store.Store, replicas)
		for i := range stores {
			s, err := store.Open(ctx, driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = s.Close() })
			stores[i] = s
		}
		errs := make([]error, replicas)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, s := range stores {
			wg.Go(func() {
				<-start
				errs[i] = s.Migrate(ctx)
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("replica %d: %v", i, err)
			}
		}
		applied, err := stores[0].AppliedMigrations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != len(store.MigrationVersions()) {
			t.Fatalf("%d migrations recorded, want %d: %+v", len(applied), len(store.MigrationVersions()), applied)
		}
		if v, err := stores[1].ContentVersion(ctx); err != nil || v != 0 {
			t.Fatalf("content version %d, %v", v, err)
		}
	}
	t.Run("postgres", func(t *testing.T) { run(t, store.Postgres, testenv.PostgresDSN(t)) })
	t.Run("sqlite", func(t *testing.T) { run(t, store.SQLite, filepath.Join(t.TempDir(), "site.db")) })
}

// Every statement counts once, whichever way GORM runs it.
func TestStatementsAreCounted(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u := &store.User{Email: "count@example.com", FirstName: "Omar", LastName: "Saleh", PasswordHash: "x", Locale: "en"}
		for _, step := range []struct {
			name string
			run  func() error
		}{
			{"insert", func() error { return s.CreateUser(ctx, u) }},
			{"select", func() error { _, err := s.UserByEmail(ctx, u.Email); return err }},
			{"update", func() error { return s.SetUserLocale(ctx, u.ID, "ar") }},
			{"delete", func() error { return s.DeleteSession(ctx, "no-such-session") }},
			{"raw statement", func() error { return s.StartWindow(ctx, "count-key", now) }},
			{"raw query", func() error { _, err := s.Hit(ctx, "count-key", now, time.Minute); return err }},
		} {
			before := s.Statements()
			if err := step.run(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if got := s.Statements() - before; got != 1 {
				t.Errorf("%s counted %d statements, want 1", step.name, got)
			}
		}
	})
}
