package signin_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
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
		e := admintest.New(t, st)
		m := e.Join("hala@noorvale.example", access.Sales)
		signIn := func(b *admintest.Browser) {
			t.Helper()
			r := b.Do("POST", "/login", map[string]string{"email": m.Email, "password": m.Password})
			admintest.Expect(t, "password", r, http.StatusOK)
		}
		right := func(b *admintest.Browser) *admintest.Result {
			t.Helper()
			e.Clock.Advance(30 * time.Second) // each step of the app's codes works once
			return b.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)})
		}
		// wrong sends n wrong codes, over new sign-ins as each session allows
		// four, and expects each to be refused as wrong.
		wrong := func(b *admintest.Browser, n int) {
			t.Helper()
			for i := range n {
				if i%(signin.CodeTries-1) == 0 {
					signIn(b)
				}
				r := b.Do("POST", "/factor/code", map[string]string{"code": m.WrongCode(e)})
				if r.Status != http.StatusBadRequest || r.Env.Errors["code"] != access.In("en").CodeWrong {
					t.Fatalf("wrong code %d: %d %s", i+1, r.Status, r.Body)
				}
			}
		}
		lockNotices := func() []mail.Message {
			var out []mail.Message
			for _, msg := range e.Mail.To(m.Email) {
				if msg.Kind == mail.KindStaffFactorLocked {
					out = append(out, msg)
				}
			}
			return out
		}

		// Outsiders without the password, from many networks, lock nothing.
		for i := range 12 {
			b := e.Browser()
			b.IP = fmt.Sprintf("203.0.113.%d", i+1)
			admintest.Expect(t, "a wrong password", b.Do("POST", "/login", map[string]string{"email": m.Email, "password": "a guess at the password"}), http.StatusUnauthorized)
			admintest.Expect(t, "a code without a session", b.Do("POST", "/factor/code", map[string]string{"code": m.WrongCode(e)}), http.StatusUnauthorized)
		}

		// A right code forgets the wrong ones before it.
		owner := e.Browser()
		wrong(owner, 6)
		admintest.Expect(t, "the right code after six wrong", right(owner), http.StatusOK)

		guesser := e.Browser()
		guesser.IP = "192.0.2.66"
		wrong(guesser, signin.FactorTries-1)
		r := guesser.Do("POST", "/factor/code", map[string]string{"code": m.WrongCode(e)})
		admintest.Expect(t, "the tenth wrong in a row", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("en").FactorLocked, 15); r.Env.Message != want {
			t.Fatalf("the lock says %q, want %q", r.Env.Message, want)
		}
		if got := r.Header.Get("Retry-After"); got != "900" {
			t.Fatalf("Retry-After %q", got)
		}
		admintest.Expect(t, "the guesser's sign-in after the lock", guesser.Do("GET", "/session", nil), http.StatusUnauthorized)
		lockedAt := e.Clock.Now()

		notices := lockNotices()
		if len(notices) != 1 || notices[0].Locale != "en" || notices[0].Name != "Staff sales" ||
			notices[0].Data["tries"] != "10" || notices[0].Data["until"] != lockedAt.Add(15*time.Minute).Format("2006-01-02 15:04 UTC") {
			t.Fatalf("the owner's notices: %+v", notices)
		}
		if _, err := mail.Render(notices[0]); err != nil {
			t.Fatalf("the notice does not render: %v", err)
		}
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionFactorLocked})
		if err != nil || len(events) != 1 || events[0].Item != m.ID || events[0].IP != "192.0.2.66" || events[0].Detail != "totp" {
			t.Fatalf("the lock in the trail: %+v, %v", events, err)
		}

		// While locked even the right code is refused: from a new sign-in, in
		// Arabic, and as a signed-in member's fresh check, whose session stays.
		arabic := e.Browser()
		arabic.Lang = "ar"
		signIn(arabic)
		r = right(arabic)
		admintest.Expect(t, "the right code while locked", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("ar").FactorLocked, 15); r.Env.Message != want {
			t.Fatalf("the Arabic lock says %q, want %q", r.Env.Message, want)
		}
		admintest.Expect(t, "a fresh check while locked", right(m.B), http.StatusTooManyRequests)
		admintest.Expect(t, "the signed-in session while locked", m.B.Do("GET", "/session", nil), http.StatusOK)
		admintest.Expect(t, "passkey options while locked", m.B.Do("POST", "/factor/passkey/options", nil), http.StatusTooManyRequests)

		// After the lock, ten more wrong in a row lock it for twice as long.
		e.Clock.Set(lockedAt.Add(15 * time.Minute))
		wrong(guesser, signin.FactorTries-1)
		r = guesser.Do("POST", "/factor/code", map[string]string{"code": m.WrongCode(e)})
		admintest.Expect(t, "ten more wrong", r, http.StatusTooManyRequests)
		if want := access.Sprintf(access.In("en").FactorLocked, 30); r.Env.Message != want {
			t.Fatalf("the second lock says %q, want %q", r.Env.Message, want)
		}
		if n := len(lockNotices()); n != 2 {
			t.Fatalf("%d notices after the second lock", n)
		}

		// Once it ends, the right code signs in and the count starts again.
		e.Clock.Advance(30 * time.Minute)
		signIn(owner)
		admintest.Expect(t, "the right code after the lock", right(owner), http.StatusOK)
		admintest.Expect(t, "signed in", owner.Do("GET", "/staff", nil), http.StatusForbidden) // in, and a sales role
		loaded, err := st.StaffByID(t.Context(), m.ID)
		if err != nil || loaded.FactorFailures != 0 || loaded.FactorLocks != 0 || loaded.FactorLockedUntil != nil {
			t.Fatalf("after a right code the account holds %+v, %v", loaded, err)
		}
	})
}
