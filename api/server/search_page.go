package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/search"
)

// searchPages is the page cache as the search page uses it: it draws the
// page around each answer (render.Cache is one).
type searchPages interface {
	RenderSearch(ctx context.Context, loc locale.Locale, search any) ([]byte, error)
}

// searchKeeping is how long a search page may be kept: briefly, since a
// publish changes what a query finds, and by nobody's index (noindex).
var searchKeeping = []string{"public, max-age=60"}

// searchPageAnswer is what the search page is drawn from: the search's
// answer, or what kept it from being searched.
type searchPageAnswer struct {
	search.Answer
	Types []string `json:"types"` // the types a visitor may filter by
	// Error is why nothing was searched: "query" for a query the search
	// refuses (control characters), "building" while the index is built.
	Error string `json:"error,omitempty"`
}

// searchPage answers /search?q=…&type=…&page=… (and /nl/search, …): the
// results drawn as a page of the site, which works without scripts. A
// page's search is the visitor's own: it is counted, unlike the searches
// the header makes while the visitor types.
func (s *Server) searchPage(c echo.Context) error {
	r := c.Request()
	loc, _ := locale.Split(r.URL.Path)
	pages, ok := s.pages.(searchPages)
	if !ok || s.search == nil {
		return s.notFound(c, loc)
	}
	params := r.URL.Query()
	pageNo, _ := strconv.Atoi(params.Get("page"))
	ask := search.Ask{Text: params.Get("q"), Lang: loc, Type: params.Get("type"), Page: pageNo, Final: true}
	answer, err := s.search.Ask(ask)
	if errors.Is(err, search.ErrUnknownType) {
		ask.Type = ""
		answer, err = s.search.Ask(ask)
	}
	status := http.StatusOK
	out := searchPageAnswer{Answer: answer, Types: search.Types}
	h := c.Response().Header()
	switch {
	case errors.Is(err, search.ErrBadQuery):
		status, out.Error = http.StatusBadRequest, "query"
		out.Answer = search.Answer{Lang: string(loc), Results: []search.Hit{}, Page: 1, PerPage: search.PerPage}
	case errors.Is(err, search.ErrNoIndex):
		status, out.Error = http.StatusServiceUnavailable, "building"
		out.Answer = search.Answer{Query: answer.Query, Lang: string(loc), Results: []search.Hit{}, Page: 1, PerPage: search.PerPage}
		h.Set("Retry-After", strconv.Itoa(int(search.BuildingRetry.Seconds())))
	case err != nil:
		return err
	}
	html, err := pages.RenderSearch(r.Context(), loc, out)
	if err != nil {
		s.log.Warn("search page not rendered", "request_id", requestID(c), "err", err)
		return s.unavailable(c, loc)
	}
	h["X-Robots-Tag"] = noIndex
	if status == http.StatusOK {
		h["Cache-Control"] = searchKeeping
	} else {
		h["Cache-Control"] = noStore
	}
	return c.HTMLBlob(status, html)
}
