package staff_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
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
func invitationToken(t *testing.T, r *admintest.Result) (id, token string) {
	t.Helper()
	var inv admin.Invitation
	r.Data(t, &inv)
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
		e := admintest.New(t, st)
		amal := e.Join("amal@noorvale.example", access.Administrator)
		badr := e.Join("badr@noorvale.example", access.Administrator)
		editor := e.Join("chadi@noorvale.example", access.Editor)
		works := func(token string) bool {
			t.Helper()
			r := e.Browser().Do("POST", "/invitation", map[string]string{"token": token})
			if r.Status != http.StatusOK && r.Status != http.StatusNotFound {
				t.Fatalf("an invitation link: %d %s", r.Status, r.Body)
			}
			return r.Status == http.StatusOK
		}
		list := func(b *admintest.Browser) []staff.PendingInvitation {
			t.Helper()
			r := b.Do("GET", "/staff/invitations", nil)
			admintest.Expect(t, "list", r, http.StatusOK)
			var l pendingList
			r.Data(t, &l)
			return l.Invitations
		}
		fresh := func(m *admintest.Member) {
			t.Helper()
			e.Clock.Advance(30 * time.Second)
			admintest.Expect(t, "a fresh check", m.B.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)}), http.StatusOK)
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
		r := badr.B.Do("POST", "/staff/invitations", map[string]any{"email": "Nadia@Example.com", "role": "administrator"})
		admintest.Expect(t, "invite", r, http.StatusOK)
		_, firstToken := invitationToken(t, r)
		r = badr.B.Do("POST", "/staff/invitations", map[string]any{"email": "nadia@example.com", "role": "viewer"})
		admintest.Expect(t, "invite again", r, http.StatusOK)
		nadiaID, nadiaToken := invitationToken(t, r)
		if works(firstToken) || !works(nadiaToken) {
			t.Fatal("the replaced invitation still works, or its replacement does not")
		}

		// Administrators see what is pending, never the links; others are refused.
		admintest.Expect(t, "an editor listing invitations", editor.B.Do("GET", "/staff/invitations", nil), http.StatusForbidden)
		r = amal.B.Do("GET", "/staff/invitations", nil)
		if strings.Contains(string(r.Body), nadiaToken) || strings.Contains(string(r.Body), firstToken) {
			t.Fatalf("the list shows a link: %s", r.Body)
		}
		got := list(amal.B)
		if len(got) != 1 || got[0].ID != nadiaID || got[0].Email != "nadia@example.com" || got[0].Role != "viewer" ||
			got[0].InvitedBy != badr.ID || !got[0].ExpiresAt.Equal(e.Clock.Now().Add(staff.InvitationLife)) {
			t.Fatalf("pending: %+v", got)
		}

		// Revoking asks for a fresh second factor, like inviting, and is in the trail.
		e.Clock.Advance(11 * time.Minute)
		r = amal.B.Do("DELETE", "/staff/invitations/"+nadiaID, nil)
		admintest.Expect(t, "revoking without a fresh factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.Env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the second factor: %s", r.Body)
		}
		fresh(amal)
		admintest.Expect(t, "an editor revoking", editor.B.Do("DELETE", "/staff/invitations/"+nadiaID, nil), http.StatusForbidden)
		r = amal.B.Do("DELETE", "/staff/invitations/"+nadiaID, nil)
		admintest.Expect(t, "revoke", r, http.StatusOK)
		if r.Env.Message != access.In("en").InvitationRevoked {
			t.Fatalf("the revocation says %q", r.Env.Message)
		}
		if works(nadiaToken) || len(list(amal.B)) != 0 {
			t.Fatal("a revoked invitation still works or is listed")
		}
		for _, c := range []struct{ name, id string }{
			{"revoked twice", nadiaID}, {"not an id", "not-an-id"}, {"an unknown id", strings.Repeat("a", 32)},
		} {
			r := amal.B.Do("DELETE", "/staff/invitations/"+c.id, nil)
			if r.Status != http.StatusNotFound || r.Env.Message != access.In("en").InvitationGone {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		if ev := trail(audit.ActionInvitationRevoked); len(ev) != 1 || ev[0].ActorID != amal.ID || ev[0].Item != e.InvitedItem("nadia@example.com") || ev[0].Detail != "viewer" {
			t.Fatalf("the revocation in the trail: %+v", ev)
		}

		// Disabling an administrator voids the invitations they made.
		fresh(badr)
		r = badr.B.Do("POST", "/staff/invitations", map[string]any{"email": "omar@example.com", "role": "administrator"})
		admintest.Expect(t, "invite", r, http.StatusOK)
		_, omarToken := invitationToken(t, r)
		admintest.Expect(t, "disable the inviter", amal.B.Do("POST", "/staff/"+badr.ID+"/disable", nil), http.StatusOK)
		password := "a long passphrase for omar"
		r = e.Browser().Do("POST", "/join", map[string]string{"token": omarToken, "name": "Omar", "password": password, "confirmPassword": password})
		admintest.Expect(t, "joining through a disabled administrator's link", r, http.StatusNotFound)
		if _, err := st.StaffByEmail(t.Context(), "omar@example.com"); err == nil {
			t.Fatal("a disabled administrator's link made an account")
		}
		if ev := trail(audit.ActionInvitationVoided); len(ev) != 1 || ev[0].ActorID != amal.ID || ev[0].Detail != "administrator" {
			t.Fatalf("the voided invitation in the trail: %+v", ev)
		}

		// So does demoting one.
		admintest.Expect(t, "enable", amal.B.Do("POST", "/staff/"+badr.ID+"/enable", nil), http.StatusOK)
		badr.B = e.Browser()
		admintest.Expect(t, "sign in again", badr.B.Do("POST", "/login", map[string]string{"email": badr.Email, "password": badr.Password}), http.StatusOK)
		fresh(badr)
		r = badr.B.Do("POST", "/staff/invitations", map[string]any{"email": "omar@example.com", "role": "translator", "languages": []string{"fr"}})
		admintest.Expect(t, "invite", r, http.StatusOK)
		_, omarToken = invitationToken(t, r)
		admintest.Expect(t, "demote the inviter", amal.B.Do("PUT", "/staff/"+badr.ID+"/role", map[string]any{"role": "editor"}), http.StatusOK)
		if works(omarToken) || len(list(amal.B)) != 0 {
			t.Fatal("a demoted administrator's invitation still works or is listed")
		}
		if ev := trail(audit.ActionInvitationVoided); len(ev) != 2 || ev[0].Detail != "translator (fr)" {
			t.Fatalf("the voided invitations in the trail: %+v", ev)
		}

		// An invitation whose maker lost the right while making it does not work either.
		late := &store.StaffInvitation{TokenHash: sessioncookie.Hash(omarToken), Email: "omar@example.com", Role: "administrator", InvitedBy: badr.ID,
			CreatedAt: e.Clock.Now(), ExpiresAt: e.Clock.Now().Add(time.Hour)}
		if err := st.CreateInvitation(t.Context(), late); err != nil {
			t.Fatal(err)
		}
		if works(omarToken) || len(list(amal.B)) != 0 {
			t.Fatal("an editor's invitation works or is listed")
		}
	})
}
