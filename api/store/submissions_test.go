package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestSubmissions(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		day := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		u := &store.User{Email: "visitor@example.com", FirstName: "Rania", LastName: "Aziz", PasswordHash: "x", Locale: "ar"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		key := "cvs/abc.pdf"
		subs := []*store.Submission{
			{Kind: "inquiry", Locale: "en", Data: `{"name":"A"}`, IP: "192.0.2.1", CreatedAt: day.Add(-48 * time.Hour)},
			{Kind: "application", Target: "it-auditor-cairo", Locale: "ar", Data: `{"name":"B"}`, IP: "192.0.2.2",
				UserID: &u.ID, CreatedAt: day.Add(-24 * time.Hour), CVBlobKey: &key},
			{Kind: "inquiry", Locale: "fr", Data: `{"name":"C"}`, IP: "2001:db8::1", CreatedAt: day},
		}
		for _, sub := range subs {
			if err := s.CreateSubmission(ctx, sub, nil); err != nil {
				t.Fatal(err)
			}
			if sub.ID == 0 {
				t.Fatal("no id assigned")
			}
		}
		got, err := s.Submission(ctx, subs[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Kind != "application" || got.Target != "it-auditor-cairo" || got.UserID == nil || *got.UserID != u.ID ||
			got.CVBlobKey == nil || *got.CVBlobKey != key || got.CVDeletedAt != nil || !got.CreatedAt.Equal(day.Add(-24*time.Hour)) {
			t.Fatalf("read back %+v", got)
		}
		if _, err := s.Submission(ctx, 999999); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing submission: %v", err)
		}

		tests := []struct {
			name   string
			filter store.SubmissionFilter
			want   []int64
		}{
			{"all", store.SubmissionFilter{}, []int64{subs[0].ID, subs[1].ID, subs[2].ID}},
			{"by kind", store.SubmissionFilter{Kind: "inquiry"}, []int64{subs[0].ID, subs[2].ID}},
			{"from inclusive", store.SubmissionFilter{From: day.Add(-24 * time.Hour)}, []int64{subs[1].ID, subs[2].ID}},
			{"to exclusive", store.SubmissionFilter{To: day}, []int64{subs[0].ID, subs[1].ID}},
			{"limit", store.SubmissionFilter{Limit: 1}, []int64{subs[0].ID}},
			{"none", store.SubmissionFilter{Kind: "webinar"}, nil},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				list, err := s.Submissions(ctx, tc.filter)
				if err != nil {
					t.Fatal(err)
				}
				var ids []int64
				for _, sub := range list {
					ids = append(ids, sub.ID)
				}
				if len(ids) != len(tc.want) {
					t.Fatalf("got %v, want %v", ids, tc.want)
				}
				for i := range ids {
					if ids[i] != tc.want[i] {
						t.Fatalf("got %v, want %v", ids, tc.want)
					}
				}
			})
		}

		// CVs due for deletion: created before the cut-off and not yet deleted.
		due, err := s.CVsDue(ctx, day.Add(-25*time.Hour), 10)
		if err != nil || len(due) != 0 {
			t.Fatalf("nothing due yet: %v, %v", due, err)
		}
		due, err = s.CVsDue(ctx, day, 10)
		if err != nil || len(due) != 1 || due[0].ID != subs[1].ID {
			t.Fatalf("one CV due: %+v, %v", due, err)
		}
		if err := s.MarkCVDeleted(ctx, subs[1].ID, day); err != nil {
			t.Fatal(err)
		}
		if due, err := s.CVsDue(ctx, day.Add(time.Hour), 10); err != nil || len(due) != 0 {
			t.Fatalf("deleted CV still due: %+v, %v", due, err)
		}
		if err := s.MarkCVDeleted(ctx, 999999, day); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("marking a missing submission: %v", err)
		}

		// The submission outlives the account.
		if _, err := s.DeleteUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		got, err = s.Submission(ctx, subs[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.UserID != nil || got.CVDeletedAt == nil || !got.CVDeletedAt.Equal(day) {
			t.Fatalf("after the account was deleted: %+v", got)
		}
	})
}

// A submission and its e-mails are kept together or not at all: a database
// lost between writing the one and the others leaves neither, so the
// visitor is told to try again rather than a submission going unannounced.
func TestSubmissionKeptWithItsMail(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		outgoing := []store.OutgoingMail{{Kind: "form-notification", Sealed: "n"}, {Kind: "form-confirm-inquiry", Sealed: "c"}}
		bg := context.Background()

		ctx, lose := context.WithCancel(bg)
		sub := &store.Submission{Kind: "inquiry", Locale: "en", Data: `{}`, IP: "192.0.2.1"}
		err := s.CreateSubmission(ctx, sub, func(stored *store.Submission) []store.OutgoingMail {
			if stored.ID == 0 {
				t.Error("compose saw no submission id")
			}
			lose() // the connection is gone before the e-mails are written
			return outgoing
		})
		if err == nil {
			t.Fatal("the submission was reported stored without its e-mails")
		}
		if subs, _ := s.Submissions(bg, store.SubmissionFilter{}); len(subs) != 0 {
			t.Fatalf("%d submissions kept without their e-mails", len(subs))
		}

		sub = &store.Submission{Kind: "inquiry", Locale: "en", Data: `{}`, IP: "192.0.2.1"}
		if err := s.CreateSubmission(bg, sub, func(*store.Submission) []store.OutgoingMail { return outgoing }); err != nil {
			t.Fatal(err)
		}
		if subs, _ := s.Submissions(bg, store.SubmissionFilter{}); len(subs) != 1 {
			t.Fatalf("%d submissions, want 1", len(subs))
		}
		if n, err := s.PendingMail(bg); err != nil || n != 2 {
			t.Fatalf("%d e-mails queued (%v), want 2", n, err)
		}
	})
}
