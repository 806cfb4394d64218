package render

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/cover"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/sitemap"
	"noorvale.example/site/api/store"
)

// What a change re-renders: the plan of every document with its fingerprint,
// and its execution, which renders only the documents whose fingerprint moved.

// plan is every document the catalogue has, with what it is built from.
type plan struct {
	version    int64     // content version it was made from
	day        string    // UTC date it was made on
	nextChange time.Time // when its lists change by themselves; zero for never
	in         PropsInput
	jobs       []job
	live       map[string]bool // every key the cache should hold
}

// job is one document to render.
type job struct {
	key         string
	page        *content.Page
	loc         locale.Locale
	fingerprint string
}

// jobsFor lists every document to cache: each page and the not-found page
// in every language, with its fingerprint.
func jobsFor(in PropsInput, build, site string) []job {
	cat := in.Catalog
	pages := cat.Pages()
	notFound := cat.NotFound()
	out := make([]job, 0, (len(pages)+1)*len(locale.All))
	for _, l := range locale.All {
		for _, p := range pages {
			out = append(out, job{key: documentKey(p, l), page: p, loc: l, fingerprint: Fingerprint(build, site, in, p, l)})
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
	c.announce(p.in.Catalog)
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
	c.announce(p.in.Catalog)
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

// loadCatalog builds the catalogue from the sitemap and the stored content
// and makes it current. Entries it cannot use are logged and left out.
func (c *Cache) loadCatalog(ctx context.Context) (*content.Catalog, error) {
	entries, err := c.cfg.Store.ContentEntries(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	rows, err := c.cfg.Store.AddedPages(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	// The back-office of this replica edits the added pages too, published
	// or not; the site shows those whose English is live.
	added := content.AddedFrom(rows)
	problems := content.SetAddedPages(added)
	tree, more := c.cfg.Catalog.WithAdded(content.Published(added, entries))
	problems = append(problems, more...)
	cat, more := tree.WithEntries(entries)
	problems = append(problems, more...)
	for _, p := range problems {
		c.log.Warn("content entry left out", "err", p)
	}
	cat, err = c.withMedia(ctx, cat)
	if err != nil {
		return nil, err
	}
	c.catalog.Store(cat)
	return cat, nil
}

// withMedia adds to a catalogue the library items its texts name, when the
// store has a media library.
func (c *Cache) withMedia(ctx context.Context, cat *content.Catalog) (*content.Catalog, error) {
	ms, ok := c.cfg.Store.(MediaStore)
	if !ok {
		return cat, nil
	}
	items, err := ms.MediaItemsByID(ctx, cat.MediaIDs())
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return cat.WithMedia(pageMedia(items)), nil
}

// coverCacheControl lets browsers keep a cover for a day: it changes only
// with the drawing code, and a list of twelve cards then asks for none of
// them again on the next page.
var coverCacheControl = []string{"public, max-age=86400"}

// documents writes the sitemaps, robots.txt, the cover of every page
// that shows one and the portrait of every person the site shows, reusing
// the cached entry of a document that has not changed. An item stored
// since the last plan has its cover from this one on, whether it came from
// the seed or was added to the database.
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
		if err := add(cover.Path(p.Route), cover.ContentType, cover.SVG(p.Route, cat.Subject(p)), coverCacheControl); err != nil {
			return nil, err
		}
	}
	for _, p := range cat.Portraits() {
		if err := add(cover.PortraitPath(p.Key), cover.ContentType, cover.Portrait(p.Name, p.Office), coverCacheControl); err != nil {
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
