package auth

import (
	"bytes"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// A disabled account: its sessions are refused; the right password is told
// the account is disabled, in the visitor's language, and a wrong one gets
// exactly what a wrong password gets for any account; recovery sends it no
// code and a reset under way stops.
func TestDisabledAccount(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		signedIn := e.loggedIn("kept.out@example.com")
		u, err := st.UserByEmail(t.Context(), "kept.out@example.com")
		if err != nil {
			t.Fatal(err)
		}
		e.confirmedUser("active@example.com", goodPassword)
		// A reset begun before the account is disabled.
		b := e.browser()
		expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": u.Email, "captcha": "solved"}), 200, true)
		code := e.mail.last(t, u.Email).Data["code"]
		r := b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": u.Email, "code": code})
		expect(t, "code", r, 200, true)
		var reset struct{ Token string }
		r.data(t, &reset)

		if _, err := st.DisableUser(t.Context(), u.ID, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		expect(t, "the session after disabling", signedIn.json("GET", "/api/account", nil), 401, false)

		for _, l := range locale.All {
			t.Run(string(l), func(t *testing.T) {
				m := locale.For(l)
				b := e.browser()
				b.ip = "203.0.113." + string(rune('1'+len(l)))
				login := func(email, password string) *result {
					return b.json("POST", "/api/Website/Login?lang="+string(l), map[string]any{"email": email, "password": password, "captcha": "solved"})
				}
				r := login(u.Email, goodPassword)
				expect(t, "the right password", r, http.StatusForbidden, false)
				if r.env.Message != m.Accounts.AccountDisabled || !strings.Contains(string(r.env.Data), `"accountDisabled":true`) {
					t.Fatalf("the right password of a disabled account: %s", r.body)
				}
				if _, ok := r.header["Set-Cookie"]; ok {
					t.Fatal("a disabled account was given a cookie")
				}
				wrongDisabled := login(u.Email, "not the password at all")
				wrongActive := login("active@example.com", "not the password at all")
				for name, r := range map[string]*result{"disabled": wrongDisabled, "active": wrongActive} {
					expect(t, "a wrong password for the "+name+" account", r, http.StatusUnauthorized, false)
				}
				if !bytes.Equal(wrongDisabled.body, wrongActive.body) || wrongDisabled.env.Message != m.Accounts.LoginFailed {
					t.Fatalf("a wrong password tells a disabled account apart:\n%s\n%s", wrongDisabled.body, wrongActive.body)
				}
			})
		}

		// Recovery: the request is answered as for any address, and no code is sent.
		before := len(e.mail.all())
		e.clock.Advance(2 * time.Minute)
		expect(t, "forget while disabled", e.browser().form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": u.Email, "captcha": "solved"}), 200, true)
		if sent := e.mail.all()[before:]; len(sent) != 0 {
			t.Fatalf("a disabled account was sent %+v", sent)
		}
		// The reset taken before disabling was deleted with it.
		r = b.json("POST", "/api/ApplicationUser/ResetPassword", map[string]any{
			"email": u.Email, "token": reset.Token, "newPassword": "a brand new passphrase", "confirmPassword": "a brand new passphrase",
		})
		expect(t, "a reset begun before disabling", r, http.StatusBadRequest, false)

		// Enabled again, the password works (with the captcha the guesses above brought on).
		if err := st.EnableUser(t.Context(), u.ID); err != nil {
			t.Fatal(err)
		}
		expect(t, "login after enabling", e.browser().json("POST", "/api/Website/Login", map[string]any{"email": u.Email, "password": goodPassword, "captcha": "solved"}), 200, true)
	})
}

// The back-office's paths into the accounts: a confirmation link queued
// under the hourly cap, a deletion that takes the picture's file, and the
// throttle counters read as they stand.
func TestBackOfficePaths(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		ctx := t.Context()
		u := &store.User{Email: "pending@example.com", FirstName: "Sara", LastName: "Ali", PasswordHash: "$argon2id$x", Locale: "fr"}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		for i := range mailsAnHour {
			if !e.svc.SendConfirmation(ctx, u) {
				t.Fatalf("confirmation %d was not queued", i+1)
			}
		}
		m := e.mail.last(t, u.Email)
		if m.Kind != mail.KindConfirmEmail || m.Locale != locale.Fr || !strings.Contains(m.Data["link"], "/fr/auth/confirm-email/") {
			t.Fatalf("the confirmation e-mail: %+v", m)
		}
		if e.svc.SendConfirmation(ctx, u) {
			t.Fatal("a fourth e-mail within the hour was queued")
		}

		// Counted for any address, with an account or not.
		const guessed = "guessed@example.com"
		th, err := e.svc.ThrottleOf(ctx, guessed)
		if err != nil || !th.CaptchaUntil.IsZero() || !th.RecoveryPausedUntil.IsZero() {
			t.Fatalf("a fresh address's throttle: %+v, %v", th, err)
		}
		b := e.browser()
		for range captchaAfter {
			b.json("POST", "/api/Website/Login", map[string]any{"email": guessed, "password": "not the password at all"})
		}
		for range wrongCodesADay {
			if _, err := e.svc.wrongCode(ctx, guessed, recoveryLane{pause: e.svc.wrongCodesKey(guessed, "203.0.113.9")}, nil); err != nil {
				t.Fatal(err)
			}
		}
		th, err = e.svc.ThrottleOf(ctx, guessed)
		now := e.clock.Now()
		if err != nil || !th.CaptchaUntil.Equal(now.Add(loginWindow)) || !th.RecoveryPausedUntil.Equal(now.Add(codePause)) {
			t.Fatalf("after failures: %+v, %v (now %v)", th, err, now)
		}
		e.clock.Advance(loginWindow)
		if th, _ := e.svc.ThrottleOf(ctx, guessed); !th.CaptchaUntil.IsZero() || th.RecoveryPausedUntil.IsZero() {
			t.Fatalf("after the login window: %+v", th)
		}

		owner := e.loggedIn("pictured@example.com")
		expect(t, "upload", owner.upload("/api/account/avatar", "file", pngImage(t, 64, 64)), 200, true)
		pictured, _ := st.UserByEmail(ctx, "pictured@example.com")
		if err := e.svc.DeleteAccount(ctx, pictured.ID); err != nil {
			t.Fatal(err)
		}
		if pictured.AvatarKey == "" {
			t.Fatal("the upload stored no picture")
		}
		if _, _, err := e.blobs.Get(ctx, pictured.AvatarKey); err == nil {
			t.Fatal("the picture outlived its account")
		}
		expect(t, "the deleted account's session", owner.json("GET", "/api/account", nil), 401, false)
		if err := e.svc.DeleteAccount(ctx, pictured.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleting it again: %v", err)
		}
		if DescribeDevice("Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36", locale.Ar) != "Chrome على Windows" {
			t.Fatal(DescribeDevice("Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36", locale.Ar))
		}
	})
}
