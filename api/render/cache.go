package render

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
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
	AddedPages(ctx context.Context) ([]store.AddedPage, error)
}

// MediaStore is what the cache reads of the media library when its
// ContentStore has it: the pictures and documents running text names.
type MediaStore interface {
	MediaItemsByID(ctx context.Context, ids []string) (map[string]store.MediaItem, error)
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

	currentMu sync.Mutex
	current   *content.Catalog         // the newest catalogue a pass was planned for
	onCurrent []func(*content.Catalog) // told of it, see OnCurrent
}

// OnCurrent has f told each new catalogue as soon as the pass that renders
// its pages is planned, so what follows the content (the site search)
// changes with the pages, on every replica, rather than after the last of
// them is drawn: a publish that redraws a hundred pages would otherwise
// wait for all of them. f is told at once of the newest catalogue when
// there is one, and once of each. It is called while the cache holds its
// render lock: it must return quickly.
func (c *Cache) OnCurrent(f func(*content.Catalog)) {
	c.currentMu.Lock()
	c.onCurrent = append(c.onCurrent, f)
	cur := c.current
	c.currentMu.Unlock()
	if cur != nil {
		f(cur)
	}
}

// announce tells the OnCurrent listeners of cat, unless they were told
// of it already.
func (c *Cache) announce(cat *content.Catalog) {
	c.currentMu.Lock()
	if c.current == cat {
		c.currentMu.Unlock()
		return
	}
	c.current = cat
	listeners := slices.Clone(c.onCurrent)
	c.currentMu.Unlock()
	for _, f := range listeners {
		f(cat)
	}
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

// gatedKey is the cache key of a page only a signed-in visitor may open:
// it is kept apart from the public pages, so the server looks at the
// session before it serves one (see Gated).
func gatedKey(path string) string { return "gated:" + path }

// documentKey is the cache key of page in loc.
func documentKey(page *content.Page, loc locale.Locale) string {
	switch {
	case page.Kind == content.KindNotFound:
		return notFoundKey(loc)
	case page.SignedInOnly():
		return gatedKey(locale.Path(loc, page.Route))
	}
	return locale.Path(loc, page.Route)
}

// Page returns the cached document at a public path such as "/ar/about-us"
// or "/sitemap.xml", or nil.
func (c *Cache) Page(path string) *Entry { return (*c.entries.Load())[path] }

// NotFound returns the cached not-found document of a locale, or nil.
func (c *Cache) NotFound(loc locale.Locale) *Entry { return (*c.entries.Load())[notFoundKey(loc)] }

// Gated returns the cached document of a page only a signed-in visitor may
// open, such as /account, or nil. It is the same document for every
// visitor, a shell that loads the visitor's own data from the API.
func (c *Cache) Gated(path string) *Entry { return (*c.entries.Load())[gatedKey(path)] }

// Filled reports whether every page has been rendered at least once.
func (c *Cache) Filled() bool { return c.filled.Load() }

// Len returns the number of cached documents.
func (c *Cache) Len() int { return len(*c.entries.Load()) }

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
func (c *Cache) RenderPage(ctx context.Context, page *content.Page, loc locale.Locale) (*Entry, error) {
	key := documentKey(page, loc)
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
		c.announce(p.in.Catalog)
	} else if c.complete {
		return nil
	}
	return c.execute(ctx, p)
}
