package auth

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// codes returns the reset codes mailed to an address so far.
func (e *env) codes(to string) []string {
	var out []string
	for _, m := range e.mail.all() {
		if m.To == to && m.Kind == mail.KindResetCode {
			out = append(out, m.Data["code"])
		}
	}
	return out
}

func wrongFor(t *testing.T, code string) string {
	t.Helper()
	return fmt.Sprintf("%06d", (mustAtoi(t, code)+1)%1_000_000)
}

// Guesses sent at once are each counted before they are compared: a burst
// gets no more comparisons against one code than five sent one by one.
func TestParallelGuessesAreCountedBeforeComparing(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		u := e.confirmedUser("burst@example.com", goodPassword)
		expect(t, "forget", e.browser().form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "burst@example.com", "captcha": "solved"}), 200, true)
		wrong := wrongFor(t, e.codes("burst@example.com")[0])

		const burst = 40
		var wg sync.WaitGroup
		start := make(chan struct{})
		compared := make(chan string, burst)
		for i := range burst {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := e.browser()
				b.ip = fmt.Sprintf("203.0.113.%d", i%10+1)
				<-start
				compared <- b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "burst@example.com", "code": wrong}).env.Message
			}()
		}
		close(start)
		wg.Wait()
		close(compared)
		wrongAnswers := 0
		for msg := range compared {
			if msg == locale.For("en").Accounts.CodeWrong {
				wrongAnswers++
			}
		}
		tok, err := st.LatestToken(context.Background(), u.ID, store.PurposeResetCode)
		if err != nil {
			t.Fatal(err)
		}
		if tok.Attempts > codeTries || wrongAnswers > codeTries-1 {
			t.Fatalf("%d guesses at once: %d compared against the code, %d answered \"wrong\" rather than \"dead\"; at most %d may be", burst, tok.Attempts, wrongAnswers, codeTries)
		}
	})
}

// A fresh code every minute does not bring fresh guesses without end: ten
// wrong codes a day from one source, then no code for that source for a
// day, and the owner is told.
func TestTenWrongCodesPauseRecoveryForADay(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("target@example.com", goodPassword)
		b := e.browser()
		forget := func() {
			t.Helper()
			expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "target@example.com", "captcha": "solved"}), 200, true)
		}
		guess := func(code string) *result {
			t.Helper()
			return b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "target@example.com", "code": code})
		}

		wrongs := 0
		for round := 0; wrongs < wrongCodesADay; round++ {
			forget()
			codes := e.codes("target@example.com")
			if len(codes) != round+1 {
				t.Fatalf("round %d: %d codes mailed after %d wrong guesses", round, len(codes), wrongs)
			}
			for range codeTries {
				if wrongs == wrongCodesADay {
					break
				}
				expect(t, "wrong code", guess(wrongFor(t, codes[round])), 400, false)
				wrongs++
			}
			e.clock.Advance(61 * time.Second)
		}
		paused := e.mail.last(t, "target@example.com")
		if paused.Kind != mail.KindResetPaused || paused.Data["hours"] != "24" {
			t.Fatalf("after %d wrong codes the owner got %+v", wrongs, paused)
		}

		sent := len(e.codes("target@example.com"))
		for range 3 {
			forget()
			e.clock.Advance(time.Hour)
		}
		if got := len(e.codes("target@example.com")); got != sent {
			t.Fatalf("%d new codes mailed while recovery was paused", got-sent)
		}

		e.clock.Advance(codePause)
		forget()
		codes := e.codes("target@example.com")
		if len(codes) != sent+1 {
			t.Fatal("no code a day after the pause began")
		}
		expect(t, "right code after the pause", guess(codes[len(codes)-1]), 200, true)
	})
}

// A stranger who asks for codes until the address's hour of e-mail is
// used up, then enters ten wrong codes, pauses recovery only where the
// guesses came from: the owner is told all the same, and resets the
// password from elsewhere within the day.
func TestStrangersWrongCodesDoNotPauseTheOwner(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("owner@example.com", goodPassword)
		stranger := e.browser()
		stranger.ip = "203.0.113.66"
		forget := func(b *browser) {
			t.Helper()
			expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "owner@example.com", "captcha": "solved"}), 200, true)
		}
		guess := func(b *browser, code string) *result {
			t.Helper()
			return b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "owner@example.com", "code": code})
		}

		for range mailsAnHour {
			forget(stranger)
			e.clock.Advance(61 * time.Second)
		}
		codes := e.codes("owner@example.com")
		if len(codes) != mailsAnHour {
			t.Fatalf("%d codes mailed, want %d", len(codes), mailsAnHour)
		}
		wrong := wrongFor(t, codes[len(codes)-1])
		for i := range wrongCodesADay {
			if i == codeTries {
				forget(stranger) // a new window of guesses; the hour's e-mail is used up
				e.clock.Advance(61 * time.Second)
			}
			expect(t, "a stranger's wrong code", guess(stranger, wrong), 400, false)
		}
		if notice := e.mail.last(t, "owner@example.com"); notice.Kind != mail.KindResetPaused {
			t.Fatalf("after %d wrong codes the owner's last e-mail is %+v, want the notice", wrongCodesADay, notice)
		}

		// Within the day: the stranger's source gets no code and may not
		// guess; the owner, from home, resets the password.
		e.clock.Advance(time.Hour)
		owner := e.browser()
		owner.ip = "198.51.100.80"
		forget(owner)
		codes = e.codes("owner@example.com")
		if len(codes) != mailsAnHour+1 {
			t.Fatalf("the owner's request mailed no code (%d codes in all)", len(codes))
		}
		fresh := codes[len(codes)-1]
		e.clock.Advance(61 * time.Second)
		forget(stranger)
		if n := len(e.codes("owner@example.com")); n != mailsAnHour+1 {
			t.Fatal("the paused source's request mailed a code")
		}
		r := guess(stranger, fresh)
		expect(t, "the paused source with the right code", r, 400, false)
		if r.env.Message != locale.For("en").Accounts.CodeDead {
			t.Fatalf("answer %s", r.body)
		}
		expect(t, "the owner's code", guess(owner, fresh), 200, true)
	})
}

// A password change ends every reset under way: someone who took a reset
// token or a code before the owner changed the password cannot use it to
// set a password of their own afterwards.
func TestPasswordChangeEndsResetsUnderWay(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		owner := e.loggedIn("owner@example.com")
		thief := e.browser()
		thief.ip = "203.0.113.66"

		// The thief reaches the last step of a reset (a token), then asks
		// for a second code and keeps it unused.
		expect(t, "forget", thief.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "owner@example.com", "captcha": "solved"}), 200, true)
		r := thief.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "owner@example.com", "code": e.codes("owner@example.com")[0]})
		expect(t, "verify", r, 200, true)
		var data struct {
			Token string `json:"token"`
		}
		r.data(t, &data)
		e.clock.Advance(61 * time.Second)
		expect(t, "forget again", thief.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "owner@example.com", "captcha": "solved"}), 200, true)
		codes := e.codes("owner@example.com")
		if len(codes) != 2 {
			t.Fatalf("%d codes mailed, want 2", len(codes))
		}

		const ownerPassword = "the owner's own new passphrase"
		expect(t, "owner changes the password", owner.json("POST", "/api/account/password", map[string]any{
			"currentPassword": goodPassword, "newPassword": ownerPassword, "confirmPassword": ownerPassword,
		}), 200, true)

		expect(t, "reset with the token taken before the change", thief.json("POST", "/api/ApplicationUser/ResetPassword", map[string]any{
			"email": "owner@example.com", "token": data.Token, "newPassword": "the thief's passphrase", "confirmPassword": "the thief's passphrase",
		}), 400, false)
		expect(t, "the code mailed before the change", thief.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "owner@example.com", "code": codes[1]}), 400, false)
		expect(t, "the owner's password still works", e.browser().json("POST", "/api/Website/Login", map[string]any{"email": "owner@example.com", "password": ownerPassword}), 200, true)
	})
}

// Strangers asking from many addresses use up an address's hour of
// recovery e-mail, and cannot take recovery from its owner with it: a
// further request mails nothing and leaves the code mailed last valid,
// and the owner's browser, which signed in before, asks in a lane of its
// own. Its code is mailed beyond the address's hour, works only in that
// browser, and strangers' wrong guesses do not use it up.
func TestStrangersDoNotUseUpTheOwnersRecovery(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("owner@example.com", goodPassword)
		home := e.browser()
		home.ip = "198.51.100.80"
		expect(t, "the owner's earlier login", home.json("POST", "/api/Website/Login", map[string]any{"email": "owner@example.com", "password": goodPassword}), 200, true)
		expect(t, "logout", home.json("POST", "/api/account/logout", nil), 200, true)
		forget := func(b *browser) {
			t.Helper()
			expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "owner@example.com", "captcha": "solved"}), 200, true)
		}
		guess := func(b *browser, code string) *result {
			t.Helper()
			return b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "owner@example.com", "code": code})
		}
		stranger := func(i int) *browser {
			b := e.browser()
			b.ip = fmt.Sprintf("203.0.113.%d", i+1)
			return b
		}

		for i := range mailsAnHour + 2 {
			forget(stranger(i))
			e.clock.Advance(61 * time.Second)
		}
		codes := e.codes("owner@example.com")
		if len(codes) != mailsAnHour {
			t.Fatalf("%d codes mailed to the strangers' requests, want %d", len(codes), mailsAnHour)
		}

		// The code mailed last for the address is still valid after the
		// requests that mailed nothing.
		expect(t, "the address's last code", guess(stranger(30), codes[mailsAnHour-1]), 200, true)

		// The owner asks from the browser that signed in before: a code of its own.
		forget(home)
		codes = e.codes("owner@example.com")
		if len(codes) != mailsAnHour+1 {
			t.Fatalf("the owner's request from a known browser mailed no code (%d codes in all)", len(codes))
		}
		own := codes[len(codes)-1]
		for i := range codeTries + 1 {
			expect(t, "a stranger's wrong code", guess(stranger(20+i), wrongFor(t, own)), 400, false)
		}
		expect(t, "the owner's code from another browser", guess(stranger(40), own), 400, false)
		expect(t, "the owner's code in the browser it was asked from", guess(home, own), 200, true)
	})
}
