package render

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/andybalholm/brotli"
)

// Variant is one encoding of a cached document with its ready-made header values.
type Variant struct {
	Body     []byte
	ETag     []string // strong tag; per-encoding so caches never mix them up
	Encoding []string // Content-Encoding, nil for identity
	Length   []string // Content-Length
}

// Entry is a rendered document. Its brotli form, which nearly every browser
// takes, is always in memory; the uncompressed and gzip forms are derived
// from it when first asked for and kept while the derived-variant budget
// allows (see derivedBudget).
type Entry struct {
	Status      int
	ContentType []string // Content-Type header value
	Hash        string   // base64url of the first 16 bytes of the SHA-256 of the body
	Fingerprint string   // what the document was built from (see Fingerprint); "" when not tracked
	Seq         int64    // the store's sequence number of this version; 0 when not stored
	Size        int      // length of the uncompressed document
	// CacheControl is how long clients may keep a document that is not a
	// page; nil: they revalidate it each time, as they do pages.
	CacheControl []string

	brotli   Variant
	identity atomic.Pointer[Variant]
	gzip     atomic.Pointer[Variant]
	derive   sync.Mutex // one derivation at a time per entry
}

// HTMLType is the content type of rendered pages.
const HTMLType = "text/html; charset=utf-8"

var htmlContentType = []string{HTMLType}

// Brotli returns the brotli-compressed form.
func (e *Entry) Brotli() *Variant { return &e.brotli }

// Identity returns the uncompressed form, decompressing it when needed.
func (e *Entry) Identity() *Variant {
	if v := e.identity.Load(); v != nil {
		return v
	}
	e.derive.Lock()
	defer e.derive.Unlock()
	if v := e.identity.Load(); v != nil {
		return v
	}
	body, err := io.ReadAll(brotli.NewReader(bytes.NewReader(e.brotli.Body)))
	if err != nil {
		// The brotli form is made by this process or read back checked; a
		// failure here is a corrupt store row, and serving nothing is better
		// than serving garbage.
		body = nil
	}
	v := newVariant(body, `"`+e.Hash+`"`, "")
	e.identity.Store(&v)
	derived.add(&e.identity, len(body))
	return &v
}

// Gzip returns the gzip form, compressing it when needed.
func (e *Entry) Gzip() *Variant {
	if v := e.gzip.Load(); v != nil {
		return v
	}
	plain := e.Identity().Body
	e.derive.Lock()
	defer e.derive.Unlock()
	if v := e.gzip.Load(); v != nil {
		return v
	}
	gz, err := gzipBytes(plain)
	if err != nil {
		return e.Identity()
	}
	v := newVariant(gz, `"`+e.Hash+`-gz"`, "gzip")
	e.gzip.Store(&v)
	derived.add(&e.gzip, len(gz))
	return &v
}

// Matches reports whether an If-None-Match header names this document in
// any of its encodings: they all carry the same content.
func (e *Entry) Matches(ifNoneMatch string) bool {
	if e.Hash == "" {
		return false
	}
	for len(ifNoneMatch) > 0 {
		var tag string
		tag, ifNoneMatch = nextToken(ifNoneMatch)
		if tag == "*" {
			return true
		}
		if len(tag) > 2 && tag[:2] == "W/" {
			tag = tag[2:]
		}
		if len(tag) < 2 || tag[0] != '"' || tag[len(tag)-1] != '"' {
			continue
		}
		tag = tag[1 : len(tag)-1]
		if len(tag) < len(e.Hash) || tag[:len(e.Hash)] != e.Hash {
			continue
		}
		switch tag[len(e.Hash):] {
		case "", "-gz", "-br":
			return true
		}
	}
	return false
}

// nextToken returns the next comma-separated element, trimmed, and the rest.
func nextToken(s string) (string, string) {
	end := len(s)
	rest := ""
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			end, rest = i, s[i+1:]
			break
		}
	}
	tok := s[:end]
	for len(tok) > 0 && (tok[0] == ' ' || tok[0] == '\t') {
		tok = tok[1:]
	}
	for len(tok) > 0 && (tok[len(tok)-1] == ' ' || tok[len(tok)-1] == '\t') {
		tok = tok[:len(tok)-1]
	}
	return tok, rest
}

// Select picks the variant for an Accept-Encoding header: brotli, then gzip,
// then identity.
func (e *Entry) Select(acceptEncoding string) *Variant {
	if acceptEncoding == "" {
		return e.Identity()
	}
	if AcceptsEncoding(acceptEncoding, "br") {
		return &e.brotli
	}
	if AcceptsEncoding(acceptEncoding, "gzip") {
		return e.Gzip()
	}
	return e.Identity()
}

// AcceptsEncoding reports whether an Accept-Encoding header allows a coding,
// without allocating: the page path runs this on every request.
func AcceptsEncoding(header, coding string) bool {
	for len(header) > 0 {
		var tok string
		tok, header = nextToken(header)
		name, params := tok, ""
		for i := 0; i < len(tok); i++ {
			if tok[i] == ';' {
				name, params = tok[:i], tok[i+1:]
				break
			}
		}
		for len(name) > 0 && name[len(name)-1] == ' ' {
			name = name[:len(name)-1]
		}
		if !equalFold(name, coding) && name != "*" {
			continue
		}
		return !zeroQuality(params)
	}
	return false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		ca, cb := a[i]|0x20, b[i]|0x20
		if ca != cb {
			return false
		}
	}
	return true
}

// zeroQuality reports whether parameters say q=0 (q=0, q=0.0, q=0.000).
func zeroQuality(params string) bool {
	for len(params) > 0 && params[0] == ' ' {
		params = params[1:]
	}
	if len(params) < 2 || (params[0] != 'q' && params[0] != 'Q') || params[1] != '=' {
		return false
	}
	v := params[2:]
	if len(v) == 0 || v[0] != '0' {
		return false
	}
	for i := 1; i < len(v); i++ {
		if v[i] != '.' && v[i] != '0' && v[i] != ' ' {
			return false
		}
	}
	return true
}

// NewEntry compresses an HTML document with brotli; its other forms are
// derived when asked for.
func NewEntry(status int, html []byte) (*Entry, error) {
	return newEntry(status, htmlContentType, html)
}

// NewDocument compresses a document of another type.
func NewDocument(status int, contentType string, body []byte) (*Entry, error) {
	return newEntry(status, []string{contentType}, body)
}

// StoredEntry rebuilds an entry from its stored brotli form.
func StoredEntry(status int, contentType, hash string, size int, br []byte) *Entry {
	ct := htmlContentType
	if contentType != HTMLType {
		ct = []string{contentType}
	}
	return &Entry{
		Status: status, ContentType: ct, Hash: hash, Size: size,
		brotli: newVariant(br, `"`+hash+`-br"`, "br"),
	}
}

// ContentHash is the ETag base of a body.
func ContentHash(body []byte) string {
	sum := sha256.Sum256(body)
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

func newEntry(status int, contentType []string, body []byte) (*Entry, error) {
	br, err := brotliBytes(body)
	if err != nil {
		return nil, err
	}
	hash := ContentHash(body)
	return &Entry{
		Status:      status,
		ContentType: contentType,
		Hash:        hash,
		Size:        len(body),
		brotli:      newVariant(br, `"`+hash+`-br"`, "br"),
	}, nil
}

func newVariant(body []byte, etag, encoding string) Variant {
	v := Variant{Body: body, ETag: []string{etag}, Length: []string{strconv.Itoa(len(body))}}
	if encoding != "" {
		v.Encoding = []string{encoding}
	}
	return v
}

// Compressors are reused: a brotli encoder allocates several megabytes.
var (
	gzipWriters   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}
	brotliWriters = sync.Pool{New: func() any {
		return brotli.NewWriterOptions(nil, brotli.WriterOptions{Quality: brotliQuality, LGWin: brotliWindow})
	}}
)

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(b) / 4)
	w := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(w)
	w.Reset(&buf)
	if _, err := w.Write(b); err != nil {
		return nil, fmt.Errorf("render: gzip: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("render: gzip: %w", err)
	}
	return bytes.Clone(buf.Bytes()), nil
}

// brotliQuality and brotliWindow are where compression stops paying for
// itself on these pages; see the bench (go tool task bench) for the figures
// behind them.
const (
	brotliQuality = 5
	brotliWindow  = 18 // 256 KiB: larger than any page, so nothing is lost by a smaller window
)

func brotliBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(b) / 5)
	w := brotliWriters.Get().(*brotli.Writer)
	defer brotliWriters.Put(w)
	w.Reset(&buf)
	if _, err := w.Write(b); err != nil {
		return nil, fmt.Errorf("render: brotli: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("render: brotli: %w", err)
	}
	return bytes.Clone(buf.Bytes()), nil
}

// derivedBudget bounds the memory of derived (uncompressed and gzip) forms:
// beyond it the least recently added are dropped, to be derived again if
// asked for.
const derivedBudget = 24 << 20

// derivedForms tracks the derived variants held in memory, oldest first;
// they are dropped in the order they were made, which costs the page path
// nothing when it finds one.
type derivedForms struct {
	mu    sync.Mutex
	list  []derivedForm
	bytes int
}

type derivedForm struct {
	slot *atomic.Pointer[Variant]
	size int
}

var derived derivedForms

func (d *derivedForms) add(slot *atomic.Pointer[Variant], size int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.list = append(d.list, derivedForm{slot: slot, size: size})
	d.bytes += size
	for d.bytes > derivedBudget && len(d.list) > 1 {
		old := d.list[0]
		d.list = d.list[1:]
		d.bytes -= old.size
		old.slot.Store(nil)
	}
}
