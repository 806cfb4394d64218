package admin_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Refusals are in the audit trail: a route the role does not cover, a
// language a translator does not write, and a demand for the second
// factor, each with the member and the route. Exporting the trail and
// listing what is held about a person ask for a fresh second factor, and
// each lookup is recorded under a keyed hash of the address.
func TestRefusalsAndLookupsAudited(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		admin := e.Join("amal@noorvale.example", access.Administrator)
		editor := e.Join("badr@noorvale.example", access.Editor)
		translator := e.Join("chadi@noorvale.example", access.Translator, "ar")
		e.Clock.Advance(11 * time.Minute) // every proof of the second factor is stale

		const person = "Layla.Haddad@Example.com"
		for _, tc := range []struct {
			name         string
			who          *admintest.Member
			method, path string
			body         any
			stepUp       bool // the refusal asks for the second factor
			action       string
			item, detail string
		}{
			{"an editor listing staff", editor, "GET", "/staff", nil, false, audit.ActionRefused, "GET /staff", "staff"},
			{"an editor reading the trail", editor, "GET", "/audit", nil, false, audit.ActionRefused, "GET /audit", "audit"},
			{"a translator looking a person up", translator, "GET", "/erasure?email=" + person, nil, false, audit.ActionRefused, "GET /erasure", "erasure"},
			{"a translator saving English", translator, "PUT", "/content/news/" + admintest.StorySlug + "/en", map[string]any{"base": 0, "body": map[string]any{}},
				false, audit.ActionRefused, "PUT /content/:collection/:slug/:locale", "language en"},
			{"exporting the trail on a stale factor", admin, "GET", "/audit/export", nil, true, audit.ActionStepUpRequired, "GET /audit/export", ""},
			{"looking a person up on a stale factor", admin, "GET", "/erasure?email=" + person, nil, true, audit.ActionStepUpRequired, "GET /erasure", ""},
			{"disabling on a stale factor", admin, "POST", "/staff/" + editor.ID + "/disable", nil, true, audit.ActionStepUpRequired, "POST /staff/:id/disable", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := tc.who.B.Do(tc.method, tc.path, tc.body)
				admintest.Expect(t, tc.name, r, http.StatusForbidden)
				if asks := strings.Contains(string(r.Env.Data), "stepUpRequired"); asks != tc.stepUp {
					t.Fatalf("asks for the second factor: %v, want %v: %s", asks, tc.stepUp, r.Body)
				}
				events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: tc.action, ActorID: tc.who.ID, Limit: 1})
				if err != nil {
					t.Fatal(err)
				}
				if len(events) != 1 || events[0].Item != tc.item || events[0].Detail != tc.detail || events[0].IP != tc.who.B.IP {
					t.Fatalf("the refusal in the trail: %+v", events)
				}
			})
		}

		// With a fresh factor the lookup and the export are answered, and the
		// lookup is recorded by a keyed hash of the address, never the address.
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "a fresh check", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		admintest.Expect(t, "lookup", admin.B.Do("GET", "/erasure?email="+person, nil), http.StatusOK)
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionErasureLookup})
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 1 || events[0].ActorID != admin.ID || events[0].Item != e.ErasureItem(person) ||
			events[0].Detail != "account=0 submissions=0 mail=0 outbox=0" {
			t.Fatalf("the lookup in the trail: %+v", events)
		}
		r := admin.B.Do("GET", "/audit/export", nil)
		admintest.Expect(t, "export", r, http.StatusOK)
		if strings.Contains(strings.ToLower(string(r.Body)), "layla") {
			t.Fatal("the trail holds the address looked up")
		}
		for _, action := range []string{audit.ActionRefused, audit.ActionStepUpRequired, audit.ActionErasureLookup} {
			if !strings.Contains(string(r.Body), ","+action+",") {
				t.Errorf("the export has no %s", action)
			}
		}
	})
}
