package server

import (
	"context"
	"strings"
	"sync/atomic"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// An item whose slug staff changed answers 301 from its old address to the
// new one, in every language. The redirects are read from the store once
// per catalogue: the page cache builds a new catalogue whenever the content
// version moves, so a new redirect is seen with the content that made it,
// and the lookup happens only for a route no page has, never on the way to
// a page.

// RedirectStore is where the redirects of renamed items are kept.
type RedirectStore interface {
	ContentRedirects(ctx context.Context) ([]store.ContentRedirect, error)
}

// itemRedirects are the redirects as of one catalogue: old locale-free
// route to new.
type itemRedirects struct {
	catalog *content.Catalog
	to      map[string]string
}

// slugRedirects holds the redirects as of the catalogue last asked about.
type slugRedirects struct {
	store   RedirectStore
	current atomic.Pointer[itemRedirects]
}

// target returns where an old item address leads, in its language; ok is
// false for a route a page has or that no renamed item had.
func (r *slugRedirects) target(ctx context.Context, catalog *content.Catalog, loc locale.Locale, route string) (string, bool) {
	if r == nil || r.store == nil || catalog.Page(route) != nil || !underCollection(route) {
		return "", false
	}
	cur := r.current.Load()
	if cur == nil || cur.catalog != catalog {
		rows, err := r.store.ContentRedirects(ctx)
		if err != nil {
			return "", false
		}
		cur = &itemRedirects{catalog: catalog, to: map[string]string{}}
		for _, c := range content.Collections() {
			for _, row := range rows {
				if row.Collection == c.Name {
					cur.to[c.ListRoute+"/"+row.From] = c.ListRoute + "/" + row.To
				}
			}
		}
		r.current.Store(cur)
	}
	to, ok := cur.to[route]
	// A redirect never shadows a live item, nor leads to a page that is gone.
	if !ok || catalog.Page(to) == nil {
		return "", false
	}
	return locale.Path(loc, to), true
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
