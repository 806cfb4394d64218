package visitors_test

import (
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/visitors"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Ending the sessions of many accounts at once signs each visitor out
// everywhere as the action alone would, with an audit record per account;
// an account that is not there is refused on its own line. The action
// needs no fresh second factor, as it does not alone.
func TestEndingManyVisitorsSessions(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		lina := e.Visitor("Lina", "Farouk", "lina.farouk@example.com", true)
		omar := e.Visitor("Omar", "Said", "omar@example.org", true)
		browsers := map[*admintest.Visitor]*admintest.VisitorBrowser{lina: e.VisitorBrowser(windowsChrome), omar: e.VisitorBrowser(iPhoneSafari)}
		for v, vb := range browsers {
			if r := vb.LogIn(v); r.Status != http.StatusOK {
				t.Fatalf("the visitor's login: %d %s", r.Status, r.Body)
			}
		}

		admintest.Expect(t, "no accounts", admin.B.Do("POST", "/visitors/bulk", map[string]any{"action": "end-sessions", "ids": []string{}}), http.StatusBadRequest)
		admintest.Expect(t, "an unknown action", admin.B.Do("POST", "/visitors/bulk", map[string]any{"action": "delete", "ids": []string{lina.ID}}), http.StatusBadRequest)
		editor := e.Join("eli@noorvale.example", access.Editor)
		admintest.Expect(t, "an editor", editor.B.Do("POST", "/visitors/bulk", map[string]any{"action": "end-sessions", "ids": []string{lina.ID}}), http.StatusForbidden)

		gone := strings.Repeat("0", 32)
		r := admin.B.Do("POST", "/visitors/bulk", map[string]any{"action": "end-sessions", "ids": []string{lina.ID, gone, omar.ID}})
		admintest.Expect(t, "end sessions", r, http.StatusOK)
		var out visitors.BulkView
		r.Data(t, &out)
		if out.Done != 2 || len(out.Results) != 3 || !out.Results[0].OK || out.Results[1].OK || out.Results[1].ID != gone ||
			out.Results[1].Message != access.In("en").VisitorNotFound || r.Env.Message != "2 of 3 done." {
			t.Fatalf("ended: %+v %q", out, r.Env.Message)
		}
		for _, vb := range browsers {
			admintest.Expect(t, "the visitor's next call", &admintest.Result{Status: vb.Do("GET", "/api/account", nil).Status}, http.StatusUnauthorized)
		}

		events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionVisitorSessionsEnded})
		if err != nil {
			t.Fatal(err)
		}
		var items []string
		for _, ev := range events {
			items = append(items, ev.Item+" "+ev.Detail)
		}
		if strings.Join(items, "|") != lina.ID+" 1 sessions|"+omar.ID+" 1 sessions" && strings.Join(items, "|") != omar.ID+" 1 sessions|"+lina.ID+" 1 sessions" {
			t.Errorf("the trail: %q", items)
		}
	})
}
