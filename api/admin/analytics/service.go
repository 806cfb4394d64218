package analytics

import (
	"context"
	"encoding/csv"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/locale"
)

// Flusher writes the views a replica holds in memory; the page counter
// (*analytics.Counter) is one.
type Flusher interface {
	Flush(ctx context.Context) error
}

// defaultWeeks is how many weeks a report covers when no range is asked
// for, this one included; maxDays is the longest range.
const (
	defaultWeeks = 12
	maxDays      = 2 * 366
)

// Service answers the dashboard's routes.
type Service struct {
	reports Reports
	counter Flusher // nil: the figures are read as written
	log     *slog.Logger
	now     func() time.Time
}

// New returns the service.
func New(r Reports, log *slog.Logger, now func() time.Time) *Service {
	return &Service{reports: r, log: log, now: now}
}

// ReadFrom has each report write the views counter holds first.
func (s *Service) ReadFrom(counter Flusher) { s.counter = counter }

// query reads the range and language asked for: from and to (dates, both
// included; by default the last twelve weeks to today) and language.
func (s *Service) query(c echo.Context) (Query, map[string]string) {
	m := access.Text(c)
	p := c.QueryParams()
	errs := map[string]string{}
	var from, to time.Time
	audit.ReadDateRange(p, &from, &to, errs, m.Admin)
	today := s.now().UTC().Truncate(24 * time.Hour)
	q := Query{First: weekStart(today).AddDate(0, 0, -7*(defaultWeeks-1)), Last: today}
	if !from.IsZero() {
		q.First = from
	}
	if !to.IsZero() {
		q.Last = to.AddDate(0, 0, -1)
	}
	if len(errs) == 0 && (q.Last.Before(q.First) || q.Last.Sub(q.First) > maxDays*24*time.Hour) {
		errs["to"] = m.DateInvalid
	}
	if v := p.Get("language"); v != "" {
		if _, ok := locale.Parse(v); !ok {
			errs["language"] = m.LanguageInvalid
		}
		q.Language = v
	}
	return q, errs
}

// report builds the report asked for, with the views this replica holds
// written first, so that a view just made is in it.
func (s *Service) report(c echo.Context) (*Report, map[string]string, error) {
	q, errs := s.query(c)
	if len(errs) > 0 {
		return nil, errs, nil
	}
	ctx := c.Request().Context()
	if s.counter != nil {
		if err := s.counter.Flush(ctx); err != nil {
			s.log.Warn("page views held in memory not in the report", "err", err)
		}
	}
	rep, err := s.reports.Build(ctx, q)
	return rep, nil, err
}

// Show answers the dashboard's figures.
//
// GET /api/admin/analytics?from=2026-09-01&to=2026-11-29&language=ar
func (s *Service) Show(c echo.Context) error {
	rep, errs, err := s.report(c)
	if errs != nil {
		return endpoint.Invalid(c, errs)
	}
	if err != nil {
		return err
	}
	return endpoint.OK(c, rep, "")
}

// Export answers the same figures as CSV, one table of rows by section.
//
// GET /api/admin/analytics/export?from=…&to=…&language=…
func (s *Service) Export(c echo.Context) error {
	rep, errs, err := s.report(c)
	if errs != nil {
		return endpoint.Invalid(c, errs)
	}
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="analytics-`+rep.From+`-`+rep.To+`.csv"`)
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	w := csv.NewWriter(c.Response())
	for _, row := range csvRows(rep) {
		for i := range row {
			row[i] = forms.Neutralize(row[i])
		}
		_ = w.Write(row)
	}
	w.Flush()
	return w.Error()
}

// csvColumns head the export: what a row is, what it names, and its figures.
var csvColumns = []string{"section", "language", "item", "detail", "views", "visitors",
	"proposals_started", "proposals_sent", "enquiries_started", "enquiries_sent", "searches", "misses"}

func csvRows(rep *Report) [][]string {
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	out := [][]string{csvColumns}
	add := func(cells ...string) {
		row := make([]string, len(csvColumns))
		copy(row, cells)
		out = append(out, row)
	}
	for _, w := range rep.Weeks {
		add("week", rep.Language, w.Week, "", n(w.Views), n(w.Visitors))
	}
	for _, p := range rep.Pages {
		add("page", p.Language, p.Path, p.Name, n(p.Views))
	}
	for _, r := range rep.Referrers {
		add("referrer", rep.Language, r.Domain, "", n(r.Views))
	}
	for _, c := range rep.Campaigns {
		add("campaign", rep.Language, c.Campaign, c.Source+" / "+c.Medium, n(c.Views))
	}
	for _, c := range rep.Conversion {
		add("conversion", rep.Language, c.Path, c.Name, n(c.Views), "",
			n(c.ProposalsStarted), n(c.ProposalsSent), n(c.EnquiriesStarted), n(c.EnquiriesSent))
	}
	for _, s := range rep.Searches {
		add("search", s.Language, s.Words, "", "", "", "", "", "", "", n(s.Searches), n(s.Misses))
	}
	for _, s := range rep.Misses {
		add("search-not-found", s.Language, s.Words, "", "", "", "", "", "", "", n(s.Searches), n(s.Misses))
	}
	return out
}
