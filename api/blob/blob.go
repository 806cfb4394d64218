// Package blob stores opaque files, such as profile pictures and CVs, by
// key: in the database when replicas share a PostgreSQL database (DB), on the
// local file system under DATA_DIR otherwise (FS). Both refuse a blob larger
// than their size limit with ErrTooLarge.
package blob

import (
	"context"
	"errors"
	"io"
	"strings"
)

// ErrNotFound is returned by Get for a key that holds nothing.
var ErrNotFound = errors.New("blob: not found")

// ErrInvalidKey is returned for a key that is not a safe relative name.
var ErrInvalidKey = errors.New("blob: invalid key")

// ErrTooLarge is returned by Put for a blob larger than the store's limit;
// nothing is stored and any previous blob under the key is kept.
var ErrTooLarge = errors.New("blob: too large")

// DefaultMaxSize is the largest blob a store accepts unless told otherwise:
// well above a re-encoded profile picture or a CV.
const DefaultMaxSize = 8 << 20

// Option tunes a store.
type Option func(*options)

type options struct {
	maxSize int64
}

// MaxSize sets the largest blob, in bytes, a store accepts.
func MaxSize(n int64) Option { return func(o *options) { o.maxSize = n } }

func applyOptions(opts []Option) options {
	o := options{maxSize: DefaultMaxSize}
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// validContentType refuses header injection through a stored content type.
func validContentType(ct string) bool {
	return !strings.ContainsAny(ct, "\r\n") && len(ct) <= 200
}

// Store keeps blobs by key. Keys are relative names made of lower-case
// letters, digits, '-', '_', '.' and '/' separating non-empty segments that
// do not start with a dot.
type Store interface {
	// Put stores r under key, replacing any blob there, or returns
	// ErrTooLarge, storing nothing, when r holds more than the store's limit.
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
