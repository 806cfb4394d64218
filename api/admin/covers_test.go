package admin

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"noorvale.example/site/api/admin/access"
	admincontent "noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// fakeEncoder stands in for the renderer: it answers every cover file with
// bytes that name it, and counts what it was given. ssr/encode-image.test.mjs
// tests the real encoding.
type fakeEncoder struct{ calls atomic.Int32 }

func (f *fakeEncoder) EncodeCover(_ context.Context, data []byte) ([]ssr.EncodedImage, error) {
	f.calls.Add(1)
	var out []ssr.EncodedImage
	for name, contentType := range admincontent.CoverFiles {
		out = append(out, ssr.EncodedImage{Name: name, Type: contentType, Data: []byte("encoded " + name)})
	}
	return out, nil
}

func withCovers(enc CoverEncoder) func(*Config) {
	return func(c *Config) { c.Covers = enc }
}

// multipartBody is a file sent as the "file" part of a form.
type multipartBody struct {
	name string
	data []byte
}

// send is do, sending a multipartBody as a form.
func (b *browser) send(method, target string, body any) *result {
	b.env.t.Helper()
	file, ok := body.(multipartBody)
	if !ok {
		return b.do(method, target, body)
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", file.name)
	if err != nil {
		b.env.t.Fatal(err)
	}
	_, _ = part.Write(file.data)
	_ = w.Close()
	req := httptest.NewRequest(method, "/api/admin"+target+"?lang="+b.lang, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	a := testenv.Serve(b.env.t, b.env.echo, req, b.ip, b.cookies)
	return &result{status: a.Status, header: a.Header, body: a.Body, env: a.Envelope}
}

// photo is a picture of the given size with something in it, as JPEG or PNG.
func photo(t testing.TB, w, h int, format string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

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
	data, err := os.ReadFile("../imagecheck/testdata/cover.avif")
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

const coverRoute = "/content/news/" + storySlug + "/en/cover"

func TestCoverUpload(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		enc := &fakeEncoder{}
		e := newEnv(t, st, withCovers(enc))
		e.echo.GET(CoverPath+":id/:file", e.svc.ServeCover)
		e.seedStory()
		editor := e.join("badr@noorvale.example", access.Editor)
		translator := e.join("salma@noorvale.example", access.Translator, "ar")

		refusals := []struct {
			name, lang string
			body       any
			status     int
			field      string
			says       string
		}{
			{"no file", "en", nil, http.StatusBadRequest, "file", "Choose a picture"},
			{"a GIF", "en", multipartBody{"a.gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")}, http.StatusBadRequest, "file", "JPEG, PNG, WebP or AVIF"},
			{"text called a picture", "ar", multipartBody{"a.jpg", []byte("not a picture at all")}, http.StatusBadRequest, "file", "JPEG أو PNG"},
			{"a PNG header claiming 30000 × 30000 16-bit pixels", "en", multipartBody{"huge.png", claimingPNG(30000, 30000)}, http.StatusBadRequest, "file", "30000 × 30000 pixels; a cover may have at most 40 megapixels"},
			{"the same in Arabic", "ar", multipartBody{"huge.png", claimingPNG(9000, 9000)}, http.StatusBadRequest, "file", "ولا يتجاوز الغلاف 40 ميغابكسل"},
			// A few hundred kilobytes on disk, and within the old budget of
			// 100 megapixels and 192 MiB: libvips took the renderer from
			// 109 MiB to 476 and 667 MiB decoding them whole.
			{"a grey PNG of 10000 × 10000", "en", multipartBody{"big.png", claimingPNGOf(10000, 10000, 8, 0)}, http.StatusBadRequest, "file", "10000 × 10000 pixels; a cover may have at most 40 megapixels"},
			{"an RGB PNG of 9000 × 7000", "ar", multipartBody{"rgb.png", claimingPNGOf(9000, 7000, 8, 2)}, http.StatusBadRequest, "file", "9000 × 7000"},
			// Within the pixel budget, but an AV1 decoder's frames for 20
			// megapixels take some 400 MB.
			{"an AVIF of 5000 × 4000", "en", multipartBody{"a.avif", claimingAVIF(t, 5000, 4000)}, http.StatusBadRequest, "file", "needs too much memory"},
			{"an interlaced PNG of 7000 × 5000", "ar", multipartBody{"i.png", interlaced(claimingPNGOf(7000, 5000, 8, 2))}, http.StatusBadRequest, "file", "ذاكرة أكبر"},
			{"a broken header", "en", multipartBody{"cut.jpg", photo(t, 1200, 675, "jpeg")[:40]}, http.StatusBadRequest, "file", "cannot be read"},
			{"too small", "en", multipartBody{"small.png", photo(t, 800, 450, "png")}, http.StatusBadRequest, "file", "800 × 450 pixels; a cover needs at least 1200 × 675"},
			{"over 15 MB", "en", multipartBody{"big.jpg", append(photo(t, 1200, 675, "jpeg"), make([]byte, 16<<20)...)}, http.StatusRequestEntityTooLarge, "", "15 MB"},
		}
		for _, c := range refusals {
			t.Run(c.name, func(t *testing.T) {
				editor.b.lang = c.lang
				defer func() { editor.b.lang = "en" }()
				r := editor.b.send("POST", coverRoute, c.body)
				expect(t, c.name, r, c.status)
				says := r.env.Message
				if c.field != "" {
					says = r.env.Errors[c.field]
				}
				if !strings.Contains(says, c.says) {
					t.Fatalf("%s: answered %q, want it to say %q", c.name, says, c.says)
				}
			})
		}
		if n := enc.calls.Load(); n != 0 {
			t.Fatalf("the renderer was given %d refused pictures", n)
		}

		// Within budget by its header, yet the encoder ran out of memory.
		t.Run("an encoder that runs out of memory", func(t *testing.T) {
			e := newEnv(t, st, withCovers(refusingEncoder{fmt.Errorf("%w: killed", ssr.ErrImageDemanding)}))
			e.seedStory()
			editor := e.join("nadia@noorvale.example", access.Editor)
			r := editor.b.send("POST", coverRoute, multipartBody{"a.jpg", photo(t, 1600, 900, "jpeg")})
			expect(t, "an encoding over budget", r, http.StatusBadRequest)
			if got := r.env.Errors["file"]; got != access.In("en").Covers.Demanding {
				t.Fatalf("answered %q, want %q", got, access.In("en").Covers.Demanding)
			}
		})

		// A translator may not give the English text a cover.
		r := translator.b.send("POST", coverRoute, multipartBody{"a.jpg", photo(t, 1200, 675, "jpeg")})
		expect(t, "a translator's English cover", r, http.StatusForbidden)

		r = editor.b.send("POST", coverRoute, multipartBody{"a.jpg", photo(t, 1600, 900, "jpeg")})
		expect(t, "a good cover", r, http.StatusOK)
		var uploaded struct{ ID string }
		r.data(t, &uploaded)
		if enc.calls.Load() != 1 || len(uploaded.ID) != 32 {
			t.Fatalf("upload answered %+v after %d encodings", uploaded, enc.calls.Load())
		}

		// Served to anyone, immutable, with the type of its name.
		for file, contentType := range admincontent.CoverFiles {
			req := httptest.NewRequest("GET", CoverPath+uploaded.ID+"/"+file, nil)
			a := testenv.Serve(t, e.echo, req, "203.0.113.9", nil)
			if a.Status != http.StatusOK || string(a.Body) != "encoded "+file || a.Header.Get("Content-Type") != contentType ||
				a.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || a.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("%s: %d %v %q", file, a.Status, a.Header, a.Body)
			}
		}
		for _, path := range []string{uploaded.ID + "/2000.avif", uploaded.ID + "/../secret", strings.Repeat("0", 32) + "/800.avif", "x/800.avif"} {
			a := testenv.Serve(t, e.echo, httptest.NewRequest("GET", CoverPath+path, nil), "203.0.113.9", nil)
			if a.Status != http.StatusNotFound {
				t.Fatalf("%s: %d", path, a.Status)
			}
		}

		// Saving the item with the cover keeps it; an id nobody uploaded is refused.
		it := editor.item(t)
		base := it.latestID("en")
		withCover := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"`+uploaded.ID+`","imageAlt"`, 1)
		r = editor.b.do("PUT", "/content/news/"+storySlug+"/en", map[string]any{"base": base, "body": jsonRaw(withCover)})
		expect(t, "save with the cover", r, http.StatusOK)
		unknown := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"`+strings.Repeat("ab", 16)+`","imageAlt"`, 1)
		r = editor.b.do("PUT", "/content/news/"+storySlug+"/en", map[string]any{"base": editor.item(t).latestID("en"), "body": jsonRaw(unknown)})
		expect(t, "save with a cover nobody uploaded", r, http.StatusBadRequest)
		if !strings.Contains(r.env.Errors["cover"], "Upload it again") {
			t.Fatalf("the refusal says %q", r.env.Errors)
		}
		malformed := strings.Replace(string(it.Languages["en"].Live), `"imageAlt"`, `"cover":"../../etc","imageAlt"`, 1)
		r = editor.b.do("PUT", "/content/news/"+storySlug+"/en", map[string]any{"base": editor.item(t).latestID("en"), "body": jsonRaw(malformed)})
		expect(t, "save with a malformed cover", r, http.StatusBadRequest)
		if r.env.Errors["cover"] == "" {
			t.Fatalf("no message for the malformed cover: %v", r.env.Errors)
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
