package store_test

import (
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Editors on one item see each other until a minute passes without a
// heartbeat; taking over marks the others' editors, notifies those away
// with unsaved changes, and moving to another language clears it.
func TestPresence(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		clock := testenv.NewClock(time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC))
		layla := newStaff(t, s, "layla@example.com", "editor", "", clock.Now())
		omar := newStaff(t, s, "omar@example.com", "editor", "", clock.Now())
		beat := func(p store.Presence) (store.Presence, []store.Presence) {
			t.Helper()
			mine, others, err := s.Heartbeat(ctx, p, clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			return mine, others
		}
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}
		laylaEN := store.Presence{Session: "layla-session-0001", StaffID: layla.ID, Collection: "news", Slug: "story", Locale: "en"}
		omarEN := store.Presence{Session: "omar-session-00001", StaffID: omar.ID, Collection: "news", Slug: "story", Locale: "en"}

		if _, others := beat(laylaEN); len(others) != 0 {
			t.Fatalf("alone, yet others: %+v", others)
		}
		clock.Advance(10 * time.Second)
		if _, others := beat(omarEN); len(others) != 1 || others[0].StaffID != layla.ID || others[0].Dirty {
			t.Fatalf("Omar sees %+v, want Layla without unsaved changes", others)
		}
		laylaEN.Dirty = true
		beat(laylaEN)
		if _, others := beat(omarEN); len(others) != 1 || !others[0].Dirty {
			t.Fatalf("Omar sees %+v, want Layla with unsaved changes", others)
		}
		// Another staff member cannot move or change Layla's editor by its session.
		if _, _, err := s.Heartbeat(ctx, store.Presence{Session: laylaEN.Session, StaffID: omar.ID, Collection: "news", Slug: "other", Locale: "en"}, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, others := beat(omarEN); len(others) != 1 || others[0].Slug != "story" {
			t.Fatalf("Layla's editor was moved by another: %+v", others)
		}
		all, err := s.PresentEditors(ctx, clock.Now())
		if err != nil || len(all) != 2 {
			t.Fatalf("present editors: %+v, %v", all, err)
		}

		// A minute without Layla's heartbeat: she is gone.
		clock.Advance(61 * time.Second)
		if _, others := beat(omarEN); len(others) != 0 {
			t.Fatalf("an expired editor is still shown: %+v", others)
		}
		beat(laylaEN)

		// Omar takes over while Layla, with unsaved changes, is here: her
		// editor is told at its next heartbeat; she was not away, so no
		// notification.
		taken, err := s.TakeOver(ctx, en, omarEN.Session, omar.ID, "Omar", clock.Now())
		if err != nil || len(taken) != 1 || taken[0].StaffID != layla.ID {
			t.Fatalf("take over: %+v, %v", taken, err)
		}
		mine, _ := beat(laylaEN)
		if mine.TakenBy != omar.ID || mine.TakenAt == nil {
			t.Fatalf("Layla's editor after the take-over: %+v", mine)
		}
		if _, others := beat(omarEN); len(others) != 0 {
			t.Fatalf("a taken-over editor is still shown: %+v", others)
		}
		if _, unread, _ := s.Notifications(ctx, layla.ID, 10); unread != 0 {
			t.Fatalf("Layla, present, was notified: %d", unread)
		}
		// Moving to another language clears it.
		laylaAR := laylaEN
		laylaAR.Locale = "ar"
		if mine, _ := beat(laylaAR); mine.TakenBy != "" {
			t.Fatalf("the take-over followed Layla to Arabic: %+v", mine)
		}
		if err := s.LeavePresence(ctx, laylaAR.Session, layla.ID); err != nil {
			t.Fatal(err)
		}
		if _, others := beat(omarEN); len(others) != 0 {
			t.Fatalf("an editor that left is shown: %+v", others)
		}

		// Layla away with unsaved changes: taking over notifies her.
		laylaEN.Session, laylaEN.Away = "layla-session-0002", true
		beat(laylaEN)
		if _, err := s.TakeOver(ctx, en, omarEN.Session, omar.ID, "Omar", clock.Now()); err != nil {
			t.Fatal(err)
		}
		notes, unread, err := s.Notifications(ctx, layla.ID, 10)
		if err != nil || unread != 1 || notes[0].Kind != store.NoticeTakenOver || notes[0].Detail != "Omar" || notes[0].Locale != "en" {
			t.Fatalf("Layla's notifications: %+v (%d unread), %v", notes, unread, err)
		}
		// Nobody left to take over from.
		if taken, err := s.TakeOver(ctx, en, omarEN.Session, omar.ID, "Omar", clock.Now()); err != nil || len(taken) != 0 {
			t.Fatalf("a second take-over: %+v, %v", taken, err)
		}
	})
}
