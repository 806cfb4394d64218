package store_test

import (
	"errors"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// The back-office's lookups of visitor accounts: a search over addresses
// and names, newest first, paged; wildcards typed into it match themselves.
func TestSearchUsers(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		for _, u := range []*store.User{
			{Email: "lina.farouk@example.com", FirstName: "Lina", LastName: "Farouk"},
			{Email: "omar@example.org", FirstName: "Omar", LastName: "Said"},
			{Email: "100%_sure@example.com", FirstName: "Noor", LastName: "Haddad"},
		} {
			u.PasswordHash, u.Locale = "$argon2id$x", "en"
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			name   string
			filter store.UserFilter
			want   []string
			total  int64
		}{
			{"everyone, newest first", store.UserFilter{}, []string{"100%_sure@example.com", "omar@example.org", "lina.farouk@example.com"}, 3},
			{"by part of an address", store.UserFilter{Search: "EXAMPLE.ORG"}, []string{"omar@example.org"}, 1},
			{"by the full name", store.UserFilter{Search: "lina farouk"}, []string{"lina.farouk@example.com"}, 1},
			{"by a last name", store.UserFilter{Search: "haddad"}, []string{"100%_sure@example.com"}, 1},
			{"a percent sign is no wildcard", store.UserFilter{Search: "%"}, []string{"100%_sure@example.com"}, 1},
			{"an underscore is no wildcard", store.UserFilter{Search: "r_s"}, nil, 0},
			{"a page", store.UserFilter{Limit: 1, Offset: 1}, []string{"omar@example.org"}, 3},
			{"nobody", store.UserFilter{Search: "nobody"}, nil, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				rows, total, err := s.Users(ctx, tc.filter)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, r := range rows {
					got = append(got, r.Email)
				}
				if total != tc.total || len(got) != len(tc.want) {
					t.Fatalf("got %v (%d in all), want %v (%d)", got, total, tc.want, tc.total)
				}
				for i := range got {
					if got[i] != tc.want[i] {
						t.Fatalf("got %v, want %v", got, tc.want)
					}
				}
			})
		}
	})
}

// Disabling an account ends its sessions and any password reset under way
// in one go; enabling it lifts the mark and nothing else.
func TestDisableUser(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		u := newUser(t, s, "disabled@example.com")
		other := newUser(t, s, "other@example.com")
		now := time.Now().UTC()
		for i, owner := range []string{u.ID, u.ID, other.ID} {
			sess := &store.Session{IDHash: string(rune('a'+i)) + "-hash", UserID: owner, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
			if err := s.CreateSession(ctx, sess); err != nil {
				t.Fatal(err)
			}
		}
		for _, purpose := range []string{store.PurposeResetCode, store.PurposeResetPassword} {
			if err := s.CreateToken(ctx, &store.Token{UserID: u.ID, Purpose: purpose, TokenHash: purpose, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		ended, err := s.DisableUser(ctx, u.ID, now)
		if err != nil || ended != 2 {
			t.Fatalf("DisableUser = %d, %v; want 2 sessions ended", ended, err)
		}
		got, err := s.UserByID(ctx, u.ID)
		if err != nil || !got.Disabled() {
			t.Fatalf("after disabling: %+v, %v", got, err)
		}
		if left, _ := s.UserSessions(ctx, u.ID, now); len(left) != 0 {
			t.Fatalf("sessions left: %d", len(left))
		}
		if left, _ := s.UserSessions(ctx, other.ID, now); len(left) != 1 {
			t.Fatalf("another account's sessions: %d", len(left))
		}
		for _, purpose := range []string{store.PurposeResetCode, store.PurposeResetPassword} {
			if _, err := s.LatestToken(ctx, u.ID, purpose); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a %s token survived disabling: %v", purpose, err)
			}
		}
		if err := s.EnableUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.Disabled() {
			t.Fatal("still disabled after enabling")
		}
		if n, err := s.DeleteUserSessions(ctx, other.ID); err != nil || n != 1 {
			t.Fatalf("DeleteUserSessions = %d, %v", n, err)
		}
		for name, err := range map[string]error{
			"disable": func() error { _, err := s.DisableUser(ctx, "0123456789abcdef0123456789abcdef", now); return err }(),
			"enable":  s.EnableUser(ctx, "0123456789abcdef0123456789abcdef"),
		} {
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("%s an unknown account: %v", name, err)
			}
		}
	})
}
