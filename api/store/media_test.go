package store_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func mediaItem(id, sum, title string, bytes int64, at time.Time) store.MediaItem {
	return store.MediaItem{ID: id, Kind: store.MediaImage, FileName: id + ".png", ContentType: "image/png", Bytes: bytes,
		Sha256: sum, Width: 1600, Height: 900, Title: title, Alt: map[string]string{"en": title + " in English"},
		FocalX: 0.5, FocalY: 0.5, Tags: []string{"office"}, Files: []store.MediaFile{{Name: "640.webp", Type: "image/webp", Width: 640, Height: 360}},
		UploadedBy: "staff-1", UploadedAt: at, UpdatedAt: at}
}

// The library finds an identical upload by its checksum, lists with every
// filter and order, and keeps what editors change.
func TestMediaLibrary(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		first, created, err := s.CreateMediaItem(ctx, mediaItem("aaa", "sum-a", "Dubai skyline", 300, at))
		if err != nil || !created {
			t.Fatalf("create: %v %v", created, err)
		}
		if first.Alt["en"] != "Dubai skyline in English" || len(first.Files) != 1 {
			t.Fatalf("created item = %+v", first)
		}
		again, created, err := s.CreateMediaItem(ctx, mediaItem("bbb", "sum-a", "Copy", 300, at))
		if err != nil || created || again.ID != "aaa" {
			t.Fatalf("same checksum: %v %v %v", again.ID, created, err)
		}
		doc := mediaItem("ccc", "sum-c", "Annual report", 9000, at.Add(time.Hour))
		doc.Kind, doc.FileName, doc.ContentType, doc.Tags, doc.Folder = store.MediaDocument, "Report_2026.pdf", "application/pdf", []string{"reports", "100%"}, "Reports"
		if _, _, err := s.CreateMediaItem(ctx, doc); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.CreateMediaItem(ctx, mediaItem("ddd", "sum-d", "Amman office", 50, at.Add(2*time.Hour))); err != nil {
			t.Fatal(err)
		}

		ids := func(f store.MediaFilter) []string {
			t.Helper()
			items, err := s.MediaItems(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, it := range items {
				out = append(out, it.ID)
			}
			return out
		}
		for _, tc := range []struct {
			f    store.MediaFilter
			want []string
		}{
			{store.MediaFilter{}, []string{"ddd", "ccc", "aaa"}},
			{store.MediaFilter{Sort: store.MediaTitle}, []string{"ddd", "ccc", "aaa"}},
			{store.MediaFilter{Sort: store.MediaSize}, []string{"ccc", "aaa", "ddd"}},
			{store.MediaFilter{Query: "SKYLINE"}, []string{"aaa"}},
			{store.MediaFilter{Query: "report_2026"}, []string{"ccc"}},
			{store.MediaFilter{Query: "100%"}, []string{"ccc"}},
			{store.MediaFilter{Query: "in english office"}, []string{"ddd", "aaa"}},
			{store.MediaFilter{Query: "_"}, []string{"ccc"}},
			{store.MediaFilter{Kind: store.MediaDocument}, []string{"ccc"}},
			{store.MediaFilter{Folder: "Reports"}, []string{"ccc"}},
			{store.MediaFilter{Tag: "office"}, []string{"ddd", "aaa"}},
			{store.MediaFilter{Tag: "offic"}, []string{}},
		} {
			if got := ids(tc.f); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%+v: got %v, want %v", tc.f, got, tc.want)
			}
		}
		folders, tags, err := s.MediaFolders(ctx)
		if err != nil || !reflect.DeepEqual(folders, []string{"Reports"}) || !reflect.DeepEqual(tags, []string{"100%", "office", "reports"}) {
			t.Errorf("folders %v, tags %v, %v", folders, tags, err)
		}

		edited, err := s.UpdateMediaItem(ctx, "aaa", store.MediaEdit{Title: "Skyline", Alt: map[string]string{"en": "Towers", "ar": "أبراج"},
			FocalX: 0.25, FocalY: 0.75, Tags: []string{"city"}, Folder: "Offices"}, at.Add(3*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if edited.Title != "Skyline" || edited.Alt["ar"] != "أبراج" || edited.FocalX != 0.25 || edited.FocalY != 0.75 ||
			!reflect.DeepEqual(edited.Tags, []string{"city"}) || edited.Folder != "Offices" || !edited.UpdatedAt.Equal(at.Add(3*time.Hour)) {
			t.Errorf("edited = %+v", edited)
		}
		if _, err := s.UpdateMediaItem(ctx, "nope", store.MediaEdit{}, at); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("edit of a missing item: %v", err)
		}
	})
}

// An item named by a live text or registered by another part is not
// deleted, and the refusal says where it is used.
func TestMediaUsageBlocksDeletion(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		for _, id := range []string{"pic-1", "pic-2", "pic-3"} {
			if _, _, err := s.CreateMediaItem(ctx, mediaItem(id, "sum-"+id, id, 10, at)); err != nil {
				t.Fatal(err)
			}
		}
		_, err := s.ReplaceContent(ctx, store.ContentSet{Entries: []store.ContentEntry{
			{Collection: "news", Slug: "launch", Locale: "en", Body: `{"title":"Launch","cover":"pic-1"}`},
			{Collection: "news", Slug: "launch", Locale: "ar", Body: `{"title":"إطلاق","cover":"pic-1"}`},
			{Collection: "news", Slug: "other", Locale: "en", Body: `{"title":"pic-2 in words only"}`},
		}})
		if err != nil {
			t.Fatal(err)
		}
		uses, err := s.MediaUsage(ctx, "pic-1")
		want := []store.MediaUse{
			{Place: "content:news/launch:ar", Label: "news/launch (ar)"},
			{Place: "content:news/launch:en", Label: "news/launch (en)"},
		}
		if err != nil || !reflect.DeepEqual(uses, want) {
			t.Fatalf("usage = %v, %v", uses, err)
		}
		if _, uses, err := s.DeleteMediaItem(ctx, "pic-1"); !errors.Is(err, store.ErrMediaInUse) || len(uses) != 2 {
			t.Fatalf("deleting a used item: %v %v", uses, err)
		}

		if err := s.SetMediaUsage(ctx, "settings:home", "Home page", []string{"pic-2", "pic-2"}); err != nil {
			t.Fatal(err)
		}
		if _, uses, err := s.DeleteMediaItem(ctx, "pic-2"); !errors.Is(err, store.ErrMediaInUse) ||
			!reflect.DeepEqual(uses, []store.MediaUse{{Place: "settings:home", Label: "Home page"}}) {
			t.Fatalf("deleting a registered item: %v %v", uses, err)
		}
		if err := s.SetMediaUsage(ctx, "settings:home", "Home page", nil); err != nil {
			t.Fatal(err)
		}
		deleted, _, err := s.DeleteMediaItem(ctx, "pic-2")
		if err != nil || deleted.ID != "pic-2" {
			t.Fatalf("delete once unused: %+v %v", deleted, err)
		}
		if _, err := s.MediaItemByID(ctx, "pic-2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted item still there: %v", err)
		}
		if _, _, err := s.DeleteMediaItem(ctx, "pic-2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleting twice: %v", err)
		}
	})
}
