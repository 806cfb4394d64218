// Package preview draws a draft as the site will show it. A preview is the
// page a language of an item will be once its latest
// saved version is published: drawn by the site's own renderer, in the
// theme the staff member chose, under a banner that names the language,
// the version and its state in the staff member's language. It is an
// answer of the back-office API, so it is never cached or indexed, and it
// is made inert: no script runs in it and no form in it submits, so
// nothing in it acts on the staff member's behalf. Its links lead to the
// live site, without the banner.
package preview

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html"
	"net/http"
	"regexp"
	"strconv"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	admincontent "noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// Previewer renders the page a draft will be; *render.Cache is one.
type Previewer interface {
	Preview(ctx context.Context, draft store.ContentEntry) ([]byte, error)
}

// previewStyle is the banner's look; the preview's Content-Security-Policy
// allows it by its hash and no other inline style.
const previewStyle = `.noorvale-preview{position:sticky;top:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:.25rem 1rem;` +
	`padding:.6rem 1rem;background:#5b1a7a;color:#fff;font:600 15px/1.5 system-ui,sans-serif;` +
	`border-block-end:6px dashed #f5c542}.noorvale-preview strong{text-transform:uppercase;letter-spacing:.06em}` +
	`.noorvale-preview span{font-weight:400}`

// previewCSP is the preview's Content-Security-Policy: the banner's style
// and the site's stylesheets, which the renderer writes into its pages, are
// allowed by their hashes, and no script at all.
func previewCSP(styleHashes []string) []string {
	sum := sha256.Sum256([]byte(previewStyle))
	style := "'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, h := range styleHashes {
		style += " '" + h + "'"
	}
	return []string{"default-src 'self'; script-src 'none'; style-src " + style + "; img-src 'self' data:; " +
		"font-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'; " +
		"frame-ancestors 'self'; form-action 'none'"}
}

var (
	scriptElement = regexp.MustCompile(`(?is)<script\b[^>]*>.*?</script\s*>`)
	modulePreload = regexp.MustCompile(`(?i)<link rel="modulepreload"[^>]*>`)
)

// Preview answers the page of one language of an item with its
// latest saved version in place of what is live, in the light or dark
// theme (?theme=dark).
//
// GET /api/admin/content/:collection/:slug/:locale/preview
func (s *Service) Preview(c echo.Context) error {
	m := access.Text(c)
	pm := &m.Preview
	k, ok := admincontent.KeyOf(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	theme := c.QueryParam("theme")
	switch theme {
	case "":
		theme = "light"
	case "light", "dark":
	default:
		return endpoint.Fail(c, http.StatusBadRequest, pm.ThemeInvalid)
	}
	if s.preview == nil {
		return endpoint.Fail(c, http.StatusServiceUnavailable, pm.Unavailable)
	}
	it, err := s.store.ContentItem(c.Request().Context(), k.Collection, k.Slug)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	if err != nil {
		return err
	}
	draft := store.ContentEntry{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale}
	live, isLive := it.Live[k.Locale]
	state := pm.NoText
	var version int64
	switch latest, saved := it.Latest[k.Locale]; {
	case saved:
		draft.Body, version = latest.Body, latest.ID
		state = pm.Draft
		if ed := it.Editions[k.Locale]; ed.PublishedVersion == latest.ID && ed.State == store.EditionPublished {
			state = pm.Published
		}
	case isLive:
		draft.Body = live.Body
		state = pm.Published
	}
	doc, err := s.preview.Preview(c.Request().Context(), draft)
	switch {
	case errors.Is(err, render.ErrNoPage):
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	case errors.Is(err, render.ErrUnavailable):
		return endpoint.Fail(c, http.StatusServiceUnavailable, pm.Unavailable)
	case err != nil:
		return err
	}
	h := c.Response().Header()
	h["Content-Security-Policy"] = s.csp
	h["X-Frame-Options"] = []string{"SAMEORIGIN"}
	h["Cache-Control"] = []string{"no-store"}
	h["X-Robots-Tag"] = []string{"noindex, nofollow, noarchive"}
	staffLang := endpoint.Locale(c.Request())
	return c.HTMLBlob(http.StatusOK, markPreview(doc, theme, banner(pm, staffLang, k.Locale, version, state)))
}

// markPreview makes a rendered page a preview: its scripts and their
// preloads removed, the theme set on <html>, the title and the top of the
// body marked with the banner. The page's markup is shown once an element
// follows it (web/site/whole-markup.css), which the removed scripts were:
// an empty one takes their place.
func markPreview(doc []byte, theme string, b previewBanner) []byte {
	doc = scriptElement.ReplaceAll(doc, nil)
	doc = modulePreload.ReplaceAll(doc, nil)
	doc = bytes.Replace(doc, []byte("<html "), []byte(`<html class="theme-`+theme+`" `), 1)
	doc = bytes.Replace(doc, []byte("</head>"), []byte("<style>"+previewStyle+"</style></head>"), 1)
	doc = bytes.Replace(doc, []byte("<title>"), []byte("<title>"+html.EscapeString(b.title+" · "+b.what)+" | "), 1)
	doc = bytes.Replace(doc, []byte("</body>"), []byte("<div hidden></div></body>"), 1)
	return bytes.Replace(doc, []byte("<body>"), []byte("<body>"+b.html()), 1)
}

// previewBanner is the line above a preview, in the staff member's language.
type previewBanner struct {
	lang, dir string
	title     string // "Preview"
	what      string // the language, the version and its state
	note      string
}

func (b previewBanner) html() string {
	return `<div class="noorvale-preview" role="note" lang="` + b.lang + `" dir="` + b.dir + `" data-preview>` +
		`<strong>` + html.EscapeString(b.title) + `</strong>` +
		`<b>` + html.EscapeString(b.what) + `</b>` +
		`<span>` + html.EscapeString(b.note) + `</span></div>`
}

// banner describes a preview of a language at a version (0: the text of
// the content files) in a state.
func banner(pm *locale.AdminPreview, staffLang locale.Locale, loc string, version int64, state string) previewBanner {
	b := previewBanner{lang: "en", dir: "ltr", title: pm.Title, note: pm.NotLive}
	if staffLang == locale.Ar {
		b.lang, b.dir = "ar", "rtl"
	}
	what := pm.NoVersion
	if version > 0 {
		what = pm.Version + " " + strconv.FormatInt(version, 10)
	}
	b.what = pm.Languages[loc] + " · " + what + " · " + state
	return b
}

// Service answers the preview's route.
type Service struct {
	store   *store.Store
	preview Previewer
	// csp is the Content-Security-Policy of a preview.
	csp []string
}

// New returns the preview drawn by preview (none: previews answer 503) of
// what st holds, with the site's stylesheets' CSP hashes.
func New(st *store.Store, preview Previewer, styleHashes []string) *Service {
	return &Service{store: st, preview: preview, csp: previewCSP(styleHashes)}
}
