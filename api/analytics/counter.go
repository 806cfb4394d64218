// Package analytics counts the site's page views without personal data:
// views per page, language, day, referring domain and campaign, and each
// day's visitors estimated from a salted hash of address and browser whose
// salt lives only for its day. It also builds the back-office's figures
// from those counts, the sources of the leads and the searched words.
package analytics

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Store is where the counts are kept; *store.Store is one.
type Store interface {
	AddPageViews(ctx context.Context, views []store.PageViews, visitors []store.VisitorHash) error
	DaySalt(ctx context.Context, day string, fresh []byte) ([]byte, error)
	CountVisitorsBefore(ctx context.Context, day string) error
}

// FlushEvery is how often the counts held in memory are written: a view
// costs the cached page's path a map update, never a database write.
const FlushEvery = 10 * time.Second

// maxPending is how many distinct pages-with-source are held between two
// writes, and maxSeen how many of a day's visitors a replica remembers to
// avoid writing them twice; beyond them, views lose their source and
// visitors are written again (the database counts each once).
const (
	maxPending = 20000
	maxSeen    = 1 << 20
	maxField   = 100 // the longest referrer or campaign field kept, in bytes
)

type viewKey struct {
	day, locale, path, referrer, source, medium, campaign string
}

type hash [16]byte

// salts holds the secret salts of today and tomorrow, by day number (days
// since 1970 in UTC), read without a lock on every view.
type salts struct {
	days  [2]int64
	salts [2][]byte
}

func (s *salts) of(day int64) []byte {
	for i, d := range s.days {
		if d == day && s.salts[i] != nil {
			return s.salts[i]
		}
	}
	return nil
}

// Counter counts page views in memory and writes them in batches.
type Counter struct {
	store Store
	now   func() time.Time
	log   *slog.Logger

	salts   atomic.Pointer[salts]
	ended   string // the day before which visitors were last counted
	mu      sync.Mutex
	views   map[viewKey]int64
	fresh   []store.VisitorHash // visitors not written yet
	seen    map[hash]struct{}   // today's visitors already held or written
	seenDay int64
}

// New returns a counter writing to st; now is the clock (time.Now when nil).
func New(st Store, now func() time.Time, log *slog.Logger) *Counter {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	c := &Counter{store: st, now: now, log: log, views: map[viewKey]int64{}, seen: map[hash]struct{}{}}
	c.salts.Store(&salts{})
	return c
}

// Record counts r, a page answered with status, as a view when a person
// looked at it: see Counted. ip is the client's address as the server sees
// it, asked only for a view that is counted.
func (c *Counter) Record(r *http.Request, status int, ip func(*http.Request) string) {
	if !Counted(r, status) {
		return
	}
	now := c.now()
	dayNum := now.Unix() / 86400
	day := now.UTC().Format(time.DateOnly)
	loc, route := locale.Split(r.URL.Path)
	k := viewKey{day: day, locale: string(loc), path: route, referrer: referrer(r)}
	if r.URL.RawQuery != "" {
		k.source, k.medium, k.campaign = campaign(r.URL.Query())
	}
	var visitor hash
	salt := c.salts.Load().of(dayNum)
	if salt != nil {
		visitor = visitorHash(salt, ip(r), r.Header.Get("User-Agent"))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, held := c.views[k]; !held && len(c.views) >= maxPending {
		k.referrer, k.source, k.medium, k.campaign = "", "", "", ""
	}
	c.views[k]++
	if salt == nil {
		return
	}
	if c.seenDay != dayNum {
		c.seen, c.seenDay = map[hash]struct{}{}, dayNum
	}
	if _, ok := c.seen[visitor]; ok {
		return
	}
	if len(c.seen) < maxSeen {
		c.seen[visitor] = struct{}{}
	}
	c.fresh = append(c.fresh, store.VisitorHash{Day: day, Hash: visitor[:]})
}

// visitorHash is the day's pseudonym of a visitor: the first 16 bytes of
// SHA-256 over the day's salt, the address and the browser's name. Once
// the salt is deleted, nobody can tell whose it was.
func visitorHash(salt []byte, ip, agent string) hash {
	buf := make([]byte, 0, 512)
	buf = append(buf, salt...)
	buf = append(buf, ip...)
	buf = append(buf, 0)
	buf = append(buf, agent...)
	sum := sha256.Sum256(buf)
	var h hash
	copy(h[:], sum[:])
	return h
}

// take returns the counts held and forgets them.
func (c *Counter) take() ([]store.PageViews, []store.VisitorHash) {
	c.mu.Lock()
	defer c.mu.Unlock()
	views := make([]store.PageViews, 0, len(c.views))
	for k, n := range c.views {
		views = append(views, store.PageViews{Day: k.day, Locale: k.locale, Path: k.path, Referrer: k.referrer,
			UTMSource: k.source, UTMMedium: k.medium, UTMCampaign: k.campaign, Views: n})
	}
	fresh := c.fresh
	c.views, c.fresh = map[viewKey]int64{}, nil
	return views, fresh
}

// putBack returns counts that could not be written, to be written next time.
func (c *Counter) putBack(views []store.PageViews, fresh []store.VisitorHash) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, v := range views {
		c.views[viewKey{v.Day, v.Locale, v.Path, v.Referrer, v.UTMSource, v.UTMMedium, v.UTMCampaign}] += v.Views
	}
	c.fresh = append(c.fresh, fresh...)
}

// Flush writes the counts held so far to the store.
func (c *Counter) Flush(ctx context.Context) error {
	views, fresh := c.take()
	if err := c.store.AddPageViews(ctx, views, fresh); err != nil {
		c.putBack(views, fresh)
		return err
	}
	return nil
}

// Prepare loads the salts of today and tomorrow, so that views are told
// apart from the first one, and ends the days past: their salts are
// deleted and their visitors counted.
func (c *Counter) Prepare(ctx context.Context) error {
	now := c.now()
	today := now.Unix() / 86400
	held := c.salts.Load()
	if held.of(today) == nil || held.of(today+1) == nil {
		next := &salts{}
		for i := range 2 {
			day := today + int64(i)
			fresh := make([]byte, 32)
			_, _ = rand.Read(fresh) // never fails
			salt, err := c.store.DaySalt(ctx, time.Unix(day*86400, 0).UTC().Format(time.DateOnly), fresh)
			if err != nil {
				return err
			}
			next.days[i], next.salts[i] = day, salt
		}
		c.salts.Store(next)
	}
	day := now.UTC().Format(time.DateOnly)
	if c.ended == day {
		return nil
	}
	if err := c.store.CountVisitorsBefore(ctx, day); err != nil {
		return err
	}
	c.ended = day
	return nil
}

// Run writes the counts every FlushEvery and at the end, keeps the salts
// current and ends each day once it is over, until ctx ends.
func (c *Counter) Run(ctx context.Context) {
	tick := time.NewTicker(FlushEvery)
	defer tick.Stop()
	c.prepare(ctx)
	for {
		select {
		case <-ctx.Done():
			if err := c.Flush(context.WithoutCancel(ctx)); err != nil {
				c.log.Warn("page views not written before stopping", "err", err)
			}
			return
		case <-tick.C:
			if err := c.Flush(ctx); err != nil {
				c.log.Warn("page views not written yet; trying again later", "err", err)
			}
			c.prepare(ctx)
		}
	}
}

func (c *Counter) prepare(ctx context.Context) {
	if err := c.Prepare(ctx); err != nil {
		c.log.Warn("visitors' day not prepared; trying again later", "err", err)
	}
}
