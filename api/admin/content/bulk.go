package content

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/bulk"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Acting on many languages of many items at once: each one goes through
// the route of the action done alone (package bulk), with its checks (the
// reader's languages, the item's existence, what the action needs) and its
// audit record, and the answer says what came of each.

// The actions a bulk request may ask for.
const (
	bulkPublish   = "publish"
	bulkUnpublish = "unpublish"
	bulkSchedule  = "schedule"
)

// BulkTarget names one language of a page or an item.
type BulkTarget struct {
	Collection string `json:"collection"`
	Slug       string `json:"slug"`
	Locale     string `json:"locale"`
}

// id names a target in the answer as the audit trail names it.
func (t BulkTarget) id() string {
	return store.ContentKey{Collection: t.Collection, Slug: t.Slug, Locale: t.Locale}.String()
}

type bulkRequest struct {
	Action   string       `json:"action" tstype:"'publish' | 'unpublish' | 'schedule'"`
	Items    []BulkTarget `json:"items"`
	At       time.Time    `json:"at"`       // when scheduling
	TimeZone string       `json:"timeZone"` // when scheduling
}

// BulkView is what a bulk action answers: what came of each item, in the
// order asked, and how many were done.
type BulkView struct {
	Results []bulk.Result `json:"results"`
	Done    int           `json:"done"`
}

// Bulk publishes the latest version of, takes off, or schedules the
// publication of the latest version of each language named.
//
// POST /api/admin/content/bulk
func (s *Service) Bulk(c echo.Context) error {
	m := access.Text(c)
	req, err := endpoint.Bind[bulkRequest](c)
	if err != nil {
		return err
	}
	switch {
	case req.Action != bulkPublish && req.Action != bulkUnpublish && req.Action != bulkSchedule:
		return endpoint.Invalid(c, map[string]string{"action": m.ContentScheduleAction})
	case len(req.Items) == 0:
		return endpoint.Invalid(c, map[string]string{"items": m.Bulk.Empty})
	case len(req.Items) > bulk.Max:
		return endpoint.Invalid(c, map[string]string{"items": fmt.Sprintf(m.Bulk.TooMany, bulk.Max)})
	}
	if req.Action == bulkSchedule {
		plan := scheduleRequest{Action: store.SchedulePublish, Version: 1, At: req.At, TimeZone: req.TimeZone}
		if _, errs := checkSchedule(plan, s.now(), m.Admin); len(errs) > 0 {
			return endpoint.Invalid(c, errs)
		}
	}
	out := BulkView{Results: make([]bulk.Result, 0, len(req.Items))}
	for _, t := range req.Items {
		r, err := s.bulkOne(c, t, req)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, r)
		if r.OK {
			out.Done++
		}
	}
	return endpoint.OK(c, out, fmt.Sprintf(m.Bulk.Done, out.Done, len(req.Items)))
}

// bulkOne does a bulk action to one language through the action's own route.
func (s *Service) bulkOne(c echo.Context, t BulkTarget, req bulkRequest) (bulk.Result, error) {
	m := access.Text(c)
	refused := func(msg string) (bulk.Result, error) { return bulk.Result{ID: t.id(), Message: msg}, nil }
	st, ok := targetStep(t)
	if !ok {
		return refused(m.ContentNotFound)
	}
	handler := s.Unpublish
	if req.Action != bulkUnpublish {
		it, err := s.store.ContentItem(c.Request().Context(), t.Collection, t.Slug)
		if errors.Is(err, store.ErrNotFound) {
			return refused(m.ContentNotFound)
		}
		if err != nil {
			return bulk.Result{}, err
		}
		latest, saved := it.Latest[t.Locale]
		if !saved || it.Editions[t.Locale].PublishedVersion == latest.ID {
			return refused(m.Bulk.NothingToPublish)
		}
		handler, st.Body = s.Publish, versionRequest{Version: latest.ID}
		if req.Action == bulkSchedule {
			handler = s.Schedule
			st.Body = scheduleRequest{Action: store.SchedulePublish, Version: latest.ID, At: req.At, TimeZone: req.TimeZone}
		}
	}
	results, err := bulk.Run(c, []bulk.Step{st}, handler)
	if err != nil || len(results) == 0 {
		return bulk.Result{}, err
	}
	return results[0], nil
}

// targetStep is the call of a language's route a bulk item names; ok is
// false for a name no route could take.
func targetStep(t BulkTarget) (bulk.Step, bool) {
	st := bulk.Step{ID: t.id(), Params: map[string]string{"collection": t.Collection, "slug": t.Slug, "locale": t.Locale}, Body: struct{}{}}
	if t.Collection == content.PagesCollection {
		st.Params["slug"] = pageSegment
		st.Query = url.Values{"route": {t.Slug}}
		return st, content.EditablePage(t.Slug)
	}
	return st, content.IsCollection(t.Collection) && content.ValidSlug(t.Slug)
}
