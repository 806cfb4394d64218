package captcha_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/internal/testenv"
)

// work asks for a challenge as source and returns how far its answer may lie.
func work(t *testing.T, a *captcha.Altcha, source string) int64 {
	t.Helper()
	w, err := a.Widget(context.Background(), source)
	if err != nil {
		t.Fatal(err)
	}
	return w.Challenge.MaxNumber
}

// A source that keeps asking for challenges gets harder ones, four times
// harder for each doubling past its allowance and at most sixteen times;
// everyone else keeps the usual work, the harder ones are still answered,
// and the work falls back once the source has been quiet for two windows.
func TestWorkRisesWithASourcesRate(t *testing.T) {
	c := &clock{now: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)}
	a := newAltcha(t, testenv.SQLiteStore(t), c)
	a.RaiseWorkAfter(3)
	const flood, visitor = "198.51.100.7", "203.0.113.9"

	want := []int64{1, 1, 1, 4, 4, 4, 16, 16, 16, 16, 16, 16, 16, 16, 16}
	for i, factor := range want {
		if got := work(t, a, flood); got != testMax*factor {
			t.Fatalf("challenge %d of the flooding source: maxnumber %d, want %d", i+1, got, testMax*factor)
		}
	}
	if got := work(t, a, visitor); got != testMax {
		t.Fatalf("another source's first challenge: maxnumber %d, want %d", got, testMax)
	}

	// The hardest challenge is still one the verifier accepts once solved.
	w, err := a.Widget(context.Background(), flood)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Verify(context.Background(), solve(t, w), flood); err != nil {
		t.Fatalf("a solved hard challenge was refused: %v", err)
	}

	// The window before still counts; two windows of quiet forget it.
	c.Add(captcha.SurgeWindow)
	if got := work(t, a, flood); got != testMax*16 {
		t.Fatalf("the next window: maxnumber %d, want the raised %d", got, testMax*16)
	}
	c.Add(2 * captcha.SurgeWindow)
	if got := work(t, a, flood); got != testMax {
		t.Fatalf("after quiet: maxnumber %d, want %d", got, testMax)
	}
}

// A flood spread over many sources, each under its allowance, raises the
// work for every source while it lasts.
func TestWorkRisesWithTheWholeSitesRate(t *testing.T) {
	c := &clock{now: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)}
	a := newAltcha(t, testenv.SQLiteStore(t), c)
	a.RaiseWorkAfter(3)
	for i := range 50 * 3 {
		if got := work(t, a, fmt.Sprintf("192.0.2.%d", i%250)); got != testMax {
			t.Fatalf("challenge %d within the site's allowance: maxnumber %d", i+1, got)
		}
	}
	if got := work(t, a, "203.0.113.9"); got != testMax*4 {
		t.Fatalf("a new source during a spread flood: maxnumber %d, want %d", got, testMax*4)
	}
	c.Add(2 * captcha.SurgeWindow)
	if got := work(t, a, "203.0.113.9"); got != testMax {
		t.Fatalf("after the flood: maxnumber %d, want %d", got, testMax)
	}
}

// Without a surge allowance the work stays fixed, however many are asked for.
func TestWorkFixedWhenTurnedOff(t *testing.T) {
	a := newAltcha(t, testenv.SQLiteStore(t), &clock{now: time.Now()})
	a.RaiseWorkAfter(0)
	for i := range 100 {
		if got := work(t, a, "198.51.100.7"); got != testMax {
			t.Fatalf("challenge %d: maxnumber %d, want %d", i+1, got, testMax)
		}
	}
}
