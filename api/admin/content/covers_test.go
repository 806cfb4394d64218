package content_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	admincontent "noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/media"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// claimingPNG is a small PNG whose header claims a picture of w × h
// 16-bit RGBA pixels: gigabytes to decode.
func claimingPNG(w, h uint32) []byte { return claimingPNGOf(w, h, 16, 6) }

// claimingPNGOf is a small PNG whose header claims a picture of w × h
// pixels of the bit depth and colour type given.
func claimingPNGOf(w, h uint32, depth, colour byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, colour
	_ = binary.Write(&b, binary.BigEndian, uint32(13))
	b.WriteString("IHDR")
	b.Write(ihdr)
	b.Write([]byte{0, 0, 0, 0}) // the checksum is not read before decoding
	_ = binary.Write(&b, binary.BigEndian, uint32(0))
	b.WriteString("IDAT")
	b.Write([]byte{0, 0, 0, 0})
	return b.Bytes()
}

// claimingAVIF is sharp's AVIF (imagecheck's test file) with its header
// claiming w × h pixels.
func claimingAVIF(t testing.TB, w, h uint32) []byte {
	t.Helper()
	data, err := os.ReadFile("../../imagecheck/testdata/cover.avif")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte("ispe"))
	if i < 0 {
		t.Fatal("no ispe box in cover.avif")
	}
	binary.BigEndian.PutUint32(data[i+8:], w)
	binary.BigEndian.PutUint32(data[i+12:], h)
	return data
}

// refusingEncoder stands in for a renderer whose encoder refuses every
// picture with err.
type refusingEncoder struct{ err error }

func (r refusingEncoder) EncodeCover(context.Context, []byte) ([]ssr.EncodedImage, error) {
	return nil, r.err
}

const coverRoute = "/content/news/" + admintest.StorySlug + "/en/cover"

func TestCoverUpload(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		enc := &admintest.FakeEncoder{}
		e := admintest.New(t, st, admintest.WithCovers(enc))
		e.Echo.GET(admin.CoverPath+":id/:file", e.Svc.ServeCover)
		e.SeedStory()
		editor := e.Join("badr@noorvale.example", access.Editor)
		translator := e.Join("salma@noorvale.example", access.Translator, "ar")

		refusals := []struct {
			name, lang string
			body       any
			status     int
			field      string
			says       string
		}{
			{"no file", "en", nil, http.StatusBadRequest, "file", "Choose a picture"},
			{"a GIF", "en", admintest.MultipartBody{Name: "a.gif", Data: []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")}, http.StatusBadRequest, "file", "JPEG, PNG, WebP or AVIF"},
			{"text called a picture", "ar", admintest.MultipartBody{Name: "a.jpg", Data: []byte("not a picture at all")}, http.StatusBadRequest, "file", "JPEG أو PNG"},
			{"a PNG header claiming 30000 × 30000 16-bit pixels", "en", admintest.MultipartBody{Name: "huge.png", Data: claimingPNG(30000, 30000)}, http.StatusBadRequest, "file", "30000 × 30000 pixels; a cover may have at most 40 megapixels"},
			{"the same in Arabic", "ar", admintest.MultipartBody{Name: "huge.png", Data: claimingPNG(9000, 9000)}, http.StatusBadRequest, "file", "ولا يتجاوز الغلاف 40 ميغابكسل"},
			// A few hundred kilobytes on disk, and within the old budget of
			// 100 megapixels and 192 MiB: libvips took the renderer from
			// 109 MiB to 476 and 667 MiB decoding them whole.
			{"a grey PNG of 10000 × 10000", "en", admintest.MultipartBody{Name: "big.png", Data: claimingPNGOf(10000, 10000, 8, 0)}, http.StatusBadRequest, "file", "10000 × 10000 pixels; a cover may have at most 40 megapixels"},
			{"an RGB PNG of 9000 × 7000", "ar", admintest.MultipartBody{Name: "rgb.png", Data: claimingPNGOf(9000, 7000, 8, 2)}, http.StatusBadRequest, "file", "9000 × 7000"},
			// Within the pixel budget, but an AV1 decoder's frames for 20
			// megapixels take some 400 MB.
			{"an AVIF of 5000 × 4000", "en", admintest.MultipartBody{Name: "a.avif", Data: claimingAVIF(t, 5000, 4000)}, http.StatusBadRequest, "file", "needs too much memory"},
			{"an interlaced PNG of 7000 × 5000", "ar", admintest.MultipartBody{Name: "i.png", Data: interlaced(claimingPNGOf(7000, 5000, 8, 2))}, http.StatusBadRequest, "file", "ذاكرة أكبر"},
			{"a broken header", "en", admintest.MultipartBody{Name: "cut.jpg", Data: admintest.Photo(t, 1200, 675, "jpeg")[:40]}, http.StatusBadRequest, "file", "cannot be read"},
			{"too small", "en", admintest.MultipartBody{Name: "small.png", Data: admintest.Photo(t, 800, 450, "png")}, http.StatusBadRequest, "file", "800 × 450 pixels; a cover needs at least 1200 × 675"},
			{"over 15 MB", "en", admintest.MultipartBody{Name: "big.jpg", Data: append(admintest.Photo(t, 1200, 675, "jpeg"), make([]byte, 16<<20)...)}, http.StatusRequestEntityTooLarge, "", "15 MB"},
		}
		for _, c := range refusals {
			t.Run(c.name, func(t *testing.T) {
				editor.B.Lang = c.lang
				defer func() { editor.B.Lang = "en" }()
				r := editor.B.Send("POST", coverRoute, c.body)
				admintest.Expect(t, c.name, r, c.status)
				says := r.Env.Message
				if c.field != "" {
					says = r.Env.Errors[c.field]
				}
				if !strings.Contains(says, c.says) {
					t.Fatalf("%s: answered %q, want it to say %q", c.name, says, c.says)
				}
			})
		}
		if n := enc.Calls.Load(); n != 0 {
			t.Fatalf("the renderer was given %d refused pictures", n)
		}

		// Within budget by its header, yet the encoder ran out of memory.
		t.Run("an encoder that runs out of memory", func(t *testing.T) {
			e := admintest.New(t, st, admintest.WithCovers(refusingEncoder{fmt.Errorf("%w: killed", ssr.ErrImageDemanding)}))
			e.SeedStory()
			editor := e.Join("nadia@noorvale.example", access.Editor)
			r := editor.B.Send("POST", coverRoute, admintest.MultipartBody{Name: "a.jpg", Data: admintest.Photo(t, 1600, 900, "jpeg")})
			admintest.Expect(t, "an encoding over budget", r, http.StatusBadRequest)
			if got := r.Env.Errors["file"]; got != access.In("en").Covers.Demanding {
				t.Fatalf("answered %q, want %q", got, access.In("en").Covers.Demanding)
			}
		})

		// A translator may not give the English text a cover.
		r := translator.B.Send("POST", coverRoute, admintest.MultipartBody{Name: "a.jpg", Data: admintest.Photo(t, 1200, 675, "jpeg")})
		admintest.Expect(t, "a translator's English cover", r, http.StatusForbidden)

		r = editor.B.Send("POST", coverRoute, admintest.MultipartBody{Name: "a.jpg", Data: admintest.Photo(t, 1600, 900, "jpeg")})
		admintest.Expect(t, "a good cover", r, http.StatusOK)
		var uploaded struct{ ID string }
		r.Data(t, &uploaded)
		if enc.Calls.Load() != 1 || len(uploaded.ID) != 32 {
			t.Fatalf("upload answered %+v after %d encodings", uploaded, enc.Calls.Load())
		}

		// Served to anyone, immutable, with the type of its name.
		for file, contentType := range admincontent.CoverFiles {
			req := httptest.NewRequest("GET", admin.CoverPath+uploaded.ID+"/"+file, nil)
			a := testenv.Serve(t, e.Echo, req, "203.0.113.9", nil)
			if a.Status != http.StatusOK || string(a.Body) != "encoded "+file || a.Header.Get("Content-Type") != contentType ||
				a.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || a.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("%s: %d %v %q", file, a.Status, a.Header, a.Body)
			}
		}
		for _, path := range []string{uploaded.ID + "/2000.avif", uploaded.ID + "/../secret", strings.Repeat("0", 32) + "/800.avif", "x/800.avif"} {
			a := testenv.Serve(t, e.Echo, httptest.NewRequest("GET", admin.CoverPath+path, nil), "203.0.113.9", nil)
			if a.Status != http.StatusNotFound {
				t.Fatalf("%s: %d", path, a.Status)
			}
		}

		// Saving the item with the cover keeps it; an id nobody uploaded is refused.
		it := editor.Item(t)
		base := it.LatestID("en")
		withCover := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"`+uploaded.ID+`","imageAlt"`, 1)
		r = editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": base, "body": jsonRaw(withCover)})
		admintest.Expect(t, "save with the cover", r, http.StatusOK)
		unknown := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"`+strings.Repeat("ab", 16)+`","imageAlt"`, 1)
		r = editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": editor.Item(t).LatestID("en"), "body": jsonRaw(unknown)})
		admintest.Expect(t, "save with a cover nobody uploaded", r, http.StatusBadRequest)
		if !strings.Contains(r.Env.Errors["cover"], "Upload it again") {
			t.Fatalf("the refusal says %q", r.Env.Errors)
		}
		malformed := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"../../etc","imageAlt"`, 1)
		r = editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": editor.Item(t).LatestID("en"), "body": jsonRaw(malformed)})
		admintest.Expect(t, "save with a malformed cover", r, http.StatusBadRequest)
		if r.Env.Errors["cover"] == "" {
			t.Fatalf("no message for the malformed cover: %v", r.Env.Errors)
		}
	})
}

// interlaced marks a PNG's header as Adam7-interlaced.
func interlaced(png []byte) []byte {
	png[28] = 1
	return png
}

// jsonRaw sends a JSON text as it is.
type jsonRaw string

func (j jsonRaw) MarshalJSON() ([]byte, error) { return []byte(j), nil }

// libraryPicture puts a picture in the library, its one file stored as
// data, and answers its id.
func libraryPicture(t *testing.T, e *admintest.Env, st *store.Store, kind string, data []byte, w, h int) string {
	t.Helper()
	id := fmt.Sprintf("%026d", len(data)+w)
	item, _, err := st.CreateMediaItem(t.Context(), store.MediaItem{ID: id, Kind: kind, FileName: "p.jpg",
		ContentType: "image/jpeg", Bytes: int64(len(data)), Sha256: fmt.Sprintf("%064d", w*h+len(kind)), Width: w, Height: h,
		Title: "A picture", Alt: map[string]string{"en": "A picture"}, FocalX: 0.5, FocalY: 0.5,
		Files: []store.MediaFile{{Name: "small.jpg", Type: "image/jpeg", Width: 10, Height: 6}, {Name: "large.jpg", Type: "image/jpeg", Width: w, Height: h}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Blobs.Put(t.Context(), media.FileKey(item.ID, "large.jpg"), bytes.NewReader(data), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	return item.ID
}

func TestCoverFromLibrary(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		enc := &admintest.FakeEncoder{}
		e := admintest.New(t, st, admintest.WithCovers(enc))
		e.SeedStory()
		editor := e.Join("badr@noorvale.example", access.Editor)
		translator := e.Join("salma@noorvale.example", access.Translator, "ar")
		route := coverRoute + "/library"
		good := libraryPicture(t, e, st, store.MediaImage, admintest.Photo(t, 1600, 900, "jpeg"), 1600, 900)
		small := libraryPicture(t, e, st, store.MediaImage, admintest.Photo(t, 640, 360, "jpeg"), 640, 360)
		document := libraryPicture(t, e, st, store.MediaDocument, []byte("%PDF-1.7"), 0, 0)

		refusals := []struct {
			name, lang, media string
			says              string
		}{
			{"no picture", "en", "", "Choose a picture"},
			{"an id the library does not hold", "en", strings.Repeat("z", 26), "not in the media library"},
			{"a document", "ar", document, "مكتبة الوسائط"},
			{"a picture too small for a cover", "en", small, "640 × 360 pixels; a cover needs at least 1200 × 675"},
		}
		for _, c := range refusals {
			editor.B.Lang = c.lang
			r := editor.B.Do("POST", route, map[string]string{"media": c.media})
			admintest.Expect(t, c.name, r, http.StatusBadRequest)
			if !strings.Contains(r.Env.Errors["media"], c.says) {
				t.Fatalf("%s: answered %q, want it to say %q", c.name, r.Env.Errors, c.says)
			}
		}
		editor.B.Lang = "en"
		if n := enc.Calls.Load(); n != 0 {
			t.Fatalf("the renderer was given %d refused pictures", n)
		}

		// A translator may not give the English text a cover from the library either.
		r := translator.B.Do("POST", route, map[string]string{"media": good})
		admintest.Expect(t, "a translator's English cover", r, http.StatusForbidden)

		r = editor.B.Do("POST", route, map[string]string{"media": good})
		admintest.Expect(t, "a library picture as the cover", r, http.StatusOK)
		var made struct{ ID string }
		r.Data(t, &made)
		if enc.Calls.Load() != 1 || len(made.ID) != 32 || !strings.Contains(r.Env.Message, "from the library is the cover") {
			t.Fatalf("answered %+v (%q) after %d encodings", made, r.Env.Message, enc.Calls.Load())
		}
		// The cover is an ordinary one: saving the item with it is accepted.
		it := editor.Item(t)
		withCover := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"`+made.ID+`","imageAlt"`, 1)
		r = editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": it.LatestID("en"), "body": jsonRaw(withCover)})
		admintest.Expect(t, "save with the library's cover", r, http.StatusOK)
	})
}
