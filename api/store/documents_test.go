package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestRenderedDocuments(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		if _, err := s.BuildScriptHashes(ctx, "b1"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("hashes of an unknown build: %v, want ErrNotFound", err)
		}
		if err := s.UseBuild(ctx, "b1", []string{"sha256-abc"}, now); err != nil {
			t.Fatal(err)
		}
		if hashes, err := s.BuildScriptHashes(ctx, "b1"); err != nil || !slices.Equal(hashes, []string{"sha256-abc"}) {
			t.Fatalf("hashes = %v, %v", hashes, err)
		}

		doc := func(path, fp string) store.RenderedDocument {
			return store.RenderedDocument{Path: path, Fingerprint: fp, Status: 200, ContentType: "text/html; charset=utf-8",
				Hash: "h-" + fp, Size: 1000, Brotli: []byte{0x1b, 0x02, 0x00, byte(len(fp))}}
		}
		seq1, err := s.SaveDocuments(ctx, "b1", []store.RenderedDocument{doc("/", "a"), doc("/about-us", "a")}, now)
		if err != nil {
			t.Fatal(err)
		}
		seq2, err := s.SaveDocuments(ctx, "b1", []store.RenderedDocument{doc("/about-us", "bb")}, now)
		if err != nil {
			t.Fatal(err)
		}
		if seq2 <= seq1 {
			t.Fatalf("sequence went from %d to %d", seq1, seq2)
		}
		all, err := s.DocumentsAfter(ctx, "b1", 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 2 || all[0].Path != "/" || all[1].Path != "/about-us" || all[1].Fingerprint != "bb" ||
			all[1].Hash != "h-bb" || all[1].Size != 1000 || !slices.Equal(all[1].Brotli, doc("", "bb").Brotli) {
			t.Fatalf("documents = %+v", all)
		}
		news, err := s.DocumentsAfter(ctx, "b1", seq1)
		if err != nil || len(news) != 1 || news[0].Path != "/about-us" || news[0].Seq != seq2 {
			t.Fatalf("documents after %d = %+v, %v", seq1, news, err)
		}
		if top, err := s.LatestDocumentSeq(ctx, "b1"); err != nil || top != seq2 {
			t.Fatalf("latest = %d, %v; want %d", top, err, seq2)
		}
		if top, err := s.LatestDocumentSeq(ctx, "other"); err != nil || top != 0 {
			t.Fatalf("latest of a build without documents = %d, %v", top, err)
		}

		// One holder at a time; a lapsed lease passes to the next.
		if ok, err := s.AcquireRenderLease(ctx, "b1", "replica-a", now, 30*time.Second); err != nil || !ok {
			t.Fatalf("a free lease: %v, %v", ok, err)
		}
		if ok, _ := s.AcquireRenderLease(ctx, "b1", "replica-b", now.Add(10*time.Second), 30*time.Second); ok {
			t.Fatal("a second holder got a held lease")
		}
		if ok, _ := s.AcquireRenderLease(ctx, "b1", "replica-a", now.Add(20*time.Second), 30*time.Second); !ok {
			t.Fatal("the holder could not renew its lease")
		}
		if ok, _ := s.AcquireRenderLease(ctx, "b1", "replica-b", now.Add(49*time.Second), 30*time.Second); ok {
			t.Fatal("the renewed lease ran out early")
		}
		if ok, _ := s.AcquireRenderLease(ctx, "b1", "replica-b", now.Add(51*time.Second), 30*time.Second); !ok {
			t.Fatal("a dead holder's lease was not taken over")
		}
		if err := s.ReleaseRenderLease(ctx, "b1", "replica-b"); err != nil {
			t.Fatal(err)
		}
		if ok, _ := s.AcquireRenderLease(ctx, "b1", "replica-a", now.Add(52*time.Second), 30*time.Second); !ok {
			t.Fatal("a released lease was not free")
		}

		if err := s.DeleteDocuments(ctx, "b1", []string{"/about-us"}); err != nil {
			t.Fatal(err)
		}
		if all, _ := s.DocumentsAfter(ctx, "b1", 0); len(all) != 1 || all[0].Path != "/" {
			t.Fatalf("after delete: %+v", all)
		}

		// A build unused for a week goes, with its documents; a current one stays.
		if err := s.UseBuild(ctx, "b2", nil, now.Add(8*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveDocuments(ctx, "b2", []store.RenderedDocument{doc("/", "c")}, now); err != nil {
			t.Fatal(err)
		}
		pruned, err := s.PruneBuilds(ctx, now.Add(8*24*time.Hour).Add(-7*24*time.Hour))
		if err != nil || pruned != 1 {
			t.Fatalf("pruned %d builds, %v; want 1", pruned, err)
		}
		if all, _ := s.DocumentsAfter(ctx, "b1", 0); len(all) != 0 {
			t.Fatalf("documents of a pruned build remain: %+v", all)
		}
		if all, _ := s.DocumentsAfter(ctx, "b2", 0); len(all) != 1 {
			t.Fatalf("documents of the current build: %+v", all)
		}
	})
}
