package admin

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
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Staff schedule a publication and an unpublication in a time zone; the
// job carries each out once it is due, once even when two runs take it at
// once, and the trail records the plan, the cancellation and the action
// with no staff member as its actor.
func TestContentScheduled(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("editor@noorvale.example", access.Editor)
		translator := e.join("translator@noorvale.example", access.Translator, "ar")
		it := editor.item(t)
		base := "/content/news/" + storySlug
		r := editor.b.do("PUT", base+"/en", map[string]any{"base": 0, "body": withTitle(t, it.Languages["en"].Live, "Scheduled title")})
		expect(t, "save", r, http.StatusOK)
		var v struct{ ID int64 }
		r.data(t, &v)
		now := e.clock.Now()
		riyadh, _ := time.LoadLocation("Asia/Riyadh")
		at := now.Add(10 * time.Minute).In(riyadh)

		refused := []struct {
			name   string
			who    *member
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
				r := c.who.b.do("POST", base+"/"+c.lang+"/schedule", c.body)
				expect(t, c.name, r, c.status)
				if c.field != "" && r.env.Errors[c.field] == "" {
					t.Fatalf("no message for %s: %v", c.field, r.env.Errors)
				}
			})
		}

		expect(t, "schedule English", editor.b.do("POST", base+"/en/schedule", map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "Asia/Riyadh"}), http.StatusOK)
		expect(t, "schedule Arabic off", translator.b.do("POST", base+"/ar/schedule", map[string]any{"action": "unpublish", "at": now.Add(20 * time.Minute), "timeZone": "UTC"}), http.StatusOK)
		r = editor.b.do("GET", base, nil)
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
		r.data(t, &shown)
		en := shown.Languages["en"]
		if en.State != "scheduled" || en.Schedule == nil || en.Schedule.Action != "publish" || en.Schedule.Version != v.ID ||
			!en.Schedule.At.Equal(at) || en.Schedule.At.Location() != time.UTC || en.Schedule.TimeZone != "Asia/Riyadh" || en.Schedule.By.Name == "" {
			t.Fatalf("the English plan: %+v %+v", en, en.Schedule)
		}
		if shown.Languages["ar"].State != "scheduled" || shown.Languages["ar"].Schedule.Action != "unpublish" {
			t.Fatalf("the Arabic plan: %+v", shown.Languages["ar"])
		}

		// Nothing is due yet.
		if n, err := e.svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("before its time: %d %v", n, err)
		}
		e.clock.Advance(10 * time.Minute)
		if n, err := e.svc.RunDueSchedules(t.Context()); err != nil || n != 1 {
			t.Fatalf("at its time: %d %v", n, err)
		}
		if liveTitle(t, st, "en") != "Scheduled title" {
			t.Fatal("the scheduled English is not live")
		}
		if s := editor.item(t).Languages["en"].State; s != "published" {
			t.Fatalf("English after its plan: %s", s)
		}

		// Two runs at once take the Arabic off once.
		e.clock.Advance(10 * time.Minute)
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i := range 2 {
			wg.Go(func() {
				n, err := e.svc.RunDueSchedules(t.Context())
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
		if liveTitle(t, st, "ar") != "" || editor.item(t).Languages["ar"].State != "unpublished" {
			t.Fatal("the Arabic is still live")
		}

		// A plan cancelled is not carried out.
		expect(t, "schedule again", editor.b.do("POST", base+"/en/schedule", map[string]any{"action": "publish", "version": v.ID, "at": e.clock.Now().Add(time.Minute), "timeZone": "UTC"}), http.StatusOK)
		expect(t, "cancel", editor.b.do("DELETE", base+"/en/schedule", nil), http.StatusOK)
		expect(t, "cancel again", editor.b.do("DELETE", base+"/en/schedule", nil), http.StatusNotFound)
		e.clock.Advance(time.Hour)
		if n, err := e.svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
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
		item := "news/" + storySlug
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
		e := newEnv(t, st)
		e.seedStory()
		amal := e.join("amal@noorvale.example", access.Administrator)
		editor := e.join("editor@noorvale.example", access.Editor)
		translator := e.join("translator@noorvale.example", access.Translator, "ar")
		base := "/content/news/" + storySlug
		liveEn, liveAr := liveTitle(t, st, "en"), liveTitle(t, st, "ar")
		r := editor.b.do("PUT", base+"/en", map[string]any{"base": 0, "body": withTitle(t, editor.item(t).Languages["en"].Live, "Planned by the editor")})
		expect(t, "save", r, http.StatusOK)
		var v struct{ ID int64 }
		r.data(t, &v)
		at := e.clock.Now().Add(20 * time.Minute) // within the sessions' half hour idle
		plan := map[string]any{"action": "publish", "version": v.ID, "at": at, "timeZone": "Asia/Riyadh"}
		expect(t, "schedule English", editor.b.do("POST", base+"/en/schedule", plan), http.StatusOK)
		expect(t, "schedule Arabic off", translator.b.do("POST", base+"/ar/schedule",
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
				if ev.ActorID == amal.id {
					actor = "administrator"
				}
				out = append(out, ev.Item+" "+actor)
			}
			slices.Sort(out)
			return out
		}
		item := "news/" + storySlug

		// Disabling the editor cancels the English plan in the same step.
		expect(t, "disable the editor", amal.b.do("POST", "/staff/"+editor.id+"/disable", nil), http.StatusOK)
		if s := amal.item(t).Languages["en"].State; s == admincontent.StateScheduled {
			t.Fatal("the disabled editor's plan is still shown")
		}
		if got := voided(); !slices.Equal(got, []string{item + " (en) administrator"}) {
			t.Fatalf("voided in the trail: %v", got)
		}

		// A plan made while the account was being disabled, and the plan of
		// a translator who became a viewer, are found when due.
		if err := st.ScheduleContent(t.Context(), store.ContentSchedule{Collection: "news", Slug: storySlug, Locale: "en",
			Action: store.SchedulePublish, Version: v.ID, DueAt: at, TimeZone: "UTC", CreatedBy: editor.id, CreatedAt: e.clock.Now()}); err != nil {
			t.Fatal(err)
		}
		expect(t, "make the translator a viewer", amal.b.do("PUT", "/staff/"+translator.id+"/role", map[string]any{"role": "viewer"}), http.StatusOK)
		e.clock.Advance(20 * time.Minute)
		if n, err := e.svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("carried out %d plans of authors who may no longer: %v", n, err)
		}
		if got, got2 := liveTitle(t, st, "en"), liveTitle(t, st, "ar"); got != liveEn || got2 != liveAr {
			t.Fatalf("live titles %q and %q, want %q and %q as before", got, got2, liveEn, liveAr)
		}
		for _, l := range []string{"en", "ar"} {
			if s := amal.item(t).Languages[l].State; s == admincontent.StateScheduled {
				t.Errorf("%s is still scheduled", l)
			}
		}
		want := []string{item + " (ar) scheduler", item + " (en) administrator", item + " (en) scheduler"}
		if got := voided(); !slices.Equal(got, want) {
			t.Fatalf("voided in the trail: %v, want %v", got, want)
		}
	})
}
