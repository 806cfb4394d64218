package inbox

import (
	"context"
	"net/url"

	"noorvale.example/site/api/store"
)

// Work is the inbox's side of a staff member's home screen: the new
// submissions nobody has taken, and the open ones given to them, each
// with the inbox's address filtered to them.
type Work struct {
	New          int64  `json:"new"`
	NewLink      string `json:"newLink"`
	Assigned     int64  `json:"assigned"`
	AssignedLink string `json:"assignedLink"`
}

// Work counts the submissions waiting for a staff member whose role
// covers the inbox.
func (s *Service) Work(ctx context.Context, m *store.Staff) (Work, error) {
	sc := scopeOf(m)
	f := sc.filter()
	f.Status, f.Assignee = store.StatusNew, store.AssigneeNone
	fresh, _, err := s.store.InboxCount(ctx, f)
	if err != nil {
		return Work{}, err
	}
	out := Work{New: fresh, NewLink: "/admin/inbox?" + url.Values{"status": {store.StatusNew}, "assignee": {store.AssigneeNone}}.Encode(),
		AssignedLink: "/admin/inbox?" + url.Values{"assignee": {m.ID}}.Encode()}
	for _, status := range openStatuses {
		f := sc.filter()
		f.Status, f.Assignee = status, m.ID
		n, _, err := s.store.InboxCount(ctx, f)
		if err != nil {
			return Work{}, err
		}
		out.Assigned += n
	}
	return out, nil
}
