package content

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Editors (and administrators) create collection items, take them off the
// site in every language, delete them and change their slugs; translators
// may not (the routes need content.edit). A slug is part of the item's
// address in every language, so it is checked for form and uniqueness
// here, and a changed one leaves a redirect from the old address.

// collectionItem reads the collection and slug of an item route; pages are
// not items here.
func collectionItem(c echo.Context) (collection, slug string, ok bool) {
	collection, slug, ok = contentItemKey(c)
	return collection, slug, ok && content.IsCollection(collection)
}

// auditItem records an action on a whole item, named "news/a-slug".
func (s *Service) auditItem(c echo.Context, action, collection, slug, detail string) {
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: action,
		Item: collection + "/" + slug, Detail: detail, IP: c.RealIP()})
}

type createRequest struct {
	Slug string          `json:"slug"`
	Body json.RawMessage `json:"body"`
}

// CreateItem starts a new item of a collection from its English text, as a
// draft: it is on the site once its English is published. A slug of the
// wrong form answers 400, one an item has 409.
//
// POST /api/admin/content/:collection
func (s *Service) CreateItem(c echo.Context) error {
	m := access.Text(c)
	im := &m.Items
	collection, _, ok := collectionItem(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	req, err := endpoint.Bind[createRequest](c)
	if err != nil {
		return err
	}
	errs := map[string]string{}
	if !content.ValidSlug(req.Slug) {
		errs["slug"] = im.SlugForm
	}
	body, problems, err := content.CheckItem(collection, req.Body)
	switch {
	case errors.Is(err, content.ErrNotAnObject):
		errs["body"] = m.FixFields
	case err != nil:
		return err
	}
	if err == nil && len(problems) == 0 {
		problems = content.PageProblems(collection, req.Slug, body)
	}
	for path, msg := range fieldErrors(m, problems) {
		errs[path] = msg
	}
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	me := access.Of(c).Staff
	k := store.ContentKey{Collection: collection, Slug: req.Slug, Locale: string(locale.Default)}
	v, err := s.store.CreateContentItem(c.Request().Context(), k, body, me.ID, s.now())
	if errors.Is(err, store.ErrSlugTaken) {
		return endpoint.FailWith(c, http.StatusConflict, im.SlugTaken, map[string]any{"errors": map[string]string{"slug": im.SlugTaken}})
	}
	if err != nil {
		return err
	}
	s.auditItem(c, audit.ActionContentCreate, collection, req.Slug, "")
	return endpoint.OK(c, createdItem{Collection: collection, Slug: req.Slug,
		Version: *viewVersion(v, map[string]string{me.ID: me.Name}, false)}, im.ItemCreated)
}

// createdItem is a new item and its first version, a draft in English.
type createdItem struct {
	Collection string             `json:"collection"`
	Slug       string             `json:"slug"`
	Version    contentVersionView `json:"version"`
}

// itemKey names an item, as a renamed one is answered.
type itemKey struct {
	Collection string `json:"collection"`
	Slug       string `json:"slug"`
}

// UnpublishItem takes an item off the site in every language: 404 when
// there is no such item, 409 when it is on the site in none.
//
// POST /api/admin/content/:collection/:slug/unpublish
func (s *Service) UnpublishItem(c echo.Context) error {
	collection, slug, ok := collectionItem(c)
	if !ok || slug == "" {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	err := s.store.UnpublishContentItem(c.Request().Context(), collection, slug, access.Of(c).Staff.ID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	if errors.Is(err, store.ErrNotLive) {
		return endpoint.Fail(c, http.StatusConflict, access.Text(c).Items.ItemNotLive)
	}
	if err != nil {
		return err
	}
	s.auditItem(c, audit.ActionContentUnpublishItem, collection, slug, "")
	return endpoint.OK(c, nil, access.Text(c).Items.ItemUnpublished)
}

// DeleteItem removes an item everywhere; the seed never brings it back.
//
// DELETE /api/admin/content/:collection/:slug
func (s *Service) DeleteItem(c echo.Context) error {
	collection, slug, ok := collectionItem(c)
	if !ok || slug == "" {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	err := s.store.DeleteContentItem(c.Request().Context(), collection, slug, access.Of(c).Staff.ID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	if err != nil {
		return err
	}
	s.auditItem(c, audit.ActionContentDelete, collection, slug, "")
	return endpoint.OK(c, nil, access.Text(c).Items.ItemDeleted)
}

// slugRequest names an item's new slug.
type slugRequest struct {
	Slug string `json:"slug"`
}

// RenameItem changes an item's slug; its old address answers 301 to the
// new one in every language, forever.
//
// PUT /api/admin/content/:collection/:slug/slug
func (s *Service) RenameItem(c echo.Context) error {
	im := &access.Text(c).Items
	collection, slug, ok := collectionItem(c)
	if !ok || slug == "" {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	req, err := endpoint.Bind[slugRequest](c)
	if err != nil {
		return err
	}
	switch {
	case !content.ValidSlug(req.Slug):
		return endpoint.Invalid(c, map[string]string{"slug": im.SlugForm})
	case req.Slug == slug:
		return endpoint.Invalid(c, map[string]string{"slug": im.SlugSame})
	}
	err = s.store.RenameContentItem(c.Request().Context(), collection, slug, req.Slug, access.Of(c).Staff.ID, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	case errors.Is(err, store.ErrSlugTaken):
		return endpoint.FailWith(c, http.StatusConflict, im.SlugTaken, map[string]any{"errors": map[string]string{"slug": im.SlugTaken}})
	case err != nil:
		return err
	}
	s.auditItem(c, audit.ActionContentRename, collection, slug, slug+" → "+req.Slug)
	return endpoint.OK(c, itemKey{Collection: collection, Slug: req.Slug}, im.ItemRenamed)
}
