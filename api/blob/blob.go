// Package blob stores opaque files, such as profile images, by key: on the
// local file system under DATA_DIR now, in a store shared by replicas later.
package blob

import (
	"context"
	"errors"
	"io"
)

// ErrNotFound is returned by Get for a key that holds nothing.
var ErrNotFound = errors.New("blob: not found")

// ErrInvalidKey is returned for a key that is not a safe relative name.
var ErrInvalidKey = errors.New("blob: invalid key")

// Store keeps blobs by key. Keys are relative names made of lower-case
// letters, digits, '-', '_', '.' and '/' separating non-empty segments that
// do not start with a dot.
type Store interface {
	// Put stores r under key, replacing any blob there.
	Put(ctx context.Context, key string, r io.Reader, contentType string) error
	// Get opens the blob under key and returns its content type, or ErrNotFound.
	Get(ctx context.Context, key string) (io.ReadCloser, string, error)
	// Delete removes the blob under key; deleting a missing blob is not an error.
	Delete(ctx context.Context, key string) error
}

// ValidKey reports whether key is a name a Store accepts.
func ValidKey(key string) bool {
	if key == "" || len(key) > 200 {
		return false
	}
	segStart := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '/':
			if segStart {
				return false // empty segment or leading slash
			}
			segStart = true
			continue
		case c == '.':
			if segStart {
				return false // ".", ".." and hidden names
			}
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return false
		}
		segStart = false
	}
	return !segStart
}
