package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// testLimit is the size limit every backend runs the shared table with.
const testLimit = 1 << 10

// backends returns each Store implementation: the file system, and the
// database table on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
func backends() map[string]func(t *testing.T) blob.Store {
	return map[string]func(t *testing.T) blob.Store{
		"fs": func(t *testing.T) blob.Store {
			s, err := blob.NewFS(filepath.Join(t.TempDir(), "blobs"), blob.MaxSize(testLimit))
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"db-sqlite": func(t *testing.T) blob.Store {
			return blob.NewDB(testenv.SQLiteStore(t), store.ErrNotFound, blob.MaxSize(testLimit))
		},
		"db-postgres": func(t *testing.T) blob.Store {
			return blob.NewDB(testenv.PostgresStore(t), store.ErrNotFound, blob.MaxSize(testLimit))
		},
	}
}

func get(t *testing.T, s blob.Store, key string) (string, string, error) {
	t.Helper()
	r, ct, err := s.Get(context.Background(), key)
	if err != nil {
		return "", "", err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), ct, nil
}

// TestStores runs the same cases on every backend.
func TestStores(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		run  func(t *testing.T, s blob.Store)
	}{
		{"put then get", func(t *testing.T, s blob.Store) {
			png := "\x89PNG\r\n\x1a\n\x00binary\xff"
			if err := s.Put(ctx, "avatars/abc.png", strings.NewReader(png), "image/png"); err != nil {
				t.Fatal(err)
			}
			data, ct, err := get(t, s, "avatars/abc.png")
			if err != nil || data != png || ct != "image/png" {
				t.Fatalf("Get = %q, %q, %v", data, ct, err)
			}
		}},
		{"missing", func(t *testing.T, s blob.Store) {
			if _, _, err := s.Get(ctx, "avatars/none.png"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("Get of a missing key = %v, want ErrNotFound", err)
			}
		}},
		{"overwrite", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "cvs/a.pdf", strings.NewReader("first"), "application/pdf"); err != nil {
				t.Fatal(err)
			}
			if err := s.Put(ctx, "cvs/a.pdf", strings.NewReader("second"), "text/plain"); err != nil {
				t.Fatal(err)
			}
			data, ct, err := get(t, s, "cvs/a.pdf")
			if err != nil || data != "second" || ct != "text/plain" {
				t.Fatalf("after overwrite Get = %q, %q, %v", data, ct, err)
			}
		}},
		{"delete", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "a", strings.NewReader("x"), "text/plain"); err != nil {
				t.Fatal(err)
			}
			if err := s.Delete(ctx, "a"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.Get(ctx, "a"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("Get after Delete = %v", err)
			}
			if err := s.Delete(ctx, "a"); err != nil {
				t.Fatalf("deleting a missing blob: %v", err)
			}
		}},
		{"empty blob", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "empty", strings.NewReader(""), "text/plain"); err != nil {
				t.Fatal(err)
			}
			if data, _, err := get(t, s, "empty"); err != nil || data != "" {
				t.Fatalf("Get = %q, %v", data, err)
			}
		}},
		{"size limit", func(t *testing.T, s blob.Store) {
			exact := bytes.Repeat([]byte("a"), testLimit)
			if err := s.Put(ctx, "big", bytes.NewReader(exact), "text/plain"); err != nil {
				t.Fatalf("a blob of exactly the limit: %v", err)
			}
			over := bytes.Repeat([]byte("b"), testLimit+1)
			if err := s.Put(ctx, "big", bytes.NewReader(over), "text/plain"); !errors.Is(err, blob.ErrTooLarge) {
				t.Fatalf("a blob over the limit: %v, want ErrTooLarge", err)
			}
			data, _, err := get(t, s, "big")
			if err != nil || data != string(exact) {
				t.Fatalf("the refused blob replaced the stored one: %d bytes, %v", len(data), err)
			}
			if err := s.Put(ctx, "never", bytes.NewReader(over), "text/plain"); !errors.Is(err, blob.ErrTooLarge) {
				t.Fatalf("a new blob over the limit: %v", err)
			}
			if _, _, err := s.Get(ctx, "never"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("a refused blob was stored: %v", err)
			}
		}},
		{"invalid keys and types", func(t *testing.T, s blob.Store) {
			for _, key := range []string{"", "../x", "/etc/passwd", "a//b", ".hidden", "A.png", "a b"} {
				if err := s.Put(ctx, key, strings.NewReader("x"), "text/plain"); !errors.Is(err, blob.ErrInvalidKey) {
					t.Errorf("Put(%q) = %v, want ErrInvalidKey", key, err)
				}
				if _, _, err := s.Get(ctx, key); !errors.Is(err, blob.ErrInvalidKey) {
					t.Errorf("Get(%q) = %v, want ErrInvalidKey", key, err)
				}
			}
			if err := s.Put(ctx, "x", strings.NewReader("x"), "text/plain\r\nX-Evil: 1"); err == nil {
				t.Error("a content type with a line break was accepted")
			}
		}},
		{"cancelled context", func(t *testing.T, s blob.Store) {
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			if err := s.Put(cctx, "c", strings.NewReader("x"), "text/plain"); err == nil {
				t.Error("Put with a cancelled context succeeded")
			}
		}},
	}
	for name, open := range backends() {
		t.Run(name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
			}
		})
	}
}

// TestDBShared shows two stores over one database see each other's blobs,
// as two replicas do.
func TestDBShared(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, b := blob.NewDB(st, store.ErrNotFound), blob.NewDB(st, store.ErrNotFound)
		if err := a.Put(ctx, "avatars/x.jpg", strings.NewReader("jpeg"), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		if data, ct, err := get(t, b, "avatars/x.jpg"); err != nil || data != "jpeg" || ct != "image/jpeg" {
			t.Fatalf("other store Get = %q, %q, %v", data, ct, err)
		}
	})
}
