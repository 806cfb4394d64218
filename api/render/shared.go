package render

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"sync"
	"time"

	"noorvale.example/site/api/store"
)

// Documents shared by processes: the render lease, the batched writes of
// rendered documents, and the loading of what other processes stored.

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

// batchSize is how many documents one write to the store carries at most.
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
