package signin_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

const cookieName = "admin-session" // on http; __Host-admin-session on https

// withCookie is a browser holding only the given session cookie.
func withCookie(e *admintest.Env, c http.Cookie) *admintest.Browser {
	b := e.Browser()
	b.Cookies[c.Name] = &c
	return b
}

// Completing a sign-in with the second factor renews the session's secret:
// whoever learnt the secret while only the password was proven holds one
// that no longer works. A signed-in session's fresh check keeps its secret,
// so the staff member's other tabs stay signed in.
func TestSignInRenewsTheSessionSecret(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		m := e.Join("hala@noorvale.example", access.Administrator)
		for _, c := range []struct {
			name  string
			prove func(b *admintest.Browser) *admintest.Result
		}{
			{"an app's code", func(b *admintest.Browser) *admintest.Result {
				e.Clock.Advance(30 * time.Second)
				return b.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)})
			}},
			{"a recovery code", func(b *admintest.Browser) *admintest.Result {
				return b.Do("POST", "/factor/code", map[string]string{"code": m.Codes[0]})
			}},
		} {
			t.Run(c.name, func(t *testing.T) {
				b := e.Browser()
				admintest.Expect(t, "password", b.Do("POST", "/login", map[string]string{"email": m.Email, "password": m.Password}), http.StatusOK)
				before := *b.Cookies[cookieName]
				admintest.Expect(t, "second factor", c.prove(b), http.StatusOK)
				after := b.Cookies[cookieName]
				if after == nil || after.Value == before.Value {
					t.Fatal("the session's secret is the one it had before the second factor")
				}
				admintest.Expect(t, "the secret from before the second factor", withCookie(e, before).Do("GET", "/staff", nil), http.StatusUnauthorized)
				admintest.Expect(t, "the renewed secret", b.Do("GET", "/staff", nil), http.StatusOK)

				e.Clock.Advance(11 * time.Minute)
				e.Clock.Advance(30 * time.Second)
				signedIn := *b.Cookies[cookieName]
				admintest.Expect(t, "a fresh check", b.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)}), http.StatusOK)
				admintest.Expect(t, "another tab after the fresh check", withCookie(e, signedIn).Do("GET", "/staff", nil), http.StatusOK)
			})
		}

		t.Run("the first factor, after joining", func(t *testing.T) {
			inv, err := e.Svc.Invite(t.Context(), "new@noorvale.example", access.Viewer, nil, "", m.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			_, token, _ := strings.Cut(inv.Link, "#")
			b := e.Browser()
			password := "a long passphrase for a viewer"
			r := b.Do("POST", "/join", map[string]string{"token": token, "name": "New Viewer", "password": password, "confirmPassword": password})
			admintest.Expect(t, "join", r, http.StatusOK)
			before := *b.Cookies[cookieName]
			r = b.Do("POST", "/enrol/totp/options", nil)
			admintest.Expect(t, "totp options", r, http.StatusOK)
			var opts struct{ Secret string }
			r.Data(t, &opts)
			n := &admintest.Member{Secret: opts.Secret}
			admintest.Expect(t, "enrol", b.Do("POST", "/enrol/totp", map[string]string{"code": n.Code(e)}), http.StatusOK)
			if b.Cookies[cookieName].Value == before.Value {
				t.Fatal("the session's secret is the one it had before the first factor")
			}
			admintest.Expect(t, "the secret from before the first factor", withCookie(e, before).Do("GET", "/session", nil), http.StatusUnauthorized)
			admintest.Expect(t, "the renewed secret", b.Do("GET", "/session", nil), http.StatusOK)
		})
	})
}
