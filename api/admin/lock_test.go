package admin

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Once the password is known, the second factor cannot be guessed without
// limit: ten wrong in a row on the account, whatever the sessions, lock its
// second-factor step for 15 minutes (each further lock in a row twice as
// long), the owner is e-mailed and the trail says so; a right one forgets
// the count. Wrong passwords never count, so an outsider cannot lock anyone.
func TestSecondFactorLocksAfterTenWrongInARow(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		m := e.join("hala@noorvale.example", access.Sales)
		signIn := func(b *browser) {
			t.Helper()
			r := b.do("POST", "/login", map[string]string{"email": m.email, "password": m.password})
			expect(t, "password", r, http.StatusOK)
		}
		right := func(b *browser) *result {
			t.Helper()
			e.clock.Advance(30 * time.Second) // each step of the app's codes works once
			return b.do("POST", "/factor/code", map[string]string{"code": m.code(e)})
		}
		// wrong sends n wrong codes, over new sign-ins as each session allows
		// four, and expects each to be refused as wrong.
		wrong := func(b *browser, n int) {
			t.Helper()
			for i := range n {
				if i%(signin.CodeTries-1) == 0 {
					signIn(b)
				}
				r := b.do("POST", "/factor/code", map[string]string{"code": m.wrongCode(e)})
				if r.status != http.StatusBadRequest || r.env.Errors["code"] != access.In("en").CodeWrong {
					t.Fatalf("wrong code %d: %d %s", i+1, r.status, r.body)
				}
			}
		}
		lockNotices := func() []mail.Message {
			var out []mail.Message
			for _, msg := range e.mail.to(m.email) {
				if msg.Kind == mail.KindStaffFactorLocked {
					out = append(out, msg)
				}
			}
			return out
		}

		// Outsiders without the password, from many networks, lock nothing.
		for i := range 12 {
			b := e.browser()
			b.ip = fmt.Sprintf("203.0.113.%d", i+1)
			expect(t, "a wrong password", b.do("POST", "/login", map[string]string{"email": m.email, "password": "a guess at the password"}), http.StatusUnauthorized)
			expect(t, "a code without a session", b.do("POST", "/factor/code", map[string]string{"code": m.wrongCode(e)}), http.StatusUnauthorized)
		}

		// A right code forgets the wrong ones before it.
		owner := e.browser()
		wrong(owner, 6)
		expect(t, "the right code after six wrong", right(owner), http.StatusOK)

		guesser := e.browser()
		guesser.ip = "192.0.2.66"
		wrong(guesser, signin.FactorTries-1)
		r := guesser.do("POST", "/factor/code", map[string]string{"code": m.wrongCode(e)})
		expect(t, "the tenth wrong in a row", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("en").FactorLocked, 15); r.env.Message != want {
			t.Fatalf("the lock says %q, want %q", r.env.Message, want)
		}
		if got := r.header.Get("Retry-After"); got != "900" {
			t.Fatalf("Retry-After %q", got)
		}
		expect(t, "the guesser's sign-in after the lock", guesser.do("GET", "/session", nil), http.StatusUnauthorized)
		lockedAt := e.clock.Now()

		notices := lockNotices()
		if len(notices) != 1 || notices[0].Locale != "en" || notices[0].Name != "Staff sales" ||
			notices[0].Data["tries"] != "10" || notices[0].Data["until"] != lockedAt.Add(15*time.Minute).Format("2006-01-02 15:04 UTC") {
			t.Fatalf("the owner's notices: %+v", notices)
		}
		if _, err := mail.Render(notices[0]); err != nil {
			t.Fatalf("the notice does not render: %v", err)
		}
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionFactorLocked})
		if err != nil || len(events) != 1 || events[0].Item != m.id || events[0].IP != "192.0.2.66" || events[0].Detail != "totp" {
			t.Fatalf("the lock in the trail: %+v, %v", events, err)
		}

		// While locked even the right code is refused: from a new sign-in, in
		// Arabic, and as a signed-in member's fresh check, whose session stays.
		arabic := e.browser()
		arabic.lang = "ar"
		signIn(arabic)
		r = right(arabic)
		expect(t, "the right code while locked", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("ar").FactorLocked, 15); r.env.Message != want {
			t.Fatalf("the Arabic lock says %q, want %q", r.env.Message, want)
		}
		expect(t, "a fresh check while locked", right(m.b), http.StatusTooManyRequests)
		expect(t, "the signed-in session while locked", m.b.do("GET", "/session", nil), http.StatusOK)
		expect(t, "passkey options while locked", m.b.do("POST", "/factor/passkey/options", nil), http.StatusTooManyRequests)

		// After the lock, ten more wrong in a row lock it for twice as long.
		e.clock.Set(lockedAt.Add(15 * time.Minute))
		wrong(guesser, signin.FactorTries-1)
		r = guesser.do("POST", "/factor/code", map[string]string{"code": m.wrongCode(e)})
		expect(t, "ten more wrong", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("en").FactorLocked, 30); r.env.Message != want {
			t.Fatalf("the second lock says %q, want %q", r.env.Message, want)
		}
		if n := len(lockNotices()); n != 2 {
			t.Fatalf("%d notices after the second lock", n)
		}

		// Once it ends, the right code signs in and the count starts again.
		e.clock.Advance(30 * time.Minute)
		signIn(owner)
		expect(t, "the right code after the lock", right(owner), http.StatusOK)
		expect(t, "signed in", owner.do("GET", "/staff", nil), http.StatusForbidden) // in, and a sales role
		loaded, err := st.StaffByID(t.Context(), m.id)
		if err != nil || loaded.FactorFailures != 0 || loaded.FactorLocks != 0 || loaded.FactorLockedUntil != nil {
			t.Fatalf("after a right code the account holds %+v, %v", loaded, err)
		}
	})
}
