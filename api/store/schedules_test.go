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

// A plan is due from its time on; carrying it out acts once however many
// runs take it at once; a cancelled or replaced plan is not carried out.
func TestContentSchedules(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
		seedStory(t, s)
		en := store.ContentKey{Collection: "news", Slug: "story", Locale: "en"}
		v, err := s.SaveContentVersion(ctx, en, `{"title":"Later"}`, "editor-1", 0, clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		riyadh := time.FixedZone("AST", 3*3600)
		publishAt := time.Date(2026, 11, 27, 12, 5, 0, 0, riyadh) // 09:05 UTC
		if err := s.ScheduleContent(ctx, store.ContentSchedule{Collection: "news", Slug: "story", Locale: "ar", Action: store.SchedulePublish, Version: v.ID, DueAt: publishAt, TimeZone: "Asia/Riyadh", CreatedBy: "editor-1", CreatedAt: clock.Now()}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("publishing another language's version: %v", err)
		}
		if err := s.ScheduleContent(ctx, store.ContentSchedule{Collection: "news", Slug: "story", Locale: "en", Action: store.SchedulePublish, Version: v.ID, DueAt: publishAt, TimeZone: "Asia/Riyadh", CreatedBy: "editor-1", CreatedAt: clock.Now()}); err != nil {
			t.Fatal(err)
		}
		unpublishAt := clock.Now().Add(10 * time.Minute)
		if err := s.ScheduleContent(ctx, store.ContentSchedule{Collection: "news", Slug: "story", Locale: "ar", Action: store.ScheduleUnpublish, Version: 99, DueAt: unpublishAt, TimeZone: "UTC", CreatedBy: "editor-1", CreatedAt: clock.Now()}); err != nil {
			t.Fatal(err)
		}
		it, err := s.ContentItem(ctx, "news", "story")
		if err != nil {
			t.Fatal(err)
		}
		if sc := it.Schedules["en"]; !sc.DueAt.Equal(publishAt) || sc.DueAt.Location() != time.UTC || sc.TimeZone != "Asia/Riyadh" || sc.Version != v.ID {
			t.Fatalf("the English plan: %+v", sc)
		}
		if sc := it.Schedules["ar"]; sc.Version != 0 || sc.Action != store.ScheduleUnpublish {
			t.Fatalf("the Arabic plan: %+v", sc)
		}

		due := func() []store.ContentSchedule {
			t.Helper()
			d, err := s.DueContentSchedules(ctx, clock.Now(), 10)
			if err != nil {
				t.Fatal(err)
			}
			return d
		}
		if d := due(); len(d) != 0 {
			t.Fatalf("due before its time: %+v", d)
		}
		clock.Advance(5 * time.Minute)
		d := due()
		if len(d) != 1 || d[0].Locale != "en" {
			t.Fatalf("due at 09:05: %+v", d)
		}
		before := contentVersion(t, s)
		if acted, err := s.RunContentSchedule(ctx, d[0], "", clock.Now()); err != nil || !acted {
			t.Fatalf("carrying out the publication: %v %v", acted, err)
		}
		if bodies(t, s)["news story en"] != `{"title":"Later"}` || contentVersion(t, s) != before+1 {
			t.Fatal("the scheduled English is not live")
		}
		if acted, err := s.RunContentSchedule(ctx, d[0], "", clock.Now()); err != nil || acted {
			t.Fatalf("carried out twice: %v %v", acted, err)
		}

		// Two runs at once: the unpublication happens once.
		clock.Advance(5 * time.Minute)
		d = due()
		if len(d) != 1 || d[0].Locale != "ar" {
			t.Fatalf("due at 09:10: %+v", d)
		}
		v0 := contentVersion(t, s)
		var wg sync.WaitGroup
		results := make([]bool, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Go(func() { results[i], errs[i] = s.RunContentSchedule(ctx, d[0], "", clock.Now()) })
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil || results[0] == results[1] {
			t.Fatalf("two runs at once: %v %v", results, errs)
		}
		if _, live := bodies(t, s)["news story ar"]; live || contentVersion(t, s) != v0+1 {
			t.Fatal("the Arabic was not taken off once")
		}
		if ed := edition(t, s, "ar"); ed.State != store.EditionUnpublished {
			t.Fatalf("Arabic after its scheduled unpublication: %+v", ed)
		}
		if d := due(); len(d) != 0 {
			t.Fatalf("still due: %+v", d)
		}

		// A cancelled plan is gone; a replaced one is not carried out as it was.
		later := store.ContentSchedule{Collection: "news", Slug: "story", Locale: "en", Action: store.SchedulePublish, Version: v.ID, DueAt: clock.Now().Add(time.Hour), TimeZone: "UTC", CreatedBy: "editor-1", CreatedAt: clock.Now()}
		if err := s.ScheduleContent(ctx, later); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CancelContentSchedule(ctx, en); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CancelContentSchedule(ctx, en); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("cancelling twice: %v", err)
		}
		if err := s.ScheduleContent(ctx, later); err != nil {
			t.Fatal(err)
		}
		moved := later
		moved.DueAt = later.DueAt.Add(time.Hour)
		if err := s.ScheduleContent(ctx, moved); err != nil {
			t.Fatal(err)
		}
		if acted, err := s.RunContentSchedule(ctx, later, "", clock.Now()); err != nil || acted {
			t.Fatalf("a replaced plan carried out: %v %v", acted, err)
		}
	})
}

// Disabling a staff member cancels the plans they made, in the same
// transaction, and no one else's; a plan is dropped without being carried
// out only while it is as it was read.
func TestDisablingCancelsPlans(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		clock := testenv.NewClock(time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
		seedStory(t, s)
		amal := newStaff(t, s, "amal@example.com", "editor", "", clock.Now())
		badr := newStaff(t, s, "badr@example.com", "editor", "", clock.Now())
		plan := func(loc, by string, due time.Time) store.ContentSchedule {
			t.Helper()
			sc := store.ContentSchedule{Collection: "news", Slug: "story", Locale: loc, Action: store.ScheduleUnpublish,
				DueAt: due, TimeZone: "UTC", CreatedBy: by, CreatedAt: clock.Now()}
			if err := s.ScheduleContent(ctx, sc); err != nil {
				t.Fatal(err)
			}
			return sc
		}
		plan("ar", amal.ID, clock.Now().Add(time.Hour))
		en := plan("en", badr.ID, clock.Now().Add(time.Hour))

		gone, err := s.DisableStaff(ctx, amal.ID, clock.Now())
		if err != nil || len(gone.Schedules) != 1 || gone.Schedules[0].Locale != "ar" || gone.Schedules[0].CreatedBy != amal.ID {
			t.Fatalf("disabling cancelled %+v, %v", gone.Schedules, err)
		}
		it, err := s.ContentItem(ctx, "news", "story")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := it.Schedules["ar"]; ok || it.Schedules["en"].CreatedBy != badr.ID {
			t.Fatalf("plans after disabling: %+v", it.Schedules)
		}

		// A plan replaced since it was read stays; as read, it goes.
		replaced := plan("en", badr.ID, clock.Now().Add(2*time.Hour))
		if dropped, err := s.DropContentSchedule(ctx, en); err != nil || dropped {
			t.Fatalf("dropping a replaced plan: %v %v", dropped, err)
		}
		if dropped, err := s.DropContentSchedule(ctx, replaced); err != nil || !dropped {
			t.Fatalf("dropping the plan as read: %v %v", dropped, err)
		}
		clock.Advance(3 * time.Hour)
		if due, err := s.DueContentSchedules(ctx, clock.Now(), 10); err != nil || len(due) != 0 {
			t.Fatalf("due after cancelling and dropping: %+v %v", due, err)
		}
		if b := bodies(t, s); b["news story ar"] == "" || b["news story en"] == "" {
			t.Fatalf("live after cancelling and dropping: %v", b)
		}
	})
}
