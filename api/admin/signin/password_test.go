package signin_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// passwordLink is the token of the latest password link e-mailed to address, "" for none.
func passwordLink(t *testing.T, e *admintest.Env, address string) string {
	t.Helper()
	sent := e.Mail.To(address)
	for i := len(sent) - 1; i >= 0; i-- {
		if sent[i].Kind == mail.KindStaffPasswordReset {
			link, token, ok := strings.Cut(sent[i].Data["link"], "#")
			if !ok || link != "http://localhost:8080/admin/password" || sent[i].Data["minutes"] != "30" {
				t.Fatalf("password link mail %+v", sent[i].Data)
			}
			return token
		}
	}
	return ""
}

// A staff member who forgot their password asks for a link by e-mail,
// chooses a new one through it once, and signs in with it and their second
// factor; the answer to the request never tells whether the address has an
// account.
func TestForgottenStaffPassword(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		dana := e.Join("dana@noorvale.example", access.Editor)
		e.Join("omar@noorvale.example", access.Editor)
		b := e.Browser()

		known := b.Do("POST", "/password/forgot", map[string]string{"email": "Dana@Noorvale.example"})
		admintest.Expect(t, "forgot", known, http.StatusOK)
		unknown := b.Do("POST", "/password/forgot", map[string]string{"email": "nobody@noorvale.example"})
		admintest.Expect(t, "forgot, unknown", unknown, http.StatusOK)
		if known.Env.Message != unknown.Env.Message {
			t.Fatalf("the answers differ: %q and %q", known.Env.Message, unknown.Env.Message)
		}
		admintest.Expect(t, "no address", b.Do("POST", "/password/forgot", map[string]string{"email": "dana"}), http.StatusBadRequest)
		token := passwordLink(t, e, dana.Email)
		if token == "" {
			t.Fatal("no link was e-mailed")
		}
		if passwordLink(t, e, "omar@noorvale.example") != "" {
			t.Fatal("a link went to someone who did not ask")
		}

		for _, tc := range []struct {
			name   string
			body   map[string]string
			status int
			field  string
		}{
			{"a made-up link", map[string]string{"token": strings.Repeat("A", len(token)), "password": "a brand new passphrase", "confirmPassword": "a brand new passphrase"}, http.StatusNotFound, ""},
			{"a short password", map[string]string{"token": token, "password": "short", "confirmPassword": "short"}, http.StatusBadRequest, "password"},
			{"a mismatch", map[string]string{"token": token, "password": "a brand new passphrase", "confirmPassword": "another"}, http.StatusBadRequest, "confirmPassword"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := b.Do("POST", "/password/reset", tc.body)
				admintest.Expect(t, tc.name, r, tc.status)
				if tc.field != "" && r.Env.Errors[tc.field] == "" {
					t.Fatalf("no message on %s: %s", tc.field, r.Body)
				}
			})
		}

		// The signed-in browser's session ends with the change.
		admintest.Expect(t, "the session before", dana.B.Do("GET", "/factors", nil), http.StatusOK)
		r := b.Do("POST", "/password/reset", map[string]string{"token": token, "password": "a brand new passphrase", "confirmPassword": "a brand new passphrase"})
		admintest.Expect(t, "reset", r, http.StatusOK)
		admintest.Expect(t, "the session after", dana.B.Do("GET", "/factors", nil), http.StatusUnauthorized)
		r = b.Do("POST", "/password/reset", map[string]string{"token": token, "password": "yet another passphrase", "confirmPassword": "yet another passphrase"})
		admintest.Expect(t, "the spent link", r, http.StatusNotFound)

		// The old password is refused; the new one asks for the second factor.
		admintest.Expect(t, "old password", b.Do("POST", "/login", map[string]string{"email": dana.Email, "password": dana.Password}), http.StatusUnauthorized)
		r = b.Do("POST", "/login", map[string]string{"email": dana.Email, "password": "a brand new passphrase"})
		admintest.Expect(t, "new password", r, http.StatusOK)
		var state signin.State
		r.Data(t, &state)
		if state.Stage != access.StagePassword {
			t.Fatalf("after the password the stage is %q", state.Stage)
		}
		admintest.Expect(t, "before the second factor", b.Do("GET", "/factors", nil), http.StatusUnauthorized)
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "second factor", b.Do("POST", "/factor/code", map[string]string{"code": dana.Code(e)}), http.StatusOK)
		admintest.Expect(t, "signed in", b.Do("GET", "/factors", nil), http.StatusOK)

		// A link expires, and a disabled account is sent none.
		admintest.Expect(t, "forgot again", b.Do("POST", "/password/forgot", map[string]string{"email": dana.Email}), http.StatusOK)
		late := passwordLink(t, e, dana.Email)
		e.Clock.Advance(signin.PasswordLinkLife + time.Second)
		r = b.Do("POST", "/password/reset", map[string]string{"token": late, "password": "a brand new passphrase 2", "confirmPassword": "a brand new passphrase 2"})
		admintest.Expect(t, "an expired link", r, http.StatusNotFound)
	})
}
