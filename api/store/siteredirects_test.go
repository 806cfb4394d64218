package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestSiteRedirectsCollapseChainsAndRefuseLoops(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
		add := func(from, to string, status int) (store.SiteRedirect, error) {
			return s.AddSiteRedirect(ctx, store.SiteRedirect{From: from, To: to, Status: status}, "editor-1", now)
		}
		before, err := s.ContentState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := add("/b", "/c", 301); err != nil {
			t.Fatal(err)
		}
		// a -> b with b -> c is saved as a -> c.
		got, err := add("/a", "/b", 302)
		if err != nil {
			t.Fatal(err)
		}
		if got.To != "/c" || got.Status != 302 {
			t.Fatalf("a -> b saved as %+v, want a -> c, 302", got)
		}
		// z -> a: the new start; nothing leads to a redirect's start.
		if _, err := add("/z", "/a", 301); err != nil {
			t.Fatal(err)
		}
		// c -> z would lead back to c through z -> c.
		if _, err := add("/c", "/z", 301); !errors.Is(err, store.ErrRedirectLoop) {
			t.Fatalf("c -> z (z -> c): %v, want a loop refused", err)
		}
		if _, err := add("/self", "/self", 301); !errors.Is(err, store.ErrRedirectLoop) {
			t.Fatalf("self -> self: %v, want a loop refused", err)
		}
		if _, err := add("/a", "/d", 301); !errors.Is(err, store.ErrRedirectExists) {
			t.Fatalf("a twice: %v, want exists", err)
		}
		// Moving c's readers on: c -> e makes every redirect to c lead to e.
		if _, err := add("/c", "/e", 301); err != nil {
			t.Fatal(err)
		}
		rows, err := s.SiteRedirects(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"/a": "/e", "/b": "/e", "/c": "/e", "/z": "/e"}
		if len(rows) != len(want) {
			t.Fatalf("redirects %+v, want %v", rows, want)
		}
		for _, r := range rows {
			if want[r.From] != r.To {
				t.Errorf("%s leads to %s, want %s", r.From, r.To, want[r.From])
			}
			if r.CreatedBy != "editor-1" {
				t.Errorf("%s created by %q", r.From, r.CreatedBy)
			}
		}
		after, err := s.ContentState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if after.Version <= before.Version {
			t.Fatalf("content version %d after adding redirects, was %d: replicas would not see them", after.Version, before.Version)
		}
		if err := s.DeleteSiteRedirect(ctx, "/a", now); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteSiteRedirect(ctx, "/a", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleting twice: %v, want not found", err)
		}
		if err := s.DeleteContentRedirect(ctx, "news", "gone", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleting a missing rename redirect: %v, want not found", err)
		}
		rows, _ = s.SiteRedirects(ctx)
		if len(rows) != 3 {
			t.Fatalf("after a delete: %+v", rows)
		}
	})
}
