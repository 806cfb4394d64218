package inbox_test

import (
	"encoding/csv"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A bulk action does each submission as the action alone would: the ones
// the role covers change, each with its own audit record, and the others
// are refused one by one.
func TestInboxBulkActions(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		sales := e.Join("sami@noorvale.example", access.Sales)
		colleague := e.Join("samar@noorvale.example", access.Sales)
		ids := seedInbox(e)
		leads := []int64{ids["proposal"], ids["inquiry"], ids["dubai"]}

		admintest.Expect(t, "no items", sales.B.Do("POST", "/inbox/bulk", map[string]any{"action": "status", "status": "closed", "ids": []int64{}}), http.StatusBadRequest)
		admintest.Expect(t, "an unknown action", sales.B.Do("POST", "/inbox/bulk", map[string]any{"action": "erase", "ids": leads}), http.StatusBadRequest)

		r := sales.B.Do("POST", "/inbox/bulk", map[string]any{"action": "assign", "assignee": colleague.ID, "ids": leads})
		admintest.Expect(t, "assign", r, http.StatusOK)
		var out inbox.BulkView
		r.Data(t, &out)
		if out.Done != 3 {
			t.Fatalf("assigned: %+v", out)
		}

		r = sales.B.Do("POST", "/inbox/bulk", map[string]any{"action": "status", "status": "closed", "ids": append(leads, ids["application"])})
		admintest.Expect(t, "close", r, http.StatusOK)
		r.Data(t, &out)
		if out.Done != 3 || len(out.Results) != 4 || out.Results[3].OK || out.Results[3].Message == "" || out.Results[3].Message == out.Results[0].Message ||
			out.Results[3].ID != strconv.FormatInt(ids["application"], 10) {
			t.Fatalf("closed: %+v", out)
		}
		if page := sales.B.Inbox(t, "status=closed"); len(page.Items) != 3 {
			t.Errorf("closed leads: %v", idsOf(page.Items))
		}

		events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, ev := range events {
			if ev.ActorID == sales.ID {
				count[ev.Action]++
			}
		}
		if count[audit.ActionStatusChange] != 3 || count[audit.ActionAssign] != 3 {
			t.Errorf("the trail: %v", count)
		}
	})
}

// Exporting the selection takes the chosen submissions the role covers,
// after a fresh second factor like the full export, and the trail names
// the selection.
func TestExportingTheSelection(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		sales := e.Join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		chosen := strconv.FormatInt(ids["proposal"], 10) + "," + strconv.FormatInt(ids["dubai"], 10) + "," + strconv.FormatInt(ids["application"], 10)

		e.Clock.Advance(11 * time.Minute)
		admintest.Expect(t, "a stale factor", sales.B.Do("GET", "/inbox/export?ids="+chosen, nil), http.StatusForbidden)
		admintest.Expect(t, "code", sales.B.Do("POST", "/factor/code", map[string]string{"code": sales.Code(e)}), http.StatusOK)
		admintest.Expect(t, "not numbers", sales.B.Do("GET", "/inbox/export?ids=1,x", nil), http.StatusBadRequest)

		r := sales.B.Do("GET", "/inbox/export?ids="+chosen, nil)
		admintest.Expect(t, "export the selection", r, http.StatusOK)
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, row := range rows[1:] {
			names = append(names, row[slices.Index(rows[0], "name")])
		}
		if !slices.Equal(names, []string{"سارة المنصوري", "Lina Farouk"}) {
			t.Errorf("exported %q", names)
		}

		events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionInboxExport})
		if err != nil || len(events) != 1 || events[0].Detail != "2 rows (ids="+chosen+")" {
			t.Fatalf("the export in the trail: %+v %v", events, err)
		}
	})
}
