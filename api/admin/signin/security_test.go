package signin_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A staff member manages their own second factors: the list, removing one
// (never the last), new recovery codes after a fresh check, all audited.
func TestOwnSecondFactors(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		m := e.Join("hala@noorvale.example", access.Sales)

		var list signin.FactorList
		r := m.B.Do("GET", "/factors", nil)
		admintest.Expect(t, "list", r, http.StatusOK)
		r.Data(t, &list)
		if !list.TOTP || len(list.Passkeys) != 0 || list.RecoveryCodesLeft != signin.RecoveryCodes {
			t.Fatalf("a member who enrolled an app: %+v", list)
		}

		// The app is the only factor: it stays.
		r = m.B.Do("DELETE", "/factors/totp", nil)
		admintest.Expect(t, "removing the only factor", r, http.StatusConflict)
		if r.Env.Message != access.In("en").LastFactor {
			t.Fatalf("refusal says %q", r.Env.Message)
		}
		m.B.Lang = "ar"
		r = m.B.Do("DELETE", "/factors/totp", nil)
		if r.Env.Message != access.In("ar").LastFactor {
			t.Fatalf("the Arabic refusal says %q", r.Env.Message)
		}
		m.B.Lang = "en"

		// With a passkey beside it, the app can go; then the passkey is the last.
		key := &store.StaffPasskey{CredentialID: "a-passkey", StaffID: m.ID, Credential: "{}", CreatedAt: e.Clock.Now()}
		if err := st.AddPasskey(t.Context(), key); err != nil {
			t.Fatal(err)
		}
		admintest.Expect(t, "someone else's passkey", m.B.Do("DELETE", "/factors/passkeys/not-mine", nil), http.StatusNotFound)
		admintest.Expect(t, "removing the app", m.B.Do("DELETE", "/factors/totp", nil), http.StatusOK)
		admintest.Expect(t, "removing the app twice", m.B.Do("DELETE", "/factors/totp", nil), http.StatusNotFound)
		admintest.Expect(t, "removing the last passkey", m.B.Do("DELETE", "/factors/passkeys/a-passkey", nil), http.StatusConflict)
		r = m.B.Do("GET", "/factors", nil)
		r.Data(t, &list)
		if list.TOTP || len(list.Passkeys) != 1 || list.Passkeys[0].ID != "a-passkey" {
			t.Fatalf("after removing the app: %+v", list)
		}

		// New recovery codes need a second factor from the last ten minutes.
		e.Clock.Advance(11 * time.Minute)
		r = m.B.Do("POST", "/factors/recovery-codes", nil)
		admintest.Expect(t, "new codes without a fresh check", r, http.StatusForbidden)
		admintest.Expect(t, "a recovery code as the fresh check", m.B.Do("POST", "/factor/code", map[string]string{"code": m.Codes[0]}), http.StatusOK)
		r = m.B.Do("POST", "/factors/recovery-codes", nil)
		admintest.Expect(t, "new codes", r, http.StatusOK)
		var renewed struct {
			RecoveryCodes []string `json:"recoveryCodes"`
		}
		r.Data(t, &renewed)
		if len(renewed.RecoveryCodes) != signin.RecoveryCodes || slices.Contains(renewed.RecoveryCodes, m.Codes[1]) {
			t.Fatalf("new codes: %v", renewed.RecoveryCodes)
		}
		e.Clock.Advance(11 * time.Minute)
		r = m.B.Do("POST", "/factor/code", map[string]string{"code": m.Codes[1]})
		if r.Status == http.StatusOK {
			t.Fatal("an old recovery code still works")
		}
		admintest.Expect(t, "a new code", m.B.Do("POST", "/factor/code", map[string]string{"code": renewed.RecoveryCodes[0]}), http.StatusOK)

		// Another factor is begun only after a fresh check, and finished without another.
		e.Clock.Advance(11 * time.Minute)
		admintest.Expect(t, "a new app without a fresh check", m.B.Do("POST", "/enrol/totp/options", nil), http.StatusForbidden)
		admintest.Expect(t, "a fresh check", m.B.Do("POST", "/factor/code", map[string]string{"code": renewed.RecoveryCodes[1]}), http.StatusOK)
		r = m.B.Do("POST", "/enrol/totp/options", nil)
		admintest.Expect(t, "a new app", r, http.StatusOK)
		var opts struct{ Secret string }
		r.Data(t, &opts)
		m.Secret = opts.Secret
		admintest.Expect(t, "the new app's code", m.B.Do("POST", "/enrol/totp", map[string]string{"code": m.Code(e)}), http.StatusOK)
		r = m.B.Do("GET", "/factors", nil)
		r.Data(t, &list)
		if !list.TOTP || len(list.Passkeys) != 1 {
			t.Fatalf("after adding an app again: %+v", list)
		}

		events, err := st.AuditEvents(t.Context(), store.AuditFilter{ActorID: m.ID})
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for _, ev := range events {
			if ev.Action == audit.ActionFactorRemoved || ev.Action == audit.ActionCodesRenewed {
				seen = append(seen, ev.Action+" "+ev.Detail)
			}
		}
		want := []string{audit.ActionCodesRenewed + " ", audit.ActionFactorRemoved + " totp"} // newest first
		if !slices.Equal(seen, want) {
			t.Fatalf("audit trail: %q, want %q", seen, want)
		}
	})
}
