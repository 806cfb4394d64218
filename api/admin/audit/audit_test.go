package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

var day = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

// get is a back-office GET request's context, never served: what the
// trail's routes read their filter from.
func get(target string) (echo.Context, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	return echo.New().NewContext(httptest.NewRequest(http.MethodGet, target, nil), rec), rec
}

// The trail stamps each event with the server's clock, whatever the caller
// says, and keeps at most 200 bytes of its detail.
func TestRecordStampsAndBounds(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		clock := testenv.NewClock(day)
		trail := NewTrail(st, slog.New(slog.NewTextHandler(io.Discard, nil)), clock.Now)
		trail.Record(t.Context(), store.AuditEvent{ActorID: "a1", Action: ActionRoleChange, Item: "staff", Detail: strings.Repeat("d", 300),
			At: day.Add(-48 * time.Hour), IP: "198.51.100.7"})
		rows, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || !rows[0].At.Equal(day) || len(rows[0].Detail) != 200 || rows[0].IP != "198.51.100.7" {
			t.Fatalf("recorded %+v", rows)
		}
	})
}

// The filter takes what a staff member types and refuses, field by field,
// what it cannot use; the date range takes both its days whole.
func TestFilterFromTheQuery(t *testing.T) {
	en, ar := access.In(locale.En), access.In(locale.Ar)
	for _, tc := range []struct {
		name  string
		query string
		m     *access.Messages
		want  store.AuditFilter
		errs  map[string]string
	}{
		{name: "nothing", query: "", m: en},
		{name: "an actor and an action", query: "actor=+a1+&action=role-change", m: en,
			want: store.AuditFilter{ActorID: "a1", Action: ActionRoleChange}},
		{name: "two whole days", query: "from=2026-11-24&to=2026-11-25", m: en,
			want: store.AuditFilter{From: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)}},
		{name: "the next page", query: "before=4021", m: en, want: store.AuditFilter{Before: 4021}},
		{name: "an action the trail never records", query: "action=drop-table", m: en,
			errs: map[string]string{"action": en.FixFields}},
		{name: "a date as typed elsewhere", query: "from=24/11/2026&to=2026-11-31", m: ar,
			errs: map[string]string{"from": ar.DateInvalid, "to": ar.DateInvalid}},
		{name: "no page", query: "before=0", m: en, errs: map[string]string{"before": en.FixFields}},
		{name: "a page that is no number", query: "before=last", m: en, errs: map[string]string{"before": en.FixFields}},
		{name: "a control character", query: "item=staff%00", m: en, errs: map[string]string{"item": en.InvalidChars}},
		{name: "a long actor", query: "actor=" + strings.Repeat("a", 65), m: ar, errs: map[string]string{"actor": ar.TooLongFor(64)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := get("/api/admin/audit?" + tc.query)
			f, errs := auditFilter(c, tc.m)
			if fmt.Sprint(errs) != fmt.Sprint(tc.errs) && (len(errs) > 0 || len(tc.errs) > 0) {
				t.Fatalf("errors %v, want %v", errs, tc.errs)
			}
			if len(tc.errs) == 0 && f != tc.want {
				t.Fatalf("filter %+v, want %+v", f, tc.want)
			}
		})
	}
	for _, a := range Actions {
		c, _ := get("/api/admin/audit?action=" + a)
		if _, errs := auditFilter(c, en); len(errs) > 0 {
			t.Errorf("the filter refuses %s, which the trail records", a)
		}
	}
}

// listPage is the list's answer.
type listPage struct {
	Data struct {
		Events []Event `json:"events"`
		Next   int64   `json:"next"`
	} `json:"data"`
}

// The list shows the trail newest first, a hundred events a page, and
// names the page after it until the last; a date filter takes the whole
// of its last day.
func TestListPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		clock := testenv.NewClock(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC))
		trail := NewTrail(st, slog.New(slog.NewTextHandler(io.Discard, nil)), clock.Now)
		for i := range 230 {
			trail.Record(t.Context(), store.AuditEvent{ActorID: "a1", Action: ActionSignIn, Detail: fmt.Sprint(i)})
			clock.Advance(15 * time.Minute) // 230 events over 57 and a half hours
		}
		s := New(st, trail)
		list := func(query string) listPage {
			t.Helper()
			c, rec := get("/api/admin/audit?" + query)
			if err := s.List(c); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("%s: %v %d %s", query, err, rec.Code, rec.Body)
			}
			var p listPage
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		var seen []string
		next := int64(0)
		for page := range 3 {
			query := ""
			if page > 0 {
				query = fmt.Sprint("before=", next)
			}
			p := list(query)
			want := []int{100, 100, 30}[page]
			if len(p.Data.Events) != want || (page == 2) != (p.Data.Next == 0) {
				t.Fatalf("page %d: %d events, next %d", page+1, len(p.Data.Events), p.Data.Next)
			}
			for _, e := range p.Data.Events {
				seen = append(seen, e.Detail)
			}
			next = p.Data.Next
		}
		for i, d := range seen {
			if d != fmt.Sprint(229-i) {
				t.Fatalf("event %d of the list is %s: not newest first, or a page overlaps the next", i, d)
			}
		}

		// The 25th from midnight to midnight: 96 events, the first at
		// 00:00 and the last at 23:45.
		p := list("from=2026-11-25&to=2026-11-25")
		if n := len(p.Data.Events); n != 96 || p.Data.Events[0].Detail != "191" || p.Data.Events[95].Detail != "96" {
			t.Fatalf("the 25th: %d events, from %s to %s", n, p.Data.Events[n-1].Detail, p.Data.Events[0].Detail)
		}

		// A filter the list cannot use is answered field by field.
		c, rec := get("/api/admin/audit?from=yesterday&lang=ar")
		if err := s.List(c); err != nil || rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), access.In(locale.Ar).DateInvalid) {
			t.Fatalf("a bad date: %v %d %s", err, rec.Code, rec.Body)
		}
	})
}

// A plan reads in the trail as what, which version, when (UTC) and in
// whose time zone it was planned.
func TestScheduleDetail(t *testing.T) {
	due := time.Date(2026, 11, 27, 12, 0, 0, 0, time.FixedZone("Riyadh", 3*3600))
	for _, tc := range []struct {
		sc   store.ContentSchedule
		want string
	}{
		{store.ContentSchedule{Action: "publish", Version: 12, DueAt: due, TimeZone: "Asia/Riyadh"}, "publish version 12 at 2026-11-27T09:00:00Z (Asia/Riyadh)"},
		{store.ContentSchedule{Action: "unpublish", DueAt: due, TimeZone: "Europe/London"}, "unpublish at 2026-11-27T09:00:00Z (Europe/London)"},
	} {
		if got := ScheduleDetail(tc.sc); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}
