package render

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/cover"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/sitemap"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// ErrUnavailable is returned when the renderer cannot answer.
var ErrUnavailable = ssr.ErrUnavailable

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

// DocumentStore keeps rendered documents in the database, so a restart or
// another replica of the same build loads them instead of rendering, and
// hands out the lease on rendering a build's changes.
type DocumentStore interface {
	UseBuild(ctx context.Context, build string, scriptHashes []string, now time.Time) error
	AcquireRenderLease(ctx context.Context, build, holder string, now time.Time, ttl time.Duration) (bool, error)
	ReleaseRenderLease(ctx context.Context, build, holder string) error
	SaveDocuments(ctx context.Context, build string, docs []store.RenderedDocument, now time.Time) (int64, error)
	DocumentsAfter(ctx context.Context, build string, seq int64) ([]store.RenderedDocument, error)
	LatestDocumentSeq(ctx context.Context, build string) (int64, error)
	DeleteDocuments(ctx context.Context, build string, paths []string) error
	PruneBuilds(ctx context.Context, cutoff time.Time) (int64, error)
}

// CacheConfig configures a Cache. Zero values take the defaults noted beside them.
type CacheConfig struct {
	Renderer     Renderer
	Store        ContentStore
	Documents    DocumentStore    // where rendered documents are kept; none: memory only
	Build        string           // identifies the build that renders (see BuildID); "dev" when empty
	ScriptHashes func() []string  // the inline-script hashes of the running renderer, recorded with the build
	Catalog      *content.Catalog // the page tree of sitemap.json; texts and item pages come from the store
	BaseURL      string
	Captcha      content.Captcha // the captcha the forms show; provider "altcha" when empty
	Logger       *slog.Logger
	Now          func() time.Time // clock for the footer year, upcoming webinars and the daily refresh; time.Now
	Workers      int              // concurrent renders; 2
	PollInterval time.Duration    // how often the content version and other replicas' documents are checked; 2 s
	LeaseTTL     time.Duration    // how long a render lease lasts unrenewed; 30 s
	OnRendered   func(Pass)       // told of every pass that rendered or loaded documents
}

// Pass describes one pass of bringing the cache up to date.
type Pass struct {
	Planned  int           // documents the catalogue has
	Rendered int           // documents rendered in this pass
	Loaded   int           // documents loaded from the store, rendered by another process
	Took     time.Duration // wall time of the pass
}

// Cache keeps every public page in every language rendered in memory, with
// the sitemaps and robots.txt. Each document carries the fingerprint of
// what it was built from; when the content, the site's identity, the date
// or the build changes, only the documents whose fingerprint changed are
// rendered again, by the one process holding the build's render lease, and
// stored, and every other process loads them from the store. Lookups take no
// lock: the map is replaced, never changed in place.
type Cache struct {
	cfg        CacheConfig
	log        *slog.Logger
	holder     string // this process, as lease holder
	entries    atomic.Pointer[map[string]*Entry]
	filled     atomic.Bool
	site       atomic.Pointer[content.Site]
	catalog    atomic.Pointer[content.Catalog]
	lastRender atomic.Int64 // duration of the last pass that rendered, in nanoseconds

	renderMu sync.Mutex // one pass at a time; guards the fields below
	writeMu  sync.Mutex // serialises map replacement

	build    string       // the build whose documents the cache holds
	seq      atomic.Int64 // the newest stored document loaded
	plan     *plan        // the last plan; nil before the first
	complete bool         // whether every planned document is current
	buildUse time.Time    // when the build was last recorded as in use
}

// plan is every document the catalogue has, with what it is built from.
type plan struct {
	version    int64     // content version it was made from
	day        string    // UTC date it was made on
	nextChange time.Time // when its lists change by themselves; zero for never
	in         PropsInput
	jobs       []job
	live       map[string]bool // every key the cache should hold
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
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = 30 * time.Second
	}
	if cfg.Build == "" {
		cfg.Build = "dev"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Captcha.Provider == "" {
		cfg.Captcha = content.Captcha{Provider: "altcha"}
	}
	var id [9]byte
	_, _ = rand.Read(id[:])
	c := &Cache{cfg: cfg, log: cfg.Logger.With("component", "page-cache"), holder: base64.RawURLEncoding.EncodeToString(id[:])}
	c.build = c.documentSet(cfg.Build)
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
	key         string
	page        *content.Page
	loc         locale.Locale
	fingerprint string
}

// jobsFor lists every document to cache: each public page and the
// not-found page in every language, with its fingerprint. Pages only a
// signed-in visitor sees are left out: they are rendered per request.
func jobsFor(in PropsInput, build, site string) []job {
	cat := in.Catalog
	pages := cat.Pages()
	notFound := cat.NotFound()
	out := make([]job, 0, (len(pages)+1)*len(locale.All))
	for _, l := range locale.All {
		for _, p := range pages {
			if p.SignedInOnly() {
				continue
			}
			out = append(out, job{key: locale.Path(l, p.Route), page: p, loc: l, fingerprint: Fingerprint(build, site, in, p, l)})
		}
		out = append(out, job{key: notFoundKey(l), page: notFound, loc: l, fingerprint: Fingerprint(build, site, in, notFound, l)})
	}
	return out
}

// errWaiting reports that another process holds the render lease: the
// documents it renders arrive through the store.
var errWaiting = errors.New("render: another process is rendering these documents")

// RenderAll brings every document up to date: it rebuilds the catalogue
// from the store, writes the sitemaps and robots.txt, loads what other
// processes stored, and renders the documents whose fingerprint changed
// (when it gets the render lease; otherwise it leaves them to the holder).
// Documents of pages that no longer exist are dropped. A document that
// failed keeps its previous version, so a renderer outage never empties
// the cache.
func (c *Cache) RenderAll(ctx context.Context) error {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	p, err := c.makePlan(ctx)
	if err != nil {
		return err
	}
	return c.execute(ctx, p)
}

// makePlan reads the content and lists every document with its fingerprint.
func (c *Cache) makePlan(ctx context.Context) (*plan, error) {
	state, err := c.cfg.Store.ContentState(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	site, err := c.loadSite(ctx)
	if err != nil {
		return nil, err
	}
	cat, err := c.loadCatalog(ctx)
	if err != nil {
		return nil, err
	}
	now := c.cfg.Now().UTC()
	in := PropsInput{Catalog: cat, Site: site, BaseURL: c.cfg.BaseURL, Year: now.Year(), Now: now}
	docs, err := c.documents(cat, state)
	if err != nil {
		return nil, err
	}
	p := &plan{
		version:    state.Version,
		day:        now.Format(time.DateOnly),
		nextChange: cat.NextChange(now),
		in:         in,
		jobs:       jobsFor(in, c.build, SiteDigest(site, cat)),
	}
	p.live = make(map[string]bool, len(p.jobs)+len(docs))
	for k := range docs {
		p.live[k] = true
	}
	for _, j := range p.jobs {
		p.live[j.key] = true
	}
	// The documents for crawlers need no renderer: they are served at once.
	c.merge(docs, nil)
	c.plan = p
	return p, nil
}

// execute renders what a plan needs that the cache does not hold.
func (c *Cache) execute(ctx context.Context, p *plan) error {
	started := time.Now()
	loaded, err := c.pull(ctx)
	if err != nil {
		c.log.Warn("cannot load stored documents", "err", err)
	}
	stale := c.staleJobs(p)
	pass := Pass{Planned: len(p.jobs), Loaded: loaded}
	if len(stale) == 0 {
		c.finish(ctx, p, pass, started)
		return nil
	}
	if !c.filled.Load() && c.holdsEvery(p) {
		// Every page has a document, if not the newest: the site can serve.
		c.filled.Store(true)
	}
	release, err := c.lease(ctx)
	if err != nil {
		c.complete = false
		if pass.Loaded > 0 && c.cfg.OnRendered != nil {
			pass.Took = time.Since(started)
			c.cfg.OnRendered(pass)
		}
		return err
	}
	defer release()

	results := make([]*Entry, len(stale))
	errs := make([]error, len(stale))
	next := atomic.Int64{}
	batch := newBatcher(c)
	var wg sync.WaitGroup
	for range c.cfg.Workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(stale) || ctx.Err() != nil {
					return
				}
				results[i], errs[i] = c.render(ctx, p.in, stale[i])
				if results[i] != nil {
					batch.add(ctx, stale[i].key, results[i])
				}
			}
		})
	}
	wg.Wait()
	batch.flush(ctx)

	var failed []error
	failures := 0
	for i, j := range stale {
		if errs[i] != nil || results[i] == nil {
			failures++
			if errs[i] != nil && len(failed) < 3 {
				failed = append(failed, fmt.Errorf("%s: %w", j.key, errs[i]))
			}
		}
	}
	pass.Rendered = len(stale) - failures
	if failures > 0 {
		c.complete = false
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.log.Warn("pages not rendered; serving their previous version", "failed", failures, "of", len(stale))
		return fmt.Errorf("render: %d of %d documents failed: %w", failures, len(stale), errors.Join(failed...))
	}
	took := time.Since(started)
	c.lastRender.Store(int64(took))
	c.log.Info("pages rendered", "documents", pass.Rendered, "of", len(p.jobs), "content_version", p.version, "took", took.Round(time.Millisecond))
	c.finish(ctx, p, pass, started)
	if pass.Rendered > len(p.jobs)/2 {
		// A full render leaves behind far more garbage than the cache it
		// fills; hand it back to the system now rather than sit on it.
		debug.FreeOSMemory()
	}
	return nil
}

// finish drops the documents of pages that no longer exist and marks the
// cache current.
func (c *Cache) finish(ctx context.Context, p *plan, pass Pass, started time.Time) {
	if gone := c.merge(nil, p.live); len(gone) > 0 && c.cfg.Documents != nil {
		if err := c.cfg.Documents.DeleteDocuments(ctx, c.build, gone); err != nil {
			c.log.Warn("cannot delete documents of removed pages", "err", err)
		}
	}
	c.complete = true
	c.filled.Store(true)
	if c.cfg.OnRendered != nil && (pass.Rendered > 0 || pass.Loaded > 0) {
		pass.Took = time.Since(started)
		c.cfg.OnRendered(pass)
	}
}

// staleJobs returns the jobs whose document is missing or was built from
// something else, in plan order.
func (c *Cache) staleJobs(p *plan) []job {
	current := *c.entries.Load()
	var out []job
	for _, j := range p.jobs {
		if e := current[j.key]; e == nil || e.Fingerprint != j.fingerprint {
			out = append(out, j)
		}
	}
	return out
}

// holdsEvery reports whether the cache has some document for every job.
func (c *Cache) holdsEvery(p *plan) bool {
	current := *c.entries.Load()
	for _, j := range p.jobs {
		if current[j.key] == nil {
			return false
		}
	}
	return true
}

// lease takes the build's render lease and keeps it renewed until the
// returned function is called. Without a document store there is nothing
// to share, and nothing to take.
func (c *Cache) lease(ctx context.Context) (func(), error) {
	d := c.cfg.Documents
	if d == nil {
		return func() {}, nil
	}
	if err := c.useBuild(ctx); err != nil {
		return nil, err
	}
	ok, err := d.AcquireRenderLease(ctx, c.build, c.holder, c.cfg.Now(), c.cfg.LeaseTTL)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if !ok {
		return nil, errWaiting
	}
	renewCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(c.cfg.LeaseTTL / 3)
		defer tick.Stop()
		for {
			select {
			case <-renewCtx.Done():
				return
			case <-tick.C:
				if _, err := d.AcquireRenderLease(renewCtx, c.build, c.holder, c.cfg.Now(), c.cfg.LeaseTTL); err != nil && renewCtx.Err() == nil {
					c.log.Warn("cannot renew the render lease", "err", err)
				}
			}
		}
	}()
	return func() {
		stop()
		<-done
		// Released even when ctx has ended, so a successor need not wait it out.
		releaseCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := d.ReleaseRenderLease(releaseCtx, c.build, c.holder); err != nil {
			c.log.Warn("cannot release the render lease", "err", err)
		}
	}, nil
}

// useBuild records, at most hourly, that this build is in use.
func (c *Cache) useBuild(ctx context.Context) error {
	now := c.cfg.Now()
	if now.Sub(c.buildUse) < time.Hour {
		return nil
	}
	var hashes []string
	if c.cfg.ScriptHashes != nil {
		hashes = c.cfg.ScriptHashes()
	}
	if err := c.cfg.Documents.UseBuild(ctx, c.build, hashes, now); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	c.buildUse = now
	return nil
}

// batcher serves rendered documents as they come and stores them a few at
// a time.
type batcher struct {
	c       *Cache
	mu      sync.Mutex
	pending map[string]*Entry
}

const batchSize = 16

func newBatcher(c *Cache) *batcher { return &batcher{c: c, pending: map[string]*Entry{}} }

func (b *batcher) add(ctx context.Context, key string, e *Entry) {
	b.mu.Lock()
	b.pending[key] = e
	full := len(b.pending) >= batchSize
	b.mu.Unlock()
	if full {
		b.flush(ctx)
	}
}

func (b *batcher) flush(ctx context.Context) {
	b.mu.Lock()
	docs := b.pending
	b.pending = map[string]*Entry{}
	b.mu.Unlock()
	if len(docs) == 0 {
		return
	}
	b.c.merge(docs, nil)
	d := b.c.cfg.Documents
	if d == nil {
		return
	}
	rows := make([]store.RenderedDocument, 0, len(docs))
	for key, e := range docs {
		rows = append(rows, store.RenderedDocument{
			Path: key, Fingerprint: e.Fingerprint, Status: e.Status, ContentType: e.ContentType[0],
			Hash: e.Hash, Size: e.Size, Brotli: e.Brotli().Body,
		})
	}
	if _, err := d.SaveDocuments(context.WithoutCancel(ctx), b.c.build, rows, b.c.cfg.Now()); err != nil {
		b.c.log.Warn("cannot store rendered documents; other replicas will render them", "err", err)
	}
}

// pull loads the documents other processes stored since the last pull and
// returns how many replaced what the cache held.
func (c *Cache) pull(ctx context.Context) (int, error) {
	d := c.cfg.Documents
	if d == nil {
		return 0, nil
	}
	seq := c.seq.Load()
	top, err := d.LatestDocumentSeq(ctx, c.build)
	if err != nil || top <= seq {
		return 0, err
	}
	docs, err := d.DocumentsAfter(ctx, c.build, seq)
	if err != nil {
		return 0, err
	}
	current := *c.entries.Load()
	fresh := make(map[string]*Entry, len(docs))
	for _, doc := range docs {
		seq = max(seq, doc.Seq)
		if old := current[doc.Path]; old != nil && old.Hash == doc.Hash && old.Fingerprint == doc.Fingerprint {
			continue // this process's own, or the same document
		}
		e := StoredEntry(doc.Status, doc.ContentType, doc.Hash, doc.Size, doc.Brotli)
		e.Fingerprint, e.Seq = doc.Fingerprint, doc.Seq
		fresh[doc.Path] = e
	}
	c.merge(fresh, nil)
	c.seq.Store(seq)
	return len(fresh), nil
}

// documentSet names the documents a build renders with this process's
// settings: processes that differ in their public address or captcha render
// different pages, and must not take each other's.
func (c *Cache) documentSet(build string) string {
	sum := sha256.Sum256([]byte(c.cfg.BaseURL + "\x00" + c.cfg.Captcha.Provider + "\x00" + c.cfg.Captcha.SiteKey))
	return build + "." + base64.RawURLEncoding.EncodeToString(sum[:6])
}

// Build names the set of stored documents the cache uses: the build and
// the settings that change what it renders.
func (c *Cache) Build() string {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	return c.build
}

// SetBuild switches the cache to another build, as after a rebuild in
// development: every document is then rendered again by RenderAll.
func (c *Cache) SetBuild(build string) {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	c.build = c.documentSet(build)
	c.seq.Store(0)
	c.buildUse = time.Time{}
	c.plan = nil
}

// Preload loads the stored documents of this build, so a restart or a new
// replica serves every page at once, before its renderer is up. It reports
// whether every page had a document.
func (c *Cache) Preload(ctx context.Context) (bool, error) {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	if _, err := c.pull(ctx); err != nil {
		return false, fmt.Errorf("render: %w", err)
	}
	p, err := c.makePlan(ctx)
	if err != nil {
		return false, err
	}
	if !c.holdsEvery(p) {
		return false, nil
	}
	c.filled.Store(true)
	c.complete = len(c.staleJobs(p)) == 0
	return true, nil
}

// loadCatalog builds the catalogue from the sitemap and the stored content
// and makes it current. Entries it cannot use are logged and left out.
func (c *Cache) loadCatalog(ctx context.Context) (*content.Catalog, error) {
	entries, err := c.cfg.Store.ContentEntries(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	cat, problems := c.cfg.Catalog.WithEntries(entries)
	for _, p := range problems {
		c.log.Warn("content entry left out", "err", p)
	}
	c.catalog.Store(cat)
	return cat, nil
}

// coverCacheControl lets browsers keep a cover for a day: it changes only
// with the drawing code, and a list of twelve cards then asks for none of
// them again on the next page.
var coverCacheControl = []string{"public, max-age=86400"}

// documents writes the sitemaps, robots.txt and the cover of every page
// that shows one, reusing the cached entry of a document that has not
// changed. An item stored since the last plan has its cover from this one
// on, whether it came from the seed or was added to the database.
func (c *Cache) documents(cat *content.Catalog, state store.ContentState) (map[string]*Entry, error) {
	out := map[string]*Entry{}
	current := *c.entries.Load()
	add := func(path, contentType string, body []byte, cacheControl []string) error {
		if old := current[path]; old != nil && old.Hash == ContentHash(body) {
			out[path] = old
			return nil
		}
		e, err := NewDocument(http.StatusOK, contentType, body)
		if err != nil {
			return err
		}
		e.CacheControl = cacheControl
		out[path] = e
		return nil
	}
	for path, d := range sitemap.Documents(cat, c.cfg.BaseURL, state.UpdatedAt) {
		if err := add(path, d.ContentType, d.Body, nil); err != nil {
			return nil, err
		}
	}
	for _, p := range cat.Pages() {
		if !cover.Shown(p.Kind) {
			continue
		}
		if err := add(cover.Path(p.Route), cover.ContentType, cover.SVG(p.Route), coverCacheControl); err != nil {
			return nil, err
		}
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

// render renders one document.
func (c *Cache) render(ctx context.Context, in PropsInput, j job) (*Entry, error) {
	props := BuildProps(in, j.page, j.loc)
	status, html, err := c.cfg.Renderer.Render(ctx, props)
	if err != nil {
		return nil, err
	}
	if status != props.Status {
		return nil, fmt.Errorf("renderer answered %d for a %d page", status, props.Status)
	}
	e, err := NewEntry(status, html)
	if err != nil {
		return nil, err
	}
	e.Fingerprint = j.fingerprint
	return e, nil
}

// merge replaces the given entries, copying the map so readers never lock.
// When live is not nil, entries whose key it lacks are dropped, and their
// keys returned: their pages no longer exist.
func (c *Cache) merge(fresh map[string]*Entry, live map[string]bool) []string {
	if len(fresh) == 0 && live == nil {
		return nil
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	old := *c.entries.Load()
	var gone []string
	next := make(map[string]*Entry, len(old)+len(fresh))
	for k, v := range old {
		if live == nil || live[k] {
			next[k] = v
		} else {
			gone = append(gone, k)
		}
	}
	for k, v := range fresh {
		next[k] = v
	}
	if live != nil && len(gone) == 0 && len(fresh) == 0 {
		return nil
	}
	c.entries.Store(&next)
	return gone
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

// Run keeps the cache current until ctx ends: it brings every document up
// to date at once, then every PollInterval loads what other processes
// stored and brings the cache up to date again when the content version has
// moved, the UTC date has changed (the footer year), a webinar has started,
// or the last pass was incomplete. Once a day it prunes the documents of
// builds nobody has used for a week.
func (c *Cache) Run(ctx context.Context) {
	if err := c.RenderAll(ctx); err != nil && ctx.Err() == nil && !errors.Is(err, errWaiting) {
		c.log.Warn("initial render incomplete; retrying", "err", err)
	}
	ticker := time.NewTicker(c.cfg.PollInterval)
	defer ticker.Stop()
	var pruned time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		if now := c.cfg.Now(); c.cfg.Documents != nil && now.Sub(pruned) > 24*time.Hour {
			pruned = now
			if n, err := c.cfg.Documents.PruneBuilds(ctx, now.Add(-7*24*time.Hour)); err != nil {
				c.log.Warn("cannot prune the documents of old builds", "err", err)
			} else if n > 0 {
				c.log.Info("documents of unused builds pruned", "builds", n)
			}
		}
		err := c.update(ctx)
		if err != nil && ctx.Err() == nil && !errors.Is(err, errWaiting) {
			c.log.Warn("render incomplete; retrying", "err", err)
		}
	}
}

// update makes a new plan when the content, the date or a webinar's start
// has moved on, and otherwise finishes the last plan if it is incomplete.
func (c *Cache) update(ctx context.Context) error {
	c.renderMu.Lock()
	defer c.renderMu.Unlock()
	if _, err := c.pull(ctx); err != nil {
		return fmt.Errorf("render: load stored documents: %w", err)
	}
	if c.cfg.Documents != nil {
		if err := c.useBuild(ctx); err != nil {
			c.log.Warn("cannot record the build as in use", "err", err)
		}
	}
	p := c.plan
	replan := p == nil
	if !replan {
		now := c.cfg.Now().UTC()
		v, err := c.cfg.Store.ContentVersion(ctx)
		if err != nil {
			return fmt.Errorf("render: check content version: %w", err)
		}
		replan = v != p.version || now.Format(time.DateOnly) != p.day ||
			(!p.nextChange.IsZero() && !now.Before(p.nextChange))
	}
	if replan {
		var err error
		if p, err = c.makePlan(ctx); err != nil {
			return err
		}
	} else if c.complete {
		return nil
	}
	return c.execute(ctx, p)
}
