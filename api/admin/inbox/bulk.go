package inbox

import (
	"fmt"
	"strconv"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/bulk"
	"noorvale.example/site/api/endpoint"
)

// The actions a bulk request on the inbox may ask for.
const (
	bulkStatus = "status"
	bulkAssign = "assign"
)

type bulkRequest struct {
	Action   string  `json:"action" tstype:"'status' | 'assign'"`
	IDs      []int64 `json:"ids"`
	Status   string  `json:"status"`   // when changing the status
	Assignee string  `json:"assignee"` // when assigning; "" for nobody
}

// BulkView is what a bulk action on the inbox answers: what came of each
// submission, in the order asked, and how many were changed.
type BulkView struct {
	Results []bulk.Result `json:"results"`
	Done    int           `json:"done"`
}

// Bulk changes the status of, or assigns, each submission named, through
// the route that does it to one: the same checks, the same audit record.
//
// POST /api/admin/inbox/bulk
func (s *Service) Bulk(c echo.Context) error {
	req, m, err := access.Bind[bulkRequest](c)
	if err != nil {
		return err
	}
	handler, body := echo.HandlerFunc(s.SetStatus), any(statusRequest{Status: req.Status})
	if req.Action == bulkAssign {
		handler, body = s.SetAssignee, assigneeRequest{Assignee: req.Assignee}
	}
	switch {
	case req.Action != bulkStatus && req.Action != bulkAssign:
		return endpoint.Invalid(c, map[string]string{"action": m.StatusInvalid})
	case len(req.IDs) == 0:
		return endpoint.Invalid(c, map[string]string{"ids": m.Bulk.Empty})
	case len(req.IDs) > bulk.Max:
		return endpoint.Invalid(c, map[string]string{"ids": fmt.Sprintf(m.Bulk.TooMany, bulk.Max)})
	}
	steps := make([]bulk.Step, len(req.IDs))
	for i, id := range req.IDs {
		n := strconv.FormatInt(id, 10)
		steps[i] = bulk.Step{ID: n, Params: map[string]string{"id": n}, Body: body}
	}
	results, err := bulk.Run(c, steps, handler)
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
