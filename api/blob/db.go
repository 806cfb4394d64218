package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
)

// Table is a database table of blobs, as the store implements it
// (store.Store: the blobs table of migration 8).
type Table interface {
	PutBlob(ctx context.Context, key, contentType string, data []byte) error
	Blob(ctx context.Context, key string) (data []byte, contentType string, err error)
	DeleteBlob(ctx context.Context, key string) error
}

// DB is a Store in a database table, shared by every replica that uses the
// database. A blob is read and written whole, in one statement, so the size
// limit also bounds the memory one upload or download takes.
type DB struct {
	table    Table
	notFound error // the table's "no such row" error
	maxSize  int64
}

// NewDB returns a Store keeping blobs in table; notFound is the error the
// table returns for a missing key (store.ErrNotFound).
func NewDB(table Table, notFound error, opts ...Option) *DB {
	return &DB{table: table, notFound: notFound, maxSize: applyOptions(opts).maxSize}
}

// Put stores r under key, replacing any blob there.
func (d *DB) Put(ctx context.Context, key string, r io.Reader, contentType string) error {
	if !ValidKey(key) {
		return ErrInvalidKey
	}
	if !validContentType(contentType) {
		return fmt.Errorf("blob: put %s: invalid content type", key)
	}
	data, err := io.ReadAll(io.LimitReader(&ctxReader{ctx: ctx, r: r}, d.maxSize+1))
	if err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	if int64(len(data)) > d.maxSize {
		return fmt.Errorf("blob: put %s: %w (limit %d bytes)", key, ErrTooLarge, d.maxSize)
	}
	if err := d.table.PutBlob(ctx, key, contentType, data); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	return nil
}

// Get returns the blob under key.
func (d *DB) Get(ctx context.Context, key string) (io.ReadCloser, string, error) {
	if !ValidKey(key) {
		return nil, "", ErrInvalidKey
	}
	data, contentType, err := d.table.Blob(ctx, key)
	if d.notFound != nil && errors.Is(err, d.notFound) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("blob: get %s: %w", key, err)
	}
	return io.NopCloser(bytes.NewReader(data)), contentType, nil
}

// Delete removes the blob under key.
func (d *DB) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return ErrInvalidKey
	}
	if err := d.table.DeleteBlob(ctx, key); err != nil {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}
