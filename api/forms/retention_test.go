package forms

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"

	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestRetentionDeletesOldCVs(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s, func(c *Config) { c.CVRetention = 30 * 24 * time.Hour })
		ctx := context.Background()
		const path = "/api/forms/application/senior-penetration-tester"
		if res := h.postApplication(path, validApplication(), "old.pdf", smallPDF(), ""); res.status != 200 {
			t.Fatalf("first application: %d %s", res.status, res.body)
		}
		h.clock.Advance(20 * 24 * time.Hour)
		if res := h.postApplication(path, validApplication(), "new.pdf", smallPDF(), ""); res.status != 200 {
			t.Fatalf("second application: %d %s", res.status, res.body)
		}
		subs := h.submissions()
		oldKey, newKey := *subs[0].CVBlobKey, *subs[1].CVBlobKey

		// Nothing is 30 days old yet.
		if n, err := h.svc.DeleteExpiredCVs(ctx); err != nil || n != 0 {
			t.Fatalf("early run: %d, %v", n, err)
		}
		// Eleven days later the first CV is 31 days old, the second 11.
		h.clock.Advance(11 * 24 * time.Hour)
		if n, err := h.svc.DeleteExpiredCVs(ctx); err != nil || n != 1 {
			t.Fatalf("run: %d, %v", n, err)
		}
		if _, _, err := h.blobs.Get(ctx, oldKey); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("old CV still stored: %v", err)
		}
		if rc, _, err := h.blobs.Get(ctx, newKey); err != nil {
			t.Fatalf("recent CV deleted: %v", err)
		} else {
			_ = rc.Close()
		}
		subs = h.submissions()
		if subs[0].CVDeletedAt == nil || !subs[0].CVDeletedAt.Equal(h.clock.Now()) || subs[1].CVDeletedAt != nil {
			t.Fatalf("deletion recorded as %v / %v", subs[0].CVDeletedAt, subs[1].CVDeletedAt)
		}
		// The submission itself stays, and a second run has nothing to do.
		if n, err := h.svc.DeleteExpiredCVs(ctx); err != nil || n != 0 {
			t.Fatalf("second run: %d, %v", n, err)
		}
	})
}

// failingBlobs refuses to delete anything.
type failingBlobs struct{ blob.Store }

func (failingBlobs) Delete(context.Context, string) error { return errors.New("disk on fire") }

func TestRetentionKeepsWhatItCannotDelete(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t), func(c *Config) { c.CVRetention = time.Hour })
	if res := h.postApplication("/api/forms/application/senior-penetration-tester", validApplication(), "cv.pdf", smallPDF(), ""); res.status != 200 {
		t.Fatalf("application: %d", res.status)
	}
	h.clock.Advance(2 * time.Hour)
	h.svc.blobs = failingBlobs{h.blobs}
	if n, err := h.svc.DeleteExpiredCVs(context.Background()); err != nil || n != 0 {
		t.Fatalf("run: %d, %v", n, err)
	}
	if sub := h.submissions()[0]; sub.CVDeletedAt != nil {
		t.Fatal("a CV that was not deleted is marked deleted")
	}
}

// Each kind keeps its personal fields for its own period: once the clock
// passes it, the hourly job erases them, keeps the anonymous remainder and
// what the dashboard counts (kind, target, language, date), deletes the
// CV, and leaves every kind whose period has not passed as it was.
func TestRetentionErasesEachKindAfterItsPeriod(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s, func(c *Config) {
			c.CVRetention = 90 * day
			c.Retention = map[string]time.Duration{
				KindWebinar: 5 * day, KindContact: 10 * day, KindPublication: 15 * day,
				KindInquiry: 20 * day, KindProposal: 30 * day, KindApplication: 40 * day,
			}
		})
		ctx := t.Context()
		visitor := &store.User{Email: "tom@example.co.uk", FirstName: "Tom", LastName: "Whitfield", PasswordHash: "x", Locale: "en"}
		if err := s.CreateUser(ctx, visitor); err != nil {
			t.Fatal(err)
		}
		posts := []struct {
			kind, path string
			body       map[string]any
		}{
			{KindProposal, "/api/forms/proposal", validProposal()},
			{KindInquiry, "/api/forms/inquiry?lang=fr", validInquiry()},
			{KindContact, "/api/forms/contact/dubai?lang=ar", validContact()},
			{KindWebinar, "/api/forms/webinar/dora-one-year-on", validWebinar()},
			{KindPublication, "/api/forms/publication/pci-dss-scoping-guide?lang=nl", validPublication()},
		}
		for _, p := range posts {
			req := jsonRequest(t, p.path, mustJSON(t, p.body))
			if p.kind == KindInquiry { // sent signed in
				req.AddCookie(&http.Cookie{Name: "session", Value: visitor.Email})
			}
			if res := h.do(req, "198.51.100.20"); res.status != 200 {
				t.Fatalf("%s: %d %s", p.kind, res.status, res.body)
			}
		}
		if res := h.postApplication("/api/forms/application/senior-penetration-tester", validApplication(), "cv.pdf", smallPDF(), "198.51.100.20"); res.status != 200 {
			t.Fatalf("application: %d %s", res.status, res.body)
		}
		before := map[string]store.Submission{}
		for _, sub := range h.submissions() {
			before[sub.Kind] = sub
		}
		if len(before) != len(Kinds) || before[KindInquiry].UserID == nil || before[KindApplication].CVBlobKey == nil {
			t.Fatalf("the submissions as sent: %+v", before)
		}
		start := h.clock.Now()

		cases := []struct {
			kind   string
			period time.Duration
			kept   map[string]any // the remainder, exactly
		}{
			{KindWebinar, 5 * day, map[string]any{}},
			{KindContact, 10 * day, map[string]any{}},
			{KindPublication, 15 * day, map[string]any{}},
			{KindInquiry, 20 * day, map[string]any{}},
			{KindProposal, 30 * day, map[string]any{
				"services":    []any{"/services/cybersecurity-services/asv", "/services/cybersecurity-services/penetration-testing", "/services/outsourcing-service"},
				"companySize": "250-999", "timeline": "1-3-months", "country": "United Arab Emirates",
			}},
			{KindApplication, 40 * day, map[string]any{}},
		}
		erased := map[string]bool{}
		for _, tc := range cases {
			t.Run(tc.kind, func(t *testing.T) {
				// An hour short of the period: nothing of this kind goes.
				h.clock.Set(start.Add(tc.period - time.Hour))
				if _, err := h.svc.EraseExpired(ctx); err != nil {
					t.Fatal(err)
				}
				if sub := byKind(t, h, tc.kind); sub.ErasedAt != nil {
					t.Fatalf("erased %v before its period", sub.ErasedAt)
				}
				h.clock.Set(start.Add(tc.period + time.Hour))
				if n, err := h.svc.EraseExpired(ctx); err != nil || n != 1 {
					t.Fatalf("run: %d, %v", n, err)
				}
				erased[tc.kind] = true
				sub, was := byKind(t, h, tc.kind), before[tc.kind]
				if sub.ErasedAt == nil || !sub.ErasedAt.Equal(h.clock.Now()) {
					t.Fatalf("erased_at %v, want %v", sub.ErasedAt, h.clock.Now())
				}
				var data map[string]any
				if err := json.Unmarshal([]byte(sub.Data), &data); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(data, tc.kept) {
					t.Fatalf("kept %v, want %v", data, tc.kept)
				}
				if sub.IP != "" || sub.UserID != nil {
					t.Fatalf("address %q and account %v kept", sub.IP, sub.UserID)
				}
				if sub.Kind != was.Kind || sub.Target != was.Target || sub.Locale != was.Locale || !sub.CreatedAt.Equal(was.CreatedAt) {
					t.Fatalf("what the dashboard counts changed: %+v, was %+v", sub, was)
				}
				if was.CVBlobKey != nil {
					if _, _, err := h.blobs.Get(ctx, *was.CVBlobKey); !errors.Is(err, blob.ErrNotFound) {
						t.Fatalf("the CV is still stored: %v", err)
					}
					if sub.CVDeletedAt == nil {
						t.Fatal("the CV's deletion is not recorded")
					}
				}
				// The kinds whose period has not passed are as they were sent.
				for _, other := range Kinds {
					if o := byKind(t, h, other); !erased[other] && (o.ErasedAt != nil || o.Data != before[other].Data || o.IP == "") {
						t.Fatalf("%s changed with %s: %+v", other, tc.kind, o)
					}
				}
				// A second run has nothing left to do.
				if n, err := h.svc.EraseExpired(ctx); err != nil || n != 0 {
					t.Fatalf("second run: %d, %v", n, err)
				}
			})
		}
	})
}

// byKind returns the one submission of a kind.
func byKind(t *testing.T, h *harness, kind string) store.Submission {
	t.Helper()
	for _, sub := range h.submissions() {
		if sub.Kind == kind {
			return sub
		}
	}
	t.Fatalf("no %s", kind)
	return store.Submission{}
}

// A CV that cannot be deleted keeps its application as it was, due again
// at the next run.
func TestRetentionErasesNothingWhoseCVStays(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t), func(c *Config) {
		c.Retention = map[string]time.Duration{KindApplication: time.Hour}
	})
	if res := h.postApplication("/api/forms/application/senior-penetration-tester", validApplication(), "cv.pdf", smallPDF(), ""); res.status != 200 {
		t.Fatalf("application: %d", res.status)
	}
	h.clock.Advance(2 * time.Hour)
	h.svc.blobs = failingBlobs{h.blobs}
	if n, err := h.svc.EraseExpired(t.Context()); err != nil || n != 0 {
		t.Fatalf("run: %d, %v", n, err)
	}
	if sub := h.submissions()[0]; sub.ErasedAt != nil || sub.CVDeletedAt != nil {
		t.Fatal("an application whose CV stayed was erased")
	}
	h.svc.blobs = h.blobs
	if n, err := h.svc.EraseExpired(t.Context()); err != nil || n != 1 {
		t.Fatalf("run once the store works: %d, %v", n, err)
	}
}

// The defaults cover every kind, and none keeps personal fields past two years.
func TestDefaultRetentionCoversEveryKind(t *testing.T) {
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) {
			if d := DefaultRetention[kind]; d < 30*day || d > 730*day {
				t.Fatalf("default retention %v", d)
			}
		})
	}
}
