package captcha_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	altcha "github.com/altcha-org/altcha-lib-go"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

const testSecret = "0123456789abcdef0123456789abcdef-captcha-test"

// testMax keeps brute-forcing a challenge instant.
const testMax = 500

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// solve brute-forces a challenge the way the browser widget does and
// returns the token the widget would submit.
func solve(t testing.TB, w captcha.Widget) string {
	t.Helper()
	if w.Provider != "altcha" || w.Challenge == nil {
		t.Fatalf("widget %+v is not an ALTCHA challenge", w)
	}
	ch := w.Challenge
	sol, err := altcha.SolveChallenge(ch.Challenge, ch.Salt, altcha.Algorithm(ch.Algorithm), int(ch.MaxNumber), 0, nil)
	if err != nil || sol == nil {
		t.Fatalf("challenge not solvable: %v", err)
	}
	return encode(t, map[string]any{
		"algorithm": ch.Algorithm, "challenge": ch.Challenge, "number": sol.Number,
		"salt": ch.Salt, "signature": ch.Signature, "took": 12,
	})
}

func encode(t testing.TB, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(raw)
}

func newAltcha(t *testing.T, s captcha.SpentStore, c *clock) *captcha.Altcha {
	t.Helper()
	a, err := captcha.NewAltcha(testSecret, s, testMax, c.Now)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAltcha(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := &clock{now: time.Now()}
		a := newAltcha(t, s, c)

		w, err := a.Widget(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if w.Challenge.Algorithm != "SHA-256" || w.Challenge.MaxNumber != testMax || !strings.Contains(w.Challenge.Salt, "expires=") {
			t.Fatalf("challenge %+v", w.Challenge)
		}
		token := solve(t, w)
		if err := a.Verify(ctx, token, "203.0.113.9"); err != nil {
			t.Fatalf("a solved challenge was refused: %v", err)
		}
		if err := a.Verify(ctx, token, "203.0.113.9"); !errors.Is(err, captcha.ErrInvalid) {
			t.Fatalf("the same solution again: %v, want ErrInvalid", err)
		}

		// Another replica (another verifier on the same database) refuses it too.
		if err := newAltcha(t, s, c).Verify(ctx, token, ""); !errors.Is(err, captcha.ErrInvalid) {
			t.Fatalf("replayed on another replica: %v, want ErrInvalid", err)
		}
	})
}

func TestAltchaRefuses(t *testing.T) {
	s := testenv.SQLiteStore(t)
	ctx := context.Background()
	c := &clock{now: time.Now()}
	a := newAltcha(t, s, c)

	fresh := func() (captcha.Widget, map[string]any) {
		w, err := a.Widget(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		raw, _ := base64.StdEncoding.DecodeString(solve(t, w))
		_ = json.Unmarshal(raw, &p)
		return w, p
	}
	tamper := func(edit func(p map[string]any)) string {
		_, p := fresh()
		edit(p)
		return encode(t, p)
	}
	otherKey, err := captcha.NewAltcha(strings.Repeat("k", 40), s, testMax, c.Now)
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := otherKey.Widget(ctx, "")
	if err != nil {
		t.Fatal(err)
	}

	cases := map[string]string{
		"empty":               "",
		"spaces":              "   ",
		"not base64":          "%%%not-base64%%%",
		"base64 garbage":      base64.StdEncoding.EncodeToString([]byte{0xff, 0x00, 0x13, 0x37}),
		"base64 of text":      base64.StdEncoding.EncodeToString([]byte("hello")),
		"JSON not an object":  base64.StdEncoding.EncodeToString([]byte(`[1,2,3]`)),
		"empty object":        base64.StdEncoding.EncodeToString([]byte(`{}`)),
		"raw JSON":            `{"algorithm":"SHA-256"}`,
		"huge":                strings.Repeat("A", 100_000),
		"wrong number":        tamper(func(p map[string]any) { p["number"] = p["number"].(float64) + 1 }),
		"negative number":     tamper(func(p map[string]any) { p["number"] = -1 }),
		"number as string":    tamper(func(p map[string]any) { p["number"] = "7" }),
		"number over max":     tamper(func(p map[string]any) { p["number"] = testMax + 1 }),
		"changed salt":        tamper(func(p map[string]any) { p["salt"] = "0000" + p["salt"].(string) }),
		"later expiry":        tamper(func(p map[string]any) { p["salt"] = strings.Replace(p["salt"].(string), "expires=", "expires=9", 1) }),
		"changed signature":   tamper(func(p map[string]any) { p["signature"] = strings.Repeat("0", 64) }),
		"changed challenge":   tamper(func(p map[string]any) { p["challenge"] = strings.Repeat("a", 64) }),
		"weaker algorithm":    tamper(func(p map[string]any) { p["algorithm"] = "SHA-1" }),
		"missing signature":   tamper(func(p map[string]any) { delete(p, "signature") }),
		"signed by other key": solve(t, foreign),
	}
	for name, token := range cases {
		t.Run(name, func(t *testing.T) {
			if err := a.Verify(ctx, token, ""); !errors.Is(err, captcha.ErrInvalid) {
				t.Fatalf("Verify = %v, want ErrInvalid", err)
			}
		})
	}

	t.Run("expired", func(t *testing.T) {
		w, _ := fresh()
		token := solve(t, w)
		c.Add(captcha.ChallengeTTL + time.Second)
		if err := a.Verify(ctx, token, ""); !errors.Is(err, captcha.ErrInvalid) {
			t.Fatalf("Verify after %v = %v, want ErrInvalid", captcha.ChallengeTTL, err)
		}
	})
	t.Run("just in time", func(t *testing.T) {
		w, _ := fresh()
		token := solve(t, w)
		c.Add(captcha.ChallengeTTL - 2*time.Second)
		if err := a.Verify(ctx, token, ""); err != nil {
			t.Fatalf("Verify before expiry = %v", err)
		}
	})
}

// TestAltchaConcurrentReplay submits one solution many times at once:
// exactly one submission is accepted.
func TestAltchaConcurrentReplay(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := &clock{now: time.Now()}
		a := newAltcha(t, s, c)
		w, err := a.Widget(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		token := solve(t, w)
		var accepted atomic.Int32
		var wg sync.WaitGroup
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch err := a.Verify(ctx, token, ""); {
				case err == nil:
					accepted.Add(1)
				case !errors.Is(err, captcha.ErrInvalid):
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if accepted.Load() != 1 {
			t.Fatalf("%d submissions accepted, want 1", accepted.Load())
		}
	})
}

func TestAltchaCleanup(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := &clock{now: time.Now()}
		a := newAltcha(t, s, c)
		w, _ := a.Widget(ctx, "")
		if err := a.Verify(ctx, solve(t, w), ""); err != nil {
			t.Fatal(err)
		}
		if err := a.Cleanup(ctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.DeleteExpiredCaptcha(ctx, c.Now()); n != 0 {
			t.Fatal("cleanup removed an unexpired challenge")
		}
		c.Add(captcha.ChallengeTTL + time.Minute)
		if err := a.Cleanup(ctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.DeleteExpiredCaptcha(ctx, c.Now().Add(time.Hour)); n != 0 {
			t.Fatalf("cleanup left %d expired challenges", n)
		}
	})
}

func TestNewAltchaRefusesBadSettings(t *testing.T) {
	if _, err := captcha.NewAltcha("short", nil, 100, nil); err == nil {
		t.Error("a short secret key was accepted")
	}
	if _, err := captcha.NewAltcha(testSecret, nil, 0, nil); err == nil {
		t.Error("maxNumber 0 was accepted")
	}
}
