package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	altcha "github.com/altcha-org/altcha-lib-go"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// TestRegisterWithRealAltcha registers with the real ALTCHA verifier: the
// test solves a challenge by brute force, and the same solution is refused
// the second time.
func TestRegisterWithRealAltcha(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		verifier, err := captcha.NewAltcha(strings.Repeat("k", 32), st, 5000, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		e := newEnv(t, st, func(c *Config) { c.Captcha = verifier })
		w, err := verifier.Widget(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		ch := w.Challenge
		sol, err := altcha.SolveChallenge(ch.Challenge, ch.Salt, altcha.Algorithm(ch.Algorithm), int(ch.MaxNumber), 0, nil)
		if err != nil || sol == nil {
			t.Fatalf("challenge not solvable: %v", err)
		}
		raw, _ := json.Marshal(map[string]any{"algorithm": ch.Algorithm, "challenge": ch.Challenge, "number": sol.Number,
			"salt": ch.Salt, "signature": ch.Signature, "took": 12})
		reg := registration("altcha@example.com")
		reg["captcha"] = base64.StdEncoding.EncodeToString(raw)
		b := e.browser()
		expect(t, "register with a solved challenge", b.json("POST", "/api/Website/Register", reg), 200, true)
		reg["email"] = "altcha2@example.com"
		r := b.json("POST", "/api/Website/Register", reg)
		expect(t, "the same solution again", r, 400, false)
		if string(r.env.Data) != `{"captchaRequired":true}` {
			t.Fatalf("replayed captcha answer %s", r.body)
		}
	})
}
