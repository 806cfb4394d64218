package server

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// propsRenderer stands in for the Node renderer: it writes a document that
// carries the props, so tests read what a page was given.
type propsRenderer struct{}

func (propsRenderer) Render(_ context.Context, props any) (int, []byte, error) {
	p, ok := props.(render.Props)
	if !ok {
		return 0, nil, fmt.Errorf("props of type %T", props)
	}
	data, err := json.Marshal(p)
	if err != nil {
		return 0, nil, err
	}
	html := fmt.Sprintf(`<!doctype html><html lang="%s" dir="%s"><body><script type="application/json" id="page-props">%s</script></body></html>`,
		p.Locale, p.Dir, bytes.ReplaceAll(data, []byte("<"), []byte(`\u003c`)))
	return p.Status, []byte(html), nil
}

// fixedClock is a clock that reads the time tests set.
type fixedClock struct{ now atomic.Pointer[time.Time] }

func newFixedClock(t time.Time) *fixedClock {
	c := &fixedClock{}
	c.now.Store(&t)
	return c
}

func (c *fixedClock) Now() time.Time  { return *c.now.Load() }
func (c *fixedClock) set(t time.Time) { c.now.Store(&t) }

// pageProps reads the props a served page carries.
func pageProps(t *testing.T, s *site, path string) render.Props {
	t.Helper()
	rec := s.do("GET", path, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, rec.Code)
	}
	body := rec.Body.String()
	start := strings.Index(body, `id="page-props">`)
	end := strings.LastIndex(body, "</script>")
	if start < 0 || end < start {
		t.Fatalf("GET %s: no props", path)
	}
	var p render.Props
	if err := json.Unmarshal([]byte(body[start+len(`id="page-props">`):end]), &p); err != nil {
		t.Fatalf("GET %s: props: %v", path, err)
	}
	return p
}

func sampleSite(t *testing.T, clock *fixedClock) *site {
	t.Helper()
	return newSite(t, siteOptions{fill: true, renderer: propsRenderer{}, now: clock.Now,
		seed: testenv.SeedTree(t, testenv.SampleContent())})
}

var renderTime = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func TestItemPagesServed(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	items := 0
	for _, p := range s.catalog().Pages() {
		if p.Slug == "" {
			continue
		}
		items++
		for _, l := range locale.All {
			if s.cache.Page(locale.Path(l, p.Route)) == nil {
				t.Errorf("%s is not pre-rendered in %s", p.Route, l)
			}
		}
	}
	if items != 9 {
		t.Fatalf("%d item pages, want 9", items)
	}

	s.run(t, []scenario{
		{name: "news story", url: "/resources/news/new-dubai-office", status: 200,
			contains: []string{`"kind":"article"`, `"collection":"news"`, `"contentLocale":"en"`, `"updated":"2026-10-14"`, `"items":[]`}},
		{name: "dutch story", url: "/nl/resources/news/new-dubai-office", status: 200, contains: []string{`lang="nl"`, `"contentLocale":"nl"`, "Ons kantoor in Dubai is verhuisd"}},
		{name: "arabic vacancy falls back to english", url: "/ar/careers/jop-vacancies/senior-penetration-tester", status: 200,
			contains: []string{`dir="rtl"`, `"kind":"vacancy"`, `"contentLocale":"en"`, "Senior Penetration Tester"}},
		{name: "webinar", url: "/fr/resources/webinars/dora-one-year-on", status: 200, contains: []string{`"kind":"webinar"`, `lang="fr"`}},
		{name: "publication", url: "/resources/publications/pci-dss-scoping-guide", status: 200, contains: []string{`"kind":"publication"`}},
		{name: "head of an item", method: "HEAD", url: "/resources/blogs/reading-a-soc-2-report", status: 200, headerHas: map[string]string{"ETag": `"`}},
		{name: "unknown slug", url: "/resources/news/no-such-story", status: 404, contains: []string{`lang="en"`, `"kind":"not-found"`}},
		{name: "unknown slug in french", url: "/fr/resources/blogs/no-such-post", status: 404, contains: []string{`lang="fr"`}},
		{name: "unknown vacancy in arabic", url: "/ar/careers/jop-vacancies/chief-of-nothing", status: 404, contains: []string{`dir="rtl"`}},
		{name: "below an item", url: "/resources/news/new-dubai-office/more", status: 404},
	})

	story := pageProps(t, s, "/nl/resources/news/new-dubai-office")
	crumbs := story.Page.Breadcrumbs
	last := crumbs[len(crumbs)-1]
	if len(crumbs) != 4 || last.TranslationKey != "" || last.Name != "Ons kantoor in Dubai is verhuisd" || crumbs[2].Route != "/resources/news" {
		t.Fatalf("breadcrumbs = %+v", crumbs)
	}
	if !bytes.Contains(story.Page.Content, []byte(`"text":"Het team verhuisde in oktober."`)) {
		t.Fatalf("content = %s", story.Page.Content)
	}
	about := pageProps(t, s, "/fr/about-us")
	if about.Page.ContentLocale != locale.En || about.Page.Content == nil || about.Page.Collection != "" || about.Page.Updated == "" {
		t.Fatalf("about page = %+v", about.Page)
	}
	if home := pageProps(t, s, "/ar"); len(home.Page.Items) != 8 || home.Page.Items[0].Slug != "new-dubai-office" || string(home.Page.Content) != "null" {
		t.Fatalf("home items = %+v", home.Page.Items)
	}
}

func TestListPagesFollowTheClock(t *testing.T) {
	// An hour before the first upcoming webinar starts.
	clock := newFixedClock(time.Date(2026, 12, 9, 5, 0, 0, 0, time.UTC))
	s := sampleSite(t, clock)
	list := pageProps(t, s, "/resources/webinars")
	if list.Page.Collection != "webinars" || len(list.Page.Items) != 3 {
		t.Fatalf("webinars list = %+v", list.Page)
	}
	if first := list.Page.Items[0]; first.Slug != "pdpl-for-processors" || first.Upcoming == nil || !*first.Upcoming {
		t.Fatalf("the soonest upcoming webinar comes first: %+v", first)
	}
	news := pageProps(t, s, "/nl/resources/news")
	if len(news.Page.Items) != 3 || news.Page.Items[0].Title != "Ons kantoor in Dubai is verhuisd" || news.Page.Items[0].Route != "/resources/news/new-dubai-office" {
		t.Fatalf("news list = %+v", news.Page.Items)
	}

	// Once that webinar has started, the same day, the cache renders the
	// list again by itself, with the webinar among the past ones.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); s.cache.Run(ctx) }()
	defer func() { cancel(); <-done }()
	clock.set(time.Date(2026, 12, 9, 6, 0, 1, 0, time.UTC))
	testenv.Eventually(t, "the webinar list to show the started webinar as past", func() bool {
		body := s.cache.Page("/resources/webinars").Identity().Body
		dora, pdpl := bytes.Index(body, []byte(`"slug":"dora-one-year-on"`)), bytes.Index(body, []byte(`"slug":"pdpl-for-processors"`))
		return dora >= 0 && pdpl >= 0 && dora < pdpl
	})
}

func TestRedirects(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	moved := func(name, url, location string) scenario {
		return scenario{name: name, url: url, status: 301, header: map[string]string{"Location": location}}
	}
	s.run(t, []scenario{
		moved("old blog post", "/blog-details.html", "/resources/blogs"),
		moved("old blog post with an id", "/blog-details.html?id=42", "/resources/blogs"),
		moved("old blog post in arabic", "/ar/blog-details.html", "/ar/resources/blogs"),
		moved("old blog post under a folder", "/fr/resources/blogs/blog-details.html", "/fr/resources/blogs"),
		moved("old vacancies", "/careers/job-vacancies", "/careers/jop-vacancies"),
		moved("old vacancies in dutch", "/nl/careers/job-vacancies", "/nl/careers/jop-vacancies"),
		moved("old vacancy", "/ar/careers/job-vacancies/senior-penetration-tester?ref=x", "/ar/careers/jop-vacancies/senior-penetration-tester?ref=x"),
		moved("old vacancies slash", "/careers/job-vacancies/", "/careers/job-vacancies"),
		{name: "not the old vacancies", url: "/careers/job-vacancies-2024", status: 404},
		{name: "other html", url: "/blog-list.html", status: 404},
	})
}

// Removing a file and seeding again takes its page away everywhere, and
// adding one publishes it.
func TestPagesFollowTheContent(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	files := testenv.SampleContent()
	delete(files, "collections/en/news/cairo-training-centre.json")
	files["collections/en/news/bahrain-pdpl-guidance.json"] = `{"title": "Bahrain PDPL guidance", "description": "What changed.", "date": "2026-11-05",
		"author": "Sara Ali", "imageAlt": "Manama at dusk", "body": ["New guidance was issued."]}`
	if _, err := content.SeedFrom(ctx, s.store, testenv.SeedTree(t, files)); err != nil {
		t.Fatal(err)
	}
	if err := s.cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	for _, l := range locale.All {
		if s.cache.Page(locale.Path(l, "/resources/news/cairo-training-centre")) != nil {
			t.Fatalf("the removed story is still cached in %s", l)
		}
	}
	s.run(t, []scenario{
		{name: "removed story", url: "/resources/news/cairo-training-centre", status: 404},
		{name: "new story", url: "/ar/resources/news/bahrain-pdpl-guidance", status: 200, contains: []string{"Bahrain PDPL guidance"}},
		{name: "sitemap follows", url: "/sitemap-en.xml", status: 200, contains: []string{"/resources/news/bahrain-pdpl-guidance"},
			notContains: []string{"cairo-training-centre"}},
	})
	if news := pageProps(t, s, "/resources/news"); news.Page.Items[0].Slug != "bahrain-pdpl-guidance" {
		t.Fatalf("news list = %+v", news.Page.Items)
	}
}

func TestCrawlerDocuments(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	xmlType := map[string]string{"Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache"}
	s.run(t, []scenario{
		{name: "sitemap index", url: "/sitemap.xml", status: 200, header: xmlType, headerHas: map[string]string{"ETag": `"`},
			contains: []string{`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, "<loc>http://localhost:8080/sitemap-ar.xml</loc>"}},
		{name: "arabic sitemap", url: "/sitemap-ar.xml", status: 200, header: xmlType,
			contains: []string{`xmlns:xhtml="http://www.w3.org/1999/xhtml"`, "<loc>http://localhost:8080/ar/about-us</loc>"},
			// The story has no Arabic text: its Arabic page shows the English, and is not listed.
			notContains: []string{"/auth/", "/account", "<loc>http://localhost:8080/ar/resources/news/new-dubai-office</loc>"}},
		{name: "compressed sitemap", url: "/sitemap-en.xml", headers: map[string]string{"Accept-Encoding": "br"}, status: 200,
			header: map[string]string{"Content-Encoding": "br", "Vary": "Accept-Encoding"}, contains: []string{"<urlset"}},
		{name: "head", method: "HEAD", url: "/sitemap-fr.xml", status: 200, header: xmlType},
		{name: "unknown language", url: "/sitemap-de.xml", status: 404},
		{name: "robots from the server", url: "/robots.txt", status: 200,
			header:   map[string]string{"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache"},
			contains: []string{"Disallow: /account\n", "Disallow: /ar/auth/\n", "Disallow: /api/\n", "Sitemap: http://localhost:8080/sitemap.xml\n"}},
		{name: "robots carries the security headers", url: "/robots.txt", status: 200, headerHas: map[string]string{"Content-Security-Policy": "default-src 'self'"}},
	})

	etag := s.do("GET", "/sitemap.xml", nil).Header().Get("ETag")
	s.run(t, []scenario{{name: "sitemap not modified", url: "/sitemap.xml", headers: map[string]string{"If-None-Match": etag}, status: 304}})

	body := s.do("GET", "/sitemap-nl.xml", nil).Body.Bytes()
	var set struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(body, &set); err != nil {
		t.Fatalf("the Dutch sitemap is not XML: %v", err)
	}
	want := 0
	for _, p := range s.catalog().Pages() {
		if p.Indexable() && slices.Contains(s.catalog().Languages(p), locale.Nl) {
			want++
		}
	}
	if len(set.URLs) != want || set.URLs[0].Loc != "http://localhost:8080/nl" {
		t.Fatalf("%d addresses, want %d; first %+v", len(set.URLs), want, set.URLs[0])
	}
}

func TestSecurityTxt(t *testing.T) {
	served := time.Date(2026, 11, 22, 13, 4, 5, 600, time.UTC)
	clock := newFixedClock(served)
	s := newSite(t, siteOptions{renderer: propsRenderer{}, now: clock.Now, baseURL: "https://www.noorvale.example",
		seed: testenv.SeedTree(t, testenv.SampleContent())})
	s.run(t, []scenario{{name: "security.txt", url: "/.well-known/security.txt", status: 200,
		header: map[string]string{"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache"},
		contains: []string{"Contact: mailto:security@noorvale.example\n", "Expires: 2027-11-22T13:04:05Z\n", "Preferred-Languages: en, ar\n",
			"Canonical: https://www.noorvale.example/.well-known/security.txt\n", "Policy: https://www.noorvale.example/terms\n"}}})

	// The expiry moves with the time of each request and is always ahead of it.
	later := served.Add(40 * 24 * time.Hour)
	clock.set(later)
	body := s.do("GET", "/.well-known/security.txt", nil).Body.String()
	var expires time.Time
	for line := range strings.SplitSeq(body, "\n") {
		if v, ok := strings.CutPrefix(line, "Expires: "); ok {
			var err error
			if expires, err = time.Parse(time.RFC3339, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !expires.After(later) || !expires.Equal(later.AddDate(1, 0, 0).Truncate(time.Second)) {
		t.Fatalf("Expires %v for a request at %v", expires, later)
	}
}

// TestCovers holds that every page that shows a cover has one, drawn by
// the server: an item added to the database after the site started gets
// its cover with its page, and a removed one loses it.
func TestCovers(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	svg := map[string]string{"Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400"}
	s.run(t, []scenario{
		{name: "a story", url: "/covers/resources/news/new-dubai-office.svg", status: 200, header: svg,
			headerHas: map[string]string{"ETag": `"`}, contains: []string{`<svg xmlns="http://www.w3.org/2000/svg"`}},
		{name: "a vacancy", url: "/covers/careers/jop-vacancies/senior-penetration-tester.svg", status: 200, header: svg},
		{name: "a service", url: "/covers/services/cybersecurity-services/penetration-testing.svg", status: 200, header: svg},
		{name: "compressed", url: "/covers/resources/webinars/dora-one-year-on.svg", headers: map[string]string{"Accept-Encoding": "br"},
			status: 200, header: map[string]string{"Content-Encoding": "br", "Vary": "Accept-Encoding"}},
		{name: "a page without one", url: "/covers/terms.svg", status: 404},
		{name: "no such item", url: "/covers/resources/news/no-such-story.svg", status: 404},
	})
	etag := s.do("GET", "/covers/resources/news/new-dubai-office.svg", nil).Header().Get("ETag")
	s.run(t, []scenario{{name: "not modified", url: "/covers/resources/news/new-dubai-office.svg",
		headers: map[string]string{"If-None-Match": etag}, status: 304}})

	entries, err := s.store.ContentEntries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var kept []store.ContentEntry
	for _, e := range entries {
		if e.Slug != "cairo-training-centre" {
			kept = append(kept, e)
		}
	}
	kept = append(kept, store.ContentEntry{Collection: "news", Slug: "bahrain-pdpl-guidance", Locale: "en",
		Body: `{"title": "Bahrain PDPL guidance", "description": "What changed.", "date": "2026-11-05",
			"author": "Sara Ali", "imageAlt": "Manama at dusk", "body": ["New guidance was issued."]}`})
	if _, err := s.store.ReplaceContent(ctx, store.ContentSet{Entries: kept}); err != nil {
		t.Fatal(err)
	}
	if err := s.cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	s.run(t, []scenario{
		{name: "the added story's page", url: "/ar/resources/news/bahrain-pdpl-guidance", status: 200},
		{name: "the added story's cover", url: "/covers/resources/news/bahrain-pdpl-guidance.svg", status: 200, header: svg,
			contains: []string{`<svg xmlns="http://www.w3.org/2000/svg"`, "</svg>"}},
		{name: "the removed story's cover", url: "/covers/resources/news/cairo-training-centre.svg", status: 404},
	})
}
