// Package render turns the site's content into documents: it builds each
// page's props and fingerprint, has the Node renderer (package ssr) draw the
// pages whose fingerprint changed, keeps every public page compressed in
// memory and in the database, and shares the work between replicas.
package render

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Props is everything the renderer needs to draw a page; the same value is
// embedded in the page for the browser to hydrate from.
type Props struct {
	Status     int                   `json:"status" tstype:"200 | 404"`
	Locale     locale.Locale         `json:"locale"`
	Dir        string                `json:"dir" tstype:"'ltr' | 'rtl'"`
	Year       int                   `json:"year"`
	BaseURL    string                `json:"baseUrl"`
	Page       PageProps             `json:"page"`
	Alternates []Alternate           `json:"alternates"`
	Canonical  string                `json:"canonical"`
	Site       content.Site          `json:"site"`
	Nav        []content.MenuItem    `json:"nav"`
	Footer     []content.FooterGroup `json:"footer"`
	Languages  []Language            `json:"languages"`
}

// PageProps describes the page being drawn.
type PageProps struct {
	Route          string                   `json:"route"`
	Path           string                   `json:"path"`
	Kind           string                   `json:"kind" tstype:"PageKind"`
	TranslationKey string                   `json:"translationKey"`
	Children       []content.MenuItem       `json:"children"`
	Breadcrumbs    []content.Crumb          `json:"breadcrumbs"`
	Collection     string                   `json:"collection,omitempty" tstype:"Collection"`        // on list and item pages
	Content        json.RawMessage          `json:"content" tstype:"Record<string, unknown> | null"` // the content file's JSON; null when the page has none
	Items          []content.ItemSummary    `json:"items"`                                           // what a list page lists; the home page's latest news
	Related        []content.ItemSummary    `json:"related,omitempty"`                               // on item pages: other items of the collection, shown after the text
	ContentLocale  locale.Locale            `json:"contentLocale"`                                   // the language Content is in
	Cover          string                   `json:"cover,omitempty"`                                 // on item pages: the uploaded cover's id; none for the drawn one
	Media          map[string]content.Media `json:"media,omitempty"`                                 // the library's pictures and documents the running text names, by id
	Updated        string                   `json:"updated"`                                         // ISO date the content last changed, "" when unknown
	Pagination     *Pagination              `json:"pagination,omitempty"`                            // on list pages
	Credentials    []content.Credential     `json:"credentials,omitempty"`                           // the accreditations the page shows: the home strip, a service's or standard's, their list
	Stories        []content.ItemSummary    `json:"stories,omitempty"`                               // the client stories a service or standard page links to
	Consultant     *content.ItemSummary     `json:"consultant,omitempty"`                            // on service and standard pages: the person who answers for it
}

// Pagination tells a list page which of its list's pages it is.
type Pagination struct {
	Page  int `json:"page"`  // from 1
	Pages int `json:"pages"` // at least 1
}

// Alternate is the address of the same page in another language.
type Alternate struct {
	Hreflang string `json:"hreflang"`
	Href     string `json:"href"`
}

// Language is an entry of the language switcher.
type Language struct {
	Code locale.Locale `json:"code"`
	Name string        `json:"name"`
}

// PropsInput is what BuildProps needs besides the page and locale.
type PropsInput struct {
	Catalog *content.Catalog
	Site    content.Site
	BaseURL string
	Year    int
	Now     time.Time // the render time, which decides whether a webinar is upcoming
}

// BuildProps assembles the props of a page in a locale. The not-found page
// (kind "not-found") answers 404 and has no address of its own. An item
// page's last breadcrumb carries the item's title in the page's language.
func BuildProps(in PropsInput, page *content.Page, loc locale.Locale) Props {
	text := in.Catalog.ContentAt(page, loc, in.Now)
	crumbs := page.Breadcrumbs
	if (page.Slug != "" || page.Added) && len(crumbs) > 0 && text.Title != "" {
		crumbs = slices.Clone(crumbs)
		crumbs[len(crumbs)-1].Name = text.Title
	}
	p := Props{
		Status:  http.StatusOK,
		Locale:  loc,
		Dir:     loc.Dir(),
		Year:    in.Year,
		BaseURL: in.BaseURL,
		Page: PageProps{
			Route:          page.Route,
			Path:           locale.Path(loc, page.Route),
			Kind:           page.Kind,
			TranslationKey: page.TranslationKey,
			Children:       in.Catalog.Localize(page.Children, loc),
			Breadcrumbs:    crumbs,
			Collection:     page.Collection,
			Content:        text.Body,
			Items:          in.Catalog.Items(page, loc, in.Now),
			Related:        in.Catalog.Related(page, loc, in.Now),
			ContentLocale:  text.Locale,
			Cover:          in.Catalog.Cover(page, loc),
			Media:          in.Catalog.Media(page, loc),
			Updated:        text.Updated,
			Credentials:    in.Catalog.Credentials(page, loc),
			Stories:        in.Catalog.Stories(page, loc),
			Consultant:     in.Catalog.Consultant(page, loc),
		},
		Alternates: []Alternate{},
		Site:       in.Site,
		Nav:        in.Catalog.Localize(in.Catalog.Nav(), loc),
		Footer:     in.Catalog.LocalizeFooter(loc),
		Languages:  languages(),
	}
	if number, pages := in.Catalog.Pagination(page); pages > 0 {
		p.Page.Pagination = &Pagination{Page: number, Pages: pages}
	}
	if page.Kind == content.KindNotFound {
		p.Status = http.StatusNotFound
		p.Page.Path = ""
		return p
	}
	p.Canonical = in.BaseURL + locale.Path(loc, page.Route)
	// Only the languages with a text of their own: a language showing the
	// English in its frame is no translation to send a search engine to,
	// nor is one whose search listing hides it from them.
	langs := in.Catalog.IndexedLanguages(page)
	for _, l := range langs {
		p.Alternates = append(p.Alternates, Alternate{Hreflang: string(l), Href: in.BaseURL + locale.Path(l, page.Route)})
	}
	if slices.Contains(langs, locale.Default) {
		p.Alternates = append(p.Alternates, Alternate{Hreflang: "x-default", Href: in.BaseURL + locale.Path(locale.Default, page.Route)})
	}
	return p
}

func languages() []Language {
	out := make([]Language, len(locale.All))
	for i, l := range locale.All {
		out[i] = Language{Code: l, Name: l.Name()}
	}
	return out
}

// Fingerprint identifies everything a document is built from: the build
// that renders it, the site's identity, the year and the page's own sources
// in the catalogue (its text and the items it lists). Two documents with
// the same fingerprint are the same document, so only those whose
// fingerprint changed are rendered again.
func Fingerprint(build, site string, in PropsInput, page *content.Page, loc locale.Locale) string {
	h := sha256.New()
	_, _ = fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00%s\x00%s\x00", build, site, in.BaseURL, in.Year, page.Kind, page.TranslationKey)
	in.Catalog.WriteSources(h, page, loc, in.Now)
	sum := h.Sum(nil)
	return base64.RawURLEncoding.EncodeToString(sum[:18])
}

// SiteDigest identifies the site's identity as pages show it, with the
// menus and footer of the catalogue.
func SiteDigest(site content.Site, cat *content.Catalog) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(site)
	_ = enc.Encode(cat.Nav())
	_ = enc.Encode(cat.Footer())
	// Added pages are named in menus by their title in each language.
	for _, l := range locale.All {
		_ = enc.Encode(cat.Localize(cat.Nav(), l))
	}
	sum := h.Sum(nil)
	return base64.RawURLEncoding.EncodeToString(sum[:18])
}

// pageMedia is what pages need of the library's items, by id.
func pageMedia(items map[string]store.MediaItem) map[string]content.Media {
	out := make(map[string]content.Media, len(items))
	for id, it := range items {
		m := content.Media{Kind: it.Kind, Width: it.Width, Height: it.Height, Bytes: it.Bytes, Files: []content.MediaFile{}}
		if it.Kind == store.MediaImage {
			m.Alt = it.Alt
			for _, f := range it.Files {
				m.Files = append(m.Files, content.MediaFile{Name: f.Name, Type: f.Type, Width: f.Width, Height: f.Height})
			}
		}
		out[id] = m
	}
	return out
}
