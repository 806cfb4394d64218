package inbox

import (
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
)

// The inbox's dashboard: how many submissions arrived each week over the
// last twelve, by form (office contacts by office), and how many open
// ones wait in each status, for the submissions the reader's role covers.

// dashboardWeeks is how many weeks the dashboard shows, this one included.
const dashboardWeeks = 12

// openStatuses are the statuses of work not yet finished, in the order the
// Dashboard shows them.
var openStatuses = []string{"new", "in-progress", "screening", "interview", "offer"}

// WeekSeries is the weekly count of one form, or of one office's contact form.
type WeekSeries struct {
	Kind   string  `json:"kind"`
	Office string  `json:"office,omitempty"`
	Counts []int64 `json:"counts"` // one per week, oldest first
	Total  int64   `json:"total"`
}

// Dashboard is the submissions of the last weeks by form and office, and
// the open ones by status.
type Dashboard struct {
	Weeks  []string      `json:"weeks"` // each week's Monday, oldest first
	Series []WeekSeries  `json:"series"`
	Open   []StatusCount `json:"open"`
}

// StatusCount is how many open submissions have a status.
type StatusCount struct {
	Status string `json:"status"`
	Count  int64  `json:"count"`
}

// weekStart returns the Monday 00:00 UTC of t's week.
func weekStart(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// Dashboard answers the weekly arrivals and the open statuses.
//
// GET /api/admin/inbox/dashboard
func (s *Service) Dashboard(c echo.Context) error {
	ctx := c.Request().Context()
	sc := scopeOf(access.Of(c).Staff)
	first := weekStart(s.now()).AddDate(0, 0, -7*(dashboardWeeks-1))
	weeks := make([]string, dashboardWeeks)
	for i := range weeks {
		weeks[i] = first.AddDate(0, 0, 7*i).Format(time.DateOnly)
	}

	var series []WeekSeries
	index := map[string]int{}
	add := func(kind, office string) {
		index[kind+"/"+office] = len(series)
		series = append(series, WeekSeries{Kind: kind, Office: office, Counts: make([]int64, dashboardWeeks)})
	}
	for _, k := range sc.kinds {
		if k != forms.KindContact {
			add(k, "")
			continue
		}
		for _, o := range access.Offices {
			if sc.office == "" || o == sc.office {
				add(k, o)
			}
		}
	}
	f := sc.filter()
	f.From = first
	arrivals, err := s.store.InboxArrivals(ctx, f)
	if err != nil {
		return err
	}
	for _, a := range arrivals {
		office := ""
		if a.Kind == forms.KindContact {
			office = a.Target
		}
		i, ok := index[a.Kind+"/"+office]
		week := int(a.CreatedAt.UTC().Sub(first) / (7 * 24 * time.Hour))
		if !ok || week < 0 || week >= dashboardWeeks {
			continue
		}
		series[i].Counts[week]++
		series[i].Total++
	}

	counts, err := s.store.InboxStatusCounts(ctx, sc.filter())
	if err != nil {
		return err
	}
	byStatus := map[string]int64{}
	for _, n := range counts {
		if slices.Contains(statusesOf(n.Kind), n.Status) {
			byStatus[n.Status] += n.N
		}
	}
	open := []StatusCount{}
	for _, st := range openStatuses {
		if slices.Contains(sc.statuses(), st) {
			open = append(open, StatusCount{Status: st, Count: byStatus[st]})
		}
	}
	return endpoint.OK(c, Dashboard{Weeks: weeks, Series: series, Open: open}, "")
}
