// Package content holds the site's identity, page tree and page content: it
// parses and checks the seed files shipped with the server, loads them into
// the store, and builds from the store the pages, menus and texts the
// renderer needs.
package content

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"noorvale.example/site/api/locale"
)

// seedFiles is the seed tree: site.json, sitemap.json, pages/ and
// collections/. Only its JSON files are read.
//
//go:embed seed
var seedFiles embed.FS

// SeedFS returns the seed tree shipped with the server, rooted at its top.
func SeedFS() fs.FS {
	sub, err := fs.Sub(seedFiles, "seed")
	if err != nil {
		panic("content: embedded seed tree: " + err.Error())
	}
	return sub
}

// Kinds of page the renderer knows how to draw.
const (
	KindHome      = "home"
	KindAbout     = "about"
	KindLanding   = "landing"
	KindService   = "service"
	KindStandard  = "standard"
	KindResources = "resources"
	KindCareers   = "careers"
	KindContact   = "contact"
	KindForms     = "forms"
	KindPeople    = "people" // the firm's people: leadership, then the team
	KindLegal     = "legal"

	KindAccreditations = "accreditations" // the list of the firm's accreditations and memberships
	KindLogin          = "login"
	KindNotFound       = "not-found"

	KindRegister       = "register"        // the registration form
	KindForgotPassword = "forgot-password" // asks for the reset code
	KindVerifyCode     = "verify-code"     // checks the reset code
	KindResetPassword  = "reset-password"  // sets the new password
	KindConfirmEmail   = "confirm-email"   // the landing page of the confirmation link, for any token
	KindAccount        = "account"         // the signed-in visitor's account; never pre-rendered

	KindArticle     = "article"     // a news story or a blog post
	KindPublication = "publication" // a guide, white paper, checklist or report
	KindWebinar     = "webinar"     // a past or upcoming webinar
	KindVacancy     = "vacancy"     // an open position

	KindAccreditation = "accreditation" // an accreditation, certification or membership
	KindCaseStudy     = "case-study"    // a client story
	KindPerson        = "person"        // one of the firm's people
)

var knownKinds = map[string]bool{
	KindHome: true, KindAbout: true, KindLanding: true, KindService: true, KindStandard: true,
	KindResources: true, KindCareers: true, KindContact: true, KindForms: true, KindLegal: true,
	KindLogin: true, KindRegister: true, KindForgotPassword: true, KindVerifyCode: true, KindResetPassword: true,
	KindConfirmEmail: true, KindAccount: true, KindPeople: true, KindAccreditations: true,
}

// MenuItem is an entry of the header menu, the footer or a page's children:
// either a link (Route) or a group (Children).
type MenuItem struct {
	Name           string     `json:"name"`
	TranslationKey string     `json:"translationKey"`
	Route          string     `json:"route,omitempty"`
	Children       []MenuItem `json:"children,omitempty"`
	Added          bool       `json:"added,omitempty"` // a link to a page editors added
}

// Crumb is one step of a page's breadcrumb trail; Route is empty for a
// group that has no page of its own.
type Crumb struct {
	TranslationKey string `json:"translationKey"`
	Name           string `json:"name"`
	Route          string `json:"route,omitempty"`
}

// FooterGroup is a column of footer links.
type FooterGroup struct {
	TranslationKey string     `json:"translationKey"`
	Name           string     `json:"name"`
	Items          []MenuItem `json:"items"`
}

// Page is a public page of the site, independent of language.
type Page struct {
	Route          string     // locale-free path, "/about-us"
	Kind           string     // one of the Kind constants
	TranslationKey string     // key of its name under nav. in the web app's translations; an item page has its list's
	Name           string     // English name; an item page's English title
	Breadcrumbs    []Crumb    // Home first, this page last
	Children       []MenuItem // child pages (a landing page's services or standards)
	Collection     string     // the collection a list or item page shows, else ""
	Slug           string     // an item page's slug, else ""
	Number         int        // a list's page number from 2 on; 0 for its first page and every other page
	Added          bool       // editors added the page to the tree; it is not in sitemap.json
}

// SignedInOnly reports whether the page exists only for a signed-in visitor,
// so it is rendered per request and never cached.
func (p *Page) SignedInOnly() bool { return p.Kind == KindAccount }

// Indexable reports whether search engines should list the page: every
// public page except the sign-in pages and the not-found page.
func (p *Page) Indexable() bool {
	switch {
	case p.Kind == KindNotFound || p.Kind == KindLogin || p.Route == "":
		return false
	case p.Route == "/auth" || strings.HasPrefix(p.Route, "/auth/"):
		return false
	case p.Route == "/account":
		return false
	}
	return true
}

// node is an entry of sitemap.json: a page when it has a route, a group otherwise.
type node struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Route    string `json:"route"`
	Kind     string `json:"kind"`
	Children []node `json:"children"`
}

type sitemapFile struct {
	Pages  []node   `json:"pages"`
	Menu   []string `json:"menu"`
	Footer []struct {
		Key   string   `json:"key"`
		Name  string   `json:"name"`
		Items []string `json:"items"`
	} `json:"footer"`
}

// Catalog is the parsed page tree with its menus and, once WithEntries has
// added them, the pages' texts and the collections' item pages. It is
// immutable once built.
type Catalog struct {
	pages   []*Page
	byRoute map[string]*Page
	nav     []MenuItem
	footer  []FooterGroup
	texts   map[string]map[locale.Locale]*entryText // by route, then language
	lists   map[string][]*listedItem                // by collection, newest first
	listed  map[string]int                          // an item page's place in its collection's list, by route
	media   map[string]Media                        // the library items the texts name, by id (WithMedia)
}

// Load parses the embedded sitemap.json.
func Load() (*Catalog, error) {
	data, err := seedFiles.ReadFile("seed/sitemap.json")
	if err != nil {
		return nil, fmt.Errorf("content: read sitemap: %w", err)
	}
	return Parse(data)
}

// Parse builds a catalogue from the contents of a sitemap.json file.
func Parse(data []byte) (*Catalog, error) {
	var f sitemapFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("content: parse sitemap: %w", err)
	}
	c := &Catalog{byRoute: map[string]*Page{}}
	byKey := map[string]*node{}
	home := Crumb{TranslationKey: "home", Name: "Home", Route: "/"}
	for i := range f.Pages {
		if err := c.addNode(&f.Pages[i], nil, byKey); err != nil {
			return nil, err
		}
	}
	if n, ok := byKey["home"]; ok {
		home = Crumb{TranslationKey: n.Key, Name: n.Name, Route: n.Route}
	}
	for _, p := range c.pages {
		if p.Route != "/" {
			p.Breadcrumbs = append([]Crumb{home}, p.Breadcrumbs...)
		}
	}

	for _, key := range f.Menu {
		n, ok := byKey[key]
		if !ok {
			return nil, fmt.Errorf("content: menu names unknown key %q", key)
		}
		c.nav = append(c.nav, menuItem(n))
	}
	for _, g := range f.Footer {
		group := FooterGroup{TranslationKey: g.Key, Name: g.Name, Items: []MenuItem{}}
		for _, key := range g.Items {
			n, ok := byKey[key]
			if !ok || n.Route == "" {
				return nil, fmt.Errorf("content: footer group %q names %q, which is not a page", g.Key, key)
			}
			group.Items = append(group.Items, MenuItem{Name: n.Name, TranslationKey: n.Key, Route: n.Route})
		}
		c.footer = append(c.footer, group)
	}
	return c, nil
}

// addNode records a node and its descendants; trail is the breadcrumb chain
// of its ancestors.
func (c *Catalog) addNode(n *node, trail []Crumb, byKey map[string]*node) error {
	if n.Key == "" || n.Name == "" {
		return fmt.Errorf("content: a sitemap entry lacks a key or a name (under %v)", trail)
	}
	if _, dup := byKey[n.Key]; dup {
		return fmt.Errorf("content: key %q is used twice", n.Key)
	}
	byKey[n.Key] = n
	crumb := Crumb{TranslationKey: n.Key, Name: n.Name, Route: n.Route}
	chain := append(append([]Crumb{}, trail...), crumb)
	if n.Route != "" {
		if !knownKinds[n.Kind] {
			return fmt.Errorf("content: page %q has unknown kind %q", n.Route, n.Kind)
		}
		if n.Route[0] != '/' || (len(n.Route) > 1 && n.Route[len(n.Route)-1] == '/') {
			return fmt.Errorf("content: route %q must start with / and not end with one", n.Route)
		}
		if _, dup := c.byRoute[n.Route]; dup {
			return fmt.Errorf("content: route %q is used twice", n.Route)
		}
		p := &Page{
			Route:          n.Route,
			Kind:           n.Kind,
			TranslationKey: n.Key,
			Name:           n.Name,
			Breadcrumbs:    chain,
			Children:       []MenuItem{},
		}
		if col := collectionListedAt(n.Route); col != nil {
			p.Collection = col.Name
		}
		for i := range n.Children {
			p.Children = append(p.Children, menuItem(&n.Children[i]))
		}
		c.pages = append(c.pages, p)
		c.byRoute[p.Route] = p
	}
	for i := range n.Children {
		if err := c.addNode(&n.Children[i], chain, byKey); err != nil {
			return err
		}
	}
	return nil
}

// menuItem turns a node into a menu entry: a link for a page without
// children; a group for anything with children, where a landing page's own
// link comes first as its "Overview".
func menuItem(n *node) MenuItem {
	item := MenuItem{Name: n.Name, TranslationKey: n.Key}
	if len(n.Children) == 0 {
		item.Route = n.Route
		return item
	}
	if n.Route != "" {
		item.Children = append(item.Children, MenuItem{Name: "Overview", TranslationKey: "overview", Route: n.Route})
	}
	for i := range n.Children {
		item.Children = append(item.Children, menuItem(&n.Children[i]))
	}
	return item
}

// Pages returns every public page in sitemap order.
func (c *Catalog) Pages() []*Page { return c.pages }

// Page returns the page at a locale-free route, or nil.
func (c *Catalog) Page(route string) *Page { return c.byRoute[route] }

// Nav returns the header menu.
func (c *Catalog) Nav() []MenuItem { return c.nav }

// Footer returns the footer link groups.
func (c *Catalog) Footer() []FooterGroup { return c.footer }

// NotFound returns the page the site shows for an unknown address.
func (c *Catalog) NotFound() *Page {
	home := Crumb{TranslationKey: "home", Name: "Home", Route: "/"}
	if p := c.byRoute["/"]; p != nil {
		home = Crumb{TranslationKey: p.TranslationKey, Name: p.Name, Route: "/"}
	}
	return &Page{
		Route:          "",
		Kind:           KindNotFound,
		TranslationKey: "notFound",
		Name:           "Page not found",
		Breadcrumbs:    []Crumb{home, {TranslationKey: "notFound", Name: "Page not found"}},
		Children:       []MenuItem{},
	}
}
