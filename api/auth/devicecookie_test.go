package auth

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// floodHasher is a hasher of one slot whose waits for a slot the test
// sees begin (waited) and ends all at once (release).
func floodHasher(t *testing.T) (h *passwords.Hasher, slots *passwords.Slots, waited <-chan time.Duration, release func()) {
	t.Helper()
	w, up := make(chan time.Duration, 256), make(chan time.Time)
	slots = passwords.NewSlots(passwords.SlotsConfig{Concurrency: 1, After: func(d time.Duration) <-chan time.Time {
		w <- d
		return up
	}})
	var once sync.Once
	release = func() { once.Do(func() { close(up) }) }
	t.Cleanup(release)
	return passwords.NewHasherOn(slots), slots, w, release
}

// While a flood of logins holds every hashing slot, a browser that signed
// in to the account before logs in at once; the same password from a
// browser without its device cookie waits behind the flood and, like the
// flood, gets 503.
func TestKnownDeviceLogsInDuringAFlood(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		hasher, slots, waited, release := floodHasher(t)
		e := newEnv(t, st, func(c *Config) { c.Hasher = hasher })
		e.confirmedUser("owner@example.com", goodPassword)
		login := map[string]any{"email": "owner@example.com", "password": goodPassword}

		home := e.browser()
		expect(t, "the owner's first login", home.json("POST", "/api/Website/Login", login), 200, true)
		if _, ok := home.cookies["device"]; !ok {
			t.Fatalf("no device cookie after a login: %v", home.cookies)
		}

		// The flood: one request holds the only slot, the rest wait for it.
		if err := slots.Acquire(context.Background()); err != nil {
			t.Fatal(err)
		}
		const flood = 40
		floodAnswers := make(chan int, flood)
		for i := range flood {
			go func() {
				b := e.browser()
				b.ip = fmt.Sprintf("203.0.%d.%d", 113+i/200, i%200+1)
				body := map[string]any{"email": fmt.Sprintf("guess-%d@example.com", i), "password": "spray password"}
				if i%2 == 0 {
					body["email"] = "owner@example.com"
				}
				floodAnswers <- b.json("POST", "/api/Website/Login", body).status
			}()
		}
		for range flood {
			<-waited
		}

		answered := make(chan *result, 1)
		go func() { answered <- home.json("POST", "/api/Website/Login", login) }()
		select {
		case r := <-answered:
			expect(t, "the known device's login during the flood", r, 200, true)
		case <-waited:
			release()
			t.Fatal("the known device's login waited behind the flood")
		}

		elsewhere := e.browser()
		elsewhere.ip = "198.51.100.90"
		elsewhere.headers["Accept-Language"] = "ar"
		go func() { answered <- elsewhere.json("POST", "/api/Website/Login", login) }()
		<-waited // it queues with the flood
		release()
		r := <-answered
		expect(t, "the same password without the device cookie", r, 503, false)
		if r.env.Message != locale.For(locale.Ar).Accounts.Busy {
			t.Fatalf("answer %s", r.body)
		}
		for range flood {
			if status := <-floodAnswers; status != http.StatusServiceUnavailable {
				t.Fatalf("a flooding login got %d, want 503", status)
			}
		}
		slots.Release()
	})
}

// The failures of an address do not make its owner's known browser solve
// a captcha; its own failures do, as any other browser's, and then it is
// trusted no more than any other. A cookie of another account, a tampered
// or an expired one counts for nothing.
func TestKnownDeviceIsHeldToItsOwnFailures(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("owner@example.com", goodPassword)
		e.confirmedUser("other@example.com", goodPassword)
		right := map[string]any{"email": "owner@example.com", "password": goodPassword}
		wrong := map[string]any{"email": "owner@example.com", "password": "not the password at all"}

		home := e.browser()
		expect(t, "the owner's login", home.json("POST", "/api/Website/Login", right), 200, true)
		mine := *home.cookies["device"]
		otherDevice := e.browser()
		expect(t, "another account's login", otherDevice.json("POST", "/api/Website/Login", map[string]any{"email": "other@example.com", "password": goodPassword}), 200, true)
		theirs := *otherDevice.cookies["device"]

		guesser := e.browser()
		guesser.ip = "203.0.113.50"
		for range captchaAfter {
			expect(t, "a stranger's guess", guesser.json("POST", "/api/Website/Login", wrong), 401, false)
		}
		needsCaptcha := func(what string, b *browser) {
			t.Helper()
			r := b.json("POST", "/api/Website/Login", right)
			expect(t, what, r, 400, false)
			if string(r.env.Data) != `{"captchaRequired":true}` {
				t.Fatalf("%s: answer %s", what, r.body)
			}
		}
		needsCaptcha("a new browser after the stranger's guesses", e.browser())
		expect(t, "the known browser after the stranger's guesses", home.json("POST", "/api/Website/Login", right), 200, true)

		tampered := mine
		tampered.Value = strings.Replace(mine.Value, mine.Value[:1], map[bool]string{true: "B", false: "A"}[mine.Value[0] == 'A'], 1)
		expired := *home.cookies["device"]
		for name, ck := range map[string]http.Cookie{"another account's": theirs, "a tampered": tampered} {
			b := e.browser()
			b.cookies["device"] = &ck
			needsCaptcha("with "+name+" device cookie", b)
		}

		// The known browser's own failures: three, then it is a browser like any other.
		for range captchaAfter {
			expect(t, "the known browser's wrong password", home.json("POST", "/api/Website/Login", wrong), 401, false)
		}
		needsCaptcha("the known browser after its own failures", home)
		r := home.json("POST", "/api/Website/Login", map[string]any{"email": "owner@example.com", "password": goodPassword, "captcha": "solved"})
		expect(t, "with the captcha", r, 200, true)

		e.clock.Advance(deviceLifetime)
		for range captchaAfter {
			expect(t, "a stranger's guess", guesser.json("POST", "/api/Website/Login", wrong), 401, false)
		}
		b := e.browser()
		b.cookies["device"] = &expired
		needsCaptcha("with an expired device cookie", b)
	})
}

// The device cookie is HttpOnly and Strict, lives 90 days, names no
// address and shows no secret; over https it is a __Host- cookie.
func TestDeviceCookieIsSignedAndHidden(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		for _, base := range []string{"http://localhost:8080", "https://www.example.com"} {
			e := newEnv(t, st, func(c *Config) { c.BaseURL = base })
			email := "cookie-" + strings.SplitN(base, ":", 2)[0] + "@example.com"
			e.confirmedUser(email, goodPassword)
			b := e.browser()
			expect(t, "login", b.json("POST", "/api/Website/Login", map[string]any{"email": email, "password": goodPassword}), 200, true)
			name, secure := "device", false
			if strings.HasPrefix(base, "https:") {
				name, secure = "__Host-device", true
			}
			ck, ok := b.cookies[name]
			if !ok {
				t.Fatalf("%s: cookies %v, want %s", base, b.cookies, name)
			}
			if !ck.HttpOnly || ck.Secure != secure || ck.SameSite != http.SameSiteStrictMode || ck.Path != "/" || ck.MaxAge != int(deviceLifetime/time.Second) {
				t.Fatalf("%s: cookie %+v", base, ck)
			}
			if strings.Contains(ck.Value, "cookie-") || strings.Contains(ck.Value, strings.Repeat("k", 8)) {
				t.Fatalf("%s: the cookie shows the address or the secret: %q", base, ck.Value)
			}
		}
	})
}

// An account's known devices get deviceLogins logins in their lane each
// login window; the next one queues with everyone else, so nobody fills the
// lane by logging in to an account of their own over and over.
func TestDeviceLaneIsRationedPerAccount(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		hasher, slots, waited, release := floodHasher(t)
		e := newEnv(t, st, func(c *Config) { c.Hasher = hasher })
		e.confirmedUser("own@example.com", goodPassword)
		login := map[string]any{"email": "own@example.com", "password": goodPassword}
		b := e.browser()
		expect(t, "the first login", b.json("POST", "/api/Website/Login", login), 200, true)
		if err := slots.Acquire(context.Background()); err != nil {
			t.Fatal(err)
		}
		for i := range deviceLogins {
			expect(t, fmt.Sprintf("known-device login %d in the lane", i+1), b.json("POST", "/api/Website/Login", login), 200, true)
		}
		answered := make(chan *result, 1)
		go func() { answered <- b.json("POST", "/api/Website/Login", login) }()
		<-waited // it queues with everyone
		release()
		expect(t, "one login too many for the lane", <-answered, 503, false)
		slots.Release()
		e.clock.Advance(loginWindow)
		expect(t, "the next window", b.json("POST", "/api/Website/Login", login), 200, true)
	})
}
