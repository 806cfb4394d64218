package content_test

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	admincontent "noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Staff schedule a publication and an unpublication in a time zone; the
// job carries each out once it is due, once even when two runs take it at
// once, and the trail records the plan, the cancellation and the action
// with no staff member as its actor.
func TestContentScheduled(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		it := editor.Item(t)
		base := "/content/news/" + admintest.StorySlug
		r := editor.B.Do("PUT", base+"/en", map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "Scheduled title")})
		admintest.Expect(t, "save", r, http.StatusOK)
		var v struct{ ID int64 }
		r.Data(t, &v)
		now := e.Clock.Now()
		riyadh, _ := time.LoadLocation("Asia/Riyadh")
		at := now.Add(10 * time.Minute).In(riyadh)

		refused := []struct {
			name   string
			who    *admintest.Member
			lang   string
			body   map[string]any
			status int
			field  string
		}{
			{"a time gone", editor, "en", map[string]any{"action": "publish", "version": v.ID, "at": now.Add(-time.Minute), "timeZone": "Asia/Riyadh"}, http.StatusBadRequest, "at"},
			{"an unknown zone", editor, "en", map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "Mars/Olympus"}, http.StatusBadRequest, "timeZone"},
			{"an unknown action", editor, "en", map[string]any{"action": "delete", "at": at, "timeZone": "UTC"}, http.StatusBadRequest, "action"},
			{"unpublishing English", editor, "en", map[string]any{"action": "unpublish", "at": at, "timeZone": "UTC"}, http.StatusConflict, ""},
			{"another language's version", editor, "ar", map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "UTC"}, http.StatusNotFound, ""},
			{"a translator in English", translator, "en", map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "UTC"}, http.StatusForbidden, ""},
		}
		for _, c := range refused {
			t.Run(c.name, func(t *testing.T) {
				r := c.who.B.Do("POST", base+"/"+c.lang+"/schedule", c.body)
				admintest.Expect(t, c.name, r, c.status)
				if c.field != "" && r.Env.Errors[c.field] == "" {
					t.Fatalf("no message for %s: %v", c.field, r.Env.Errors)
				}
			})
		}

		admintest.Expect(t, "schedule English", editor.B.Do("POST", base+"/en/schedule", map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "Asia/Riyadh"}), http.StatusOK)
		admintest.Expect(t, "schedule Arabic off", translator.B.Do("POST", base+"/ar/schedule", map[string]any{"action": "unpublish", "at": now.Add(20 * time.Minute), "timeZone": "UTC"}), http.StatusOK)
		r = editor.B.Do("GET", base, nil)
		var shown struct {
			Languages map[string]struct {
				State    string
				Schedule *struct {
					Action   string
					Version  int64
					At       time.Time
					TimeZone string
					By       struct{ Name string }
				}
			}
		}
		r.Data(t, &shown)
		en := shown.Languages["en"]
		if en.State != "scheduled" || en.Schedule == nil || en.Schedule.Action != "publish" || en.Schedule.Version != v.ID ||
			!en.Schedule.At.Equal(at) || en.Schedule.At.Location() != time.UTC || en.Schedule.TimeZone != "Asia/Riyadh" || en.Schedule.By.Name == "" {
			t.Fatalf("the English plan: %+v %+v", en, en.Schedule)
		}
		if shown.Languages["ar"].State != "scheduled" || shown.Languages["ar"].Schedule.Action != "unpublish" {
			t.Fatalf("the Arabic plan: %+v", shown.Languages["ar"])
		}

		// Nothing is due yet.
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("before its time: %d %v", n, err)
		}
		e.Clock.Advance(10 * time.Minute)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 1 {
			t.Fatalf("at its time: %d %v", n, err)
		}
		if admintest.LiveTitle(t, st, "en") != "Scheduled title" {
			t.Fatal("the scheduled English is not live")
		}
		if s := editor.Item(t).Languages["en"].State; s != "published" {
			t.Fatalf("English after its plan: %s", s)
		}

		// Two runs at once take the Arabic off once.
		e.Clock.Advance(10 * time.Minute)
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i := range 2 {
			wg.Go(func() {
				n, err := e.Svc.RunDueSchedules(t.Context())
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			})
		}
		wg.Wait()
		if counts[0]+counts[1] != 1 {
			t.Fatalf("two runs carried out %v", counts)
		}
		if admintest.LiveTitle(t, st, "ar") != "" || editor.Item(t).Languages["ar"].State != "unpublished" {
			t.Fatal("the Arabic is still live")
		}

		// A plan cancelled is not carried out.
		admintest.Expect(t, "schedule again", editor.B.Do("POST", base+"/en/schedule", map[string]any{"action": "publish", "version": v.ID, "at": e.Clock.Now().Add(time.Minute), "timeZone": "UTC"}), http.StatusOK)
		admintest.Expect(t, "cancel", editor.B.Do("DELETE", base+"/en/schedule", nil), http.StatusOK)
		admintest.Expect(t, "cancel again", editor.B.Do("DELETE", base+"/en/schedule", nil), http.StatusNotFound)
		e.Clock.Advance(time.Hour)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("a cancelled plan: %d %v", n, err)
		}

		events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		var trail []string
		for _, ev := range events {
			if strings.HasPrefix(ev.Action, "content-") {
				actor := "staff"
				if ev.ActorID == "" {
					actor = "scheduler"
				}
				trail = append(trail, ev.Action+" "+ev.Item+" "+actor)
			}
		}
		item := "news/" + admintest.StorySlug
		for _, want := range []string{
			audit.ActionContentSchedule + " " + item + " (en) staff",
			audit.ActionContentSchedule + " " + item + " (ar) staff",
			audit.ActionContentPublish + " " + item + " (en) scheduler",
			audit.ActionContentUnpublish + " " + item + " (ar) scheduler",
			audit.ActionContentCancel + " " + item + " (en) staff",
		} {
			n := 0
			for _, got := range trail {
				if got == want {
					n++
				}
			}
			if want == audit.ActionContentSchedule+" "+item+" (en) staff" && n != 2 || want != audit.ActionContentSchedule+" "+item+" (en) staff" && n != 1 {
				t.Errorf("%q %d times in the trail: %v", want, n, trail)
			}
		}
	})
}

// A plan does not outlive its author's right to carry it out: disabling
// the author cancels their plans at once, in the trail with the
// administrator as actor; a plan the job finds whose author was disabled
// meanwhile, or no longer writes its language, is dropped when due and
// recorded with no actor. Nothing of theirs goes live.
func TestDisabledAuthorsPlansDoNotGoLive(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		amal := e.Join("amal@noorvale.example", access.Administrator)
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		base := "/content/news/" + admintest.StorySlug
		liveEn, liveAr := admintest.LiveTitle(t, st, "en"), admintest.LiveTitle(t, st, "ar")
		r := editor.B.Do("PUT", base+"/en", map[string]any{"base": 0, "body": admintest.WithTitle(t, editor.Item(t).Languages["en"].Live, "Planned by the editor")})
		admintest.Expect(t, "save", r, http.StatusOK)
		var v struct{ ID int64 }
		r.Data(t, &v)
		at := e.Clock.Now().Add(20 * time.Minute) // within the sessions' half hour idle
		plan := map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "Asia/Riyadh"}
		admintest.Expect(t, "schedule English", editor.B.Do("POST", base+"/en/schedule", plan), http.StatusOK)
		admintest.Expect(t, "schedule Arabic off", translator.B.Do("POST", base+"/ar/schedule",
			map[string]any{"action": "unpublish", "at": at, "timeZone": "UTC"}), http.StatusOK)

		voided := func() []string {
			t.Helper()
			events, err := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionContentVoided})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, ev := range events {
				actor := "scheduler"
				if ev.ActorID == amal.ID {
					actor = "administrator"
				}
				out = append(out, ev.Item+" "+actor)
			}
			slices.Sort(out)
			return out
		}
		item := "news/" + admintest.StorySlug

		// Disabling the editor cancels the English plan in the same step.
		admintest.Expect(t, "disable the editor", amal.B.Do("POST", "/staff/"+editor.ID+"/disable", nil), http.StatusOK)
		if s := amal.Item(t).Languages["en"].State; s == admincontent.StateScheduled {
			t.Fatal("the disabled editor's plan is still shown")
		}
		if got := voided(); !slices.Equal(got, []string{item + " (en) administrator"}) {
			t.Fatalf("voided in the trail: %v", got)
		}

		// A plan made while the account was being disabled, and the plan of
		// a translator who became a viewer, are found when due.
		if err := st.ScheduleContent(t.Context(), store.ContentSchedule{Collection: "news", Slug: admintest.StorySlug, Locale: "en",
			Action: store.SchedulePublish, Version: v.ID, DueAt: at, TimeZone: "UTC", CreatedBy: editor.ID, CreatedAt: e.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		admintest.Expect(t, "make the translator a viewer", amal.B.Do("PUT", "/staff/"+translator.ID+"/role", map[string]any{"role": "viewer"}), http.StatusOK)
		e.Clock.Advance(20 * time.Minute)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("carried out %d plans of authors who may no longer: %v", n, err)
		}
		if got, got2 := admintest.LiveTitle(t, st, "en"), admintest.LiveTitle(t, st, "ar"); got != liveEn || got2 != liveAr {
			t.Fatalf("live titles %q and %q, want %q and %q as before", got, got2, liveEn, liveAr)
		}
		for _, l := range []string{"en", "ar"} {
			if s := amal.Item(t).Languages[l].State; s == admincontent.StateScheduled {
				t.Errorf("%s is still scheduled", l)
			}
		}
		want := []string{item + " (ar) scheduler", item + " (en) administrator", item + " (en) scheduler"}
		if got := voided(); !slices.Equal(got, want) {
			t.Fatalf("voided in the trail: %v, want %v", got, want)
		}
	})
}
