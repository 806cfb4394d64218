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

func newUser(t *testing.T, s *store.Store, email string) *store.User {
	t.Helper()
	u := &store.User{Email: email, FirstName: "Jane", LastName: "Doe", PasswordHash: "$argon2id$x", Locale: "en"}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestUsers(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := newUser(t, s, "jane@example.com")
		if len(u.ID) != 32 || u.CreatedAt.IsZero() {
			t.Fatalf("created user %+v", u)
		}
		if err := s.CreateUser(ctx, &store.User{Email: "jane@example.com", FirstName: "X", LastName: "Y", PasswordHash: "h"}); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("second CreateUser = %v, want ErrEmailTaken", err)
		}
		got, err := s.UserByEmail(ctx, "jane@example.com")
		if err != nil || got.ID != u.ID || got.Confirmed() {
			t.Fatalf("UserByEmail = %+v, %v", got, err)
		}
		if _, err := s.UserByEmail(ctx, "nobody@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown e-mail: %v", err)
		}
		if err := s.UpdateProfile(ctx, u.ID, store.Profile{FirstName: "Janet", LastName: "Doe", PhoneNumber: "+31 6 1234 5678"}); err != nil {
			t.Fatal(err)
		}
		if old, err := s.ReplaceAvatarKey(ctx, u.ID, "avatars/x.png"); err != nil || old != "" {
			t.Fatalf("first picture replaced %q, %v", old, err)
		}
		got, _ = s.UserByID(ctx, u.ID)
		if got.FirstName != "Janet" || got.PhoneNumber != "+31 6 1234 5678" || got.AvatarKey != "avatars/x.png" || got.Email != "jane@example.com" {
			t.Fatalf("after updates: %+v", got)
		}
		if err := s.UpdateProfile(ctx, "missing", store.Profile{}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("update missing user: %v", err)
		}

		// Each registration of an unconfirmed address keeps its own link and
		// password; confirming one discards the others.
		now := time.Now()
		first := &store.Registration{UserID: u.ID, TokenHash: "h1", FirstName: "A", LastName: "B", PasswordHash: "first", Locale: "en", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		second := &store.Registration{UserID: u.ID, TokenHash: "h2", FirstName: "C", LastName: "D", PasswordHash: "second", Locale: "nl", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		for _, r := range []*store.Registration{first, second} {
			if err := s.CreateRegistration(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		got2, n, err := s.RegistrationByHash(ctx, "h1", now)
		if err != nil || got2.PasswordHash != "first" || n != 2 {
			t.Fatalf("RegistrationByHash = %+v, %d, %v", got2, n, err)
		}
		if _, _, err := s.RegistrationByHash(ctx, "h1", now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired registration: %v", err)
		}
		confirmed, err := s.ConfirmRegistration(ctx, first.ID, "chosen", now)
		if err != nil || !confirmed.Confirmed() || confirmed.PasswordHash != "chosen" || confirmed.FirstName != "A" || confirmed.Locale != "en" {
			t.Fatalf("ConfirmRegistration = %+v, %v", confirmed, err)
		}
		if _, _, err := s.RegistrationByHash(ctx, "h2", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the other registration survived the confirmation: %v", err)
		}
		if _, err := s.ConfirmRegistration(ctx, second.ID, "", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second ConfirmRegistration = %v, want ErrNotFound", err)
		}

		sess := &store.Session{IDHash: "s1", UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		if key, err := s.DeleteUser(ctx, u.ID); err != nil || key != "avatars/x.png" {
			t.Fatalf("DeleteUser = %q, %v; want the picture's key", key, err)
		}
		if _, err := s.UserByID(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleted user still there: %v", err)
		}
		if _, err := s.SessionByHash(ctx, "s1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session of a deleted user still there: %v", err)
		}
	})
}

func TestSessions(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := newUser(t, s, "sam@example.com")
		now := time.Now().UTC()
		mk := func(hash string, expires time.Time) *store.Session {
			sess := &store.Session{IDHash: hash, UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: expires, UserAgent: "UA", IP: "192.0.2.1"}
			if err := s.CreateSession(ctx, sess); err != nil {
				t.Fatal(err)
			}
			return sess
		}
		a := mk("a", now.Add(time.Hour))
		b := mk("b", now.Add(2*time.Hour))
		mk("old", now.Add(-time.Minute))
		if a.ID == "" || a.ID == b.ID {
			t.Fatalf("public ids %q %q", a.ID, b.ID)
		}
		got, err := s.SessionByHash(ctx, "a", now)
		if err != nil || got.UserID != u.ID || got.IP != "192.0.2.1" {
			t.Fatalf("SessionByHash = %+v, %v", got, err)
		}
		if _, err := s.SessionByHash(ctx, "old", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired session found: %v", err)
		}
		if err := s.TouchSession(ctx, "a", now.Add(time.Minute), now.Add(3*time.Hour)); err != nil {
			t.Fatal(err)
		}
		list, err := s.UserSessions(ctx, u.ID, now)
		if err != nil || len(list) != 2 || list[0].IDHash != "a" {
			t.Fatalf("UserSessions = %+v, %v", list, err)
		}
		if ok, err := s.DeleteUserSession(ctx, "someone-else", b.ID); err != nil || ok {
			t.Fatalf("deleted another account's session: %v %v", ok, err)
		}
		if ok, err := s.DeleteUserSession(ctx, u.ID, b.ID); err != nil || !ok {
			t.Fatalf("DeleteUserSession = %v %v", ok, err)
		}
		// A new password ends the other sessions and every reset under
		// way, in one transaction; the confirmation link stays.
		mk("c", now.Add(time.Hour))
		for purpose, hash := range map[string]string{store.PurposeResetCode: "code", store.PurposeResetPassword: "reset", store.PurposeConfirmEmail: "confirm"} {
			if err := s.CreateToken(ctx, &store.Token{UserID: u.ID, Purpose: purpose, TokenHash: hash, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.ChangePassword(ctx, u.ID, "new-hash", "a"); err != nil {
			t.Fatal(err)
		}
		list, _ = s.UserSessions(ctx, u.ID, now)
		if len(list) != 1 || list[0].IDHash != "a" {
			t.Fatalf("after ending the others: %+v", list)
		}
		for purpose, hash := range map[string]string{store.PurposeResetCode: "code", store.PurposeResetPassword: "reset"} {
			if _, err := s.TokenByHash(ctx, purpose, hash); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a %s token outlived the password change: %v", purpose, err)
			}
		}
		if _, err := s.TokenByHash(ctx, store.PurposeConfirmEmail, "confirm"); err != nil {
			t.Fatalf("the confirmation link went with the password: %v", err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.PasswordHash != "new-hash" {
			t.Fatalf("password hash %q", got.PasswordHash)
		}
		if err := s.ChangePassword(ctx, "no-such-account", "x", ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("ChangePassword of no account: %v", err)
		}
		mk("expired", now.Add(-time.Second))
		n, err := s.DeleteExpired(ctx, now, now.Add(-time.Hour))
		if err != nil || n != 1 {
			t.Fatalf("DeleteExpired = %d, %v; want the one expired session", n, err)
		}
	})
}

func TestTokens(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := newUser(t, s, "tok@example.com")
		now := time.Now()
		first := &store.Token{UserID: u.ID, Purpose: store.PurposeResetCode, TokenHash: "c1", CreatedAt: now, ExpiresAt: now.Add(10 * time.Minute)}
		if err := s.CreateToken(ctx, first); err != nil {
			t.Fatal(err)
		}
		second := &store.Token{UserID: u.ID, Purpose: store.PurposeResetCode, TokenHash: "c2", CreatedAt: now.Add(time.Second), ExpiresAt: now.Add(10 * time.Minute)}
		if err := s.CreateToken(ctx, second); err != nil {
			t.Fatal(err)
		}
		latest, err := s.LatestToken(ctx, u.ID, store.PurposeResetCode)
		if err != nil || latest.TokenHash != "c2" || !latest.Valid(now) {
			t.Fatalf("LatestToken = %+v, %v", latest, err)
		}
		if _, err := s.TokenByHash(ctx, store.PurposeResetCode, "c1"); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("a newer code did not replace the older one")
		}
		for want := 1; want <= 3; want++ {
			if n, err := s.CountTokenAttempt(ctx, latest.ID); err != nil || n != want {
				t.Fatalf("CountTokenAttempt = %d, %v; want %d", n, err, want)
			}
		}
		// Of many concurrent uses, exactly one wins.
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.UseToken(ctx, latest.ID, now)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d concurrent uses of one token succeeded, want 1", wins)
		}
		got, _ := s.TokenByHash(ctx, store.PurposeResetCode, "c2")
		if got.Valid(now) {
			t.Fatal("a used token is still valid")
		}
		expired := &store.Token{UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "e", CreatedAt: now, ExpiresAt: now.Add(-time.Second)}
		if err := s.CreateToken(ctx, expired); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ConfirmEmail(ctx, "e", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired confirmation accepted: %v", err)
		}
	})
}

func TestThrottle(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		for want := 1; want <= 3; want++ {
			c, err := s.Hit(ctx, "k", now.Add(time.Duration(want)*time.Second), time.Minute)
			if err != nil || c.Count != want || c.WindowStart.UnixMilli() != now.Add(time.Second).UnixMilli() {
				t.Fatalf("hit %d = %+v, %v", want, c, err)
			}
		}
		// A hit after the window starts a new one.
		c, err := s.Hit(ctx, "k", now.Add(2*time.Minute), time.Minute)
		if err != nil || c.Count != 1 || c.WindowStart.UnixMilli() != now.Add(2*time.Minute).UnixMilli() {
			t.Fatalf("hit in a new window = %+v, %v", c, err)
		}
		if err := s.Lock(ctx, "k", now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		c, _ = s.Counter(ctx, "k")
		if c.LockedUntil.UnixMilli() != now.Add(time.Hour).UnixMilli() {
			t.Fatalf("locked until %v", c.LockedUntil)
		}
		if c, _ := s.Counter(ctx, "nothing"); c.Count != 0 || !c.LockedUntil.IsZero() {
			t.Fatalf("unknown key = %+v", c)
		}
		if err := s.StartWindow(ctx, "k", now); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.Counter(ctx, "k"); c.Count != 0 || !c.LockedUntil.IsZero() {
			t.Fatalf("after StartWindow = %+v", c)
		}
		if err := s.ResetCounter(ctx, "k"); err != nil {
			t.Fatal(err)
		}

		// Concurrent hits are all counted.
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.Hit(ctx, "busy", now, time.Minute); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if c, _ := s.Counter(ctx, "busy"); c.Count != 20 {
			t.Fatalf("20 concurrent hits counted as %d", c.Count)
		}
	})
}
