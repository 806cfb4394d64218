package render

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/sitemap"
	"noorvale.example/site/api/store"
)

// Renderer turns props into a document.
type Renderer interface {
	Render(ctx context.Context, props any) (status int, html []byte, err error)
}

// ContentStore is what the cache reads from the database.
type ContentStore interface {
	ContentVersion(ctx context.Context) (int64, error)
	ContentState(ctx context.Context) (store.ContentState, error)
	Settings(ctx context.Context) (map[string]string, error)
	ContentEntries(ctx context.Context) ([]store.ContentEntry, error)
}

// Variant is one encoding of a cached document with its ready-made header values.
type Variant struct {
	Body     []byte
	ETag     []string // strong tag; per-encoding so caches never mix them up
	Encoding []string // Content-Encoding, nil for identity
	Length   []string // Content-Length
}

// Entry is a rendered document, stored once in each encoding.
type Entry struct {
	Status      int
	ContentType []string // Content-Type header value
	Hash        string   // base64url of the first 16 bytes of the SHA-256 of the body; "" for a private entry
	Private     bool     // rendered for one signed-in visitor: never cached, never served to anyone else
	Identity    Variant
	Gzip        Variant
	Brotli      Variant
}

// HTMLType is the content type of rendered pages.
const HTMLType = "text/html; charset=utf-8"

var htmlContentType = []string{HTMLType}

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
		return &e.Identity
	}
	if AcceptsEncoding(acceptEncoding, "br") {
		return &e.Brotli
	}
	if AcceptsEncoding(acceptEncoding, "gzip") {
		return &e.Gzip
	}
	return &e.Identity
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

// NewEntry compresses an HTML document once in every encoding.
func NewEntry(status int, html []byte) (*Entry, error) {
	return newEntry(status, htmlContentType, html)
}

// NewPrivateEntry wraps an HTML document rendered for one visitor. It is
// not compressed ahead (it is sent once, compressed on the way out if at
// all) and carries no ETag: every variant is the identity body.
func NewPrivateEntry(status int, html []byte) *Entry {
	v := Variant{Body: html, Length: []string{strconv.Itoa(len(html))}}
	return &Entry{Status: status, ContentType: htmlContentType, Private: true, Identity: v, Gzip: v, Brotli: v}
}

// NewDocument compresses a document of another type once in every encoding.
func NewDocument(status int, contentType string, body []byte) (*Entry, error) {
	return newEntry(status, []string{contentType}, body)
}

func newEntry(status int, contentType []string, body []byte) (*Entry, error) {
	// Entries live as long as the cache: keep exactly the bytes, not the
	// spare capacity of the buffer the body was read into.
	body = bytes.Clone(body)
	sum := sha256.Sum256(body)
	hash := base64.RawURLEncoding.EncodeToString(sum[:16])
	gz, err := gzipBytes(body)
	if err != nil {
		return nil, err
	}
	br, err := brotliBytes(body)
	if err != nil {
		return nil, err
	}
	return &Entry{
		Status:      status,
		ContentType: contentType,
		Hash:        hash,
		Identity:    newVariant(body, `"`+hash+`"`, ""),
		Gzip:        newVariant(gz, `"`+hash+`-gz"`, "gzip"),
		Brotli:      newVariant(br, `"`+hash+`-br"`, "br"),
	}, nil
}

func newVariant(body []byte, etag, encoding string) Variant {
	v := Variant{Body: body, ETag: []string{etag}, Length: []string{strconv.Itoa(len(body))}}
	if encoding != "" {
		v.Encoding = []string{encoding}
	}
	return v
}

// Compressors are reused: a brotli encoder at quality 9 allocates several
// megabytes, and a full render compresses hundreds of documents.
var (
	gzipWriters   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression); return w }}
	brotliWriters = sync.Pool{New: func() any {
		return brotli.NewWriterOptions(nil, brotli.WriterOptions{Quality: brotliQuality, LGWin: 22})
	}}
)

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
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

// brotliQuality trades a little size for render time: quality 11 is several
// times slower than 9 for about 2 % smaller pages, and every page is
// compressed again whenever content changes.
const brotliQuality = 9

func brotliBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
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

// CacheConfig configures a Cache. Zero values take the defaults noted beside them.
type CacheConfig struct {
	Renderer     Renderer
	Store        ContentStore
	Catalog      *content.Catalog // the page tree of sitemap.json; texts and item pages come from the store
	BaseURL      string
	Captcha      content.Captcha // the captcha the forms show; provider "altcha" when empty
	Logger       *slog.Logger
	Now          func() time.Time // clock for the footer year, upcoming webinars and the daily refresh; time.Now
	Workers      int              // concurrent renders; 2
	PollInterval time.Duration    // how often the content version is checked; 2 s
}

// Cache keeps every public page in every language rendered in memory,
// with the sitemaps and robots.txt, and re-renders when the content
// changes, when a webinar starts and at least once a day. Lookups take no
// lock: the map is replaced, never changed in place.
type Cache struct {
	cfg        CacheConfig
	log        *slog.Logger
	entries    atomic.Pointer[map[string]*Entry]
	filled     atomic.Bool
	site       atomic.Pointer[content.Site]
	catalog    atomic.Pointer[content.Catalog]
	lastRender atomic.Int64 // duration of the last complete render, in nanoseconds

	renderMu sync.Mutex // one full render at a time
	writeMu  sync.Mutex // serialises map replacement

	version    int64     // content version of the last complete render
	day        string    // UTC date of the last complete render
	complete   bool      // whether the last full render rendered everything
	nextChange time.Time // when the last render's lists change by themselves; zero for never
	seen       time.Time // the newest content entry change the last complete render included
}

// NewCache builds an empty cache; RenderAll or Run fills it.
func NewCache(cfg CacheConfig) *Cache {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 2
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 2 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Captcha.Provider == "" {
		cfg.Captcha = content.Captcha{Provider: "altcha"}
	}
	c := &Cache{cfg: cfg, log: cfg.Logger.With("component", "page-cache")}
	empty := map[string]*Entry{}
	c.entries.Store(&empty)
	c.catalog.Store(cfg.Catalog)
	return c
}

// Catalog returns the catalogue of the last render: the sitemap's pages and
// the item pages of the content in the store.
func (c *Cache) Catalog() *content.Catalog { return c.catalog.Load() }

// LastRender returns how long the last complete render of every page took,
// zero before the first.
func (c *Cache) LastRender() time.Duration { return time.Duration(c.lastRender.Load()) }

// notFoundKey cannot collide with a path, which always starts with "/".
func notFoundKey(loc locale.Locale) string { return "404:" + string(loc) }

// Page returns the cached document at a public path such as "/ar/about-us"
// or "/sitemap.xml", or nil.
func (c *Cache) Page(path string) *Entry { return (*c.entries.Load())[path] }

// NotFound returns the cached not-found document of a locale, or nil.
func (c *Cache) NotFound(loc locale.Locale) *Entry { return (*c.entries.Load())[notFoundKey(loc)] }

// Filled reports whether every page has been rendered at least once.
func (c *Cache) Filled() bool { return c.filled.Load() }

// Len returns the number of cached documents.
func (c *Cache) Len() int { return len(*c.entries.Load()) }

// job is one document to render.
type job struct {
	key  string
	page *content.Page
	loc  locale.Locale
}

// jobsFor lists every document to cache: each public page and the
// not-found page in every language. Pages only a signed-in visitor sees are
// left out: they are rendered per request.
func jobsFor(cat *content.Catalog) []job {
	pages := cat.Pages()
	out := make([]job, 0, (len(pages)+1)*len(locale.All))
	for _, l := range locale.All {
		for _, p := range pages {
			if p.SignedInOnly() {
				continue
			}
			out = append(out, job{key: locale.Path(l, p.Route), page: p, loc: l})
		}
		out = append(out, job{key: notFoundKey(l), page: cat.NotFound(), loc: l})
	}
	return out
}

// RenderAll rebuilds the catalogue from the store, writes the sitemaps and
// robots.txt, renders every page in every language and the not-found pages,
// then swaps in the documents that rendered and drops those of pages that
// no longer exist. A document that failed keeps its previous version, so a
// renderer outage never empties the cache.
func (c *Cache) RenderAll(ctx context.Context) error {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	state, err := c.cfg.Store.ContentState(ctx)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	site, err := c.loadSite(ctx)
	if err != nil {
		return err
	}
	cat, changed, newest, err := c.loadCatalog(ctx)
	if err != nil {
		return err
	}
	now := c.cfg.Now().UTC()
	in := PropsInput{Catalog: cat, Site: site, BaseURL: c.cfg.BaseURL, Year: now.Year(), Now: now}

	docs, err := c.documents(cat, state)
	if err != nil {
		return err
	}
	jobs := changedFirst(jobsFor(cat), changed)
	live := make(map[string]bool, len(jobs)+len(docs))
	for k := range docs {
		live[k] = true
	}
	for _, j := range jobs {
		live[j.key] = true
	}
	// The documents for crawlers need no renderer: they are served at once.
	c.merge(docs, nil)

	results := make([]*Entry, len(jobs))
	errs := make([]error, len(jobs))
	next := atomic.Int64{}
	var wg sync.WaitGroup
	started := time.Now()
	for range c.cfg.Workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				results[i], errs[i] = c.render(ctx, in, jobs[i])
				// A document that changed is served at once, not when the
				// whole render is done: with the changed pages rendered
				// first, an edit shows within moments on every replica.
				if e := results[i]; e != nil && e != (*c.entries.Load())[jobs[i].key] {
					c.merge(map[string]*Entry{jobs[i].key: e}, nil)
				}
			}
		})
	}
	wg.Wait()

	fresh := map[string]*Entry{}
	var failed []error
	for i, j := range jobs {
		if errs[i] != nil || results[i] == nil {
			if errs[i] != nil && len(failed) < 3 {
				failed = append(failed, fmt.Errorf("%s: %w", j.key, errs[i]))
			}
			continue
		}
		fresh[j.key] = results[i]
	}
	c.merge(fresh, live)
	failures := len(jobs) - len(fresh)
	c.complete = failures == 0
	if failures > 0 {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.log.Warn("pages not rendered; serving their previous version", "failed", failures, "of", len(jobs))
		return fmt.Errorf("render: %d of %d documents failed: %w", failures, len(jobs), errors.Join(failed...))
	}
	took := time.Since(started)
	c.version = state.Version
	c.seen = newest
	c.day = now.Format(time.DateOnly)
	c.nextChange = cat.NextChange(now)
	c.lastRender.Store(int64(took))
	c.filled.Store(true)
	c.log.Info("pages rendered", "documents", len(jobs), "content_version", state.Version, "took", took.Round(time.Millisecond))
	// A full render leaves behind far more garbage than the cache it fills;
	// hand it back to the system now rather than sit on it until the next one.
	debug.FreeOSMemory()
	return nil
}

// loadCatalog builds the catalogue from the sitemap and the stored content
// and makes it current. Entries it cannot use are logged and left out. It
// also returns the locale-free routes whose documents an entry changed since
// the last complete render may have changed (the entry's page, its list and,
// for news, the home page) and the newest entry change it saw.
func (c *Cache) loadCatalog(ctx context.Context) (*content.Catalog, map[string]bool, time.Time, error) {
	entries, err := c.cfg.Store.ContentEntries(ctx)
	if err != nil {
		return nil, nil, time.Time{}, fmt.Errorf("render: %w", err)
	}
	cat, problems := c.cfg.Catalog.WithEntries(entries)
	for _, p := range problems {
		c.log.Warn("content entry left out", "err", p)
	}
	c.catalog.Store(cat)
	changed := map[string]bool{}
	newest := c.seen
	for _, e := range entries {
		if !e.UpdatedAt.After(c.seen) {
			continue
		}
		if e.UpdatedAt.After(newest) {
			newest = e.UpdatedAt
		}
		if e.Collection == content.PagesCollection {
			changed[e.Slug] = true
			continue
		}
		for _, col := range content.Collections() {
			if col.Name == e.Collection {
				changed[col.ListRoute] = true
				changed[col.ListRoute+"/"+e.Slug] = true
				if col.Name == "news" {
					changed["/"] = true
				}
			}
		}
	}
	return cat, changed, newest, nil
}

// changedFirst orders jobs so the documents of changed routes render first,
// keeping the order within each group.
func changedFirst(jobs []job, changed map[string]bool) []job {
	if len(changed) == 0 {
		return jobs
	}
	out := make([]job, 0, len(jobs))
	for _, j := range jobs {
		if changed[j.page.Route] {
			out = append(out, j)
		}
	}
	for _, j := range jobs {
		if !changed[j.page.Route] {
			out = append(out, j)
		}
	}
	return out
}

// documents writes the sitemaps and robots.txt, reusing the cached entry of
// a document that has not changed.
func (c *Cache) documents(cat *content.Catalog, state store.ContentState) (map[string]*Entry, error) {
	out := map[string]*Entry{}
	current := *c.entries.Load()
	for path, d := range sitemap.Documents(cat, c.cfg.BaseURL, state.UpdatedAt) {
		if old := current[path]; old != nil && bytes.Equal(old.Identity.Body, d.Body) {
			out[path] = old
			continue
		}
		e, err := NewDocument(http.StatusOK, d.ContentType, d.Body)
		if err != nil {
			return nil, err
		}
		out[path] = e
	}
	return out, nil
}

func (c *Cache) loadSite(ctx context.Context) (content.Site, error) {
	settings, err := c.cfg.Store.Settings(ctx)
	if err != nil {
		return content.Site{}, fmt.Errorf("render: %w", err)
	}
	site, err := content.SiteFromSettings(settings)
	if err != nil {
		return content.Site{}, fmt.Errorf("render: %w", err)
	}
	site.Captcha = c.cfg.Captcha
	c.site.Store(&site)
	return site, nil
}

// render renders one document, reusing the cached entry when the HTML has
// not changed so its compressed forms need not be computed again.
func (c *Cache) render(ctx context.Context, in PropsInput, j job) (*Entry, error) {
	props := BuildProps(in, j.page, j.loc)
	status, html, err := c.cfg.Renderer.Render(ctx, props)
	if err != nil {
		return nil, err
	}
	if status != props.Status {
		return nil, fmt.Errorf("renderer answered %d for a %d page", status, props.Status)
	}
	if old := (*c.entries.Load())[j.key]; old != nil && old.Status == status && bytes.Equal(old.Identity.Body, html) {
		return old, nil
	}
	return NewEntry(status, html)
}

// merge replaces the given entries, copying the map so readers never lock.
// When live is not nil, entries whose key it lacks are dropped: their pages
// no longer exist.
func (c *Cache) merge(fresh map[string]*Entry, live map[string]bool) {
	if len(fresh) == 0 && live == nil {
		return
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	old := *c.entries.Load()
	next := make(map[string]*Entry, len(old)+len(fresh))
	for k, v := range old {
		if live == nil || live[k] {
			next[k] = v
		}
	}
	for k, v := range fresh {
		next[k] = v
	}
	c.entries.Store(&next)
}

// RenderPage renders one page in one locale now and caches it; it is for a
// page that is not cached yet, so it fails fast when the renderer is down.
// A page only signed-in visitors see is never cached: see RenderForUser.
func (c *Cache) RenderPage(ctx context.Context, page *content.Page, loc locale.Locale) (*Entry, error) {
	if page.SignedInOnly() {
		return nil, fmt.Errorf("render: %s is rendered only for a signed-in visitor", page.Route)
	}
	key := locale.Path(loc, page.Route)
	if page.Kind == content.KindNotFound {
		key = notFoundKey(loc)
	}
	in, err := c.input(ctx)
	if err != nil {
		return nil, err
	}
	e, err := c.render(ctx, in, job{key: key, page: page, loc: loc})
	if err != nil {
		return nil, err
	}
	c.merge(map[string]*Entry{key: e}, nil)
	return e, nil
}

// RenderForUser renders one page in one locale for a signed-in visitor,
// with the visitor in its props. The document is the visitor's alone: it is
// returned uncompressed and never cached. Like RenderPage it fails fast
// when the renderer is down.
func (c *Cache) RenderForUser(ctx context.Context, page *content.Page, loc locale.Locale, user *User) (*Entry, error) {
	if user == nil {
		return nil, errors.New("render: RenderForUser without a user")
	}
	in, err := c.input(ctx)
	if err != nil {
		return nil, err
	}
	props := BuildProps(in, page, loc)
	props.User = user
	status, html, err := c.cfg.Renderer.Render(ctx, props)
	if err != nil {
		return nil, err
	}
	if status != props.Status {
		return nil, fmt.Errorf("renderer answered %d for a %d page", status, props.Status)
	}
	return NewPrivateEntry(status, html), nil
}

// input is what the props of a single render are built from: the current
// catalogue and identity, and the time.
func (c *Cache) input(ctx context.Context) (PropsInput, error) {
	site := c.site.Load()
	if site == nil {
		s, err := c.loadSite(ctx)
		if err != nil {
			return PropsInput{}, err
		}
		site = &s
	}
	now := c.cfg.Now().UTC()
	return PropsInput{Catalog: c.Catalog(), Site: *site, BaseURL: c.cfg.BaseURL, Year: now.Year(), Now: now}, nil
}

// Run keeps the cache current until ctx ends: it renders everything at once,
// then every PollInterval re-renders when the content version has moved, the
// UTC date has changed (the footer year), or the last pass was incomplete.
func (c *Cache) Run(ctx context.Context) {
	if err := c.RenderAll(ctx); err != nil && ctx.Err() == nil {
		c.log.Warn("initial render incomplete; retrying", "err", err)
	}
	ticker := time.NewTicker(c.cfg.PollInterval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		stale, why, err := c.stale(ctx)
		if err != nil {
			c.log.Warn("cannot check content version", "err", err)
			continue
		}
		if !stale {
			continue
		}
		c.log.Info("re-rendering pages", "reason", why)
		if err := c.RenderAll(ctx); err != nil && ctx.Err() == nil {
			c.log.Warn("render incomplete; retrying", "err", err)
		}
	}
}

func (c *Cache) stale(ctx context.Context) (bool, string, error) {
	c.renderMu.Lock()
	version, day, complete, next := c.version, c.day, c.complete, c.nextChange
	c.renderMu.Unlock()
	if !complete {
		return true, "previous render incomplete", nil
	}
	now := c.cfg.Now().UTC()
	if today := now.Format(time.DateOnly); today != day {
		return true, "new day", nil
	}
	if !next.IsZero() && !now.Before(next) {
		return true, "a webinar started", nil
	}
	v, err := c.cfg.Store.ContentVersion(ctx)
	if err != nil {
		return false, "", err
	}
	if v != version {
		return true, "content changed", nil
	}
	return false, "", nil
}
