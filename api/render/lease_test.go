package render_test

import (
	"context"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// A replica that took the render lease and died never renews it: once the
// lease has run out (30 s unrenewed), the next replica takes it over and
// renders, so a change is never left unrendered.
func TestDeadLeaseHolderIsReplaced(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		cat := seedSample(t, s)
		ctx := context.Background()
		clock := newFakeClock(time.Date(2031, 3, 1, 9, 0, 0, 0, time.UTC))
		cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: &recordingRenderer{}, Store: s, Documents: s,
			Catalog: cat, Now: clock.Now, LeaseTTL: 30 * time.Second})

		// Another process of the same build holds the lease, then dies.
		if err := s.UseBuild(ctx, cache.Build(), nil, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.AcquireRenderLease(ctx, cache.Build(), "replica-that-died", clock.Now(), 30*time.Second); err != nil || !ok {
			t.Fatalf("lease for the dead holder: %v %v", ok, err)
		}

		clock.set(clock.Now().Add(29 * time.Second))
		if err := cache.RenderAll(ctx); err == nil || cache.Filled() {
			t.Fatalf("rendered while another holder's lease was current: %v", err)
		}

		clock.set(clock.Now().Add(2 * time.Second))
		if err := cache.RenderAll(ctx); err != nil {
			t.Fatalf("the lapsed lease was not taken over: %v", err)
		}
		if !cache.Filled() || cache.Page("/nl/about-us") == nil {
			t.Fatal("the replica that took the lease over did not render")
		}
	})
}
