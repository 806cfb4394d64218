package content

import (
	"testing"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

func TestCheckSchedule(t *testing.T) {
	m := &locale.For(locale.En).Admin
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	later := now.Add(time.Hour)
	cases := []struct {
		name    string
		req     scheduleRequest
		version int64
		errs    map[string]string
	}{
		{"publishing a version", scheduleRequest{Action: "publish", Version: 4, At: later, TimeZone: "Asia/Riyadh"}, 4, map[string]string{}},
		{"unpublishing drops the version", scheduleRequest{Action: "unpublish", Version: 4, At: later, TimeZone: "Europe/London"}, 0, map[string]string{}},
		{"publishing no version", scheduleRequest{Action: "publish", At: later, TimeZone: "UTC"}, 0, map[string]string{"version": m.ContentVersionNotFound}},
		{"an unknown action", scheduleRequest{Action: "archive", At: later, TimeZone: "UTC"}, 0, map[string]string{"action": m.ContentScheduleAction}},
		{"the server's zone", scheduleRequest{Action: "unpublish", At: later, TimeZone: "Local"}, 0, map[string]string{"timeZone": m.ContentScheduleZone}},
		{"no zone", scheduleRequest{Action: "unpublish", At: later}, 0, map[string]string{"timeZone": m.ContentScheduleZone}},
		{"an unknown zone", scheduleRequest{Action: "unpublish", At: later, TimeZone: "Mars/Olympus"}, 0, map[string]string{"timeZone": m.ContentScheduleZone}},
		{"now", scheduleRequest{Action: "unpublish", At: now, TimeZone: "UTC"}, 0, map[string]string{"at": m.ContentSchedulePast}},
		{"no time", scheduleRequest{Action: "unpublish", TimeZone: "UTC"}, 0, map[string]string{"at": m.ContentSchedulePast}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, errs := checkSchedule(tc.req, now, m)
			if got.Version != tc.version {
				t.Errorf("version %d, want %d", got.Version, tc.version)
			}
			if len(errs) != len(tc.errs) {
				t.Fatalf("errors %v, want %v", errs, tc.errs)
			}
			for k, v := range tc.errs {
				if errs[k] != v {
					t.Errorf("%s: %q, want %q", k, errs[k], v)
				}
			}
		})
	}
}

func TestUnpublishRefusal(t *testing.T) {
	m := &locale.For(locale.En).Admin
	cases := []struct {
		name   string
		action string
		loc    string
		live   bool
		want   string
	}{
		{"publishing English", "publish", "en", true, ""},
		{"publishing an unpublished language", "publish", "ar", false, ""},
		{"unpublishing a live translation", "unpublish", "ar", true, ""},
		{"unpublishing English", "unpublish", "en", true, m.ContentEnglishStays},
		{"unpublishing what is not live", "unpublish", "fr", false, m.ContentNotLive},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := unpublishRefusal(tc.action, tc.loc, tc.live, m); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAuthorMayCarryOut(t *testing.T) {
	disabled := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		author store.Staff
		loc    string
		want   bool
	}{
		{"an editor, English", store.Staff{Role: "editor"}, "en", true},
		{"an administrator, Arabic", store.Staff{Role: "administrator"}, "ar", true},
		{"a disabled editor", store.Staff{Role: "editor", DisabledAt: &disabled}, "en", false},
		{"a translator, their language", store.Staff{Role: "translator", Languages: "ar,fr"}, "fr", true},
		{"a translator, another language", store.Staff{Role: "translator", Languages: "ar"}, "fr", false},
		{"a translator, English", store.Staff{Role: "translator", Languages: "ar"}, "en", false},
		{"now a viewer", store.Staff{Role: "viewer"}, "en", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := authorMayCarryOut(&tc.author, store.ContentSchedule{Locale: tc.loc}); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
