package auth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func registration(email string) map[string]any {
	return map[string]any{
		"firstName": "Omar", "lastName": "Saleh", "email": email, "phoneNumber": "+971 50 123 4567",
		"password": goodPassword, "confirmPassword": goodPassword, "captcha": "solved",
	}
}

// tokenFromLink returns the last path segment of a confirmation link.
func tokenFromLink(t *testing.T, link string) string {
	t.Helper()
	i := strings.LastIndex(link, "/")
	if i < 0 {
		t.Fatalf("link %q", link)
	}
	return link[i+1:]
}

func TestRegisterConfirmLoginLogout(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.browser()
		b.headers["Accept-Language"] = "nl-NL,nl;q=0.9"

		r := b.json("POST", "/api/Website/Register", registration("Omar.Saleh@Example.com "))
		expect(t, "register", r, 200, true)
		if string(r.env.Data) != "null" || r.env.Message != locale.For("nl").Accounts.RegisterDone {
			t.Fatalf("register answer %s", r.body)
		}
		m := e.mail.last(t, "omar.saleh@example.com")
		// The typed name is not the address's owner's until the address is confirmed.
		if m.Kind != mail.KindConfirmEmail || m.Locale != "nl" || m.Name != "" || m.Data["hours"] != "24" ||
			!strings.HasPrefix(m.Data["link"], "http://localhost:8080/nl/auth/confirm-email/") {
			t.Fatalf("confirmation e-mail %+v", m)
		}
		token := tokenFromLink(t, m.Data["link"])

		// Not confirmed yet: the right password says so and offers a new link.
		r = b.json("POST", "/api/Website/Login", map[string]any{"email": "omar.saleh@example.com", "password": goodPassword})
		expect(t, "login before confirming", r, 403, false)
		if string(r.env.Data) != `{"emailNotConfirmed":true}` || r.env.Message != locale.For("nl").Accounts.EmailNotConfirmed {
			t.Fatalf("unconfirmed login answer %s", r.body)
		}
		if len(b.cookies) != 0 {
			t.Fatal("an unconfirmed login set a cookie")
		}

		r = b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+token, nil)
		expect(t, "confirm", r, 200, true)
		if len(b.cookies) != 0 {
			t.Fatal("confirming started a session")
		}
		r = b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+token, nil)
		expect(t, "confirm twice", r, 400, false)
		if r.env.Message != locale.For("nl").Accounts.ConfirmInvalid {
			t.Fatalf("second confirmation message %q", r.env.Message)
		}

		r = b.json("GET", "/api/account", nil)
		expect(t, "current user before login", r, 401, false)

		r = b.json("POST", "/api/Website/Login", map[string]any{"email": "OMAR.SALEH@example.com", "password": goodPassword, "rememberMe": true})
		expect(t, "login", r, 200, true)
		want := `{"isSuccess":true,"data":{"firstName":"Omar","lastName":"Saleh","fullName":"Omar Saleh","phoneNumber":"+971 50 123 4567","profileImageUrl":"","email":"omar.saleh@example.com"}}`
		if strings.TrimSpace(string(r.body)) != want {
			t.Fatalf("login answer\n got %s\nwant %s", r.body, want)
		}
		ck := b.cookies["session"]
		if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || ck.MaxAge != 30*24*3600 || len(ck.Value) != 43 {
			t.Fatalf("session cookie %+v", ck)
		}

		r = b.json("GET", "/api/account", nil)
		expect(t, "current user", r, 200, true)
		var d UserData
		r.data(t, &d)
		if d.Email != "omar.saleh@example.com" || d.FullName != "Omar Saleh" {
			t.Fatalf("current user %+v", d)
		}
		req, _ := http.NewRequest("GET", "/account", nil)
		req.AddCookie(ck)
		if u, ok := e.svc.UserFromRequest(req); !ok || u.Email != d.Email {
			t.Fatalf("UserFromRequest = %+v, %v", u, ok)
		}

		r = b.json("POST", "/api/account/logout", nil)
		expect(t, "logout", r, 200, true)
		if _, kept := b.cookies["session"]; kept {
			t.Fatal("logout left the cookie")
		}
		if _, kept := b.cookies["device"]; !kept || len(b.cookies) != 1 {
			t.Fatalf("after logout the browser keeps %v, want the device cookie alone", b.cookies)
		}
		// The old cookie no longer works, even if someone kept it.
		b.cookies["session"] = ck
		r = b.json("GET", "/api/account", nil)
		expect(t, "current user after logout", r, 401, false)
		if _, ok := e.svc.UserFromRequest(req); ok {
			t.Fatal("UserFromRequest accepted a logged-out session")
		}
	})
}

func TestLoginSessionsExpireAndRotate(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("rana@example.com", goodPassword)
		b := e.browser()
		r := b.json("POST", "/api/Website/Login", map[string]any{"email": "rana@example.com", "password": goodPassword})
		expect(t, "login", r, 200, true)
		first := b.cookies["session"]
		if first.MaxAge != 0 {
			t.Fatalf("without remember-me the cookie should end with the browser, MaxAge %d", first.MaxAge)
		}
		// A new id at every login, and the presented one ends.
		r = b.json("POST", "/api/Website/Login", map[string]any{"email": "rana@example.com", "password": goodPassword})
		expect(t, "second login", r, 200, true)
		if b.cookies["session"].Value == first.Value {
			t.Fatal("login kept the session id")
		}
		stale := e.browser()
		stale.cookies["session"] = first
		expect(t, "old session", stale.json("GET", "/api/account", nil), 401, false)

		// Idle expiry slides: used every 20 hours it lives on; idle a day it ends.
		for range 3 {
			e.clock.Advance(20 * time.Hour)
			expect(t, "still signed in", b.json("GET", "/api/account", nil), 200, true)
		}
		e.clock.Advance(24*time.Hour + time.Second)
		expect(t, "idle a day", b.json("GET", "/api/account", nil), 401, false)

		// Remember-me lasts 30 days idle.
		r = b.json("POST", "/api/Website/Login", map[string]any{"email": "rana@example.com", "password": goodPassword, "rememberMe": "true"})
		expect(t, "remembered login", r, 200, true)
		e.clock.Advance(29 * 24 * time.Hour)
		expect(t, "after 29 days", b.json("GET", "/api/account", nil), 200, true)
		e.clock.Advance(30*24*time.Hour + time.Second)
		expect(t, "after 30 idle days", b.json("GET", "/api/account", nil), 401, false)
	})
}

func TestSecureCookieOnHTTPS(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t), func(c *Config) { c.BaseURL = "https://noorvale.example" })
	b := e.loggedIn("sec@example.com")
	ck := b.cookies["__Host-session"]
	if ck == nil || !ck.Secure || !ck.HttpOnly || ck.Path != "/" || ck.Domain != "" {
		t.Fatalf("cookie on https: %+v (all: %v)", ck, b.cookies)
	}
}

// TestNoEnumeration checks that Register, ForgetPassword and Login answer
// byte for byte the same for a known and an unknown address.
func TestNoEnumeration(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("known@example.com", goodPassword)
		pending := e.browser()
		expect(t, "pending registration", pending.json("POST", "/api/Website/Register", registration("pending@example.com")), 200, true)

		same := func(what string, a, b *result) {
			t.Helper()
			if a.status != b.status || !bytes.Equal(a.body, b.body) {
				t.Fatalf("%s differs:\n known   %d %s\n unknown %d %s", what, a.status, a.body, b.status, b.body)
			}
			for _, h := range []string{"Set-Cookie", "Retry-After", "Content-Type"} {
				if a.header.Get(h) != b.header.Get(h) {
					t.Fatalf("%s: header %s differs: %q vs %q", what, h, a.header.Get(h), b.header.Get(h))
				}
			}
		}
		b := e.browser()
		for _, addr := range []string{"known@example.com", "pending@example.com"} {
			same("register "+addr, b.json("POST", "/api/Website/Register", registration(addr)), b.json("POST", "/api/Website/Register", registration("new-"+addr)))
			same("forget "+addr, b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": addr, "captcha": "solved"}),
				b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "nobody-" + addr, "captcha": "solved"}))
			same("verify "+addr, b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": addr, "code": "000000"}),
				b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "nobody-" + addr, "code": "000000"}))
		}
		// Wrong passwords, through every throttle stage: 401, 401 with the
		// captcha flag, 400 asking for the captcha, 429.
		for i := range 7 {
			k := b.json("POST", "/api/Website/Login", map[string]any{"email": "known@example.com", "password": "wrong password " + string(rune('a'+i))})
			u := b.json("POST", "/api/Website/Login", map[string]any{"email": "unknown@example.com", "password": "wrong password " + string(rune('a'+i))})
			same("login attempt", k, u)
		}
		// The known address got an "already registered" notice, not an error.
		var notice *mail.Message
		for _, m := range e.mail.all() {
			if m.To == "known@example.com" && m.Kind == mail.KindAlreadyRegistered {
				notice = &m
			}
		}
		if notice == nil || notice.Data["loginLink"] != "http://localhost:8080/auth/login" || notice.Data["resetLink"] != "http://localhost:8080/auth/forgot-password" {
			t.Fatalf("known address e-mail %+v", notice)
		}
	})
}

// An address registered twice before it is confirmed: neither
// registration changes what the other's link confirms, and either link
// asks whoever opened it to choose the password, whichever came first.
func TestRegisteredTwiceBeforeConfirmation(t *testing.T) {
	const attackerPassword = "attacker chosen secret"
	for _, order := range []string{"victim first", "attacker first"} {
		t.Run(order, func(t *testing.T) {
			testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
				e := newEnv(t, st)
				b := e.browser()
				squat := registration("victim@example.com")
				squat["password"], squat["confirmPassword"] = attackerPassword, attackerPassword
				squat["firstName"] = "Mallory"
				regs := []map[string]any{registration("victim@example.com"), squat}
				if order == "attacker first" {
					regs[0], regs[1] = regs[1], regs[0]
				}
				var links []string
				for _, reg := range regs {
					expect(t, "register", b.json("POST", "/api/Website/Register", reg), 200, true)
					links = append(links, tokenFromLink(t, e.mail.last(t, "victim@example.com").Data["link"]))
				}
				victimLink := links[0]
				if order == "attacker first" {
					victimLink = links[1]
				}
				confirm := "/api/ApplicationUser/ConfirmEmail/" + victimLink

				// Opening the link confirms nothing by itself: it asks for the password.
				r := b.json("POST", confirm, nil)
				expect(t, "confirm without a password", r, 400, false)
				if string(r.env.Data) != `{"choosePassword":true}` || r.env.Message != locale.For("en").Accounts.ConfirmChoose {
					t.Fatalf("confirm without a password: %s", r.body)
				}
				for _, pw := range []string{attackerPassword, goodPassword} {
					if r := b.json("POST", "/api/Website/Login", map[string]any{"email": "victim@example.com", "password": pw}); r.env.IsSuccess {
						t.Fatal("logged in before the address was confirmed")
					}
				}
				expect(t, "weak chosen password", b.json("POST", confirm, map[string]any{"newPassword": "short", "confirmPassword": "short"}), 400, false)
				chosen := "harbour lantern violet 7"
				expect(t, "confirm with a chosen password", b.json("POST", confirm, map[string]any{"newPassword": chosen, "confirmPassword": chosen}), 200, true)

				for _, link := range links {
					expect(t, "a link after confirmation", b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+link, nil), 400, false)
				}
				expect(t, "attacker's password", b.json("POST", "/api/Website/Login", map[string]any{"email": "victim@example.com", "password": attackerPassword, "captcha": "solved"}), 401, false)
				expect(t, "registered password", b.json("POST", "/api/Website/Login", map[string]any{"email": "victim@example.com", "password": goodPassword, "captcha": "solved"}), 401, false)
				r = b.json("POST", "/api/Website/Login", map[string]any{"email": "victim@example.com", "password": chosen, "captcha": "solved"})
				expect(t, "chosen password", r, 200, true)
				var user UserData
				r.data(t, &user)
				if user.FirstName == "Mallory" {
					t.Fatal("the account took the attacker's name from a link the victim opened")
				}
			})
		})
	}
}

// A link of an address registered once confirms that registration, with
// its own password, on request.
func TestRegisteredOnceConfirmsOnRequest(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.browser()
		expect(t, "register", b.json("POST", "/api/Website/Register", registration("once@example.com")), 200, true)
		link := tokenFromLink(t, e.mail.last(t, "once@example.com").Data["link"])
		expect(t, "confirm", b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+link, nil), 200, true)
		expect(t, "login", b.json("POST", "/api/Website/Login", map[string]any{"email": "once@example.com", "password": goodPassword}), 200, true)
	})
}

func TestConfirmationExpires(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.browser()
		expect(t, "register", b.json("POST", "/api/Website/Register", registration("late@example.com")), 200, true)
		token := tokenFromLink(t, e.mail.last(t, "late@example.com").Data["link"])
		if len(token) < 22 {
			t.Fatalf("token %q carries fewer than 128 bits", token)
		}
		e.clock.Advance(24*time.Hour + time.Second)
		expect(t, "expired link", b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+token, nil), 400, false)
		for _, bad := range []string{"x", strings.Repeat("A", 43), "../../etc"} {
			r := b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+bad, nil)
			if r.status != 400 && r.status != 404 {
				t.Fatalf("token %q: status %d", bad, r.status)
			}
		}
		// A new link on request (the same answer for any address).
		r := b.json("POST", "/api/account/resend-confirmation", map[string]any{"email": "late@example.com"})
		expect(t, "resend", r, 200, true)
		other := b.json("POST", "/api/account/resend-confirmation", map[string]any{"email": "nobody@example.com"})
		if !bytes.Equal(r.body, other.body) {
			t.Fatalf("resend answers differ: %s vs %s", r.body, other.body)
		}
		token = tokenFromLink(t, e.mail.last(t, "late@example.com").Data["link"])
		expect(t, "new link", b.json("POST", "/api/ApplicationUser/ConfirmEmail/"+token, nil), 200, true)
		// Storage holds only a hash of the token.
		if _, err := st.TokenByHash(context.Background(), store.PurposeConfirmEmail, token); err == nil {
			t.Fatal("the raw token is stored")
		}
	})
}

// A session ends 30 days after sign-in however often it is used, and so
// does one stored before that rule, whose expiry kept sliding.
func TestSessionsEndThirtyDaysAfterSignIn(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		u := e.confirmedUser("daily@example.com", goodPassword)
		b := e.browser()
		expect(t, "remembered login", b.json("POST", "/api/Website/Login", map[string]any{"email": "daily@example.com", "password": goodPassword, "rememberMe": "true"}), 200, true)
		for day := 1; day < 30; day++ {
			e.clock.Advance(24 * time.Hour)
			r := b.json("GET", "/api/account", nil)
			expect(t, fmt.Sprintf("day %d", day), r, 200, true)
			// The renewed cookie never outlives the session.
			if left := (30 - day) * 24 * 3600; b.cookies["session"].MaxAge > left {
				t.Fatalf("day %d: cookie Max-Age %d, the session has %d s left", day, b.cookies["session"].MaxAge, left)
			}
		}
		e.clock.Advance(24*time.Hour + time.Second)
		expect(t, "30 days after sign-in", b.json("GET", "/api/account", nil), 401, false)

		// A session signed in years ago whose expiry still lies ahead.
		old := e.browser()
		secret := newSecret()
		now := e.clock.Now()
		if err := st.CreateSession(context.Background(), &store.Session{
			IDHash: sha(secret), UserID: u.ID, CreatedAt: time.Date(2020, 3, 1, 9, 0, 0, 0, time.UTC),
			LastSeenAt: now.Add(-time.Hour), ExpiresAt: now.Add(20 * 24 * time.Hour), Remember: true,
		}); err != nil {
			t.Fatal(err)
		}
		old.cookies["session"] = &http.Cookie{Name: "session", Value: secret}
		expect(t, "a session from 2020", old.json("GET", "/api/account", nil), 401, false)
		req := httptest.NewRequest("GET", "/account", nil)
		req.AddCookie(&http.Cookie{Name: "session", Value: secret})
		if _, err := e.svc.PageUser(httptest.NewRecorder(), req); !errors.Is(err, ErrNotSignedIn) {
			t.Fatalf("a page request with a session from 2020: %v, want ErrNotSignedIn", err)
		}

		// Nor does the sessions list show it.
		fresh := e.browser()
		expect(t, "login", fresh.json("POST", "/api/Website/Login", map[string]any{"email": "daily@example.com", "password": goodPassword}), 200, true)
		var list []sessionInfo
		r := fresh.json("GET", "/api/account/sessions", nil)
		expect(t, "sessions", r, 200, true)
		r.data(t, &list)
		if len(list) != 1 || !list[0].Current {
			t.Fatalf("sessions listed: %+v", list)
		}
	})
}
