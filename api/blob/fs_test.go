package blob

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFS(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	fs, err := NewFS(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	if err := fs.Put(ctx, "avatars/abc.png", strings.NewReader("PNGDATA"), "image/png"); err != nil {
		t.Fatal(err)
	}
	r, ct, err := fs.Get(ctx, "avatars/abc.png")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(r)
	r.Close()
	if string(data) != "PNGDATA" || ct != "image/png" {
		t.Fatalf("Get = %q, %q", data, ct)
	}
	if err := fs.Put(ctx, "avatars/abc.png", strings.NewReader("NEW"), "image/png"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Delete(ctx, "avatars/abc.png"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := fs.Get(ctx, "avatars/abc.png"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Delete = %v", err)
	}
	if err := fs.Delete(ctx, "avatars/abc.png"); err != nil {
		t.Fatalf("deleting a missing blob: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "blobs", "avatars"))
	if len(entries) != 0 {
		t.Fatalf("files left behind: %v", entries)
	}
}

func TestKeysCannotEscape(t *testing.T) {
	fs, err := NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"", "../x", "a/../../x", "/etc/passwd", "a//b", ".hidden", "a/.b", "A.png", `a\b`, "a/", "x.content-type", "a b"} {
		if err := fs.Put(context.Background(), key, strings.NewReader("x"), "text/plain"); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Put(%q) = %v, want ErrInvalidKey", key, err)
		}
		if _, _, err := fs.Get(context.Background(), key); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Get(%q) = %v, want ErrInvalidKey", key, err)
		}
	}
	for _, key := range []string{"a", "avatars/0f3a.jpg", "x_y-z.webp"} {
		if !ValidKey(key) {
			t.Errorf("ValidKey(%q) = false", key)
		}
	}
}
