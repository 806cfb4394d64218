package content

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Version answers one saved version of a language with its
// text, which the editor compares with the version before it, with the
// live text or with the form: the list of versions carries no texts, so
// that a long history stays small.
//
// GET /api/admin/content/:collection/:slug/:locale/versions/:version
func (s *Service) Version(c echo.Context) error {
	m := access.Text(c)
	k, ok := KeyOf(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	id, err := strconv.ParseInt(c.Param("version"), 10, 64)
	if err != nil || id <= 0 {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	}
	v, err := s.store.ContentVersionByID(c.Request().Context(), k, id)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	}
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	return endpoint.OK(c, viewVersion(v, names, true), "")
}
