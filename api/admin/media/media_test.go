package media_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// claimingPNG is a small PNG whose header claims w × h pixels of the
// depth and colour type, interlaced or not: what a decoder would expand.
func claimingPNG(w, h uint32, depth, colour, interlace byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9], ihdr[12] = depth, colour, interlace
	_ = binary.Write(&b, binary.BigEndian, uint32(13))
	b.WriteString("IHDR")
	b.Write(ihdr)
	b.Write([]byte{0, 0, 0, 0})
	_ = binary.Write(&b, binary.BigEndian, uint32(0))
	b.WriteString("IDAT")
	b.Write([]byte{0, 0, 0, 0})
	return b.Bytes()
}

func pdfBomb() []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	_, _ = w.Write(make([]byte, 80<<20))
	_ = w.Close()
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n4 0 obj << /Filter /FlateDecode >>\nstream\n")
	b.Write(z.Bytes())
	b.WriteString("\nendstream\nendobj\n%%EOF\n")
	return b.Bytes()
}

type item struct {
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Title  string            `json:"title"`
	Alt    map[string]string `json:"alt"`
	URL    string            `json:"url"`
	Width  int               `json:"width"`
	Files  []struct{ URL string }
	UsedOn []struct{ Label string } `json:"usedOn"`
}

func TestMediaLibraryAPI(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		enc := &admintest.FakeEncoder{}
		e := admintest.New(t, st, admintest.WithMedia(enc))
		e.Echo.GET(admin.MediaPath+":id/:file", e.Svc.ServeMedia)
		editor := e.Join("badr@noorvale.example", access.Editor)
		viewer := e.Join("vera@noorvale.example", access.Viewer)

		photo := admintest.Photo(t, 1600, 900, "jpeg")
		refusals := []struct {
			name, lang string
			body       admintest.MultipartBody
			status     int
			says       string
		}{
			{"no alt text", "en", admintest.MultipartBody{Name: "a.jpg", Data: photo}, http.StatusBadRequest, "alt text is required"},
			{"no alt text, in Arabic", "ar", admintest.MultipartBody{Name: "a.jpg", Data: photo}, http.StatusBadRequest, "النص البديل مطلوب"},
			{"a 100-megapixel PNG", "en", admintest.MultipartBody{Name: "big.png", Data: claimingPNG(10000, 10000, 8, 2, 0), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "10000 × 10000 pixels"},
			{"a 100-megapixel PNG, in Arabic", "ar", admintest.MultipartBody{Name: "big.png", Data: claimingPNG(10000, 10000, 8, 2, 0), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "10000 × 10000 بكسل"},
			{"an interlaced PNG held whole by its decoder", "en", admintest.MultipartBody{Name: "i.png", Data: claimingPNG(7000, 5000, 16, 6, 1), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "too much memory"},
			{"an SVG with a script", "en", admintest.MultipartBody{Name: "logo.svg", Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "SVG files are not accepted"},
			{"an SVG called a PNG, in Arabic", "ar", admintest.MultipartBody{Name: "logo.png", Data: []byte(`<?xml version="1.0"?><svg onload="alert(1)"/>`), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "SVG"},
			{"a PDF with JavaScript", "en", admintest.MultipartBody{Name: "r.pdf", Data: []byte("%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF")}, http.StatusBadRequest, "active content (JavaScript, JS, OpenAction)"},
			{"a PDF with JavaScript, in Arabic", "ar", admintest.MultipartBody{Name: "r.pdf", Data: []byte("%PDF-1.4\n<< /S /JavaScript >>")}, http.StatusBadRequest, "محتوى نشط"},
			{"a PDF decompression bomb", "en", admintest.MultipartBody{Name: "bomb.pdf", Data: pdfBomb()}, http.StatusBadRequest, "too large to check"},
			{"a GIF", "en", admintest.MultipartBody{Name: "a.gif", Data: []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), Fields: map[string]string{"alt": "x"}}, http.StatusBadRequest, "JPEG, PNG, WebP or AVIF picture, or a PDF"},
			{"an unknown language", "en", admintest.MultipartBody{Name: "a.jpg", Data: photo, Fields: map[string]string{"alt": "x", "altLang": "de"}}, http.StatusBadRequest, "site's languages"},
		}
		for _, c := range refusals {
			editor.B.Lang = c.lang
			r := editor.B.Send("POST", "/media", c.body)
			admintest.Expect(t, c.name, r, c.status)
			said := r.Env.Message + " " + strings.Join(mapValues(r.Env.Errors), " ")
			if !strings.Contains(said, c.says) {
				t.Errorf("%s: answered %q, want it to say %q", c.name, said, c.says)
			}
		}
		editor.B.Lang = "en"
		if n := enc.Calls.Load(); n != 0 {
			t.Fatalf("the encoder was given %d refused pictures", n)
		}
		r := viewer.B.Send("POST", "/media", admintest.MultipartBody{Name: "a.jpg", Data: photo, Fields: map[string]string{"alt": "x"}})
		admintest.Expect(t, "a viewer's upload", r, http.StatusForbidden)

		// A picture and a PDF go in.
		r = editor.B.Send("POST", "/media", admintest.MultipartBody{Name: "Dubai office.jpg", Data: photo,
			Fields: map[string]string{"alt": "The Dubai office at dusk", "tags": "Offices, dubai", "folder": "Offices"}})
		admintest.Expect(t, "a picture", r, http.StatusOK)
		var pic item
		r.Data(t, &pic)
		if pic.Kind != "image" || pic.Title != "Dubai office" || pic.Alt["en"] != "The Dubai office at dusk" || pic.Width != 1600 || len(pic.Files) != 5 || !strings.HasSuffix(pic.URL, "/640.jpg") {
			t.Fatalf("picture = %+v", pic)
		}
		again := editor.B.Send("POST", "/media", admintest.MultipartBody{Name: "copy.jpg", Data: photo, Fields: map[string]string{"alt": "x"}})
		var dup item
		again.Data(t, &dup)
		if dup.ID != pic.ID || !strings.Contains(again.Env.Message, "already in the library") {
			t.Fatalf("the same picture again: %+v %q", dup, again.Env.Message)
		}
		pdf := []byte(admintest.SamplePDF)
		r = editor.B.Send("POST", "/media", admintest.MultipartBody{Name: "Annual report.pdf", Data: pdf, Fields: map[string]string{"title": "Annual report 2026"}})
		admintest.Expect(t, "a PDF", r, http.StatusOK)
		var doc item
		r.Data(t, &doc)
		if doc.Kind != "document" || !strings.HasSuffix(doc.URL, "/annual-report.pdf") {
			t.Fatalf("document = %+v", doc)
		}

		// Found by words, kind and tag.
		for q, want := range map[string]string{"?q=dusk": pic.ID, "?q=annual": doc.ID, "?kind=document": doc.ID, "?tag=dubai": pic.ID} {
			var list struct{ Items []item }
			editor.B.Do("GET", "/media"+q, nil).Data(t, &list)
			if len(list.Items) != 1 || list.Items[0].ID != want {
				t.Errorf("%s: %+v", q, list.Items)
			}
		}
		admintest.Expect(t, "a bad sort", editor.B.Do("GET", "/media?sort=colour", nil), http.StatusBadRequest)

		// Served immutable; the PDF only as a download.
		get := func(url string) *httptest.ResponseRecorder {
			rec := httptest.NewRecorder()
			e.Echo.ServeHTTP(rec, httptest.NewRequest("GET", url, nil))
			return rec
		}
		img := get(pic.URL)
		if img.Code != 200 || img.Header().Get("Content-Type") != "image/jpeg" || !strings.Contains(img.Header().Get("Cache-Control"), "immutable") ||
			img.Header().Get("X-Content-Type-Options") != "nosniff" || img.Header().Get("Content-Disposition") != "" {
			t.Errorf("picture served %d %v", img.Code, img.Header())
		}
		file := get(doc.URL)
		if file.Code != 200 || file.Header().Get("Content-Type") != "application/pdf" || file.Header().Get("Content-Disposition") != `attachment; filename="Annual report.pdf"` ||
			!strings.Contains(file.Header().Get("Content-Security-Policy"), "sandbox") || file.Body.String() != admintest.SamplePDF {
			t.Errorf("document served %d %v", file.Code, file.Header())
		}
		if get("/media/library/"+pic.ID+"/other.pdf").Code != 404 || get("/media/library/nope/640.jpg").Code != 404 {
			t.Error("a file the item has not is served")
		}

		// Edited: the editor's language's alt text stays required.
		r = editor.B.Do("PUT", "/media/"+pic.ID, map[string]any{"title": "Dubai", "alt": map[string]string{"en": "", "ar": "مكتب دبي"}, "focalX": 0.3, "focalY": 0.6})
		admintest.Expect(t, "an edit without English alt text", r, http.StatusBadRequest)
		r = editor.B.Do("PUT", "/media/"+pic.ID, map[string]any{"title": "Dubai", "alt": map[string]string{"en": "Dubai office", "ar": "مكتب دبي"}, "focalX": 1.5, "focalY": 0.6})
		admintest.Expect(t, "a focal point outside", r, http.StatusBadRequest)
		r = editor.B.Do("PUT", "/media/"+pic.ID, map[string]any{"title": "Dubai", "alt": map[string]string{"en": "Dubai office", "ar": "مكتب دبي"}, "focalX": 0.3, "focalY": 0.6, "tags": []string{"city"}})
		admintest.Expect(t, "an edit", r, http.StatusOK)

		// Deletion waits until no page uses it.
		if err := st.SetMediaUsage(t.Context(), "settings:home", "Home page", []string{pic.ID}); err != nil {
			t.Fatal(err)
		}
		r = editor.B.Do("DELETE", "/media/"+pic.ID, nil)
		admintest.Expect(t, "deleting a used picture", r, http.StatusConflict)
		if !strings.Contains(r.Env.Message, "Home page") {
			t.Errorf("refusal says %q", r.Env.Message)
		}
		var shown item
		editor.B.Do("GET", "/media/"+pic.ID, nil).Data(t, &shown)
		if len(shown.UsedOn) != 1 || shown.UsedOn[0].Label != "Home page" {
			t.Errorf("used on %+v", shown.UsedOn)
		}
		_ = st.SetMediaUsage(t.Context(), "settings:home", "Home page", nil)
		admintest.Expect(t, "deleting it now", editor.B.Do("DELETE", "/media/"+pic.ID, nil), http.StatusOK)
		if get(pic.URL).Code != 404 {
			t.Error("a deleted picture is still served")
		}
	})
}

func mapValues(m map[string]string) []string {
	out := []string{}
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
