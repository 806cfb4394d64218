package render

import (
	"context"
	"fmt"
	"net/http"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
)

// SearchRoute is the address of the search page in each language, below
// the language's prefix.
const SearchRoute = "/search"

// KindSearch is the kind of the search page: a page of the site's frame
// that is no page of the catalogue, since its content is what a query
// found.
const KindSearch = "search"

// SearchProps are the props of the search page: a page's frame with what
// was searched and found, under "search".
type SearchProps struct {
	Props
	Search any `json:"search"`
}

// searchPage is the search page as the frame of the site sees it.
func searchPage(cat *content.Catalog) *content.Page {
	p := *cat.NotFound()
	p.Route, p.Kind, p.TranslationKey, p.Name = SearchRoute, KindSearch, "search", "Search"
	p.Breadcrumbs = []content.Crumb{p.Breadcrumbs[0], {TranslationKey: "search", Name: "Search"}}
	return &p
}

// RenderSearch draws the search page in loc with search, the answer to
// the visitor's query. Every query draws its own page, so the document is
// never cached, stored or shared.
func (c *Cache) RenderSearch(ctx context.Context, loc locale.Locale, search any) ([]byte, error) {
	in, err := c.input(ctx)
	if err != nil {
		return nil, err
	}
	if in.Catalog == nil {
		return nil, fmt.Errorf("render: search page: no catalogue yet")
	}
	page := searchPage(in.Catalog)
	p := BuildProps(in, page, loc)
	p.Status = http.StatusOK
	p.Page.Content = nil
	p.Page.Items = []content.ItemSummary{}
	p.Page.Related = nil
	p.Page.Credentials, p.Page.Stories = nil, nil
	p.Page.Pagination = nil
	p.Page.Cover = ""
	p.Page.ContentLocale = loc
	p.Canonical = in.BaseURL + locale.Path(loc, SearchRoute)
	p.Alternates = []Alternate{}
	for _, l := range locale.All {
		p.Alternates = append(p.Alternates, Alternate{Hreflang: string(l), Href: in.BaseURL + locale.Path(l, SearchRoute)})
	}
	_, html, err := c.cfg.Renderer.Render(ctx, SearchProps{Props: p, Search: search})
	if err != nil {
		return nil, fmt.Errorf("render: search page: %w", err)
	}
	return html, nil
}
