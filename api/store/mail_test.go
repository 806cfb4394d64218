package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestMailQueueLifecycle(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 22, 9, 0, 0, 123456789, time.UTC)

		id, err := s.EnqueueMail(ctx, store.OutgoingMail{Kind: "reset-code", Sealed: "c2VhbGVk"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := s.PendingMail(ctx); err != nil || n != 1 {
			t.Fatalf("pending = %d, %v; want 1", n, err)
		}

		// Not due before it was created.
		if got, err := s.ClaimMail(ctx, t0.Add(-time.Second), t0.Add(time.Minute), 10); err != nil || len(got) != 0 {
			t.Fatalf("claim before due = %v, %v; want nothing", got, err)
		}
		got, err := s.ClaimMail(ctx, t0, t0.Add(5*time.Minute), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ID != id || got[0].Kind != "reset-code" || got[0].Sealed != "c2VhbGVk" || got[0].Attempts != 0 {
			t.Fatalf("claimed %+v", got)
		}
		// Leased: nobody else gets it until the lease ends.
		if again, err := s.ClaimMail(ctx, t0.Add(time.Minute), t0.Add(6*time.Minute), 10); err != nil || len(again) != 0 {
			t.Fatalf("claim during lease = %v, %v; want nothing", again, err)
		}

		// A failure releases it and schedules the next attempt.
		if err := s.RetryMail(ctx, id, 1, t0.Add(30*time.Second), "connection refused"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.ClaimMail(ctx, t0.Add(29*time.Second), t0.Add(time.Hour), 10); len(got) != 0 {
			t.Fatalf("claimed before the retry time: %+v", got)
		}
		got, err = s.ClaimMail(ctx, t0.Add(30*time.Second), t0.Add(5*time.Minute), 10)
		if err != nil || len(got) != 1 || got[0].Attempts != 1 {
			t.Fatalf("claim at retry time = %+v, %v", got, err)
		}

		sentAt := t0.Add(time.Minute)
		if err := s.MarkMailSent(ctx, id, sentAt); err != nil {
			t.Fatal(err)
		}
		rec, err := s.Mail(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Sealed != "" || rec.SentAt == nil || !rec.SentAt.Equal(sentAt.Truncate(time.Microsecond)) || rec.Kind != "reset-code" || rec.LastError != "" {
			t.Fatalf("after sending: %+v", rec)
		}
		if !rec.CreatedAt.Equal(t0.Truncate(time.Microsecond)) {
			t.Fatalf("created_at = %v, want %v", rec.CreatedAt, t0)
		}
		if got, _ := s.ClaimMail(ctx, t0.Add(time.Hour), t0.Add(2*time.Hour), 10); len(got) != 0 {
			t.Fatalf("a sent message was claimed again: %+v", got)
		}
		if n, _ := s.PendingMail(ctx); n != 0 {
			t.Fatalf("pending after sending = %d", n)
		}

		// Old rows go; recent ones stay.
		if n, err := s.DeleteOldMail(ctx, sentAt); err != nil || n != 0 {
			t.Fatalf("delete before sent_at = %d, %v", n, err)
		}
		if n, err := s.DeleteOldMail(ctx, sentAt.Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("delete after sent_at = %d, %v", n, err)
		}
		if _, err := s.Mail(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleted mail: %v, want ErrNotFound", err)
		}
		if err := s.MarkMailSent(ctx, id, sentAt); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("marking a missing mail: %v, want ErrNotFound", err)
		}
	})
}

func TestMailAbandon(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		id, err := s.EnqueueMail(ctx, store.OutgoingMail{Kind: "confirm-email", Sealed: "c2VhbGVk"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AbandonMail(ctx, id, t0.Add(72*time.Hour), "timeout"); err != nil {
			t.Fatal(err)
		}
		rec, err := s.Mail(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Sealed != "" || rec.FailedAt == nil || rec.SentAt != nil || rec.LastError != "timeout" {
			t.Fatalf("abandoned: %+v", rec)
		}
		if got, _ := s.ClaimMail(ctx, t0.Add(100*time.Hour), t0.Add(101*time.Hour), 10); len(got) != 0 {
			t.Fatalf("an abandoned message was claimed: %+v", got)
		}
	})
}

// TestClaimMailConcurrent has several claimers race for the same rows: each
// row goes to exactly one of them.
func TestClaimMailConcurrent(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		const messages = 40
		for range messages {
			if _, err := s.EnqueueMail(ctx, store.OutgoingMail{Kind: "account-deleted", Sealed: "eA=="}, t0); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		claimed := map[int64]int{}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := s.ClaimMail(ctx, t0, t0.Add(time.Hour), 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, m := range got {
						claimed[m.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(claimed) != messages {
			t.Fatalf("claimed %d distinct messages, want %d", len(claimed), messages)
		}
		for id, n := range claimed {
			if n != 1 {
				t.Fatalf("message %d claimed %d times", id, n)
			}
		}
	})
}

func TestOutboxMail(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		first, err := s.AddOutboxMail(ctx, "Zmlyc3Q=", t0)
		if err != nil {
			t.Fatal(err)
		}
		second, err := s.AddOutboxMail(ctx, "c2Vjb25k", t0.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		list, err := s.OutboxMails(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != second || list[1].ID != first {
			t.Fatalf("outbox not newest first: %+v", list)
		}
		m, err := s.OutboxMail(ctx, first)
		if err != nil || m.Sealed != "Zmlyc3Q=" {
			t.Fatalf("outbox mail = %+v, %v", m, err)
		}
		if _, err := s.OutboxMail(ctx, 9999); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing outbox mail: %v", err)
		}
		if n, err := s.DeleteOldMail(ctx, t0.Add(30*time.Second)); err != nil || n != 1 {
			t.Fatalf("delete old outbox = %d, %v; want 1", n, err)
		}
	})
}

func TestTryExclusive(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ran, err := s.TryExclusive(ctx, 42, func(ctx context.Context) error {
			if s.Driver() != store.Postgres {
				return nil
			}
			// While this job holds the lock, the same job elsewhere is skipped.
			inner, err := s.TryExclusive(ctx, 42, func(context.Context) error {
				t.Error("a second holder ran under the same key")
				return nil
			})
			if err != nil || inner {
				t.Errorf("nested TryExclusive = %v, %v; want skipped", inner, err)
			}
			// Another key is free.
			other, err := s.TryExclusive(ctx, 43, func(context.Context) error { return nil })
			if err != nil || !other {
				t.Errorf("other key = %v, %v; want run", other, err)
			}
			return nil
		})
		if err != nil || !ran {
			t.Fatalf("TryExclusive = %v, %v; want run", ran, err)
		}
		// Released afterwards.
		ran, err = s.TryExclusive(ctx, 42, func(context.Context) error { return errors.New("job failed") })
		if !ran || err == nil {
			t.Fatalf("second run = %v, %v; want run with the job's error", ran, err)
		}
	})
}
