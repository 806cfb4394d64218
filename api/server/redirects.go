package server

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// An item whose slug staff changed answers 301 from its old address to the
// new one, in every language, and so do the redirects staff added, with the
// status they chose, to a page of the site or an address elsewhere. The
// redirects are read from the store once
// per catalogue: the page cache builds a new catalogue whenever the content
// version moves, so a new redirect is seen with the content that made it,
// and the lookup happens only for a route no page has, never on the way to
// a page.

// RedirectStore is where the redirects of renamed items and those staff
// added are kept.
type RedirectStore interface {
	ContentRedirects(ctx context.Context) ([]store.ContentRedirect, error)
	SiteRedirects(ctx context.Context) ([]store.SiteRedirect, error)
}

// itemRedirects are the redirects as of one catalogue: old locale-free
// route to new, and the redirects staff added by the route they start from.
type itemRedirects struct {
	catalog *content.Catalog
	to      map[string]string
	added   map[string]store.SiteRedirect
}

// slugRedirects holds the redirects as of the catalogue last asked about.
type slugRedirects struct {
	store   RedirectStore
	current atomic.Pointer[itemRedirects]
}

// target returns where an old address leads, in its language, and with
// which status; ok is false for a route a page has or that no redirect
// starts from.
func (r *slugRedirects) target(ctx context.Context, catalog *content.Catalog, loc locale.Locale, route string) (string, int, bool) {
	if r == nil || r.store == nil || catalog.Page(route) != nil {
		return "", 0, false
	}
	cur := r.current.Load()
	if cur == nil || cur.catalog != catalog {
		rows, err := r.store.ContentRedirects(ctx)
		if err != nil {
			return "", 0, false
		}
		added, err := r.store.SiteRedirects(ctx)
		if err != nil {
			return "", 0, false
		}
		cur = &itemRedirects{catalog: catalog, to: map[string]string{}, added: make(map[string]store.SiteRedirect, len(added))}
		for _, c := range content.Collections() {
			for _, row := range rows {
				if row.Collection == c.Name {
					cur.to[c.ListRoute+"/"+row.From] = c.ListRoute + "/" + row.To
				}
			}
		}
		for _, a := range added {
			cur.added[a.From] = a
		}
		r.current.Store(cur)
	}
	if underCollection(route) {
		// A redirect never shadows a live item, nor leads to a page that is gone.
		if to, ok := cur.to[route]; ok && catalog.Page(to) != nil {
			return locale.Path(loc, to), http.StatusMovedPermanently, true
		}
	}
	a, ok := cur.added[route]
	if !ok {
		return "", 0, false
	}
	if !strings.HasPrefix(a.To, "/") {
		return a.To, a.Status, true
	}
	to := a.To
	// The page it leads to may have been renamed since.
	if renamed, ok := cur.to[to]; ok {
		to = renamed
	}
	if catalog.Page(to) == nil {
		return "", 0, false
	}
	return locale.Path(loc, to), a.Status, true
}

// underCollection reports whether a route is one level below a list page,
// where item pages are.
func underCollection(route string) bool {
	for _, c := range content.Collections() {
		if slug, ok := strings.CutPrefix(route, c.ListRoute+"/"); ok && content.ValidSlug(slug) {
			return true
		}
	}
	return false
}
