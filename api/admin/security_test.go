package admin

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A staff member manages their own second factors: the list, removing one
// (never the last), new recovery codes after a fresh check, all audited.
func TestOwnSecondFactors(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		m := e.join("hala@noorvale.example", access.Sales)

		var list signin.FactorList
		r := m.b.do("GET", "/factors", nil)
		expect(t, "list", r, http.StatusOK)
		r.data(t, &list)
		if !list.TOTP || len(list.Passkeys) != 0 || list.RecoveryCodesLeft != signin.RecoveryCodes {
			t.Fatalf("a member who enrolled an app: %+v", list)
		}

		// The app is the only factor: it stays.
		r = m.b.do("DELETE", "/factors/totp", nil)
		expect(t, "removing the only factor", r, http.StatusConflict)
		if r.env.Message != access.In("en").LastFactor {
			t.Fatalf("refusal says %q", r.env.Message)
		}
		m.b.lang = "ar"
		r = m.b.do("DELETE", "/factors/totp", nil)
		if r.env.Message != access.In("ar").LastFactor {
			t.Fatalf("the Arabic refusal says %q", r.env.Message)
		}
		m.b.lang = "en"

		// With a passkey beside it, the app can go; then the passkey is the last.
		key := &store.StaffPasskey{CredentialID: "a-passkey", StaffID: m.id, Credential: "{}", CreatedAt: e.clock.Now()}
		if err := st.AddPasskey(t.Context(), key); err != nil {
			t.Fatal(err)
		}
		expect(t, "someone else's passkey", m.b.do("DELETE", "/factors/passkeys/not-mine", nil), http.StatusNotFound)
		expect(t, "removing the app", m.b.do("DELETE", "/factors/totp", nil), http.StatusOK)
		expect(t, "removing the app twice", m.b.do("DELETE", "/factors/totp", nil), http.StatusNotFound)
		expect(t, "removing the last passkey", m.b.do("DELETE", "/factors/passkeys/a-passkey", nil), http.StatusConflict)
		r = m.b.do("GET", "/factors", nil)
		r.data(t, &list)
		if list.TOTP || len(list.Passkeys) != 1 || list.Passkeys[0].ID != "a-passkey" {
			t.Fatalf("after removing the app: %+v", list)
		}

		// New recovery codes need a second factor from the last ten minutes.
		e.clock.Advance(11 * time.Minute)
		r = m.b.do("POST", "/factors/recovery-codes", nil)
		expect(t, "new codes without a fresh check", r, http.StatusForbidden)
		expect(t, "a recovery code as the fresh check", m.b.do("POST", "/factor/code", map[string]string{"code": m.codes[0]}), http.StatusOK)
		r = m.b.do("POST", "/factors/recovery-codes", nil)
		expect(t, "new codes", r, http.StatusOK)
		var renewed struct {
			RecoveryCodes []string `json:"recoveryCodes"`
		}
		r.data(t, &renewed)
		if len(renewed.RecoveryCodes) != signin.RecoveryCodes || slices.Contains(renewed.RecoveryCodes, m.codes[1]) {
			t.Fatalf("new codes: %v", renewed.RecoveryCodes)
		}
		e.clock.Advance(11 * time.Minute)
		r = m.b.do("POST", "/factor/code", map[string]string{"code": m.codes[1]})
		if r.status == http.StatusOK {
			t.Fatal("an old recovery code still works")
		}
		expect(t, "a new code", m.b.do("POST", "/factor/code", map[string]string{"code": renewed.RecoveryCodes[0]}), http.StatusOK)

		// Another factor is begun only after a fresh check, and finished without another.
		e.clock.Advance(11 * time.Minute)
		expect(t, "a new app without a fresh check", m.b.do("POST", "/enrol/totp/options", nil), http.StatusForbidden)
		expect(t, "a fresh check", m.b.do("POST", "/factor/code", map[string]string{"code": renewed.RecoveryCodes[1]}), http.StatusOK)
		r = m.b.do("POST", "/enrol/totp/options", nil)
		expect(t, "a new app", r, http.StatusOK)
		var opts struct{ Secret string }
		r.data(t, &opts)
		m.secret = opts.Secret
		expect(t, "the new app's code", m.b.do("POST", "/enrol/totp", map[string]string{"code": m.code(e)}), http.StatusOK)
		r = m.b.do("GET", "/factors", nil)
		r.data(t, &list)
		if !list.TOTP || len(list.Passkeys) != 1 {
			t.Fatalf("after adding an app again: %+v", list)
		}

		events, err := st.AuditEvents(t.Context(), store.AuditFilter{ActorID: m.id})
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
