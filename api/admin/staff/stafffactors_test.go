package staff_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// The staff list says which kinds of second factor each member has, and
// shows none for an account that joined without setting one up or whose
// factors were reset: it signs in only through a set-up link e-mailed to it.
func TestStaffListShowsSecondFactors(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		amal := e.Join("amal@noorvale.example", access.Administrator)
		badr := e.Join("badr@noorvale.example", access.Editor)
		reset := e.Join("chadi@noorvale.example", access.Viewer)

		// Dalia joins and stops before setting up a second factor.
		inv, err := e.Svc.Invite(t.Context(), "dalia@noorvale.example", access.HR, nil, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		_, token, _ := strings.Cut(inv.Link, "#")
		password := "a long passphrase for dalia"
		r := e.Browser().Do("POST", "/join", map[string]string{"token": token, "name": "Dalia", "password": password, "confirmPassword": password})
		admintest.Expect(t, "join", r, http.StatusOK)
		// Badr adds a passkey beside his app; Chadi's factors are reset.
		if err := st.AddPasskey(t.Context(), &store.StaffPasskey{CredentialID: "badr-key", StaffID: badr.ID, Credential: "{}", CreatedAt: e.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Svc.ResetSecondFactor(t.Context(), reset.Email, "", ""); err != nil {
			t.Fatal(err)
		}

		r = amal.B.Do("GET", "/staff", nil)
		admintest.Expect(t, "staff list", r, http.StatusOK)
		var list struct {
			Staff []struct {
				Email         string    `json:"email"`
				SecondFactors *[]string `json:"secondFactors"`
			} `json:"staff"`
		}
		r.Data(t, &list)
		want := map[string][]string{
			"amal@noorvale.example":  {"totp"},
			"badr@noorvale.example":  {"passkey", "totp"},
			"chadi@noorvale.example": {},
			"dalia@noorvale.example": {},
		}
		if len(list.Staff) != len(want) {
			t.Fatalf("%d members listed, want %d", len(list.Staff), len(want))
		}
		for _, m := range list.Staff {
			if m.SecondFactors == nil || !slices.Equal(*m.SecondFactors, want[m.Email]) {
				t.Errorf("%s: second factors %v, want %v", m.Email, m.SecondFactors, want[m.Email])
			}
		}
	})
}
