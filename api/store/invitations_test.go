package store_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// invite stores an invitation from invitedBy, valid for life from now.
func invite(t *testing.T, s *store.Store, token, email, role, invitedBy string, now time.Time, life time.Duration) *store.StaffInvitation {
	t.Helper()
	inv := &store.StaffInvitation{TokenHash: token, Email: email, Role: role, InvitedBy: invitedBy, CreatedAt: now, ExpiresAt: now.Add(life)}
	if err := s.CreateInvitation(t.Context(), inv); err != nil {
		t.Fatal(err)
	}
	if len(inv.ID) != 32 {
		t.Fatalf("an invitation's id: %q", inv.ID)
	}
	return inv
}

// pendingIDs lists the ids of the pending invitations, newest first.
func pendingIDs(t *testing.T, s *store.Store, now time.Time) []string {
	t.Helper()
	list, err := s.PendingInvitations(t.Context(), now)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, inv := range list {
		out = append(out, inv.ID)
	}
	return out
}

// One pending invitation per address, the newest; invitations are listed,
// revoked by id, and voided with the account of the administrator who made
// them when it is disabled or loses the role.
func TestPendingInvitations(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		clock := testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
		works := func(token string) bool {
			t.Helper()
			_, err := s.InvitationByHash(ctx, token, clock.Now())
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				t.Fatal(err)
			}
			return err == nil
		}
		amal := newStaff(t, s, "amal@example.com", "administrator", "", clock.Now())
		badr := newStaff(t, s, "badr@example.com", "administrator", amal.ID, clock.Now())

		first := invite(t, s, "first", "new@example.com", "administrator", badr.ID, clock.Now(), 48*time.Hour)
		clock.Advance(time.Minute)
		second := invite(t, s, "second", "new@example.com", "viewer", amal.ID, clock.Now(), 48*time.Hour)
		if works("first") || !works("second") {
			t.Fatal("an earlier invitation to the same address still works")
		}
		clock.Advance(time.Minute)
		other := invite(t, s, "other", "other@example.com", "editor", badr.ID, clock.Now(), 48*time.Hour)
		clock.Advance(time.Minute)
		short := invite(t, s, "short", "short@example.com", "editor", badr.ID, clock.Now(), time.Hour)
		if got, want := pendingIDs(t, s, clock.Now()), []string{short.ID, other.ID, second.ID}; !slices.Equal(got, want) {
			t.Fatalf("pending %v, want %v", got, want)
		}
		if _, err := s.RevokeInvitation(ctx, first.ID, clock.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoking a replaced invitation: %v", err)
		}
		clock.Advance(2 * time.Hour)
		if got := pendingIDs(t, s, clock.Now()); !slices.Equal(got, []string{other.ID, second.ID}) {
			t.Fatalf("after one expired, pending %v", got)
		}
		if _, err := s.RevokeInvitation(ctx, short.ID, clock.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoking an expired invitation: %v", err)
		}

		revoked, err := s.RevokeInvitation(ctx, second.ID, clock.Now())
		if err != nil || revoked.Email != "new@example.com" || revoked.Role != "viewer" {
			t.Fatalf("revoked %+v, %v", revoked, err)
		}
		if works("second") {
			t.Fatal("a revoked invitation still works")
		}
		if _, err := s.RevokeInvitation(ctx, second.ID, clock.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoking twice: %v", err)
		}

		// Invitations to one address sent at once leave one.
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for i := range 10 {
			wg.Go(func() {
				inv := &store.StaffInvitation{TokenHash: fmt.Sprintf("race-%d", i), Email: "race@example.com", Role: "viewer",
					CreatedAt: clock.Now(), ExpiresAt: clock.Now().Add(time.Minute)}
				errs <- s.CreateInvitation(ctx, inv)
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		raced := 0
		for i := range 10 {
			if works(fmt.Sprintf("race-%d", i)) {
				raced++
			}
		}
		if raced != 1 {
			t.Fatalf("%d of ten invitations sent at once to one address work", raced)
		}
		clock.Advance(2 * time.Minute) // and it expires

		// Badr's invitation goes when he is demoted; Amal's stays while she keeps the role.
		mine := invite(t, s, "amal-again", "new@example.com", "editor", amal.ID, clock.Now(), 48*time.Hour)
		kept, err := s.ChangeStaffRole(ctx, amal.ID, "administrator", "", "", false, clock.Now())
		if err != nil || len(kept) != 0 || !works("amal-again") {
			t.Fatalf("a role change that keeps the invitations voided %v, %v", kept, err)
		}
		voided, err := s.ChangeStaffRole(ctx, badr.ID, "editor", "", "", true, clock.Now())
		if err != nil || len(voided) != 2 || works("other") {
			t.Fatalf("demoting the inviter voided %+v, %v", voided, err)
		}
		if got := pendingIDs(t, s, clock.Now()); !slices.Equal(got, []string{mine.ID}) {
			t.Fatalf("after the demotion, pending %v", got)
		}

		// Disabling Amal ends her sessions and voids her invitation.
		sess := &store.StaffSession{IDHash: "amal-session", StaffID: amal.ID, Stage: "full", CreatedAt: clock.Now(), LastSeenAt: clock.Now(), ExpiresAt: clock.Now().Add(time.Hour)}
		if err := s.CreateStaffSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		gone, err := s.DisableStaff(ctx, amal.ID, clock.Now())
		if err != nil || len(gone.Invitations) != 1 || gone.Invitations[0].ID != mine.ID || works("amal-again") {
			t.Fatalf("disabling the inviter voided %+v, %v", gone.Invitations, err)
		}
		if _, err := s.StaffSessionByHash(ctx, "amal-session", clock.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the disabled member's session: %v", err)
		}
		if m, err := s.StaffByID(ctx, amal.ID); err != nil || !m.Disabled() {
			t.Fatalf("the disabled member: %+v, %v", m, err)
		}
		if _, err := s.DisableStaff(ctx, "no-such-staff", clock.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("disabling nobody: %v", err)
		}
	})
}
