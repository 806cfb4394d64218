package admin

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// pendingList is what GET /staff/invitations answers.
type pendingList struct {
	Invitations []staff.PendingInvitation `json:"invitations"`
}

// invitationToken is the token of an invitation link.
func invitationToken(t *testing.T, r *result) (id, token string) {
	t.Helper()
	var inv Invitation
	r.data(t, &inv)
	_, token, ok := strings.Cut(inv.Link, "#")
	if !ok || len(inv.ID) != 32 {
		t.Fatalf("an invitation: %+v", inv)
	}
	return inv.ID, token
}

// Pending invitations do not outlive the administrator who made them, one
// address has one at a time, and administrators list and revoke them.
func TestPendingInvitationsAreListedRevokedAndVoided(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		amal := e.join("amal@noorvale.example", access.Administrator)
		badr := e.join("badr@noorvale.example", access.Administrator)
		editor := e.join("chadi@noorvale.example", access.Editor)
		works := func(token string) bool {
			t.Helper()
			r := e.browser().do("POST", "/invitation", map[string]string{"token": token})
			if r.status != http.StatusOK && r.status != http.StatusNotFound {
				t.Fatalf("an invitation link: %d %s", r.status, r.body)
			}
			return r.status == http.StatusOK
		}
		list := func(b *browser) []staff.PendingInvitation {
			t.Helper()
			r := b.do("GET", "/staff/invitations", nil)
			expect(t, "list", r, http.StatusOK)
			var l pendingList
			r.data(t, &l)
			return l.Invitations
		}
		fresh := func(m *member) {
			t.Helper()
			e.clock.Advance(30 * time.Second)
			expect(t, "a fresh check", m.b.do("POST", "/factor/code", map[string]string{"code": m.code(e)}), http.StatusOK)
		}
		trail := func(action string) []store.AuditEvent {
			t.Helper()
			events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: action})
			if err != nil {
				t.Fatal(err)
			}
			return events
		}

		// A second invitation to an address replaces the first.
		r := badr.b.do("POST", "/staff/invitations", map[string]any{"email": "Nadia@Example.com", "role": "administrator"})
		expect(t, "invite", r, http.StatusOK)
		_, firstToken := invitationToken(t, r)
		r = badr.b.do("POST", "/staff/invitations", map[string]any{"email": "nadia@example.com", "role": "viewer"})
		expect(t, "invite again", r, http.StatusOK)
		nadiaID, nadiaToken := invitationToken(t, r)
		if works(firstToken) || !works(nadiaToken) {
			t.Fatal("the replaced invitation still works, or its replacement does not")
		}

		// Administrators see what is pending, never the links; others are refused.
		expect(t, "an editor listing invitations", editor.b.do("GET", "/staff/invitations", nil), http.StatusForbidden)
		r = amal.b.do("GET", "/staff/invitations", nil)
		if strings.Contains(string(r.body), nadiaToken) || strings.Contains(string(r.body), firstToken) {
			t.Fatalf("the list shows a link: %s", r.body)
		}
		got := list(amal.b)
		if len(got) != 1 || got[0].ID != nadiaID || got[0].Email != "nadia@example.com" || got[0].Role != "viewer" ||
			got[0].InvitedBy != badr.id || !got[0].ExpiresAt.Equal(e.clock.Now().Add(staff.InvitationLife)) {
			t.Fatalf("pending: %+v", got)
		}

		// Revoking asks for a fresh second factor, like inviting, and is in the trail.
		e.clock.Advance(11 * time.Minute)
		r = amal.b.do("DELETE", "/staff/invitations/"+nadiaID, nil)
		expect(t, "revoking without a fresh factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the second factor: %s", r.body)
		}
		fresh(amal)
		expect(t, "an editor revoking", editor.b.do("DELETE", "/staff/invitations/"+nadiaID, nil), http.StatusForbidden)
		r = amal.b.do("DELETE", "/staff/invitations/"+nadiaID, nil)
		expect(t, "revoke", r, http.StatusOK)
		if r.env.Message != access.In("en").InvitationRevoked {
			t.Fatalf("the revocation says %q", r.env.Message)
		}
		if works(nadiaToken) || len(list(amal.b)) != 0 {
			t.Fatal("a revoked invitation still works or is listed")
		}
		for _, c := range []struct{ name, id string }{
			{"revoked twice", nadiaID}, {"not an id", "not-an-id"}, {"an unknown id", strings.Repeat("a", 32)},
		} {
			r := amal.b.do("DELETE", "/staff/invitations/"+c.id, nil)
			if r.status != http.StatusNotFound || r.env.Message != access.In("en").InvitationGone {
				t.Errorf("%s: %d %s", c.name, r.status, r.body)
			}
		}
		if ev := trail(audit.ActionInvitationRevoked); len(ev) != 1 || ev[0].ActorID != amal.id || ev[0].Item != e.invitedItem("nadia@example.com") || ev[0].Detail != "viewer" {
			t.Fatalf("the revocation in the trail: %+v", ev)
		}

		// Disabling an administrator voids the invitations they made.
		fresh(badr)
		r = badr.b.do("POST", "/staff/invitations", map[string]any{"email": "omar@example.com", "role": "administrator"})
		expect(t, "invite", r, http.StatusOK)
		_, omarToken := invitationToken(t, r)
		expect(t, "disable the inviter", amal.b.do("POST", "/staff/"+badr.id+"/disable", nil), http.StatusOK)
		password := "a long passphrase for omar"
		r = e.browser().do("POST", "/join", map[string]string{"token": omarToken, "name": "Omar", "password": password, "confirmPassword": password})
		expect(t, "joining through a disabled administrator's link", r, http.StatusNotFound)
		if _, err := st.StaffByEmail(t.Context(), "omar@example.com"); err == nil {
			t.Fatal("a disabled administrator's link made an account")
		}
		if ev := trail(audit.ActionInvitationVoided); len(ev) != 1 || ev[0].ActorID != amal.id || ev[0].Detail != "administrator" {
			t.Fatalf("the voided invitation in the trail: %+v", ev)
		}

		// So does demoting one.
		expect(t, "enable", amal.b.do("POST", "/staff/"+badr.id+"/enable", nil), http.StatusOK)
		badr.b = e.browser()
		expect(t, "sign in again", badr.b.do("POST", "/login", map[string]string{"email": badr.email, "password": badr.password}), http.StatusOK)
		fresh(badr)
		r = badr.b.do("POST", "/staff/invitations", map[string]any{"email": "omar@example.com", "role": "translator", "languages": []string{"fr"}})
		expect(t, "invite", r, http.StatusOK)
		_, omarToken = invitationToken(t, r)
		expect(t, "demote the inviter", amal.b.do("PUT", "/staff/"+badr.id+"/role", map[string]any{"role": "editor"}), http.StatusOK)
		if works(omarToken) || len(list(amal.b)) != 0 {
			t.Fatal("a demoted administrator's invitation still works or is listed")
		}
		if ev := trail(audit.ActionInvitationVoided); len(ev) != 2 || ev[0].Detail != "translator (fr)" {
			t.Fatalf("the voided invitations in the trail: %+v", ev)
		}

		// An invitation whose maker lost the right while making it does not work either.
		late := &store.StaffInvitation{TokenHash: sessioncookie.Hash(omarToken), Email: "omar@example.com", Role: "administrator", InvitedBy: badr.id,
			CreatedAt: e.clock.Now(), ExpiresAt: e.clock.Now().Add(time.Hour)}
		if err := st.CreateInvitation(t.Context(), late); err != nil {
			t.Fatal(err)
		}
		if works(omarToken) || len(list(amal.b)) != 0 {
			t.Fatal("an editor's invitation works or is listed")
		}
	})
}
