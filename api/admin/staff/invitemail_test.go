package staff_test

import (
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// mailedInvitation is the token of the latest invitation e-mailed to address.
func mailedInvitation(t *testing.T, e *admintest.Env, address string) mail.Message {
	t.Helper()
	sent := e.Mail.To(address)
	for i := len(sent) - 1; i >= 0; i-- {
		if sent[i].Kind == mail.KindStaffInvitation {
			return sent[i]
		}
	}
	t.Fatalf("no invitation was mailed to %s", address)
	return mail.Message{}
}

// An invitation goes out by e-mail in the inviter's language and with
// their name, its link shown to them as well; resending it e-mails a new
// link that replaces the old one.
func TestInvitationsAreMailedAndResent(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		amal := e.Join("amal@noorvale.example", access.Administrator)
		amal.B.Lang = "ar"
		r := amal.B.Do("POST", "/staff/invitations", map[string]any{"email": "Nadia@Example.com", "role": "translator", "languages": []string{"fr"}})
		admintest.Expect(t, "invite", r, http.StatusOK)
		_, shown := invitationToken(t, r)
		if !strings.Contains(r.Env.Message, "nadia@example.com") {
			t.Fatalf("the answer does not name the address: %q", r.Env.Message)
		}
		sent := mailedInvitation(t, e, "nadia@example.com")
		if sent.Locale != "ar" || sent.Data["inviter"] != "Staff administrator" || !strings.HasSuffix(sent.Data["link"], "#"+shown) {
			t.Fatalf("the invitation mail: %+v", sent)
		}

		// Resent: a new link, e-mailed; the old one stops working.
		var l pendingList
		r = amal.B.Do("GET", "/staff/invitations", nil)
		r.Data(t, &l)
		if len(l.Invitations) != 1 || l.Invitations[0].InvitedBy != amal.ID {
			t.Fatalf("pending: %+v", l.Invitations)
		}
		r = amal.B.Do("POST", "/staff/invitations/"+l.Invitations[0].ID+"/resend", nil)
		admintest.Expect(t, "resend", r, http.StatusOK)
		_, again := invitationToken(t, r)
		if again == shown || !strings.HasSuffix(mailedInvitation(t, e, "nadia@example.com").Data["link"], "#"+again) {
			t.Fatal("the resent invitation is not a new link")
		}
		admintest.Expect(t, "the old link", e.Browser().Do("POST", "/invitation", map[string]string{"token": shown}), http.StatusNotFound)
		var view struct{ Languages []string }
		r = e.Browser().Do("POST", "/invitation", map[string]string{"token": again})
		admintest.Expect(t, "the new link", r, http.StatusOK)
		r.Data(t, &view)
		if len(view.Languages) != 1 || view.Languages[0] != "fr" {
			t.Fatalf("the resent invitation's languages: %v", view.Languages)
		}

		// A revoked invitation is not resent.
		r = amal.B.Do("GET", "/staff/invitations", nil)
		r.Data(t, &l)
		admintest.Expect(t, "revoke", amal.B.Do("DELETE", "/staff/invitations/"+l.Invitations[0].ID, nil), http.StatusOK)
		admintest.Expect(t, "resend a revoked one", amal.B.Do("POST", "/staff/invitations/"+l.Invitations[0].ID+"/resend", nil), http.StatusNotFound)
	})
}

// A translator translates from English: the staff list offers every other
// language, and the server refuses English in an invitation or a role.
func TestTranslatorsAreNotGivenEnglish(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		amal := e.Join("amal@noorvale.example", access.Administrator)
		tarek := e.Join("tarek@noorvale.example", access.Translator, "ar")
		var list staff.List
		r := amal.B.Do("GET", "/staff", nil)
		admintest.Expect(t, "list", r, http.StatusOK)
		r.Data(t, &list)
		for _, l := range list.Languages {
			if l == "en" {
				t.Fatalf("English is offered to translators: %v", list.Languages)
			}
		}
		if len(list.Languages) != 3 {
			t.Fatalf("languages offered: %v", list.Languages)
		}
		for _, tc := range []struct {
			name   string
			method string
			path   string
			body   map[string]any
		}{
			{"an invitation", "POST", "/staff/invitations", map[string]any{"email": "x@example.com", "role": "translator", "languages": []string{"ar", "en"}}},
			{"a role", "PUT", "/staff/" + tarek.ID + "/role", map[string]any{"role": "translator", "languages": []string{"en"}}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := amal.B.Do(tc.method, tc.path, tc.body)
				admintest.Expect(t, tc.name, r, http.StatusBadRequest)
				if !strings.Contains(r.Env.Errors["languages"], "Dutch, French or Arabic") {
					t.Fatalf("errors %v", r.Env.Errors)
				}
			})
		}
	})
}

// Administrators see each member's factors: passkeys, the app and the
// recovery codes left.
func TestStaffListCountsFactors(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		amal := e.Join("amal@noorvale.example", access.Administrator)
		badr := e.Join("badr@noorvale.example", access.Editor)
		b := e.Browser()
		admintest.Expect(t, "password", signIn(b, badr.Email, badr.Password, ""), http.StatusOK)
		admintest.Expect(t, "a recovery code", b.Do("POST", "/factor/code", map[string]string{"code": badr.Codes[0]}), http.StatusOK)
		var list staff.List
		r := amal.B.Do("GET", "/staff", nil)
		r.Data(t, &list)
		for _, m := range list.Staff {
			want := 10
			if m.ID == badr.ID {
				want = 9
			}
			if m.RecoveryCodesLeft != want || m.Passkeys != 0 || len(m.SecondFactors) != 1 {
				t.Fatalf("%s: %+v", m.Email, m)
			}
		}
	})
}
