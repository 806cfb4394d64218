package admin

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

const cookieName = "admin-session" // on http; __Host-admin-session on https

// withCookie is a browser holding only the given session cookie.
func (e *env) withCookie(c http.Cookie) *browser {
	b := e.browser()
	b.cookies[c.Name] = &c
	return b
}

// Completing a sign-in with the second factor renews the session's secret:
// whoever learnt the secret while only the password was proven holds one
// that no longer works. A signed-in session's fresh check keeps its secret,
// so the staff member's other tabs stay signed in.
func TestSignInRenewsTheSessionSecret(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		m := e.join("hala@noorvale.example", access.Administrator)
		for _, c := range []struct {
			name  string
			prove func(b *browser) *result
		}{
			{"an app's code", func(b *browser) *result {
				e.clock.Advance(30 * time.Second)
				return b.do("POST", "/factor/code", map[string]string{"code": m.code(e)})
			}},
			{"a recovery code", func(b *browser) *result {
				return b.do("POST", "/factor/code", map[string]string{"code": m.codes[0]})
			}},
		} {
			t.Run(c.name, func(t *testing.T) {
				b := e.browser()
				expect(t, "password", b.do("POST", "/login", map[string]string{"email": m.email, "password": m.password}), http.StatusOK)
				before := *b.cookies[cookieName]
				expect(t, "second factor", c.prove(b), http.StatusOK)
				after := b.cookies[cookieName]
				if after == nil || after.Value == before.Value {
					t.Fatal("the session's secret is the one it had before the second factor")
				}
				expect(t, "the secret from before the second factor", e.withCookie(before).do("GET", "/staff", nil), http.StatusUnauthorized)
				expect(t, "the renewed secret", b.do("GET", "/staff", nil), http.StatusOK)

				e.clock.Advance(11 * time.Minute)
				e.clock.Advance(30 * time.Second)
				signedIn := *b.cookies[cookieName]
				expect(t, "a fresh check", b.do("POST", "/factor/code", map[string]string{"code": m.code(e)}), http.StatusOK)
				expect(t, "another tab after the fresh check", e.withCookie(signedIn).do("GET", "/staff", nil), http.StatusOK)
			})
		}

		t.Run("the first factor, after joining", func(t *testing.T) {
			inv, err := e.svc.Invite(t.Context(), "new@noorvale.example", access.Viewer, nil, "", m.id, "")
			if err != nil {
				t.Fatal(err)
			}
			_, token, _ := strings.Cut(inv.Link, "#")
			b := e.browser()
			password := "a long passphrase for a viewer"
			r := b.do("POST", "/join", map[string]string{"token": token, "name": "New Viewer", "password": password, "confirmPassword": password})
			expect(t, "join", r, http.StatusOK)
			before := *b.cookies[cookieName]
			r = b.do("POST", "/enrol/totp/options", nil)
			expect(t, "totp options", r, http.StatusOK)
			var opts struct{ Secret string }
			r.data(t, &opts)
			n := &member{secret: opts.Secret}
			expect(t, "enrol", b.do("POST", "/enrol/totp", map[string]string{"code": n.code(e)}), http.StatusOK)
			if b.cookies[cookieName].Value == before.Value {
				t.Fatal("the session's secret is the one it had before the first factor")
			}
			expect(t, "the secret from before the first factor", e.withCookie(before).do("GET", "/session", nil), http.StatusUnauthorized)
			expect(t, "the renewed secret", b.do("GET", "/session", nil), http.StatusOK)
		})
	})
}
