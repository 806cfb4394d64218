package auth

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestPasswordRecovery(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("nadia@example.com", goodPassword)
		other := e.loggedIn("nadia2@example.com")
		_ = other
		signedIn := e.browser()
		expect(t, "login", signedIn.json("POST", "/api/Website/Login", map[string]any{"email": "nadia@example.com", "password": goodPassword}), 200, true)

		b := e.browser()
		expect(t, "forget without captcha", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "nadia@example.com"}), 400, false)
		r := b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "nadia@example.com", "captcha": "solved"})
		expect(t, "forget", r, 200, true)
		m := e.mail.last(t, "nadia@example.com")
		if m.Kind != mail.KindResetCode || len(m.Data["code"]) != 6 || m.Data["minutes"] != "10" {
			t.Fatalf("reset e-mail %+v", m)
		}
		code := m.Data["code"]
		wrong := fmt.Sprintf("%06d", (mustAtoi(t, code)+1)%1_000_000)

		// A second request within the minute sends nothing new: the first code stays.
		expect(t, "forget again", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "nadia@example.com", "captcha": "solved"}), 200, true)
		if got := e.mail.last(t, "nadia@example.com").Data["code"]; got != code {
			t.Fatal("a second request within a minute replaced the code")
		}

		r = b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "nadia@example.com", "code": wrong})
		expect(t, "wrong code", r, 400, false)
		if r.env.Message != locale.For("en").Accounts.CodeWrong {
			t.Fatalf("wrong code message %q", r.env.Message)
		}
		expect(t, "malformed code", b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "nadia@example.com", "code": "12ab56"}), 400, false)

		r = b.json("POST", "/api/ApplicationUser/VerifyCode", map[string]any{"email": "nadia@example.com", "code": code})
		expect(t, "right code (JSON)", r, 200, true)
		var data struct {
			Token string `json:"token"`
		}
		r.data(t, &data)
		if len(data.Token) != 43 {
			t.Fatalf("reset token %q", data.Token)
		}
		expect(t, "code used twice", b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "nadia@example.com", "code": code}), 400, false)

		reset := map[string]any{"email": "nadia@example.com", "token": data.Token, "newPassword": "password1234", "confirmPassword": "password1234"}
		r = b.json("POST", "/api/ApplicationUser/ResetPassword", reset)
		expect(t, "common new password", r, 400, false)
		if r.env.Errors["newPassword"] != locale.For("en").Accounts.PasswordCommon {
			t.Fatalf("errors %v", r.env.Errors)
		}
		reset["newPassword"], reset["confirmPassword"] = "a brand new passphrase", "a brand new passphrase"
		reset["email"] = "nadia2@example.com"
		expect(t, "token for another address", b.json("POST", "/api/ApplicationUser/ResetPassword", reset), 400, false)
		reset["email"] = "nadia@example.com"
		expect(t, "reset", b.json("POST", "/api/ApplicationUser/ResetPassword", reset), 200, true)
		expect(t, "reset twice", b.json("POST", "/api/ApplicationUser/ResetPassword", reset), 400, false)
		if m := e.mail.last(t, "nadia@example.com"); m.Kind != mail.KindPasswordChanged || m.Data["resetLink"] == "" {
			t.Fatalf("notice %+v", m)
		}
		expect(t, "session after reset", signedIn.json("GET", "/api/account", nil), 401, false)
		expect(t, "old password", b.json("POST", "/api/Website/Login", map[string]any{"email": "nadia@example.com", "password": goodPassword}), 401, false)
		expect(t, "new password", b.json("POST", "/api/Website/Login", map[string]any{"email": "nadia@example.com", "password": "a brand new passphrase"}), 200, true)
	})
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestResetCodeDiesAfterFiveTriesAndExpires(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("five@example.com", goodPassword)
		b := e.browser()
		expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "five@example.com", "captcha": "solved"}), 200, true)
		code := e.mail.last(t, "five@example.com").Data["code"]
		wrong := fmt.Sprintf("%06d", (mustAtoi(t, code)+1)%1_000_000)
		for i := 1; i <= 5; i++ {
			r := b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "five@example.com", "code": wrong})
			expect(t, "wrong code", r, 400, false)
			want := locale.For("en").Accounts.CodeWrong
			if i == 5 {
				want = locale.For("en").Accounts.CodeDead
			}
			if r.env.Message != want {
				t.Fatalf("try %d: %q, want %q", i, r.env.Message, want)
			}
		}
		r := b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "five@example.com", "code": code})
		expect(t, "right code after five wrong ones", r, 400, false)
		if r.env.Message != locale.For("en").Accounts.CodeDead {
			t.Fatalf("dead code message %q", r.env.Message)
		}
		// A new code (after the minute) works; an expired one does not.
		e.clock.Advance(2 * time.Minute)
		expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "five@example.com", "captcha": "solved"}), 200, true)
		code = e.mail.last(t, "five@example.com").Data["code"]
		e.clock.Advance(10*time.Minute + time.Second)
		expect(t, "expired code", b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "five@example.com", "code": code}), 400, false)
	})
}

func TestLoginThrottle(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("target@example.com", goodPassword)
		b := e.browser()
		login := func(password, captcha string) *result {
			return b.json("POST", "/api/Website/Login", map[string]any{"email": " Target@Example.com", "password": password, "captcha": captcha})
		}
		for i := 1; i <= 2; i++ {
			r := login("wrong password", "")
			expect(t, "failure", r, 401, false)
			if string(r.env.Data) != "null" {
				t.Fatalf("failure %d asks for a captcha: %s", i, r.body)
			}
		}
		r := login("wrong password", "")
		expect(t, "third failure", r, 401, false)
		if string(r.env.Data) != `{"captchaRequired":true}` {
			t.Fatalf("third failure should flag the captcha: %s", r.body)
		}
		r = login(goodPassword, "")
		expect(t, "right password without captcha", r, 400, false)
		if string(r.env.Data) != `{"captchaRequired":true}` || r.env.Errors["captcha"] == "" {
			t.Fatalf("captcha answer %s", r.body)
		}
		for i := 4; i <= 10; i++ {
			r := login("wrong password", "solved")
			expect(t, "failure with a solved captcha", r, 401, false)
			if string(r.env.Data) != `{"captchaRequired":true}` {
				t.Fatalf("failure %d: %s", i, r.body)
			}
			expect(t, "a guess without a captcha", login("wrong password", ""), 400, false)
		}
		// No number of failures locks out the owner, who proves the password and solves the captcha.
		expect(t, "login after ten failures", login(goodPassword, "solved"), 200, true)
		// Success forgets the address's failures (the source's stay: it
		// failed ten times, so asked from elsewhere).
		expect(t, "the source's failures stay", login("wrong password", ""), 400, false)
		b = e.browser()
		b.ip = "192.0.2.77"
		expect(t, "failure after success", login("wrong password", ""), 401, false)
		// An unknown address is throttled the same way.
		for range 5 {
			b.json("POST", "/api/Website/Login", map[string]any{"email": "ghost@example.com", "password": "x", "captcha": "solved"})
		}
		r = b.json("POST", "/api/Website/Login", map[string]any{"email": "ghost@example.com", "password": "x"})
		expect(t, "unknown address asks for the captcha", r, 400, false)
		// The throttle table holds no e-mail address.
		cnt, err := st.Counter(context.Background(), e.svc.keys.Of("login", "ghost@example.com"))
		if err != nil || cnt.Count != 5 {
			t.Fatalf("counter %+v %v", cnt, err)
		}
	})
}

// Failed logins from elsewhere never keep the owner from logging in with
// the captcha, nor a signed-in owner from changing the password or
// deleting the account; wrong passwords in a session are limited in that
// session alone.
func TestFailedLoginsLockNobodyOut(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		owner := e.loggedIn("owner@example.com")
		attacker := e.browser()
		attacker.ip = "203.0.113.9"
		for range 12 {
			attacker.json("POST", "/api/Website/Login", map[string]any{"email": "owner@example.com", "password": "guess guess guess", "captcha": "solved"})
		}
		expect(t, "owner's login with the captcha", e.browser().json("POST", "/api/Website/Login",
			map[string]any{"email": "owner@example.com", "password": goodPassword, "captcha": "solved"}), 200, true)
		next := "meadow copper signal 58"
		expect(t, "signed-in password change", owner.json("POST", "/api/account/password",
			map[string]any{"currentPassword": goodPassword, "newPassword": next, "confirmPassword": next}), 200, true)

		// A stolen session guessing the password is stopped in that session only.
		thief := e.browser()
		expect(t, "thief's login", thief.json("POST", "/api/Website/Login",
			map[string]any{"email": "owner@example.com", "password": next, "captcha": "solved"}), 200, true)
		for range lockAfter {
			expect(t, "wrong current password", thief.json("POST", "/api/account/delete", map[string]any{"password": "not the password at all"}), 400, false)
		}
		expect(t, "the session that guessed", thief.json("POST", "/api/account/delete", map[string]any{"password": next}), 429, false)
		expect(t, "the owner's deletion", owner.json("POST", "/api/account/delete", map[string]any{"password": next}), 200, true)
	})
}

func TestRateLimitPerIP(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, func(c *Config) { c.Limits = Limits{Strict: 3, Standard: 5} })
		b := e.browser()
		b.headers["Accept-Language"] = "fr"
		for i := range 3 {
			expect(t, "forget", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": fmt.Sprintf("a%d@example.com", i), "captcha": "solved"}), 200, true)
		}
		r := b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "z@example.com", "captcha": "solved"})
		expect(t, "fourth request", r, 429, false)
		if r.env.Message != locale.For("fr").Accounts.RateLimited || r.header.Get("Retry-After") != "60" {
			t.Fatalf("429 answer: Retry-After %q %s", r.header.Get("Retry-After"), r.body)
		}
		// Another endpoint and another address have their own counters.
		expect(t, "other endpoint", b.form("/api/ApplicationUser/VerifyCode", map[string]string{"email": "z@example.com", "code": "123456"}), 400, false)
		other := e.browser()
		other.ip = "203.0.113.9"
		expect(t, "other address", other.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "z@example.com", "captcha": "solved"}), 200, true)
		// The window passes.
		e.clock.Advance(61 * time.Second)
		expect(t, "next minute", b.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "y@example.com", "captcha": "solved"}), 200, true)
		// IPv6 clients are counted by their /64.
		v6 := e.browser()
		for i := range 4 {
			v6.ip = fmt.Sprintf("[2001:db8:1:2::%x]", i+1)
			r = v6.form("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "v6@example.com", "captcha": "solved"})
		}
		expect(t, "fourth address of one /64", r, 429, false)
	})
}

func TestValidation(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	b := e.browser()
	b.headers["Accept-Language"] = "ar"
	ar := locale.For("ar")
	reg := registration("bad")
	reg["firstName"] = strings.Repeat("ن", 61)
	reg["lastName"] = "Evil\r\nBcc: x@example.com"
	reg["phoneNumber"] = "12345"
	reg["password"] = "short"
	reg["confirmPassword"] = "different"
	r := b.json("POST", "/api/Website/Register", reg)
	expect(t, "invalid registration", r, 400, false)
	want := map[string]string{
		"firstName": ar.API.TooLongFor(60), "lastName": ar.API.InvalidChars, "email": ar.API.EmailInvalid,
		"phoneNumber": ar.API.PhoneInvalid, "password": fmt.Sprintf(ar.Accounts.PasswordShort, 12), "confirmPassword": ar.Accounts.PasswordMismatch,
	}
	for k, v := range want {
		if r.env.Errors[k] != v {
			t.Errorf("errors[%s] = %q, want %q", k, r.env.Errors[k], v)
		}
	}
	if r.env.Message != ar.API.FixFields {
		t.Errorf("message %q", r.env.Message)
	}
	for _, email := range []string{"a@b", "Name <a@example.com>", "a@example.com\r\nBcc: b@example.com", strings.Repeat("a", 250) + "@example.com", "a b@example.com"} {
		reg := registration(email)
		if r := b.json("POST", "/api/Website/Register", reg); r.status != 400 || r.env.Errors["email"] == "" {
			t.Errorf("e-mail %q accepted: %s", email, r.body)
		}
	}
	reg = registration("same@example.com")
	reg["password"], reg["confirmPassword"] = "same@example.com", "same@example.com"
	if r := b.json("POST", "/api/Website/Register", reg); r.env.Errors["password"] != ar.Accounts.PasswordPersonal {
		t.Errorf("password equal to the e-mail: %s", r.body)
	}
	reg = registration("ok@example.com")
	reg["captcha"] = "forged"
	r = b.json("POST", "/api/Website/Register", reg)
	if r.status != 400 || string(r.env.Data) != `{"captchaRequired":true}` {
		t.Errorf("forged captcha: %s", r.body)
	}
	if len(e.mail.all()) != 0 {
		t.Fatal("an invalid registration sent e-mail")
	}
	// Unknown fields are ignored on the legacy endpoints.
	reg = registration("extra@example.com")
	reg["isAdmin"] = true
	reg["emailConfirmed"] = true
	expect(t, "extra fields", b.json("POST", "/api/Website/Register", reg), 200, true)
	u, _ := e.store.UserByEmail(context.Background(), "extra@example.com")
	if u.Confirmed() {
		t.Fatal("a registration confirmed itself")
	}
}

// The legacy recovery forms post multipart form data; both steps take it.
func TestRecoveryTakesMultipart(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("rania@example.com", goodPassword)
		b := e.browser()
		expect(t, "forget", b.multipart("/api/ApplicationUser/ForgetPassword", map[string]string{"email": "rania@example.com", "captcha": "solved"}), 200, true)
		code := e.mail.last(t, "rania@example.com").Data["code"]
		expect(t, "verify", b.multipart("/api/ApplicationUser/VerifyCode", map[string]string{"email": "rania@example.com", "code": code}), 200, true)
		expect(t, "register takes no multipart", b.multipart("/api/Website/Register", map[string]string{"email": "x@example.com"}), 415, false)
	})
}

func TestMalformedAndOversizedBodies(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	b := e.browser()
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
	}{
		{"broken JSON", "application/json", `{"email": `, 400},
		{"wrong type", "application/json", `{"email": 42, "password": ["x"]}`, 400},
		{"JSON array", "application/json", `[1,2,3]`, 400},
		{"huge JSON", "application/json", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`, 413},
		{"huge form", "application/x-www-form-urlencoded", "email=" + strings.Repeat("a", 70<<10), 413},
		{"multipart where login takes none", "multipart/form-data; boundary=x", "--x\r\nbroken", 415},
		{"text/plain", "text/plain", `{"email":"a@b.example","password":"x"}`, 415},
		{"empty", "", "", 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := b.send("POST", "/api/Website/Login", tc.contentType, strings.NewReader(tc.body))
			if r.status != tc.status || r.env.IsSuccess || r.env.Message == "" {
				t.Fatalf("status %d, want %d; %s", r.status, tc.status, r.body)
			}
		})
	}
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
	}{
		{"broken multipart", "multipart/form-data; boundary=x", "--x\r\nbroken", 400},
		{"xml", "application/xml", `<email>a@b.example</email>`, 415},
	} {
		t.Run("forget password, "+tc.name, func(t *testing.T) {
			r := b.send("POST", "/api/ApplicationUser/ForgetPassword", tc.contentType, strings.NewReader(tc.body))
			if r.status != tc.status || r.env.IsSuccess || r.env.Message == "" {
				t.Fatalf("status %d, want %d; %s", r.status, tc.status, r.body)
			}
		})
	}
}

func TestDeviceNames(t *testing.T) {
	en, nl := locale.For("en"), locale.For("nl")
	for _, tc := range []struct{ ua, want string }{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on Windows"},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari on macOS"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iOS"},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"},
		{"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"},
		{"", "Unknown device"},
	} {
		if got := describeDevice(tc.ua, en); got != tc.want {
			t.Errorf("describeDevice(%q) = %q, want %q", tc.ua, got, tc.want)
		}
	}
	if got := describeDevice("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", nl); got != "Firefox op Linux" {
		t.Errorf("Dutch device name %q", got)
	}
}

// Names with direction overrides or zero-width characters are refused at
// registration and on the profile, with a message in the visitor's
// language, and nothing is stored or mailed.
func TestNamesWithInvisibleCharactersRefused(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	signedIn := e.loggedIn("profile@example.com")
	for _, loc := range locale.All {
		b := e.browser()
		b.headers["Accept-Language"] = string(loc)
		m := locale.For(loc)
		reg := registration("bidi-" + string(loc) + "@example.com")
		reg["firstName"] = "Visit https://evil\u200b.example/win now"
		reg["lastName"] = "Haddad\u202e"
		r := b.json("POST", "/api/Website/Register", reg)
		expect(t, string(loc)+" registration", r, 400, false)
		if r.env.Errors["firstName"] != m.API.InvisibleChars || r.env.Errors["lastName"] != m.API.InvisibleChars {
			t.Fatalf("%s: errors %v, want %q for both names", loc, r.env.Errors, m.API.InvisibleChars)
		}
		if _, err := e.store.UserByEmail(context.Background(), "bidi-"+string(loc)+"@example.com"); err == nil {
			t.Fatalf("%s: the account was created", loc)
		}

		signedIn.headers["Accept-Language"] = string(loc)
		r = signedIn.json("PUT", "/api/account/profile", map[string]any{"firstName": "\u2067Layla\u2069", "lastName": "Haddad"})
		expect(t, string(loc)+" profile", r, 400, false)
		if r.env.Errors["firstName"] != m.API.InvisibleChars {
			t.Fatalf("%s: profile errors %v", loc, r.env.Errors)
		}
	}
	for _, msg := range e.mail.all() {
		if msg.To != "profile@example.com" {
			t.Fatalf("a refused registration sent e-mail: %+v", msg)
		}
	}
	if u, _ := e.store.UserByEmail(context.Background(), "profile@example.com"); u.FirstName != "Layla" {
		t.Fatalf("profile changed to %q", u.FirstName)
	}
}

// A source that fails ten logins within the window must solve the captcha
// for any address, so spreading guesses over many addresses (each failing
// once) does not escape it; an IPv6 source is its /64.
func TestLoginCaptchaAfterTenFailuresFromOneSource(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("real@example.com", goodPassword)
		for n, ips := range [][]string{{"198.51.100.20"}, {"[2001:db8:7:7::1]", "[2001:db8:7:7::2]", "[2001:db8:7:7:ffff::3]"}} {
			b := e.browser()
			for i := range sourceCaptcha {
				b.ip = ips[i%len(ips)]
				r := b.json("POST", "/api/Website/Login", map[string]any{"email": fmt.Sprintf("guess%d-%d@example.com", n, i), "password": "spray password"})
				expect(t, "a guess at another address", r, 401, false)
				if flagged := string(r.env.Data) == `{"captchaRequired":true}`; flagged != (i == sourceCaptcha-1) {
					t.Fatalf("%s, failure %d: %s", b.ip, i+1, r.body)
				}
			}
			b.ip = ips[0]
			r := b.json("POST", "/api/Website/Login", map[string]any{"email": "real@example.com", "password": goodPassword})
			expect(t, "the source's next login without the captcha", r, 400, false)
			if string(r.env.Data) != `{"captchaRequired":true}` {
				t.Fatalf("answer %s", r.body)
			}
			expect(t, "with the captcha", b.json("POST", "/api/Website/Login", map[string]any{"email": "real@example.com", "password": goodPassword, "captcha": "solved"}), 200, true)
		}
		// Another source, and the same one once the window has passed, log in without it.
		other := e.browser()
		other.ip = "198.51.100.21"
		expect(t, "another source", other.json("POST", "/api/Website/Login", map[string]any{"email": "real@example.com", "password": goodPassword}), 200, true)
		e.clock.Advance(loginWindow)
		again := e.browser()
		again.ip = "198.51.100.20"
		expect(t, "after the window", again.json("POST", "/api/Website/Login", map[string]any{"email": "real@example.com", "password": goodPassword}), 200, true)
	})
}

// cutShort is a body that ends before its sender said it would.
type cutShort struct{ data string }

func (c *cutShort) Read(p []byte) (int, error) {
	if c.data == "" {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, c.data)
	c.data = c.data[n:]
	return n, nil
}

// A login whose body is cut short is answered 400 and counted as a failed
// login of its source: guesses sent that way meet the captcha too.
func TestCutShortLoginsAreCounted(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("real@example.com", goodPassword)
		b := e.browser()
		b.headers["Accept-Language"] = "nl"
		for i := range sourceCaptcha {
			contentType, body := "application/json", `{"email":"real@example.com","password":"gue`
			if i%2 == 1 {
				contentType, body = "application/x-www-form-urlencoded", "email=real%40example.com&password=gue"
			}
			r := b.send("POST", "/api/Website/Login", contentType, &cutShort{data: body})
			expect(t, "a body cut short", r, 400, false)
			if r.env.Message != locale.For("nl").API.BadRequest {
				t.Fatalf("answer %s", r.body)
			}
		}
		r := b.json("POST", "/api/Website/Login", map[string]any{"email": "real@example.com", "password": goodPassword})
		expect(t, "the source's next login without the captcha", r, 400, false)
		if string(r.env.Data) != `{"captchaRequired":true}` {
			t.Fatalf("answer %s", r.body)
		}
	})
}

// heldHasher is a hasher of one slot, which the test holds, whose wait
// for a slot ends when the test says so; waited reports each wait begun.
func heldHasher(t *testing.T) (h *passwords.Hasher, waited <-chan time.Duration, timeUp chan<- time.Time) {
	t.Helper()
	w, up := make(chan time.Duration, 8), make(chan time.Time)
	slots := passwords.NewSlots(passwords.SlotsConfig{Concurrency: 1, After: func(d time.Duration) <-chan time.Time {
		w <- d
		return up
	}})
	if err := slots.Acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	return passwords.NewHasherOn(slots), w, up
}

// When every hashing slot stays taken for the longest wait, the login
// answers 503 with Retry-After and a message in the visitor's language,
// and counts no failure: the server was busy, the password was not wrong.
func TestLoginAnswers503WhenEveryHashingSlotIsBusy(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		hasher, waited, timeUp := heldHasher(t)
		e := newEnv(t, st, func(c *Config) { c.Hasher = hasher })
		for _, loc := range locale.All {
			b := e.browser()
			b.headers["Accept-Language"] = string(loc)
			answered := make(chan *result, 1)
			go func() {
				answered <- b.json("POST", "/api/Website/Login", map[string]any{"email": "someone@example.com", "password": "a password at all"})
			}()
			if d := <-waited; d != passwords.MaxWait {
				t.Fatalf("the login waits %s for a slot, want %s", d, passwords.MaxWait)
			}
			timeUp <- time.Time{}
			r := <-answered
			expect(t, string(loc)+" busy login", r, 503, false)
			if r.env.Message != locale.For(loc).Accounts.Busy || r.header.Get("Retry-After") != "5" {
				t.Fatalf("%s: Retry-After %q, answer %s", loc, r.header.Get("Retry-After"), r.body)
			}
		}
		if cnt, err := st.Counter(context.Background(), e.svc.keys.Of("login", "someone@example.com")); err != nil || cnt.Count != 0 {
			t.Fatalf("a busy login was counted as a failure: %+v %v", cnt, err)
		}
	})
}
