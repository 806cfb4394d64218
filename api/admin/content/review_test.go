package content_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// kindsOf lists the kinds of a member's notifications, newest first.
func kindsOf(t *testing.T, m *admintest.Member) []string {
	t.Helper()
	r := m.B.Do("GET", "/notifications", nil)
	admintest.Expect(t, "notifications", r, http.StatusOK)
	var list struct{ Items []struct{ Kind string } }
	r.Data(t, &list)
	out := []string{}
	for _, n := range list.Items {
		out = append(out, n.Kind)
	}
	return out
}

// saveTitle saves a new draft of a language with a title and returns its version.
func saveTitle(t *testing.T, m *admintest.Member, lang, title string) int64 {
	t.Helper()
	it := m.Item(t)
	body := it.Languages[lang].Live
	if it.Languages[lang].Latest != nil {
		body = it.Languages[lang].Latest.Body
	}
	r := m.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/"+lang, map[string]any{"base": it.LatestID(lang), "body": admintest.WithTitle(t, body, title)})
	admintest.Expect(t, "save "+lang, r, http.StatusOK)
	var v struct{ ID int64 }
	r.Data(t, &v)
	return v.ID
}

// Where a rule asks for a review, a language is sent for review instead of
// published; a second person with the right approves it or sends it back,
// nobody approves their own change, a translator's right stays in their
// language, a save after an approval needs a new one, and a planned
// publication of what was not approved is held and its author told.
// Without a rule, publishing is at once.
func TestReviewBeforePublishing(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		admin := e.Join("admin@noorvale.example", access.Administrator)
		author := e.Join("author@noorvale.example", access.Editor)
		reviewer := e.Join("reviewer@noorvale.example", access.Editor)
		arabic := e.Join("arabic@noorvale.example", access.Translator, "ar")
		arabicReviewer := e.Join("arabic-reviewer@noorvale.example", access.Translator, "ar")
		for _, m := range []*admintest.Member{author, reviewer, arabicReviewer} {
			if err := st.SetStaffMayApprove(t.Context(), m.ID, true, e.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		base := "/content/news/" + admintest.StorySlug

		// News has no rule by default: it publishes at once.
		v := saveTitle(t, author, "en", "Published at once")
		admintest.Expect(t, "publish news", author.B.Do("POST", base+"/en/publish", map[string]any{"version": v}), http.StatusOK)
		admintest.Expect(t, "a review where none is needed", author.B.Do("POST", base+"/en/review", map[string]any{"version": v}), http.StatusConflict)

		// The default rules, then news reviewed in English and Arabic.
		r := admin.B.Do("GET", "/review-rules", nil)
		admintest.Expect(t, "rules", r, http.StatusOK)
		var rules struct{ Rules map[string][]string }
		r.Data(t, &rules)
		for _, sec := range []string{"home", "services", "standards", "legal"} {
			if len(rules.Rules[sec]) != 4 {
				t.Fatalf("%s is not reviewed in every language by default: %v", sec, rules.Rules)
			}
		}
		if len(rules.Rules["news"]) != 0 || len(rules.Rules["blogs"]) != 0 || len(rules.Rules["vacancies"]) != 0 {
			t.Fatalf("news, blogs or vacancies reviewed by default: %v", rules.Rules)
		}
		admintest.Expect(t, "an editor on the rules", author.B.Do("GET", "/review-rules", nil), http.StatusForbidden)
		admintest.Expect(t, "an unknown section", admin.B.Do("PUT", "/review-rules", map[string]any{"rules": map[string][]string{"nowhere": {"en"}}}), http.StatusBadRequest)
		admintest.Expect(t, "save rules", admin.B.Do("PUT", "/review-rules", map[string]any{"rules": map[string][]string{"news": {"en", "ar"}, "services": {"en"}}}), http.StatusOK)

		// A direct publication is refused; the author sends it for review.
		v = saveTitle(t, author, "en", "Reviewed title")
		admintest.Expect(t, "publish under a rule", author.B.Do("POST", base+"/en/publish", map[string]any{"version": v}), http.StatusConflict)
		r = author.B.Do("POST", "/content/bulk", map[string]any{"action": "publish", "items": []map[string]string{{"collection": "news", "slug": admintest.StorySlug, "locale": "en"}}})
		admintest.Expect(t, "bulk publish", r, http.StatusOK)
		var bulk struct{ Done int }
		r.Data(t, &bulk)
		if bulk.Done != 0 {
			t.Fatal("a bulk publication went round the review")
		}
		admintest.Expect(t, "send", author.B.Do("POST", base+"/en/review", map[string]any{"version": v, "note": "New title"}), http.StatusOK)
		if got := author.Item(t).Languages["en"].State; got != "in-review" {
			t.Fatalf("state after sending: %q", got)
		}
		if !slices.Contains(kindsOf(t, reviewer), store.NoticeReviewRequested) || slices.Contains(kindsOf(t, author), store.NoticeReviewRequested) {
			t.Fatal("the reviewer was not told, or the author was")
		}
		if slices.Contains(kindsOf(t, arabicReviewer), store.NoticeReviewRequested) {
			t.Fatal("an Arabic reviewer was told of English")
		}

		// Refusals: one's own change, another language, no comment, a stale version.
		admintest.Expect(t, "self-approval", author.B.Do("POST", base+"/en/approve", map[string]any{"version": v}), http.StatusForbidden)
		admintest.Expect(t, "Arabic reviewer on English", arabicReviewer.B.Do("POST", base+"/en/approve", map[string]any{"version": v}), http.StatusForbidden)
		admintest.Expect(t, "changes without a comment", reviewer.B.Do("POST", base+"/en/changes", map[string]any{"version": v}), http.StatusBadRequest)
		admintest.Expect(t, "a version not under review", reviewer.B.Do("POST", base+"/en/approve", map[string]any{"version": v - 1}), http.StatusConflict)

		// Changes asked for; the author amends and sends again; approved, published.
		admintest.Expect(t, "ask for changes", reviewer.B.Do("POST", base+"/en/changes", map[string]any{"version": v, "comment": "Shorter, please"}), http.StatusOK)
		if got := author.Item(t).Languages["en"].State; got != "changes-requested" {
			t.Fatalf("state after changes asked for: %q", got)
		}
		if !slices.Contains(kindsOf(t, author), store.NoticeReviewChanges) {
			t.Fatal("the author was not told of the changes asked for")
		}
		v = saveTitle(t, author, "en", "Reviewed")
		admintest.Expect(t, "send again", author.B.Do("POST", base+"/en/review", map[string]any{"version": v}), http.StatusOK)
		admintest.Expect(t, "approve", reviewer.B.Do("POST", base+"/en/approve", map[string]any{"version": v}), http.StatusOK)
		if admintest.LiveTitle(t, st, "en") != "Reviewed" {
			t.Fatalf("approved but not live: %q", admintest.LiveTitle(t, st, "en"))
		}

		// Approved with a publication planned; a save after it needs a new approval.
		v = saveTitle(t, author, "en", "Planned")
		admintest.Expect(t, "send the planned", author.B.Do("POST", base+"/en/review", map[string]any{"version": v}), http.StatusOK)
		at := e.Clock.Now().Add(10 * time.Minute)
		admintest.Expect(t, "approve for later", reviewer.B.Do("POST", base+"/en/approve", map[string]any{"version": v, "at": at, "timeZone": "Europe/London"}), http.StatusOK)
		if got := author.Item(t).Languages["en"].State; got != "approved-scheduled" {
			t.Fatalf("state after approval for later: %q", got)
		}
		r = reviewer.B.Do("GET", "/content/find?state=approved-scheduled", nil)
		admintest.Expect(t, "find approved", r, http.StatusOK)
		var found struct{ Items []struct{ Slug string } }
		r.Data(t, &found)
		if len(found.Items) != 1 || found.Items[0].Slug != admintest.StorySlug {
			t.Fatalf("the finder by state: %+v", found.Items)
		}
		e.Clock.Advance(11 * time.Minute)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 1 {
			t.Fatalf("the approved plan: %d, %v", n, err)
		}
		if admintest.LiveTitle(t, st, "en") != "Planned" {
			t.Fatal("the approved plan did not publish")
		}

		v = saveTitle(t, author, "en", "Approved then changed")
		admintest.Expect(t, "send", author.B.Do("POST", base+"/en/review", map[string]any{"version": v}), http.StatusOK)
		admintest.Expect(t, "approve for later", reviewer.B.Do("POST", base+"/en/approve", map[string]any{"version": v, "at": e.Clock.Now().Add(10 * time.Minute), "timeZone": "UTC"}), http.StatusOK)
		saveTitle(t, author, "en", "Changed after approval")
		if got := author.Item(t).Languages["en"].State; got == "approved-scheduled" || got == "approved" {
			t.Fatalf("a save kept the approval: %q", got)
		}
		e.Clock.Advance(11 * time.Minute)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("a plan no longer approved: %d, %v", n, err)
		}
		if admintest.LiveTitle(t, st, "en") != "Planned" {
			t.Fatal("a plan no longer approved was carried out")
		}
		if !slices.Contains(kindsOf(t, reviewer), store.NoticeScheduleHeld) {
			t.Fatal("the plan's maker was not told it was held")
		}

		// The author's own plan of an unapproved draft is held, and they are told.
		v = author.Item(t).LatestID("en")
		admintest.Expect(t, "plan unapproved", author.B.Do("POST", base+"/en/schedule", map[string]any{"action": "publish", "version": v, "at": e.Clock.Now().Add(5 * time.Minute), "timeZone": "UTC"}), http.StatusOK)
		e.Clock.Advance(6 * time.Minute)
		if n, err := e.Svc.RunDueSchedules(t.Context()); err != nil || n != 0 {
			t.Fatalf("an unapproved plan: %d, %v", n, err)
		}
		if !slices.Contains(kindsOf(t, author), store.NoticeScheduleHeld) || admintest.LiveTitle(t, st, "en") != "Planned" {
			t.Fatal("an unapproved plan was carried out, or its author not told")
		}

		// Arabic: the translator sends, another Arabic reviewer approves.
		v = saveTitle(t, arabic, "ar", "عنوان مراجع")
		admintest.Expect(t, "translator publishes", arabic.B.Do("POST", base+"/ar/publish", map[string]any{"version": v}), http.StatusConflict)
		admintest.Expect(t, "translator sends", arabic.B.Do("POST", base+"/ar/review", map[string]any{"version": v}), http.StatusOK)
		if !slices.Contains(kindsOf(t, arabicReviewer), store.NoticeReviewRequested) {
			t.Fatal("the Arabic reviewer was not told")
		}
		admintest.Expect(t, "a translator without the right", arabic.B.Do("POST", base+"/ar/approve", map[string]any{"version": v}), http.StatusForbidden)
		admintest.Expect(t, "Arabic approved", arabicReviewer.B.Do("POST", base+"/ar/approve", map[string]any{"version": v}), http.StatusOK)
		if admintest.LiveTitle(t, st, "ar") != "عنوان مراجع" {
			t.Fatal("the approved Arabic is not live")
		}

		// The history is kept with the versions and in the trail.
		r = author.B.Do("GET", base+"/en/versions", nil)
		admintest.Expect(t, "versions", r, http.StatusOK)
		var hist struct {
			Reviews []struct{ Action, Comment string }
		}
		r.Data(t, &hist)
		var comments []string
		for _, h := range hist.Reviews {
			comments = append(comments, h.Action+":"+h.Comment)
		}
		if !slices.Contains(comments, "changes-requested:Shorter, please") || !slices.Contains(comments, "sent:New title") {
			t.Fatalf("the review history: %v", comments)
		}
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, ev := range events {
			seen[ev.Action] = true
		}
		for _, a := range []string{audit.ActionReviewSent, audit.ActionReviewApproved, audit.ActionReviewChanges, audit.ActionReviewHeld, audit.ActionReviewRules} {
			if !seen[a] {
				t.Errorf("the trail has no %s", a)
			}
		}
	})
}
