package captcha_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/captcha"
)

// memSpent is an in-memory SpentStore, fast enough for fuzzing.
type memSpent struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

func (m *memSpent) SpendCaptcha(_ context.Context, hash string, exp time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[hash]; ok {
		return false, nil
	}
	m.seen[hash] = exp
	return true, nil
}

func (m *memSpent) DeleteExpiredCaptcha(context.Context, time.Time) (int64, error) { return 0, nil }

func (m *memSpent) TryExclusive(ctx context.Context, _ int64, fn func(context.Context) error) (bool, error) {
	return true, fn(ctx)
}

// FuzzVerify feeds arbitrary tokens to the verifier: it must answer nil or
// ErrInvalid, never panic, and accept nothing it did not sign. The seed
// corpus is in testdata/fuzz/FuzzVerify and runs with every go test.
func FuzzVerify(f *testing.F) {
	a, err := captcha.NewAltcha(testSecret, &memSpent{seen: map[string]time.Time{}}, 1000, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add("")
	f.Add("e30=")
	f.Fuzz(func(t *testing.T, token string) {
		err := a.Verify(context.Background(), token, "")
		if err == nil {
			t.Fatalf("accepted a token it never issued: %q", token)
		}
		if !errors.Is(err, captcha.ErrInvalid) {
			t.Fatalf("Verify(%q) = %v, want ErrInvalid", token, err)
		}
	})
}
