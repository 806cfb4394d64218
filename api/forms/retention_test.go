package forms

import (
	"context"
	"errors"
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
