package content

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// The firm's settings (its identity: names, parent company, e-mail, phone,
// chat link, social links, offices) are edited by editors and
// administrators (content.edit) as one form generated from the shape the
// server checks them with. A save names the revision it was based on, so a
// save over someone else's answers 409 with who saved; a save moves the
// content version, so every page on every replica shows it.

// settingsRevisionView is a save of the settings as the editor shows it.
type settingsRevisionView struct {
	ID        int64           `json:"id"`
	Author    person          `json:"author"`
	CreatedAt time.Time       `json:"createdAt"`
	Body      json.RawMessage `json:"body,omitempty"`
}

// currentSettings answers the settings as the form takes them, with the
// latest save by staff (null when staff never saved them).
func (s *Service) currentSettings(c echo.Context) (json.RawMessage, *settingsRevisionView, error) {
	ctx := c.Request().Context()
	settings, err := s.store.Settings(ctx)
	if err != nil {
		return nil, nil, err
	}
	rev, err := s.store.LatestSettingsRevision(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return content.SiteBody(settings), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	names, err := s.names(c)
	if err != nil {
		return nil, nil, err
	}
	return content.SiteBody(settings), &settingsRevisionView{ID: rev.ID, Author: person{ID: rev.AuthorID, Name: names[rev.AuthorID]},
		CreatedAt: rev.CreatedAt}, nil
}

// Settings answers the settings' fields and values.
//
// GET /api/admin/settings
func (s *Service) Settings(c echo.Context) error {
	body, rev, err := s.currentSettings(c)
	if err != nil {
		return err
	}
	return endpoint.OK(c, settingsView{Fields: content.SiteShape(), Body: body, Revision: rev}, "")
}

// settingsView is the firm's settings as their form takes them, with
// staff's latest save (null for none).
type settingsView struct {
	Fields   []content.FieldSpec   `json:"fields"`
	Body     json.RawMessage       `json:"body"`
	Revision *settingsRevisionView `json:"revision"`
}

// SaveSettings checks and saves the settings, if based on the latest save.
//
// PUT /api/admin/settings
func (s *Service) SaveSettings(c echo.Context) error {
	req, m, err := access.Bind[saveRequest](c)
	if err != nil {
		return err
	}
	im := &m.Items
	body, values, problems, err := content.CheckSite(req.Body)
	switch {
	case errors.Is(err, content.ErrNotAnObject):
		return endpoint.Invalid(c, map[string]string{"body": m.FixFields})
	case err != nil:
		return err
	case len(problems) > 0:
		return endpoint.Invalid(c, fieldErrors(m, problems))
	}
	me := access.Of(c).Staff
	rev, err := s.store.SaveIdentity(c.Request().Context(), values, body, me.ID, req.Base, s.now())
	if errors.Is(err, store.ErrVersionConflict) {
		current, latest, err := s.currentSettings(c)
		if err != nil {
			return err
		}
		return endpoint.FailWith(c, http.StatusConflict, im.SettingsConflict,
			map[string]any{"conflict": true, "body": current, "revision": latest})
	}
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionSettingsSave, Item: "settings",
		Detail: "revision " + strconv.FormatInt(rev.ID, 10), IP: c.RealIP()})
	return endpoint.OK(c, savedSettings{Revision: settingsRevisionView{ID: rev.ID, Author: person{ID: me.ID, Name: me.Name},
		CreatedAt: rev.CreatedAt}}, im.SettingsSaved)
}

// savedSettings is the save the settings' form made.
type savedSettings struct {
	Revision settingsRevisionView `json:"revision"`
}
