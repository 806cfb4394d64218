package visitors

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/bulk"
	"noorvale.example/site/api/endpoint"
)

// bulkEndSessions is the action a bulk request on visitors' accounts may
// ask for.
const bulkEndSessions = "end-sessions"

type bulkRequest struct {
	Action string   `json:"action" tstype:"'end-sessions'"`
	IDs    []string `json:"ids"`
}

// BulkView is what a bulk action on visitors' accounts answers: what came
// of each account, in the order asked, and how many were done.
type BulkView struct {
	Results []bulk.Result `json:"results"`
	Done    int           `json:"done"`
}

// Bulk signs each account named out everywhere, through the route that
// does it to one: the same checks, the same audit record.
//
// POST /api/admin/visitors/bulk
func (s *Service) Bulk(c echo.Context) error {
	req, m, err := access.Bind[bulkRequest](c)
	if err != nil {
		return err
	}
	switch {
	case req.Action != bulkEndSessions:
		return endpoint.Invalid(c, map[string]string{"action": m.FixFields})
	case len(req.IDs) == 0:
		return endpoint.Invalid(c, map[string]string{"ids": m.Bulk.Empty})
	case len(req.IDs) > bulk.Max:
		return endpoint.Invalid(c, map[string]string{"ids": fmt.Sprintf(m.Bulk.TooMany, bulk.Max)})
	}
	steps := make([]bulk.Step, len(req.IDs))
	for i, id := range req.IDs {
		steps[i] = bulk.Step{ID: id, Params: map[string]string{"id": id}}
	}
	results, err := bulk.Run(c, steps, s.EndSessions)
	if err != nil {
		return err
	}
	out := BulkView{Results: results}
	for _, r := range results {
		if r.OK {
			out.Done++
		}
	}
	return endpoint.OK(c, out, fmt.Sprintf(m.Bulk.Done, out.Done, len(results)))
}
