// Package sitemap writes the documents search engines read: a sitemap index,
// a sitemap per language and robots.txt, all generated from the catalogue.
package sitemap

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
)

// Content types of the documents.
const (
	XMLType  = "application/xml; charset=utf-8"
	TextType = "text/plain; charset=utf-8"
)

// Paths of the documents.
const (
	IndexPath  = "/sitemap.xml"
	RobotsPath = "/robots.txt"
)

// LocalePath returns the path of a language's sitemap, "/sitemap-ar.xml".
func LocalePath(l locale.Locale) string { return "/sitemap-" + string(l) + ".xml" }

// Document is a generated file with its content type.
type Document struct {
	ContentType string
	Body        []byte
}

// Documents returns every document by path: the index, one sitemap per
// language and robots.txt. baseURL is the public origin without a trailing
// slash; fallback dates the pages whose content tells no date of its own.
func Documents(cat *content.Catalog, baseURL string, fallback time.Time) map[string]Document {
	out := make(map[string]Document, len(locale.All)+2)
	lastmods := make([]string, len(locale.All))
	for i, l := range locale.All {
		body, newest := ForLocale(cat, l, baseURL, fallback)
		out[LocalePath(l)] = Document{ContentType: XMLType, Body: body}
		lastmods[i] = newest
	}
	out[IndexPath] = Document{ContentType: XMLType, Body: Index(baseURL, lastmods)}
	out[RobotsPath] = Document{ContentType: TextType, Body: Robots(baseURL)}
	return out
}

const (
	sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"
	xhtmlNS   = "http://www.w3.org/1999/xhtml"
)

type sitemapIndex struct {
	XMLName  xml.Name       `xml:"sitemapindex"`
	Xmlns    string         `xml:"xmlns,attr"`
	Sitemaps []indexSitemap `xml:"sitemap"`
}

type indexSitemap struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlSet struct {
	XMLName xml.Name    `xml:"urlset"`
	Xmlns   string      `xml:"xmlns,attr"`
	Xhtml   string      `xml:"xmlns:xhtml,attr"`
	URLs    []urlSetURL `xml:"url"`
}

type urlSetURL struct {
	Loc     string      `xml:"loc"`
	LastMod string      `xml:"lastmod,omitempty"`
	Links   []alternate `xml:"xhtml:link"`
}

type alternate struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// Index writes the sitemap index naming each language's sitemap, with the
// newest lastmod of each (lastmods follows locale.All).
func Index(baseURL string, lastmods []string) []byte {
	idx := sitemapIndex{Xmlns: sitemapNS}
	for i, l := range locale.All {
		s := indexSitemap{Loc: baseURL + LocalePath(l)}
		if i < len(lastmods) {
			s.LastMod = lastmods[i]
		}
		idx.Sitemaps = append(idx.Sitemaps, s)
	}
	return marshal(idx)
}

// ForLocale writes the sitemap of one language: every indexable page that
// has a text in that language (see content.Catalog.Languages; English
// always) not hidden from search engines by its search listing
// (content.Catalog.IndexedLanguages) at its address in it, with its last change and its addresses in
// the languages it has a text in. It also returns the newest lastmod it
// wrote.
func ForLocale(cat *content.Catalog, l locale.Locale, baseURL string, fallback time.Time) (body []byte, newest string) {
	set := urlSet{Xmlns: sitemapNS, Xhtml: xhtmlNS}
	fallbackDate := ""
	if !fallback.IsZero() {
		fallbackDate = fallback.UTC().Format(time.DateOnly)
	}
	for _, p := range cat.Pages() {
		// A language whose text staff hid from search engines is neither
		// listed nor named as another's alternate.
		langs := cat.IndexedLanguages(p)
		if !p.Indexable() || !slices.Contains(langs, l) {
			continue
		}
		u := urlSetURL{Loc: baseURL + locale.Path(l, p.Route), LastMod: cat.Content(p, l).Updated}
		if u.LastMod == "" {
			u.LastMod = fallbackDate
		}
		if u.LastMod > newest {
			newest = u.LastMod
		}
		for _, alt := range langs {
			u.Links = append(u.Links, alternate{Rel: "alternate", Hreflang: string(alt), Href: baseURL + locale.Path(alt, p.Route)})
		}
		if slices.Contains(langs, locale.Default) {
			u.Links = append(u.Links, alternate{Rel: "alternate", Hreflang: "x-default", Href: baseURL + locale.Path(locale.Default, p.Route)})
		}
		set.URLs = append(set.URLs, u)
	}
	return marshal(set), newest
}

func marshal(v any) []byte {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", " ")
	if err := enc.Encode(v); err != nil {
		// The values are plain structs of strings: encoding cannot fail.
		panic("sitemap: " + err.Error())
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// Robots writes robots.txt: everything may be crawled except the account
// pages, the sign-in pages of every language and the API; the sitemap index
// is named.
func Robots(baseURL string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, l := range locale.All {
		b.WriteString("Disallow: " + locale.Prefix(l) + "/account\n")
		b.WriteString("Disallow: " + locale.Prefix(l) + "/auth/\n")
	}
	b.WriteString("Disallow: /api/\n")
	b.WriteString("\nSitemap: " + baseURL + IndexPath + "\n")
	return []byte(b.String())
}
