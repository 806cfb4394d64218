package sitemap_test

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/sitemap"
)

const base = "https://www.noorvale.example"

var seeded = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

func sampleCatalog(t *testing.T) *content.Catalog {
	t.Helper()
	set, err := content.ReadSeed(testenv.SeedTree(t, testenv.SampleContent()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range set.Entries {
		set.Entries[i].UpdatedAt = seeded
	}
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	cat, problems := base.WithEntries(set.Entries)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return cat
}

// parsed is a sitemap as a crawler reads it, namespaces resolved.
type parsed struct {
	XMLName xml.Name
	URLs    []struct {
		Loc     string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
		LastMod string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 lastmod"`
		Links   []struct {
			Rel      string `xml:"rel,attr"`
			Hreflang string `xml:"hreflang,attr"`
			Href     string `xml:"href,attr"`
		} `xml:"http://www.w3.org/1999/xhtml link"`
	} `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 url"`
	Sitemaps []struct {
		Loc     string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
		LastMod string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 lastmod"`
	} `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemap"`
}

func parse(t *testing.T, body []byte) parsed {
	t.Helper()
	if !bytes.HasPrefix(body, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		t.Fatalf("no XML declaration: %.80s", body)
	}
	var p parsed
	if err := xml.Unmarshal(body, &p); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	return p
}

func TestDocuments(t *testing.T) {
	cat := sampleCatalog(t)
	docs := sitemap.Documents(cat, base, seeded.AddDate(0, 0, 3))
	if len(docs) != 6 {
		t.Fatalf("%d documents", len(docs))
	}
	for path, d := range docs {
		want := sitemap.XMLType
		if path == "/robots.txt" {
			want = sitemap.TextType
		}
		if d.ContentType != want {
			t.Errorf("%s: content type %q", path, d.ContentType)
		}
	}

	idx := parse(t, docs["/sitemap.xml"].Body)
	if idx.XMLName.Local != "sitemapindex" || idx.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || len(idx.Sitemaps) != 4 {
		t.Fatalf("index = %+v", idx)
	}
	for i, l := range locale.All {
		if s := idx.Sitemaps[i]; s.Loc != base+"/sitemap-"+string(l)+".xml" || s.LastMod != "2026-11-04" {
			t.Errorf("index entry %d = %+v", i, s)
		}
	}

	// Each language lists the indexable pages with a text of their own in
	// it (English: every one), each with the addresses of those languages.
	for _, l := range locale.All {
		t.Run(string(l), func(t *testing.T) {
			want := map[string][]locale.Locale{} // address: the languages it has a text in
			for _, p := range cat.Pages() {
				langs := cat.Languages(p)
				if !strings.HasPrefix(p.Route, "/auth/") && p.Route != "/account" && slices.Contains(langs, l) {
					want[base+locale.Path(l, p.Route)] = langs
				}
			}
			set := parse(t, docs[sitemap.LocalePath(l)].Body)
			if set.XMLName.Local != "urlset" {
				t.Fatalf("root %v", set.XMLName)
			}
			seen := map[string]int{}
			for _, u := range set.URLs {
				seen[u.Loc]++
				if len(u.LastMod) != len("2006-01-02") {
					t.Errorf("%s: lastmod %q", u.Loc, u.LastMod)
				}
				langs := want[u.Loc]
				if len(u.Links) != len(langs)+1 || u.Links[len(langs)].Hreflang != "x-default" {
					t.Fatalf("%s: alternates %+v, want %v", u.Loc, u.Links, langs)
				}
				for i, alt := range u.Links[:len(langs)] {
					if alt.Rel != "alternate" || alt.Hreflang != string(langs[i]) || !strings.HasPrefix(alt.Href, base+"/") {
						t.Errorf("%s: alternate %+v", u.Loc, alt)
					}
				}
				if u.Links[len(langs)].Href != u.Links[0].Href {
					t.Errorf("%s: x-default is not the English address", u.Loc)
				}
			}
			for loc := range want {
				if n := seen[loc]; n != 1 {
					t.Errorf("%s listed %d times", loc, n)
				}
			}
			if len(set.URLs) != len(want) {
				t.Errorf("%d addresses, want %d", len(set.URLs), len(want))
			}
			for loc := range seen {
				if strings.Contains(loc, "/auth/") || strings.HasSuffix(loc, "/account") {
					t.Errorf("%s must not be listed", loc)
				}
			}
		})
	}

	en := parse(t, docs["/sitemap-en.xml"].Body)
	lastmods := map[string]string{}
	for _, u := range en.URLs {
		lastmods[strings.TrimPrefix(u.Loc, base)] = u.LastMod
	}
	for route, want := range map[string]string{
		"/terms":                           "2026-09-30", // the legal text's own date
		"/about-us":                        "2026-11-01", // when its entry changed
		"/resources/news/new-dubai-office": "2026-10-14", // the story's date
		"/compliance/soc-reports":          "2026-11-04", // no content: the content version's date
	} {
		if lastmods[route] != want {
			t.Errorf("%s lastmod %q, want %q", route, lastmods[route], want)
		}
	}
	ar := parse(t, docs["/sitemap-ar.xml"].Body)
	if ar.URLs[0].Loc != base+"/ar" || ar.URLs[0].Links[0].Href != base+"/" {
		t.Fatalf("Arabic home = %+v", ar.URLs[0])
	}
}

func TestEscapesAddresses(t *testing.T) {
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	body, _ := sitemap.ForLocale(cat, locale.En, "https://example.test/?a=1&b=<2>", seeded)
	if bytes.Contains(body, []byte("&b=<2>")) {
		t.Fatal("an address is written unescaped")
	}
	parse(t, body)
}

func TestRobots(t *testing.T) {
	robots := string(sitemap.Robots(base))
	lines := strings.Split(strings.TrimSpace(robots), "\n")
	if lines[0] != "User-agent: *" || lines[1] != "Allow: /" {
		t.Fatalf("robots.txt starts %q", lines[:2])
	}
	for _, want := range []string{"Disallow: /account", "Disallow: /auth/", "Disallow: /api/", "Disallow: /nl/account", "Disallow: /nl/auth/",
		"Disallow: /fr/account", "Disallow: /fr/auth/", "Disallow: /ar/account", "Disallow: /ar/auth/", "Sitemap: " + base + "/sitemap.xml"} {
		found := false
		for _, line := range lines {
			found = found || line == want
		}
		if !found {
			t.Errorf("robots.txt lacks %q:\n%s", want, robots)
		}
	}
}

// A language whose search listing hides the page from search engines is
// left out of its sitemap and named by no other as an alternate; hiding the
// English text hides every language that falls back to it.
func TestLeavesOutNoindex(t *testing.T) {
	const story = "/resources/news/new-dubai-office"
	catalog := func(t *testing.T, hide ...string) *content.Catalog {
		t.Helper()
		files := testenv.SampleContent()
		for _, name := range hide {
			files[name] = strings.Replace(files[name], `"date":`, `"seo": {"title": "Hidden", "noindex": true}, "date":`, 1)
		}
		set, err := content.ReadSeed(testenv.SeedTree(t, files))
		if err != nil {
			t.Fatal(err)
		}
		cat, problems := must(t).WithEntries(set.Entries)
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		return cat
	}
	listed := func(cat *content.Catalog, l locale.Locale) (loc bool, hreflangs []string) {
		body, _ := sitemap.ForLocale(cat, l, base, seeded)
		for _, u := range parse(t, body).URLs {
			for _, link := range u.Links {
				if strings.HasSuffix(link.Href, story) {
					hreflangs = append(hreflangs, link.Hreflang)
				}
			}
			if strings.HasSuffix(u.Loc, story) {
				loc = true
			}
		}
		return loc, hreflangs
	}

	shown := catalog(t)
	if in, langs := listed(shown, locale.Nl); !in || !slices.Contains(langs, "nl") {
		t.Fatalf("the Dutch story is not listed before it is hidden: %v %v", in, langs)
	}

	dutch := catalog(t, "collections/nl/news/new-dubai-office.json")
	if in, _ := listed(dutch, locale.Nl); in {
		t.Error("the Dutch sitemap lists the story hidden in Dutch")
	}
	if in, langs := listed(dutch, locale.En); !in || slices.Contains(langs, "nl") || !slices.Contains(langs, "x-default") {
		t.Errorf("the English sitemap: listed %v, alternates %v", in, langs)
	}

	english := catalog(t, "collections/en/news/new-dubai-office.json")
	if in, langs := listed(english, locale.En); in || slices.Contains(langs, "en") || slices.Contains(langs, "x-default") {
		t.Errorf("the English sitemap lists the hidden English story: %v %v", in, langs)
	}
	if in, _ := listed(english, locale.Nl); !in {
		t.Error("the Dutch text, shown to search engines, is no longer listed")
	}
	if in, _ := listed(english, locale.Fr); in {
		t.Error("the French page, showing the hidden English, is listed")
	}
}

func must(t *testing.T) *content.Catalog {
	t.Helper()
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}
