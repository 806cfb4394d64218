package store_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// newStaff stores a staff member through an invitation, as joining does.
func newStaff(t *testing.T, s *store.Store, email, role, invitedBy string, now time.Time) *store.Staff {
	t.Helper()
	inv := &store.StaffInvitation{TokenHash: "token-" + email, Email: email, Role: role, InvitedBy: invitedBy, CreatedAt: now, ExpiresAt: now.Add(48 * time.Hour)}
	if err := s.CreateInvitation(t.Context(), inv); err != nil {
		t.Fatal(err)
	}
	m := &store.Staff{Name: email, PasswordHash: "x", Locale: "en"}
	if err := s.AcceptInvitation(t.Context(), inv.TokenHash, m, now); err != nil {
		t.Fatal(err)
	}
	return m
}

// Wrong second factors are counted on the account, ten in a row lock it
// for longer each time, a right one forgets them; tries sent at once
// cannot pass the limit together.
func TestSecondFactorTries(t *testing.T) {
	lockFor := func(n int) time.Duration { return time.Duration(n) * 15 * time.Minute }
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		clock := testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
		m := newStaff(t, s, "amal@example.com", "administrator", "", clock.Now())
		take := func(what string) store.FactorTry {
			t.Helper()
			try, err := s.TakeFactorTry(ctx, m.ID, clock.Now(), 10, lockFor)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return try
		}

		for i := 1; i <= 6; i++ {
			if try := take("a wrong try"); !try.Allowed || try.Last {
				t.Fatalf("try %d: %+v", i, try)
			}
		}
		if err := s.FactorProven(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 9; i++ {
			if try := take("after a right one"); !try.Allowed || try.Last {
				t.Fatalf("try %d after a right one: %+v", i, try)
			}
		}
		last := take("the tenth in a row")
		if !last.Allowed || !last.Last || last.Locks != 1 || !last.LockedUntil.Equal(clock.Now().Add(15*time.Minute)) {
			t.Fatalf("the tenth in a row: %+v", last)
		}
		if try := take("while locked"); try.Allowed || !try.LockedUntil.Equal(last.LockedUntil) {
			t.Fatalf("a try while locked: %+v", try)
		}
		loaded, err := s.StaffByID(ctx, m.ID)
		if err != nil || loaded.FactorLockedUntil == nil || !loaded.FactorLockedUntil.Equal(last.LockedUntil) {
			t.Fatalf("the account as loaded: %+v, %v", loaded, err)
		}

		// The next lock in a row lasts longer.
		clock.Advance(15 * time.Minute)
		for i := 1; i < 10; i++ {
			take("after the lock")
		}
		if again := take("the tenth after the lock"); !again.Last || again.Locks != 2 || !again.LockedUntil.Equal(clock.Now().Add(30*time.Minute)) {
			t.Fatalf("the second lock: %+v", again)
		}
		if err := s.FactorProven(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		if try := take("after a right one lifted the lock"); !try.Allowed || try.Last {
			t.Fatalf("after a right one: %+v", try)
		}

		// Thirty tries at once: ten are let through, one of them the last.
		if err := s.FactorProven(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		var (
			wg             sync.WaitGroup
			mu             sync.Mutex
			allowed, lasts int
			errs           []error
			now            = clock.Now()
		)
		for range 30 {
			wg.Go(func() {
				try, err := s.TakeFactorTry(ctx, m.ID, now, 10, lockFor)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
					return
				}
				if try.Allowed {
					allowed++
				}
				if try.Last {
					lasts++
				}
			})
		}
		wg.Wait()
		if len(errs) > 0 || allowed != 10 || lasts != 1 {
			t.Fatalf("tries at once: %d allowed, %d last, errors %v", allowed, lasts, errs)
		}

		if _, err := s.TakeFactorTry(ctx, "no-such-staff", now, 10, lockFor); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an unknown staff member: %v", err)
		}
	})
}
