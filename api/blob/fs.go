package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// FS is a Store on the local file system. Each blob is a file under the
// root; its content type is kept in a small file beside it.
type FS struct {
	root    string
	maxSize int64
}

// NewFS returns a Store keeping blobs under dir, which it creates.
func NewFS(dir string, opts ...Option) (*FS, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blob: create %s: %w", dir, err)
	}
	return &FS{root: dir, maxSize: applyOptions(opts).maxSize}, nil
}

const typeSuffix = ".content-type"

func (f *FS) path(key string) (string, error) {
	if !ValidKey(key) || strings.HasSuffix(key, typeSuffix) {
		return "", ErrInvalidKey
	}
	return filepath.Join(f.root, filepath.FromSlash(key)), nil
}

// Put stores r under key, writing to a temporary file first so a reader
// never sees half a blob.
func (f *FS) Put(ctx context.Context, key string, r io.Reader, contentType string) error {
	p, err := f.path(key)
	if err != nil {
		return err
	}
	if !validContentType(contentType) {
		return fmt.Errorf("blob: put %s: invalid content type", key)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	// The data first, into a temporary file: a blob over the limit is
	// refused before anything under the key changes.
	tmp, err := writeTemp(filepath.Dir(p), &ctxReader{ctx: ctx, r: r}, f.maxSize)
	if err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	defer os.Remove(tmp)
	if err := writeAtomic(p+typeSuffix, strings.NewReader(contentType)); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	return nil
}

// writeTemp copies r into a new temporary file in dir and returns its name;
// more than limit bytes (when limit > 0) is ErrTooLarge.
func writeTemp(dir string, r io.Reader, limit int64) (string, error) {
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", err
	}
	src := r
	if limit > 0 {
		src = io.LimitReader(r, limit+1)
	}
	n, err := io.Copy(tmp, src)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && limit > 0 && n > limit {
		err = ErrTooLarge
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

func writeAtomic(path string, r io.Reader) error {
	tmp, err := writeTemp(filepath.Dir(path), r, 0)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	return os.Rename(tmp, path)
}

// Get opens the blob under key.
func (f *FS) Get(_ context.Context, key string) (io.ReadCloser, string, error) {
	p, err := f.path(key)
	if err != nil {
		return nil, "", err
	}
	file, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("blob: get %s: %w", key, err)
	}
	ct, err := os.ReadFile(p + typeSuffix)
	if err != nil {
		ct = []byte("application/octet-stream")
	}
	return file, string(ct), nil
}

// Delete removes the blob under key.
func (f *FS) Delete(_ context.Context, key string) error {
	p, err := f.path(key)
	if err != nil {
		return err
	}
	for _, name := range []string{p, p + typeSuffix} {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("blob: delete %s: %w", key, err)
		}
	}
	return nil
}

// ctxReader stops a copy when its context ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
