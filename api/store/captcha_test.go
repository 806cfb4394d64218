package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestSpendCaptcha(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		ok, err := s.SpendCaptcha(ctx, "aa", t0.Add(10*time.Minute))
		if err != nil || !ok {
			t.Fatalf("first spend = %v, %v; want accepted", ok, err)
		}
		ok, err = s.SpendCaptcha(ctx, "aa", t0.Add(10*time.Minute))
		if err != nil || ok {
			t.Fatalf("second spend = %v, %v; want refused", ok, err)
		}

		// Many concurrent spends of one hash: exactly one wins.
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.SpendCaptcha(ctx, "bb", t0.Add(10*time.Minute))
				if err != nil {
					t.Error(err)
				}
				if ok {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d concurrent spends accepted, want 1", wins.Load())
		}

		if _, err := s.SpendCaptcha(ctx, "cc", t0.Add(20*time.Minute)); err != nil {
			t.Fatal(err)
		}
		n, err := s.DeleteExpiredCaptcha(ctx, t0.Add(15*time.Minute))
		if err != nil || n != 2 {
			t.Fatalf("deleted %d, %v; want the 2 expired", n, err)
		}
		if ok, _ := s.SpendCaptcha(ctx, "cc", t0.Add(20*time.Minute)); ok {
			t.Fatal("an unexpired spent challenge was forgotten")
		}
	})
}
