package content

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Editors add pages below the shipped tree: a service under a services
// landing page, a standard under a standards landing page and an
// information page under a section page. The store keeps where each sits;
// WithAdded merges them into a catalogue: the page with its breadcrumbs,
// a link among its parent's children, in the header menu where its
// siblings are and in the footer group that lists its parent.

// KindInformation is a plain page of running text an editor added.
const KindInformation = "information"

// AddedPage is a page editors added to the tree.
type AddedPage struct {
	Route  string // locale-free path: the parent's route, a slash and the slug
	Kind   string // KindService, KindStandard or KindInformation
	Parent string // route of the page it sits under
	Name   string // English title when it was made; menus use the live titles
}

// AddableKinds lists the kinds of page editors may add, in the order the
// back-office offers them.
func AddableKinds() []string { return []string{KindService, KindStandard, KindInformation} }

// MayParent reports whether a page of the shipped tree may have a page of
// a kind added under it: a services landing page with services for a
// service, a standards landing page with standards for a standard, a
// section page of the firm (kind about) for an information page.
func MayParent(p *Page, kind string) bool {
	if p == nil || p.Added {
		return false
	}
	switch kind {
	case KindService, KindStandard:
		if p.Kind != KindLanding || len(p.Children) == 0 {
			return false
		}
		for _, ch := range p.Children {
			if ch.Route != "" {
				if child := treePage(ch.Route); child != nil && !child.Added && child.Kind != kind {
					return false
				}
			}
		}
		return true
	case KindInformation:
		return p.Kind == KindAbout
	}
	return false
}

// Parents lists the pages of the shipped tree a page of a kind may be
// added under, in sitemap order.
func Parents(kind string) []*Page {
	cat, err := pageTree()
	if err != nil {
		return nil
	}
	var out []*Page
	for _, p := range cat.Pages() {
		if MayParent(p, kind) {
			out = append(out, p)
		}
	}
	return out
}

// reservedSegments are first path segments the server answers itself.
var reservedSegments = []string{"api", "admin", "media", "assets", "static", "dev", "healthz", "metrics", "sitemap.xml", "robots.txt"}

// ReservedRoute reports whether a route belongs to the server rather than
// to a page: its API, back-office, files and languages' prefixes, and the
// numbered pages of a list ("/page/2").
func ReservedRoute(route string) bool {
	segs := strings.Split(strings.Trim(route, "/"), "/")
	if slices.Contains(reservedSegments, segs[0]) {
		return true
	}
	if _, ok := locale.Parse(segs[0]); ok {
		return true
	}
	return slices.Contains(segs, "page")
}

// addedKeyFold turns a route into the letters and digits of a menu key.
var addedKeyFold = regexp.MustCompile(`[^a-z0-9]+`)

// addedKey is the key an added page's menu entries carry: no translation
// has it, so menus show the name they are given, the page's title.
func addedKey(route string) string {
	return "added-" + strings.Trim(addedKeyFold.ReplaceAllString(route, "-"), "-")
}

// WithAdded returns a catalogue with the added pages merged into the tree.
// A page whose parent is unknown, or whose route another page has, is left
// out and reported in problems.
func (c *Catalog) WithAdded(pages []AddedPage) (out *Catalog, problems []error) {
	out = &Catalog{
		pages:   slices.Clone(c.pages),
		byRoute: make(map[string]*Page, len(c.byRoute)+len(pages)),
		nav:     cloneMenu(c.nav),
		footer:  make([]FooterGroup, len(c.footer)),
	}
	for k, v := range c.byRoute {
		out.byRoute[k] = v
	}
	for i, g := range c.footer {
		g.Items = slices.Clone(g.Items)
		out.footer[i] = g
	}
	for _, a := range pages {
		parent := out.byRoute[a.Parent]
		switch {
		case parent == nil:
			problems = append(problems, fmt.Errorf("content: added page %s: no parent page %s", a.Route, a.Parent))
			continue
		case out.byRoute[a.Route] != nil:
			problems = append(problems, fmt.Errorf("content: added page %s: the route is another page's", a.Route))
			continue
		}
		key := addedKey(a.Route)
		link := MenuItem{Name: a.Name, TranslationKey: key, Route: a.Route, Added: true}
		p := &Page{
			Route:          a.Route,
			Kind:           a.Kind,
			TranslationKey: key,
			Name:           a.Name,
			Breadcrumbs:    append(slices.Clone(parent.Breadcrumbs), Crumb{TranslationKey: key, Name: a.Name, Route: a.Route}),
			Children:       []MenuItem{},
			Added:          true,
		}
		adopted := *parent
		adopted.Children = append(slices.Clone(parent.Children), link)
		out.byRoute[parent.Route] = &adopted
		out.pages[slices.Index(out.pages, parent)] = &adopted
		out.pages = append(out.pages, p)
		out.byRoute[p.Route] = p
		out.nav = appendUnder(out.nav, parent.Route, link)
		for i := range out.footer {
			if slices.ContainsFunc(out.footer[i].Items, func(m MenuItem) bool { return m.Route == parent.Route }) {
				out.footer[i].Items = append(out.footer[i].Items, link)
			}
		}
	}
	return out, problems
}

func cloneMenu(items []MenuItem) []MenuItem {
	out := slices.Clone(items)
	for i := range out {
		if out[i].Children != nil {
			out[i].Children = cloneMenu(out[i].Children)
		}
	}
	return out
}

// appendUnder adds a link to the menu group of the page at route: after
// its siblings in the group the page heads, or in a new group of the
// page's link (as its "Overview") and the new one.
func appendUnder(items []MenuItem, route string, link MenuItem) []MenuItem {
	for i := range items {
		it := &items[i]
		if it.Route == route && len(it.Children) == 0 {
			*it = MenuItem{Name: it.Name, TranslationKey: it.TranslationKey, Children: []MenuItem{
				{Name: "Overview", TranslationKey: "overview", Route: route}, link,
			}}
			return items
		}
		if len(it.Children) > 0 && it.Children[0].TranslationKey == "overview" && it.Children[0].Route == route {
			it.Children = append(it.Children, link)
			return items
		}
		it.Children = appendUnder(it.Children, route, link)
	}
	return items
}

// Localize returns menu entries with each added page named by its title
// in a language, or its English title where it has none.
func (c *Catalog) Localize(items []MenuItem, loc locale.Locale) []MenuItem {
	if !c.hasAdded() {
		return items
	}
	out := slices.Clone(items)
	for i := range out {
		if p := c.byRoute[out[i].Route]; p != nil && p.Added {
			if t, _ := c.lookup(p.Route, loc); t != nil && t.title != "" {
				out[i].Name = t.title
			}
		}
		if out[i].Children != nil {
			out[i].Children = c.Localize(out[i].Children, loc)
		}
	}
	return out
}

// LocalizeFooter is Localize for the footer's groups.
func (c *Catalog) LocalizeFooter(loc locale.Locale) []FooterGroup {
	if !c.hasAdded() {
		return c.footer
	}
	out := make([]FooterGroup, len(c.footer))
	for i, g := range c.footer {
		g.Items = c.Localize(g.Items, loc)
		out[i] = g
	}
	return out
}

func (c *Catalog) hasAdded() bool {
	for _, p := range c.pages {
		if p.Added {
			return true
		}
	}
	return false
}

// addedTree is the shipped tree with every added page, published or not:
// what the back-office edits. It is replaced whole when the added pages
// change.
var addedTree atomic.Pointer[Catalog]

// SetAddedPages makes the added pages part of the tree the back-office
// edits: their shapes, trails and review sections. It returns what could
// not be merged.
func SetAddedPages(pages []AddedPage) []error {
	base, err := pageTree()
	if err != nil {
		return []error{err}
	}
	cat, problems := base.WithAdded(pages)
	addedTree.Store(cat)
	return problems
}

// tree returns the page tree the back-office edits: the shipped one with
// the added pages.
func tree() (*Catalog, error) {
	if cat := addedTree.Load(); cat != nil {
		return cat, nil
	}
	return pageTree()
}

// treePage returns the page at a route in the tree the back-office edits.
func treePage(route string) *Page {
	cat, err := tree()
	if err != nil {
		return nil
	}
	return cat.Page(route)
}

// AddedPageAt returns the added page at a route, or nil for a shipped
// page or none.
func AddedPageAt(route string) *Page {
	if p := treePage(route); p != nil && p.Added {
		return p
	}
	return nil
}

// TreePage returns the page at a route in the tree the back-office edits,
// shipped or added, or nil.
func TreePage(route string) *Page { return treePage(route) }

// AddedFrom turns the store's added pages into the catalogue's.
func AddedFrom(rows []store.AddedPage) []AddedPage {
	out := make([]AddedPage, len(rows))
	for i, r := range rows {
		out[i] = AddedPage{Route: r.Route, Kind: r.Kind, Parent: r.Parent, Name: r.Name}
	}
	return out
}

// Published returns the added pages whose English is live: the ones the
// public site shows. A page before its English is published is nowhere on
// the site, only in the back-office and its preview.
func Published(pages []AddedPage, entries []store.ContentEntry) []AddedPage {
	live := map[string]bool{}
	for _, e := range entries {
		if e.Collection == PagesCollection && e.Locale == string(locale.Default) {
			live[e.Slug] = true
		}
	}
	out := make([]AddedPage, 0, len(pages))
	for _, p := range pages {
		if live[p.Route] {
			out = append(out, p)
		}
	}
	return out
}
