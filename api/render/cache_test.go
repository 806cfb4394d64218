package render_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/cover"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

func TestEntryVariants(t *testing.T) {
	html := []byte(strings.Repeat("<p>Noorvale Assurance</p>", 200))
	e, err := render.NewEntry(200, html)
	if err != nil {
		t.Fatal(err)
	}
	gz, err := gzip.NewReader(bytes.NewReader(e.Gzip().Body))
	if err != nil {
		t.Fatal(err)
	}
	fromGzip, _ := io.ReadAll(gz)
	fromBrotli, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(e.Brotli().Body)))
	if !bytes.Equal(fromGzip, html) || !bytes.Equal(fromBrotli, html) {
		t.Fatal("compressed variants do not decode to the document")
	}
	if len(e.Brotli().Body) >= len(html) || len(e.Gzip().Body) >= len(html) {
		t.Fatal("variants are not compressed")
	}
	if e.Identity().ETag[0] != `"`+e.Hash+`"` || e.Brotli().ETag[0] != `"`+e.Hash+`-br"` || e.Gzip().ETag[0] != `"`+e.Hash+`-gz"` {
		t.Fatalf("etags = %v %v %v", e.Identity().ETag, e.Gzip().ETag, e.Brotli().ETag)
	}

	selects := []struct {
		name   string
		header string
		want   *render.Variant
	}{
		{"none", "", e.Identity()},
		{"browser", "gzip, deflate, br, zstd", e.Brotli()},
		{"gzip only", "gzip", e.Gzip()},
		{"brotli refused", "br;q=0, gzip;q=0.8", e.Gzip()},
		{"everything refused", "br;q=0.0, gzip;q=0", e.Identity()},
		{"identity", "identity", e.Identity()},
		{"wildcard", "*", e.Brotli()},
		{"upper case", "GZIP", e.Gzip()},
		{"not a prefix match", "brotli, gzipx", e.Identity()},
	}
	for _, tt := range selects {
		t.Run("select "+tt.name, func(t *testing.T) {
			if got := e.Select(tt.header); got != tt.want {
				t.Fatalf("Select(%q) picked %v", tt.header, got.Encoding)
			}
		})
	}

	matches := []struct {
		header string
		want   bool
	}{
		{`"` + e.Hash + `"`, true},
		{`"` + e.Hash + `-br"`, true},
		{`W/"` + e.Hash + `-gz"`, true},
		{`"other", "` + e.Hash + `"`, true},
		{`*`, true},
		{`"` + e.Hash + `-xx"`, false},
		{e.Hash, false},
		{`"other"`, false},
		{``, false},
	}
	for _, tt := range matches {
		if got := e.Matches(tt.header); got != tt.want {
			t.Errorf("Matches(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fakeClock is a clock tests move by hand.
type fakeClock struct{ now atomic.Pointer[time.Time] }

func newFakeClock(t time.Time) *fakeClock {
	c := &fakeClock{}
	c.set(t)
	return c
}
func (c *fakeClock) set(t time.Time) { c.now.Store(&t) }
func (c *fakeClock) Now() time.Time  { return *c.now.Load() }
func pagesOf(c *render.Cache) int    { return c.Len() }

// crawlerDocuments is the sitemap index, a sitemap per language and robots.txt.
var crawlerDocuments = 2 + len(locale.All)

// allDocuments is every page and the not-found page in every language, the
// crawler documents, the covers of the pages that show one and the
// portraits of the people the site shows.
func allDocuments(cat *content.Catalog) int {
	covers := 0
	for _, p := range cat.Pages() {
		if cover.Shown(p.Kind) {
			covers++
		}
	}
	return (len(cat.Pages())+1)*len(locale.All) + crawlerDocuments + covers + len(cat.Portraits())
}

// smallCatalog is a few real pages, enough to watch the cache work without
// rendering the whole site each time.
func smallCatalog(t *testing.T) *content.Catalog {
	t.Helper()
	cat, err := content.Parse([]byte(`{
		"pages": [
			{"key": "home", "name": "Home", "route": "/", "kind": "home"},
			{"key": "aboutUs", "name": "About Us", "route": "/about-us", "kind": "about"},
			{"key": "services", "name": "Services", "children": [
				{"key": "outsourcingService", "name": "Outsourcing Service", "route": "/services/outsourcing-service", "kind": "landing"}
			]},
			{"key": "forms", "name": "New Forms", "route": "/forms", "kind": "forms"},
			{"key": "terms", "name": "Terms of Use", "route": "/terms", "kind": "legal"}
		],
		"menu": ["aboutUs", "services", "forms"],
		"footer": [{"key": "legal", "name": "Legal", "items": ["terms"]}]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// seedItems counts the English collection items shipped with the server.
func seedItems(t *testing.T) int {
	t.Helper()
	set, err := content.ReadSeed(content.SeedFS())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range set.Entries {
		if e.Collection != content.PagesCollection && e.Locale == "en" {
			n++
		}
	}
	return n
}

func seededStore(t *testing.T) *store.Store {
	t.Helper()
	s := testenv.SQLiteStore(t)
	if _, err := content.Seed(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// seedSample fills s with the tests' sample content and returns the
// catalogue the cache starts from.
func seedSample(t *testing.T, s *store.Store) *content.Catalog {
	t.Helper()
	if _, err := content.SeedFrom(context.Background(), s, testenv.SeedTree(t, testenv.SampleContent())); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestCacheRendersEverything(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	s := seededStore(t)
	cat, _ := content.Load()
	clock := newFakeClock(time.Date(2031, 12, 31, 23, 59, 0, 0, time.UTC))
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: sup, Store: s, Catalog: cat, BaseURL: "http://localhost:8080", Now: clock.Now})
	if cache.Filled() {
		t.Fatal("filled before rendering")
	}
	if err := cache.RenderAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	full := cache.Catalog()
	items := len(full.Pages()) - len(cat.Pages())
	if items != seedItems(t) {
		t.Fatalf("the catalogue has %d item pages, the seed %d items", items, seedItems(t))
	}
	// 70 pages and the not-found page in four languages, 53 covers (the
	// service, standard and landing pages, the about, forms and careers
	// pages and the three offices' scenes); each item adds its page in four
	// languages and, but for an accreditation, which shows its emblem, its
	// cover; each person, and each client quoted on the home page, a portrait.
	covered := 0
	for _, p := range full.Pages() {
		if p.Slug != "" && cover.Shown(p.Kind) {
			covered++
		}
	}
	if !cache.Filled() || pagesOf(cache) != allDocuments(full) || pagesOf(cache) != 284+53+items*4+covered+crawlerDocuments+len(full.Portraits()) {
		t.Fatalf("cache holds %d documents, want %d", pagesOf(cache), allDocuments(full))
	}
	for _, l := range locale.All {
		for _, p := range full.Pages() {
			e := cache.Page(locale.Path(l, p.Route))
			if p.SignedInOnly() {
				if e != nil {
					t.Fatalf("%s %s, a signed-in page, was cached", l, p.Route)
				}
				continue
			}
			if e == nil || e.Status != 200 || !bytes.HasPrefix(bytes.ToLower(e.Identity().Body), []byte("<!doctype html>")) {
				t.Fatalf("%s %s not cached as a document", l, p.Route)
			}
		}
		nf := cache.NotFound(l)
		if nf == nil || nf.Status != 404 {
			t.Fatalf("not-found page of %s missing", l)
		}
		if !bytes.Contains(nf.Identity().Body, []byte(`lang="`+string(l)+`"`)) {
			t.Fatalf("not-found page of %s is not in its language", l)
		}
	}
	if ar := cache.Page("/ar/about-us"); !bytes.Contains(ar.Identity().Body, []byte(`dir="rtl"`)) {
		t.Fatal("Arabic page is not right-to-left")
	}
	if !bytes.Contains(cache.Page("/").Identity().Body, []byte(`"year":2031`)) {
		t.Fatal("the year does not come from the clock")
	}
}

func TestCacheFollowsContentAndDate(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	s := seededStore(t)
	cat := smallCatalog(t)
	clock := newFakeClock(time.Date(2031, 12, 31, 23, 59, 0, 0, time.UTC))
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: sup, Store: s, Catalog: cat, BaseURL: "http://localhost:8080",
		Now: clock.Now, PollInterval: 20 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); cache.Run(ctx) }()
	defer func() { cancel(); <-done }()

	testenv.Eventually(t, "initial render", cache.Filled)
	before := cache.Page("/about-us")

	// Same content, same day: nothing is rendered again.
	unchanged := cache.Page("/about-us")
	if unchanged != before {
		t.Fatal("entry replaced without a change")
	}

	if _, err := s.PutSettings(ctx, map[string]string{"tagline": "Assurance you can audit"}); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "re-render after the content version moved", func() bool {
		e := cache.Page("/fr/about-us")
		return e != nil && bytes.Contains(e.Identity().Body, []byte("Assurance you can audit"))
	})

	clock.set(time.Date(2032, 1, 1, 0, 0, 1, 0, time.UTC))
	testenv.Eventually(t, "re-render on a new day with the new year", func() bool {
		e := cache.Page("/")
		return e != nil && bytes.Contains(e.Identity().Body, []byte(`"year":2032`))
	})
}

func TestCacheKeepsServingWhileRendererDown(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	s := seededStore(t)
	cat := smallCatalog(t)
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: sup, Store: s, Catalog: cat, BaseURL: "http://localhost:8080"})
	ctx := context.Background()
	if err := cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	before := cache.Page("/nl/forms")

	stop, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sup.Stop(stop); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutSettings(ctx, map[string]string{"tagline": "Changed while down"}); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	err := cache.RenderAll(ctx)
	if err == nil {
		t.Fatal("RenderAll should report the failed documents")
	}
	if took := time.Since(started); took > 10*time.Second {
		t.Fatalf("failing render pass took %s", took)
	}
	if cache.Page("/nl/forms") != before || pagesOf(cache) != allDocuments(cache.Catalog()) {
		t.Fatal("a failed render must keep the previous documents")
	}

	begin := time.Now()
	_, err = cache.RenderPage(ctx, cat.Page("/terms"), locale.Fr)
	if !errors.Is(err, render.ErrUnavailable) {
		t.Fatalf("RenderPage with the renderer down = %v, want ErrUnavailable", err)
	}
	if took := time.Since(begin); took > time.Second {
		t.Fatalf("RenderPage took %s with the renderer down", took)
	}
}

// brokenRenderer fails every render, as a renderer that is down does.
type brokenRenderer struct{}

func (brokenRenderer) Render(context.Context, any) (int, []byte, error) {
	return 0, nil, render.ErrUnavailable
}

// The sitemaps and robots.txt come from the catalogue alone: they are
// served even when no page could be rendered.
func TestCrawlerDocumentsNeedNoRenderer(t *testing.T) {
	s := testenv.SQLiteStore(t)
	cat := seedSample(t, s)
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: brokenRenderer{}, Store: s, Catalog: cat, BaseURL: "http://localhost:8080"})
	if err := cache.RenderAll(context.Background()); err == nil {
		t.Fatal("RenderAll should report the failed pages")
	}
	if cache.Filled() || cache.LastRender() != 0 {
		t.Fatal("an incomplete render counts as filled")
	}
	for path, ctype := range map[string]string{"/sitemap.xml": "application/xml; charset=utf-8", "/sitemap-ar.xml": "application/xml; charset=utf-8",
		"/robots.txt": "text/plain; charset=utf-8"} {
		e := cache.Page(path)
		if e == nil || e.Status != 200 || e.ContentType[0] != ctype || len(e.Gzip().Body) == 0 {
			t.Fatalf("%s not cached as %s", path, ctype)
		}
	}
	if !bytes.Contains(cache.Page("/sitemap-en.xml").Identity().Body, []byte("/careers/jop-vacancies/senior-penetration-tester")) {
		t.Fatal("the sitemap does not list the items in the store")
	}
	if cache.Catalog().Page("/resources/news/new-dubai-office") == nil {
		t.Fatal("the catalogue was not rebuilt from the store")
	}
}
