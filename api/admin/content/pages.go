package content

import (
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/content"
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
// and so on for publish, unpublish, schedule, versions and restore. Pages
// are neither created, renamed nor deleted: the page tree stays in
// sitemap.json.

// pageSegment is the item segment of a page's content routes.
const pageSegment = "page"

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
