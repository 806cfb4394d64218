package auth

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// mailsTo returns the e-mails queued for an address so far.
func (e *env) mailsTo(to string) []mail.Message {
	var out []mail.Message
	for _, m := range e.mail.all() {
		if m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// sameAnswer fails unless two answers are the same byte for byte.
func sameAnswer(t *testing.T, what string, a, b *result) {
	t.Helper()
	if a.status != b.status || !bytes.Equal(a.body, b.body) || a.header.Get("Set-Cookie") != b.header.Get("Set-Cookie") {
		t.Fatalf("%s: answers differ:\n %d %s\n %d %s", what, a.status, a.body, b.status, b.body)
	}
}

// Ten registrations of one address, from ten networks, with a name that
// is an advertisement: the address gets three e-mails in the hour, none
// of which carries the name, and every answer is the same.
func TestTenRegistrationsMailAnAddressThreeTimes(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		reg := registration("victim@example.com")
		reg["firstName"], reg["lastName"] = "Visit https://evil.example/win", "now"
		var first *result
		for i := range 10 {
			b := e.browser()
			b.ip = fmt.Sprintf("203.0.113.%d", i+1)
			r := b.json("POST", "/api/Website/Register", reg)
			expect(t, "registration", r, 200, true)
			if first == nil {
				first = r
			}
			sameAnswer(t, fmt.Sprintf("registration %d", i+1), first, r)
		}
		got := e.mailsTo("victim@example.com")
		if len(got) != mailsAnHour {
			t.Fatalf("%d e-mails to one address in an hour, want %d", len(got), mailsAnHour)
		}
		for _, m := range got {
			r, err := mail.Render(m)
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != mail.KindConfirmEmail || m.Name != "" || strings.Contains(r.Subject+r.Text+r.HTML, "evil.example") {
				t.Fatalf("e-mail to an address nobody proved: name %q, kind %s\n%s", m.Name, m.Kind, r.Text)
			}
		}

		// Recovery for that address now sends nothing either, and says so
		// no differently than for an address without an account.
		b := e.browser()
		sameAnswer(t, "forget, over the hour's e-mail",
			b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "victim@example.com", "captcha": "solved"}),
			b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "nobody@example.com", "captcha": "solved"}))
		e.clock.Advance(61 * time.Second)
		sameAnswer(t, "resend, over the hour's e-mail",
			b.json("POST", "/api/account/resend-confirmation", map[string]any{"email": "victim@example.com"}),
			b.json("POST", "/api/account/resend-confirmation", map[string]any{"email": "nobody@example.com"}))
		if n := len(e.mailsTo("victim@example.com")); n != mailsAnHour {
			t.Fatalf("%d e-mails after recovery and a new link were asked for, want %d", n, mailsAnHour)
		}

		// The next hour, the address may hear from us again.
		e.clock.Advance(time.Hour)
		expect(t, "registration an hour later", e.browser().json("POST", "/api/Website/Register", reg), 200, true)
		if n := len(e.mailsTo("victim@example.com")); n != mailsAnHour+1 {
			t.Fatalf("%d e-mails an hour later, want %d", n, mailsAnHour+1)
		}
	})
}

// Notices of a change made with the password go whatever the count, so a
// thief cannot silence them by asking for codes first; the account's own
// name greets a confirmed address, and no name an unconfirmed one.
func TestNoticesGoAndNamesGreetOnlyConfirmedAddresses(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		owner := e.loggedIn("owner@example.com")
		thief := e.browser()
		for range mailsAnHour + 1 {
			expect(t, "forget", thief.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "owner@example.com", "captcha": "solved"}), 200, true)
			e.clock.Advance(61 * time.Second)
		}
		if codes := e.codes("owner@example.com"); len(codes) != mailsAnHour {
			t.Fatalf("%d codes mailed, want %d", len(codes), mailsAnHour)
		}
		const next = "meadow copper signal 58"
		expect(t, "password change", owner.json("POST", "/api/account/password",
			map[string]any{"currentPassword": goodPassword, "newPassword": next, "confirmPassword": next}), 200, true)
		notice := e.mail.last(t, "owner@example.com")
		if notice.Kind != mail.KindPasswordChanged || notice.Name != "Layla Haddad" {
			t.Fatalf("after the hour's codes, the change was told by %+v", notice)
		}
		for _, m := range e.mailsTo("owner@example.com") {
			if m.Name != "Layla Haddad" {
				t.Fatalf("a confirmed address's %s greets %q", m.Kind, m.Name)
			}
		}

		// An unconfirmed account's name came from whoever registered it.
		reg := registration("pending@example.com")
		reg["firstName"] = "Visit evil.example"
		expect(t, "register", e.browser().json("POST", "/api/Website/Register", reg), 200, true)
		e.clock.Advance(61 * time.Second)
		expect(t, "forget", e.browser().form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "pending@example.com", "captcha": "solved"}), 200, true)
		for _, m := range e.mailsTo("pending@example.com") {
			if m.Name != "" {
				t.Fatalf("an unconfirmed address's %s greets %q", m.Kind, m.Name)
			}
		}
		if len(e.codes("pending@example.com")) != 1 {
			t.Fatal("no reset code for the unconfirmed account")
		}
	})
}

// completeHeld writes the e-mails of requests held by the fake, as the
// sender would, and returns them; a request that needs none gives none.
func (e *env) completeHeld(t *testing.T, requests []mail.Message) []mail.Message {
	t.Helper()
	var out []mail.Message
	for _, req := range requests {
		done, send, err := e.svc.CompleteMail(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if send {
			out = append(out, done)
		}
	}
	return out
}

// Asking for a reset code or a new confirmation link does the same work
// for an address with an account as for one without: the same statements,
// one request queued, the same answer. Whether an account needed an e-mail
// is looked up only when the request's e-mail is written, after the answer.
func TestRecoveryWorkIsTheSameForEveryAddress(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("known@example.com", goodPassword)
		expect(t, "register", e.browser().json("POST", "/api/Website/Register", registration("pending@example.com")), 200, true)
		e.mail.holdRequests()

		type work struct {
			statements uint64
			queued     []mail.Message
			answer     *result
		}
		measure := func(ask func(b *browser) *result) work {
			b := e.browser()
			before, queued := st.Statements(), len(e.mail.all())
			r := ask(b)
			return work{statements: st.Statements() - before, queued: e.mail.all()[queued:], answer: r}
		}
		forget := func(email string) func(b *browser) *result {
			return func(b *browser) *result {
				return b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": email, "captcha": "solved"})
			}
		}
		resend := func(email string) func(b *browser) *result {
			return func(b *browser) *result {
				return b.json("POST", "/api/account/resend-confirmation", map[string]any{"email": email})
			}
		}
		var held []mail.Message
		for _, tc := range []struct {
			name    string
			ask     func(email string) func(b *browser) *result
			address string
		}{
			{"forget, confirmed account", forget, "known@example.com"},
			{"forget, unconfirmed account", forget, "pending@example.com"},
			{"resend, unconfirmed account", resend, "pending@example.com"},
			{"resend, confirmed account", resend, "known@example.com"},
		} {
			known := measure(tc.ask(tc.address))
			unknown := measure(tc.ask("nobody-" + tc.address))
			sameAnswer(t, tc.name, known.answer, unknown.answer)
			if known.statements != unknown.statements {
				t.Errorf("%s: %d statements for the address with an account, %d for one without", tc.name, known.statements, unknown.statements)
			}
			if len(known.queued) != 1 || len(unknown.queued) != 1 || known.queued[0].Kind != unknown.queued[0].Kind || !mail.IsRequest(known.queued[0].Kind) {
				t.Fatalf("%s: queued %+v for the address with an account, %+v for one without", tc.name, known.queued, unknown.queued)
			}
			held = append(held, known.queued[0], unknown.queued[0])
			e.clock.Advance(61 * time.Second)
		}

		// Written as they are sent: a code for each account, a link for the
		// unconfirmed one, nothing for the addresses without an account.
		var got []string
		for _, m := range e.completeHeld(t, held) {
			got = append(got, string(m.Kind)+" "+m.To)
		}
		want := []string{"reset-code known@example.com", "reset-code pending@example.com", "confirm-email pending@example.com"}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Fatalf("e-mails written: %v, want %v", got, want)
		}
	})
}

// A reset code is valid ten minutes from the request, however late its
// e-mail is written (a mail server that was down), and says so; one that
// would arrive with under two minutes left is not sent.
func TestResetCodeLivesTenMinutesFromTheRequest(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("late@example.com", goodPassword)
		e.mail.holdRequests()
		b := e.browser()
		expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "late@example.com", "captcha": "solved"}), 200, true)
		held := e.mail.all()

		e.clock.Advance(3 * time.Minute)
		written := e.completeHeld(t, held)
		if len(written) != 1 || written[0].Data["minutes"] != "7" {
			t.Fatalf("written three minutes late: %+v", written)
		}
		code := written[0].Data["code"]
		e.clock.Advance(7*time.Minute - time.Second)
		r := b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "late@example.com", "code": code})
		expect(t, "the code a second before its ten minutes end", r, 200, true)

		e.clock.Advance(time.Minute)
		expect(t, "forget again", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "late@example.com", "captcha": "solved"}), 200, true)
		held = e.mail.all()[len(e.mail.all())-1:]
		e.clock.Advance(8*time.Minute + time.Second)
		if written := e.completeHeld(t, held); len(written) != 0 {
			t.Fatalf("a code with under two minutes left was written: %+v", written)
		}
	})
}
