package content

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Pages are edited with the content routes and machinery of items
// (versions, drafts, per-language publishing, outdated translations,
// schedules) under the collection "pages". A page's route holds slashes,
// so it is not a path segment: the item segment is the word "page" and the
// route travels in the query,
//
//	GET  /api/admin/content/pages                          the pages
//	GET  /api/admin/content/schema/pages?route=/about-us   a page's fields
//	GET  /api/admin/content/pages/page?route=/about-us     one page
//	PUT  /api/admin/content/pages/page/ar?route=/about-us  a draft of its Arabic
//
// and so on for publish, unpublish, schedule, versions and restore. The
// shipped tree stays in sitemap.json; editors add services, standards and
// information pages below it and delete those again,
//
//	GET    /api/admin/content/pages/parents                  where each kind may go
//	POST   /api/admin/content/pages                          a new page
//	POST   /api/admin/content/pages/page/unpublish?route=…   an added page off the site
//	DELETE /api/admin/content/pages/page?route=…&redirect=1  an added page

// pageSegment is the item segment of a page's content routes.
const pageSegment = "page"

// maxPageTitle bounds a new page's English title.
const maxPageTitle = 200

// pageKey reads the page a content route names: none for the list, else
// the route in the query, which must be a page with a content file.
func pageKey(c echo.Context) (collection, slug string, ok bool) {
	switch c.Param("slug") {
	case "":
		return content.PagesCollection, "", true
	case pageSegment:
		route := c.QueryParam("route")
		return content.PagesCollection, route, content.EditablePage(route)
	}
	return "", "", false
}

// loadAddedPages makes the tree this replica edits hold every added page,
// as the store has them now.
func (s *Service) loadAddedPages(ctx context.Context) error {
	rows, err := s.store.AddedPages(ctx)
	if err != nil {
		return err
	}
	for _, p := range content.SetAddedPages(content.AddedFrom(rows)) {
		s.log.Warn("added page left out of the tree", "err", p)
	}
	return nil
}

// parentChoice is a page a new page may go under.
type parentChoice struct {
	Route string   `json:"route"`
	Name  string   `json:"name"`      // English
	Key   string   `json:"key"`       // its name's key under nav. in the site's translations
	Trail []string `json:"trail"`     // the sections and groups above it, in English
	Keys  []string `json:"trailKeys"` // their names' keys under nav.
}

// kindChoice is a kind of page editors may add and where it may go.
type kindChoice struct {
	Kind    string         `json:"kind"`
	Parents []parentChoice `json:"parents"`
}

// PageParents answers the kinds of page editors may add, each with the
// pages it may go under.
//
// GET /api/admin/content/pages/parents
func (s *Service) PageParents(c echo.Context) error {
	out := []kindChoice{}
	for _, kind := range content.AddableKinds() {
		k := kindChoice{Kind: kind, Parents: []parentChoice{}}
		for _, p := range content.Parents(kind) {
			_, keys := content.PageKeys(p.Route)
			k.Parents = append(k.Parents, parentChoice{Route: p.Route, Name: p.Name, Key: p.TranslationKey,
				Trail: content.PageTrail(p.Route), Keys: keys})
		}
		out = append(out, k)
	}
	return endpoint.OK(c, out, "")
}

// newPageRequest is a page an editor adds.
type newPageRequest struct {
	Kind   string `json:"kind"`
	Parent string `json:"parent"`
	Title  string `json:"title"`
	Slug   string `json:"slug"`
}

// createdPage is a new page and its first version, a draft in English.
type createdPage struct {
	Route   string             `json:"route"`
	Kind    string             `json:"kind"`
	Version contentVersionView `json:"version"`
}

// CreatePage adds a page to the tree with its English title as the first
// draft of its English: it is on the site once that English is published.
// A kind, parent, title or slug of the wrong form answers 400; an address
// a page, list, redirect or the server itself answers already 409.
//
// POST /api/admin/content/pages
func (s *Service) CreatePage(c echo.Context) error {
	m := access.Text(c)
	pm := &m.Pages
	req, err := endpoint.Bind[newPageRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := s.loadAddedPages(ctx); err != nil {
		return err
	}
	req.Title = strings.TrimSpace(req.Title)
	errs := map[string]string{}
	kindOK := false
	for _, k := range content.AddableKinds() {
		kindOK = kindOK || k == req.Kind
	}
	switch {
	case !kindOK:
		errs["kind"] = pm.KindChoice
	case !content.MayParent(content.TreePage(req.Parent), req.Kind):
		errs["parent"] = pm.ParentChoice
	}
	switch {
	case req.Title == "":
		errs["title"] = pm.TitleEmpty
	case utf8.RuneCountInString(req.Title) > maxPageTitle || strings.ContainsAny(req.Title, "\x00\r\n"):
		errs["title"] = fmt.Sprintf(pm.TitleForm, maxPageTitle)
	}
	if !content.ValidSlug(req.Slug) {
		errs["slug"] = m.Items.SlugForm
	}
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	route := req.Parent + "/" + req.Slug
	taken, err := s.routeTaken(ctx, route)
	if err != nil {
		return err
	}
	if taken {
		msg := fmt.Sprintf(pm.RouteTaken, route)
		return endpoint.FailWith(c, http.StatusConflict, msg, map[string]any{"errors": map[string]string{"slug": msg}})
	}
	body, err := json.Marshal(map[string]string{"title": req.Title, "metaTitle": req.Title})
	if err != nil {
		return err
	}
	me := access.Of(c).Staff
	v, err := s.store.CreateAddedPage(ctx, store.AddedPage{Route: route, Kind: req.Kind, Parent: req.Parent, Name: req.Title, CreatedBy: me.ID}, string(body), s.now())
	if errors.Is(err, store.ErrPageExists) {
		msg := fmt.Sprintf(pm.RouteTaken, route)
		return endpoint.FailWith(c, http.StatusConflict, msg, map[string]any{"errors": map[string]string{"slug": msg}})
	}
	if err != nil {
		return err
	}
	if err := s.loadAddedPages(ctx); err != nil {
		return err
	}
	s.auditItem(c, audit.ActionContentCreate, content.PagesCollection, route, req.Kind)
	return endpoint.OK(c, createdPage{Route: route, Kind: req.Kind,
		Version: *viewVersion(v, map[string]string{me.ID: me.Name}, false)}, pm.PageCreated)
}

// routeTaken reports whether a route would shadow what the site answers
// already: a page of the tree (shipped or added, published or not), a
// list's numbered pages, a redirect's address or the server's own paths.
func (s *Service) routeTaken(ctx context.Context, route string) (bool, error) {
	if content.ReservedRoute(route) || content.TreePage(route) != nil {
		return true, nil
	}
	for _, col := range content.Collections() {
		if route == col.ListRoute || strings.HasPrefix(route, col.ListRoute+"/") {
			return true, nil
		}
	}
	redirects, err := s.store.SiteRedirects(ctx)
	if err != nil {
		return false, err
	}
	for _, r := range redirects {
		if r.From == route {
			return true, nil
		}
	}
	it, err := s.store.ContentItem(ctx, content.PagesCollection, route)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return false, err
	}
	return it != nil && err == nil, nil
}

// addedPage is the page editors added at route, from the tree as the
// database holds it now; without one it answers the request, 404 when no
// page is there and 403 with shipped when the page shipped with the site.
func (s *Service) addedPage(c echo.Context, route, shipped string) (*content.Page, error) {
	if err := s.loadAddedPages(c.Request().Context()); err != nil {
		return nil, err
	}
	p := content.TreePage(route)
	switch {
	case p == nil:
		return nil, endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	case !p.Added:
		return nil, endpoint.Fail(c, http.StatusForbidden, shipped)
	}
	return p, nil
}

// DeletePage removes a page editors added, in every language, with its
// versions; with redirect=1 (the back-office's default) its address then
// answers 301 to its parent. A shipped page answers 403, an added page
// with pages under it 409.
//
// DELETE /api/admin/content/pages/page?route=…&redirect=1
func (s *Service) DeletePage(c echo.Context) error {
	m := access.Text(c)
	pm := &m.Pages
	ctx := c.Request().Context()
	route := c.QueryParam("route")
	p, err := s.addedPage(c, route, pm.Shipped)
	if p == nil {
		return err
	}
	parent := p.Breadcrumbs[len(p.Breadcrumbs)-2].Route
	to := ""
	if r := c.QueryParam("redirect"); r == "1" || r == "true" {
		to = parent
	}
	err = s.store.DeleteAddedPage(ctx, route, to, access.Of(c).Staff.ID, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	case errors.Is(err, store.ErrPageHasChildren):
		return endpoint.Fail(c, http.StatusConflict, pm.HasChildren)
	case err != nil:
		return err
	}
	if err := s.loadAddedPages(ctx); err != nil {
		return err
	}
	detail, msg := "", pm.PageDeleted
	if to != "" {
		detail, msg = "301 → "+to, fmt.Sprintf(pm.PageDeletedRedirect, to)
	}
	s.auditItem(c, audit.ActionContentDelete, content.PagesCollection, route, detail)
	return endpoint.OK(c, nil, msg)
}

// UnpublishPage takes a page editors added off the site in every language,
// English too: it leaves menus, the footer, sitemaps and search, and its
// address answers 404, until its English is published again. A shipped
// page answers 403 (its English stays), one on the site in no language 409.
//
// POST /api/admin/content/pages/page/unpublish?route=…
func (s *Service) UnpublishPage(c echo.Context) error {
	m := access.Text(c)
	ctx := c.Request().Context()
	route := c.QueryParam("route")
	if p, err := s.addedPage(c, route, m.ContentEnglishStays); p == nil {
		return err
	}
	err := s.store.UnpublishContentItem(ctx, content.PagesCollection, route, access.Of(c).Staff.ID, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrNotLive):
		return endpoint.Fail(c, http.StatusConflict, m.Pages.NotLive)
	case err != nil:
		return err
	}
	s.auditItem(c, audit.ActionContentUnpublishItem, content.PagesCollection, route, "")
	return endpoint.OK(c, nil, m.Pages.PageUnpublished)
}

// incompletePage reports whether a version of an added page's text lacks
// what its kind needs: its first draft holds its title alone, and a page
// is never published half made.
func (s *Service) incompletePage(ctx context.Context, k store.ContentKey, version int64) (bool, error) {
	if k.Collection != content.PagesCollection || content.AddedPageAt(k.Slug) == nil {
		return false, nil
	}
	v, err := s.store.ContentVersionByID(ctx, k, version)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, problems, err := content.CheckEntry(k.Collection, k.Slug, []byte(v.Body))
	return err != nil || len(problems) > 0, nil
}
