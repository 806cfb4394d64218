package store_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestAuditTrailIsAppendOnly(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
		for _, action := range []string{"sign-in", "role-change"} {
			if err := s.Audit(ctx, store.AuditEvent{At: at, ActorID: "a1", Action: action, Item: "b2", IP: "192.0.2.1"}); err != nil {
				t.Fatal(err)
			}
		}
		raw := s.RawExec
		for _, stmt := range []string{
			"UPDATE audit_events SET action = 'nothing'",
			"UPDATE audit_events SET actor_id = '' WHERE action = 'sign-in'",
			"DELETE FROM audit_events",
			"DELETE FROM audit_events WHERE action = 'role-change'",
		} {
			err := raw(ctx, stmt)
			if err == nil {
				t.Fatalf("%s was accepted", stmt)
			}
		}
		if s.Driver() == store.Postgres {
			if err := raw(ctx, "TRUNCATE audit_events"); err == nil {
				t.Fatal("TRUNCATE was accepted")
			}
		}
		events, err := s.AuditEvents(ctx, store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 2 || events[0].Action != "role-change" || events[1].Action != "sign-in" || events[1].ActorID != "a1" {
			t.Fatalf("after the refused changes the trail holds %+v", events)
		}
		if err := s.Audit(ctx, store.AuditEvent{At: at, Action: "sign-in-failed"}); err != nil {
			t.Fatalf("appending after refused changes: %v", err)
		}
		only, err := s.AuditEvents(ctx, store.AuditFilter{Action: "sign-in-failed"})
		if err != nil || len(only) != 1 {
			t.Fatalf("filter by action: %v, %v", only, err)
		}
	})
}

func TestInvitationWorksOnce(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now().UTC()
		inv := &store.StaffInvitation{TokenHash: "h1", Email: "amal@example.com", Role: "administrator", CreatedAt: now, ExpiresAt: now.Add(48 * time.Hour)}
		if err := s.CreateInvitation(ctx, inv); err != nil {
			t.Fatal(err)
		}
		m := &store.Staff{Name: "Amal", PasswordHash: "x", Locale: "en"}
		if err := s.AcceptInvitation(ctx, "h1", m, now); err != nil {
			t.Fatal(err)
		}
		if m.ID == "" || m.Role != "administrator" || m.Email != "amal@example.com" {
			t.Fatalf("accepted as %+v", m)
		}
		if err := s.AcceptInvitation(ctx, "h1", &store.Staff{Name: "B", PasswordHash: "y"}, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second use: %v, want ErrNotFound", err)
		}
		late := &store.StaffInvitation{TokenHash: "h2", Email: "late@example.com", Role: "viewer", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateInvitation(ctx, late); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptInvitation(ctx, "h2", &store.Staff{Name: "C", PasswordHash: "z"}, now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired invitation: %v, want ErrNotFound", err)
		}
		if err := s.SetRecoveryCodes(ctx, m.ID, []string{"c1", "c2"}); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.UseRecoveryCode(ctx, m.ID, "c1", now); err != nil || !ok {
			t.Fatalf("first use of a recovery code: %v, %v", ok, err)
		}
		if ok, err := s.UseRecoveryCode(ctx, m.ID, "c1", now); err != nil || ok {
			t.Fatalf("second use of a recovery code: %v, %v", ok, err)
		}
		if ok, _ := s.AcceptTOTPStep(ctx, m.ID, 100); !ok {
			t.Fatal("first TOTP step refused")
		}
		if ok, _ := s.AcceptTOTPStep(ctx, m.ID, 100); ok {
			t.Fatal("a TOTP step was accepted twice")
		}
	})
}

// Passkeys are counted per staff member; a member with none is absent.
func TestPasskeyCounts(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
		amal := newStaff(t, s, "amal@example.com", "administrator", "", now)
		badr := newStaff(t, s, "badr@example.com", "editor", "", now)
		newStaff(t, s, "chadi@example.com", "viewer", "", now)
		for i, id := range []string{amal.ID, amal.ID, badr.ID} {
			if err := s.AddPasskey(t.Context(), &store.StaffPasskey{CredentialID: fmt.Sprintf("key-%d", i), StaffID: id, Credential: "{}", CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.PasskeyCounts(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int{amal.ID: 2, badr.ID: 1}; !maps.Equal(got, want) {
			t.Fatalf("passkey counts %v, want %v", got, want)
		}
	})
}
