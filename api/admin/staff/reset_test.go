package staff_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// enrolLink is the token of the latest set-up link e-mailed to address.
func enrolLink(t *testing.T, e *admintest.Env, address string) string {
	t.Helper()
	sent := e.Mail.To(address)
	for i := len(sent) - 1; i >= 0; i-- {
		if sent[i].Kind == mail.KindStaffEnrolLink {
			if sent[i].Data["hours"] != "24" {
				t.Fatalf("the link's mail says it works %s hours", sent[i].Data["hours"])
			}
			link, token, ok := strings.Cut(sent[i].Data["link"], "#")
			if !ok || link != "http://localhost:8080/admin/enrol" {
				t.Fatalf("set-up link %q", sent[i].Data["link"])
			}
			return token
		}
	}
	t.Fatalf("no set-up link was mailed to %s", address)
	return ""
}

func signIn(b *admintest.Browser, email, password, token string) *admintest.Result {
	body := map[string]string{"email": email, "password": password}
	if token != "" {
		body["enrolToken"] = token
	}
	return b.Do("POST", "/login", body)
}

// expectRefused fails unless r is the 403 with message, and no session began.
func expectRefused(t *testing.T, what string, b *admintest.Browser, r *admintest.Result, message string) {
	t.Helper()
	admintest.Expect(t, what, r, http.StatusForbidden)
	if r.Env.Message != message {
		t.Fatalf("%s: message %q, want %q", what, r.Env.Message, message)
	}
	admintest.Expect(t, what+": the session", b.Do("GET", "/session", nil), http.StatusUnauthorized)
}

// A staff account whose second factor an administrator reset, or that
// joined and never set one up, is not completed by whoever has its
// password: the password alone is refused with a message that points to
// the mail, and only the link e-mailed to the account's address, together
// with the password, starts the enrolment of a new factor. The link works
// once and for a day, and a newer reset or disabling the account voids it.
func TestResetFactorMailsAOneTimeLink(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		m := access.In("en")
		admin := e.Join("amal@noorvale.example", access.Administrator)
		lost := e.Join("chadi@noorvale.example", access.Editor)
		reset := func(who *admintest.Member) {
			t.Helper()
			e.Clock.Advance(30 * time.Second)
			admintest.Expect(t, "step-up", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
			r := admin.B.Do("POST", "/staff/"+who.ID+"/second-factor/reset", nil)
			admintest.Expect(t, "reset", r, http.StatusOK)
			if !strings.Contains(r.Env.Message, who.Email) || !strings.Contains(r.Env.Message, "e-mailed") {
				t.Fatalf("the reset says %q", r.Env.Message)
			}
		}

		reset(lost)
		admintest.Expect(t, "the reset account's old session", lost.B.Do("GET", "/session", nil), http.StatusUnauthorized)
		thief := e.Browser()
		thief.IP = "203.0.113.9"
		expectRefused(t, "the password alone", thief, signIn(thief, lost.Email, lost.Password, ""), m.EnrolByLink)
		expectRefused(t, "a made-up link", thief, signIn(thief, lost.Email, lost.Password, strings.Repeat("A", 43)), m.EnrolLinkInvalid)
		first := enrolLink(t, e, lost.Email)
		admintest.Expect(t, "the link with a wrong password", signIn(thief, lost.Email, "not the password at all", first), http.StatusUnauthorized)

		// A newer reset voids the first link.
		reset(lost)
		second := enrolLink(t, e, lost.Email)
		if second == first {
			t.Fatal("the second reset mailed the same link")
		}
		expectRefused(t, "the first link", thief, signIn(thief, lost.Email, lost.Password, first), m.EnrolLinkInvalid)

		// The owner follows the link, signs in and sets up an app.
		owner := e.Browser()
		r := signIn(owner, lost.Email, lost.Password, second)
		admintest.Expect(t, "the link with the password", r, http.StatusOK)
		var state signin.State
		r.Data(t, &state)
		if state.Stage != access.StageEnrol {
			t.Fatalf("the link's sign-in is at stage %q", state.Stage)
		}
		other := e.Browser()
		expectRefused(t, "the link a second time", other, signIn(other, lost.Email, lost.Password, second), m.EnrolLinkInvalid)
		r = owner.Do("POST", "/enrol/totp/options", nil)
		admintest.Expect(t, "totp options", r, http.StatusOK)
		var opts struct{ Secret string }
		r.Data(t, &opts)
		code, err := totp.GenerateCode(opts.Secret, e.Clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		admintest.Expect(t, "enrol", owner.Do("POST", "/enrol/totp", map[string]string{"code": code}), http.StatusOK)
		admintest.Expect(t, "signed in", owner.Do("GET", "/factors", nil), http.StatusOK)

		// A link voided by disabling the account, and one that expired.
		reset(lost)
		disabled := enrolLink(t, e, lost.Email)
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "step-up", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		admintest.Expect(t, "disable", admin.B.Do("POST", "/staff/"+lost.ID+"/disable", nil), http.StatusOK)
		r = admin.B.Do("POST", "/staff/"+lost.ID+"/second-factor/reset", nil)
		admintest.Expect(t, "a reset of a disabled account", r, http.StatusConflict)
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "step-up", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		admintest.Expect(t, "enable", admin.B.Do("POST", "/staff/"+lost.ID+"/enable", nil), http.StatusOK)
		expectRefused(t, "a link from before the account was disabled", other, signIn(other, lost.Email, lost.Password, disabled), m.EnrolLinkInvalid)

		// Nobody resets their own factor this way.
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "step-up", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		admintest.Expect(t, "one's own reset", admin.B.Do("POST", "/staff/"+admin.ID+"/second-factor/reset", nil), http.StatusConflict)

		reset(lost)
		late := enrolLink(t, e, lost.Email)
		e.Clock.Advance(staff.EnrolLinkLife + time.Minute)
		expectRefused(t, "an expired link", other, signIn(other, lost.Email, lost.Password, late), m.EnrolLinkInvalid)

	})
}

// An account that joined and stopped before setting up a second factor
// does not get one from its password either: the administrator sends it
// a set-up link from the staff list, where it shows without a factor.
func TestUnfinishedEnrolmentNeedsTheLink(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		m := access.In("en")
		admin := e.Join("amal@noorvale.example", access.Administrator)
		inv, err := e.Svc.Invite(t.Context(), "dalia@noorvale.example", access.HR, nil, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		_, token, _ := strings.Cut(inv.Link, "#")
		password := "a long passphrase for dalia"
		joined := e.Browser()
		r := joined.Do("POST", "/join", map[string]string{"token": token, "name": "Dalia", "password": password, "confirmPassword": password})
		admintest.Expect(t, "join", r, http.StatusOK)
		var state signin.State
		r.Data(t, &state)
		admintest.Expect(t, "leave before enrolling", joined.Do("POST", "/logout", nil), http.StatusOK)

		b := e.Browser()
		expectRefused(t, "the password of an account that never enrolled", b, signIn(b, "dalia@noorvale.example", password, ""), m.EnrolByLink)

		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "step-up", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		admintest.Expect(t, "send a set-up link", admin.B.Do("POST", "/staff/"+state.Staff.ID+"/second-factor/reset", nil), http.StatusOK)
		r = signIn(b, "dalia@noorvale.example", password, enrolLink(t, e, "dalia@noorvale.example"))
		admintest.Expect(t, "the link with the password", r, http.StatusOK)
		r.Data(t, &state)
		if state.Stage != access.StageEnrol {
			t.Fatalf("the link's sign-in is at stage %q", state.Stage)
		}
	})
}
