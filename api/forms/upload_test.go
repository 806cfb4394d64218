package forms

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// smallPDF is a minimal, well-formed PDF.
func smallPDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
		"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
}

// zipOf builds a zip archive of entries, in order.
func zipOf(t testing.TB, entries ...zipEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type zipEntry struct {
	name string
	data []byte
}

// smallDOCX is a minimal Word document.
func smallDOCX(t testing.TB) []byte {
	return zipOf(t,
		zipEntry{"[Content_Types].xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`)},
		zipEntry{"_rels/.rels", []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`)},
		zipEntry{"word/document.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Huda Mansour, penetration tester</w:t></w:r></w:p></w:body></w:document>`)},
	)
}

func TestInspectCV(t *testing.T) {
	docx := smallDOCX(t)
	bomb := zipOf(t,
		zipEntry{"[Content_Types].xml", []byte("<Types/>")},
		zipEntry{"word/document.xml", make([]byte, 20<<20)}, // 20 MB of zeros: about 20 KB packed
	)
	tooMuch := []zipEntry{{"[Content_Types].xml", []byte("<Types/>")}, {"word/document.xml", []byte("<w:document/>")}}
	for i := range 6 {
		// 6 × 9 MB of random-looking text stays under the ratio but not under 50 MB.
		tooMuch = append(tooMuch, zipEntry{"word/media/part" + string(rune('a'+i)) + ".bin", bytes.Repeat([]byte("0123456789abcdefghij"), 9<<20/20)})
	}
	var many []zipEntry
	many = append(many, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"word/document.xml", []byte("<w:document/>")})
	for i := range maxDocxEntries {
		many = append(many, zipEntry{"word/x" + strings.Repeat("y", i%7) + string(rune('a'+i%26)) + "/" + string(rune('a'+i/26%26)) + ".xml", []byte("x")})
	}
	tests := []struct {
		name string
		data []byte
		want cvFormat
		ok   bool
	}{
		{"small PDF", smallPDF(), cvPDF, true},
		{"small DOCX", docx, cvDOCX, true},
		{"renamed executable", append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 4096)...), cvFormat{}, false},
		{"HTML called cv.pdf", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), cvFormat{}, false},
		{"PDF header without an end", []byte("%PDF-1.7\n" + strings.Repeat("x", 4096)), cvFormat{}, false},
		{"zip bomb disguised as DOCX", bomb, cvFormat{}, false},
		{"DOCX unpacking to more than 50 MB", zipOf(t, tooMuch...), cvFormat{}, false},
		{"DOCX with too many entries", zipOf(t, many...), cvFormat{}, false},
		{"zip without a Word document", zipOf(t, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"xl/workbook.xml", []byte("<w/>")}), cvFormat{}, false},
		{"DOCX with a path outside the archive", zipOf(t, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"word/document.xml", []byte("<w/>")}, zipEntry{"../../etc/cron.d/x", []byte("x")}), cvFormat{}, false},
		{"DOCX with an absolute path", zipOf(t, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"word/document.xml", []byte("<w/>")}, zipEntry{"/etc/passwd", []byte("x")}), cvFormat{}, false},
		{"DOCX with macros", zipOf(t, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"word/document.xml", []byte("<w/>")}, zipEntry{"word/vbaProject.bin", []byte("x")}), cvFormat{}, false},
		{"truncated zip", docx[:len(docx)/2], cvFormat{}, false},
		{"empty", nil, cvFormat{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := inspectCV(tc.data)
			if (err == nil) != tc.ok || got != tc.want {
				t.Fatalf("inspectCV = %v, %v; want %v, ok %v", got, err, tc.want, tc.ok)
			}
		})
	}
}

func TestApplicationUploads(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		const path = "/api/forms/application/senior-penetration-tester"
		en, nl := locale.For(locale.En), locale.For(locale.Nl)
		bomb := zipOf(t, zipEntry{"[Content_Types].xml", []byte("<Types/>")}, zipEntry{"word/document.xml", make([]byte, 20<<20)})
		refused := []struct {
			name, fileName string
			file           []byte
			lang           string
			wantErr        string
		}{
			{"renamed executable", "cv.pdf", append([]byte("MZ\x90\x00"), make([]byte, 2048)...), "", en.Forms.CVType},
			{"HTML called cv.pdf", "cv.pdf", []byte("<html><body>hi</body></html>"), "nl", nl.Forms.CVType},
			{"zip bomb called cv.docx", "cv.docx", bomb, "", en.Forms.CVType},
			{"no file", "", nil, "", en.Forms.CVMissing},
		}
		for _, tc := range refused {
			t.Run(tc.name, func(t *testing.T) {
				res := h.postApplication(path+"?lang="+tc.lang, validApplication(), tc.fileName, tc.file, "")
				if res.status != http.StatusBadRequest || res.env.Errors["cv"] != tc.wantErr {
					t.Fatalf("status %d, errors %v; want 400 with cv %q", res.status, res.env.Errors, tc.wantErr)
				}
			})
		}

		t.Run("oversized by Content-Length", func(t *testing.T) {
			body, ct := multipartBody(t, validApplication(), "cv.pdf", smallPDF())
			req := httptest.NewRequest(http.MethodPost, path, body)
			req.Header.Set("Content-Type", ct)
			req.ContentLength = maxUpload + 1
			if res := h.do(req, ""); res.status != http.StatusRequestEntityTooLarge || res.env.Message != en.Forms.CVTooLarge {
				t.Fatalf("status %d %s", res.status, res.body)
			}
		})
		t.Run("oversized file without Content-Length", func(t *testing.T) {
			big := append(smallPDF(), make([]byte, maxCVBytes)...)
			body, ct := multipartBody(t, validApplication(), "cv.pdf", big)
			req := httptest.NewRequest(http.MethodPost, path, io.MultiReader(body)) // unknown length
			req.ContentLength = -1
			req.Header.Set("Content-Type", ct)
			if res := h.do(req, ""); res.status != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d %s", res.status, res.body)
			}
		})
		t.Run("invalid fields", func(t *testing.T) {
			fields := validApplication()
			fields["linkedin"] = "https://evil.example/in/huda"
			fields["coverLetter"] = ""
			res := h.postApplication(path, fields, "cv.pdf", smallPDF(), "")
			if res.status != 400 || res.env.Errors["linkedin"] != en.Forms.LinkedInInvalid || res.env.Errors["coverLetter"] != en.API.Required {
				t.Fatalf("status %d, errors %v", res.status, res.env.Errors)
			}
		})
		if subs := h.submissions(); len(subs) != 0 {
			t.Fatalf("%d submissions stored from refused uploads", len(subs))
		}

		accepted := []struct {
			name, fileName, ext string
			file                []byte
		}{
			{"small PDF", "../../Huda CV\r\n.pdf", ".pdf", smallPDF()},
			{"small DOCX", "Huda Mansour.docx", ".docx", smallDOCX(t)},
		}
		for i, tc := range accepted {
			t.Run(tc.name, func(t *testing.T) {
				res := h.postApplication(path, validApplication(), tc.fileName, tc.file, "")
				if res.status != 200 || res.env.Message != en.Forms.ApplicationDone {
					t.Fatalf("status %d %s", res.status, res.body)
				}
				subs := h.submissions()
				if len(subs) != i+1 {
					t.Fatalf("%d submissions", len(subs))
				}
				sub := subs[i]
				if sub.CVBlobKey == nil || !strings.HasPrefix(*sub.CVBlobKey, "cvs/") || !strings.HasSuffix(*sub.CVBlobKey, tc.ext) ||
					strings.Contains(strings.ToLower(*sub.CVBlobKey), "huda") {
					t.Fatalf("CV key %v", sub.CVBlobKey)
				}
				rc, ct, err := h.blobs.Get(context.Background(), *sub.CVBlobKey)
				if err != nil {
					t.Fatal(err)
				}
				stored, _ := io.ReadAll(rc)
				_ = rc.Close()
				if !bytes.Equal(stored, tc.file) || (tc.ext == ".pdf") != (ct == "application/pdf") {
					t.Fatalf("stored %d bytes as %s", len(stored), ct)
				}
				var data map[string]any
				_ = json.Unmarshal([]byte(sub.Data), &data)
				if name, _ := data["cvFileName"].(string); strings.ContainsAny(name, "/\r\n") || name == "" {
					t.Fatalf("file name kept as %q", name)
				}
			})
		}
		n := h.mail.all()
		var hr []mail.Message
		for _, m := range n {
			if m.To == "careers@noorvale.example" {
				hr = append(hr, m)
			}
		}
		if len(hr) != 2 || !strings.Contains(hr[0].Data["fields"], "is not attached to this e-mail") ||
			!strings.Contains(hr[0].Data["fields"], "server submissions export --kind application") {
			t.Fatalf("HR notifications %+v", hr)
		}
		if c := n[1]; c.To != "huda@example.com" || c.Kind != mail.KindFormConfirmApplication || c.Data["position"] != "Senior Penetration Tester" {
			t.Fatalf("confirmation %+v", c)
		}

		// After validThrough, the vacancy takes no more applications.
		h.clock.Set(time.Date(2027, 2, 1, 0, 0, 1, 0, time.UTC))
		if res := h.postApplication(path, validApplication(), "cv.pdf", smallPDF(), ""); res.status != 400 || res.env.Message != en.Forms.VacancyClosed {
			t.Fatalf("closed vacancy: %d %s", res.status, res.body)
		}
		if res := h.postApplication("/api/forms/application/no-such-job", validApplication(), "cv.pdf", smallPDF(), ""); res.status != 404 {
			t.Fatalf("unknown vacancy: %d", res.status)
		}
	})
}

func TestCleanFileName(t *testing.T) {
	tests := map[string]string{
		"cv.pdf":                 "cv.pdf",
		"../../etc/passwd":       "passwd",
		`C:\Users\huda\cv.docx`:  "cv.docx",
		"a\r\nb.pdf":             "a__b.pdf",
		"..":                     "cv",
		"":                       "cv",
		"سيرة ذاتية.pdf":         "سيرة ذاتية.pdf",
		"=cmd|' /C calc'!A0.pdf": "C calc'!A0.pdf",
		"=HYPERLINK(1).pdf":      "=HYPERLINK(1).pdf",
	}
	for in, want := range tests {
		if got := cleanFileName(in); got != want {
			t.Errorf("cleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSlowUpload sends an application's CV over a real connection more
// slowly than the server's read timeout allows an ordinary request: the CV
// still arrives, while an inquiry, or an application whose fields come as
// slowly, is cut off.
func TestSlowUpload(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	srv := httptest.NewUnstartedServer(h.echo)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)

	// trickle sends the first head bytes of body at once and the rest in
	// ten pieces over about a second.
	trickle := func(path, contentType string, body []byte, head int) (int, error) {
		pr, pw := io.Pipe()
		go func() {
			if _, err := pw.Write(body[:head]); err != nil {
				return
			}
			rest := body[head:]
			step := (len(rest) + 9) / 10
			for start := 0; start < len(rest); start += step {
				time.Sleep(100 * time.Millisecond) // a slow link, which is what is tested
				if _, err := pw.Write(rest[start:min(start+step, len(rest))]); err != nil {
					return
				}
			}
			pw.Close()
		}()
		req, err := http.NewRequest(http.MethodPost, srv.URL+path, pr)
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", contentType)
		res, err := srv.Client().Do(req)
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, res.Body)
		return res.StatusCode, nil
	}

	body, ct := multipartBody(t, validApplication(), "cv.pdf", smallPDF())
	// The fields come first, as the browser sends them; then the file, slowly.
	cvPart := bytes.Index(body.Bytes(), []byte(`name="cv"`))
	fileStart := cvPart + bytes.Index(body.Bytes()[cvPart:], []byte("\r\n\r\n")) + 4
	if status, err := trickle("/api/forms/application/senior-penetration-tester", ct, body.Bytes(), fileStart); err != nil || status != http.StatusOK {
		t.Fatalf("slow application: status %d, error %v", status, err)
	}
	if subs := h.submissions(); len(subs) != 1 || subs[0].Kind != KindApplication {
		t.Fatalf("stored %+v, want the one application", subs)
	}

	if status, err := trickle("/api/forms/application/senior-penetration-tester", ct, body.Bytes(), 0); err == nil && status == http.StatusOK {
		t.Fatal("an application whose fields came slowly was given the CV's time")
	}

	inquiry, _ := json.Marshal(validInquiry())
	if status, err := trickle("/api/forms/inquiry", "application/json", inquiry, 0); err == nil && status == http.StatusOK {
		t.Fatal("a slow inquiry was read past the server's read timeout: the test does not exercise the deadline")
	}
}

// fieldsThenFile splits an application body at the start of its CV's
// content: the fields and the CV part's header, then the file and the end.
func fieldsThenFile(t testing.TB, fields map[string]string) (head, rest []byte, contentType string) {
	t.Helper()
	body, ct := multipartBody(t, fields, "cv.pdf", smallPDF())
	b := body.Bytes()
	cvPart := bytes.Index(b, []byte(`name="cv"`))
	end := cvPart + bytes.Index(b[cvPart:], []byte("\r\n\r\n")) + 4
	return b[:end], b[end:], ct
}

// headOnly is a body that holds head and notes any read past it, which it
// fails.
type headOnly struct {
	head     []byte
	readPast bool
}

func (b *headOnly) Read(p []byte) (int, error) {
	if len(b.head) == 0 {
		b.readPast = true
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, b.head)
	b.head = b.head[n:]
	return n, nil
}

// TestApplicationFieldsJudgedBeforeTheCV: the fields come first and are
// judged before a byte of the CV is read; a CV before the consent and the
// captcha is refused; an application that passed the captcha counts against
// the hourly limit even when its CV then proves unusable.
func TestApplicationFieldsJudgedBeforeTheCV(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s, func(c *Config) { c.Limit = 1 })
		const path = "/api/forms/application/senior-penetration-tester"
		post := func(ip string, body io.Reader, ct string) result {
			req := httptest.NewRequest(http.MethodPost, path+"?lang=nl", body)
			req.Header.Set("Content-Type", ct)
			return h.do(req, ip)
		}

		// The CV's content is never read when the fields fail.
		for name, change := range map[string]map[string]string{
			"wrong captcha": {"captcha": "forged"},
			"no consent":    {"consent": "false"},
			"bad e-mail":    {"email": "not an address"},
		} {
			fields := validApplication()
			for k, v := range change {
				fields[k] = v
			}
			head, _, ct := fieldsThenFile(t, fields)
			body := &headOnly{head: head}
			res := post("198.51.100.20", body, ct)
			if res.status != http.StatusBadRequest || len(res.env.Errors) == 0 || body.readPast {
				t.Fatalf("%s: %d %s; read past the fields: %v", name, res.status, res.body, body.readPast)
			}
		}

		// A CV before the consent or the captcha.
		for _, missing := range []string{"consent", "captcha"} {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			fields := validApplication()
			delete(fields, missing)
			_ = mw.WriteField("name", fields["name"])
			fw, _ := mw.CreateFormFile("cv", "cv.pdf")
			_, _ = fw.Write(smallPDF())
			for k, v := range fields {
				_ = mw.WriteField(k, v)
			}
			_ = mw.WriteField(missing, validApplication()[missing])
			_ = mw.Close()
			res := post("198.51.100.20", &buf, mw.FormDataContentType())
			if res.status != http.StatusBadRequest || res.env.Message != locale.For(locale.Nl).Forms.CVBeforeFields {
				t.Fatalf("CV before %s: %d %s", missing, res.status, res.body)
			}
		}

		// Counted before the CV is read: an unusable CV used the one
		// application of the hour, and its answer says the captcha is spent.
		exe := append([]byte("MZ\x90\x00"), make([]byte, 2048)...)
		res := h.postApplication(path, validApplication(), "cv.pdf", exe, "198.51.100.20")
		if res.status != http.StatusBadRequest || res.env.Errors["cv"] != locale.For(locale.En).Forms.CVType || string(res.env.Data) != `{"captchaSpent":true}` {
			t.Fatalf("unusable CV: %d %s", res.status, res.body)
		}
		if res := h.postApplication(path, validApplication(), "cv.pdf", smallPDF(), "198.51.100.20"); res.status != http.StatusTooManyRequests {
			t.Fatalf("the next application: %d %s", res.status, res.body)
		}
		if subs := h.submissions(); len(subs) != 0 {
			t.Fatalf("%d submissions stored", len(subs))
		}
	})
}

// heldApplication is an application whose CV the client has not finished
// sending: its handler runs, past the checks, waiting for the rest.
type heldApplication struct {
	rest   []byte
	writer *io.PipeWriter
	done   chan result
}

// holdApplication sends an application's fields from ip and returns once
// the server has read them; the CV's content waits for finish.
func (h *harness) holdApplication(ip string) *heldApplication {
	h.t.Helper()
	head, rest, ct := fieldsThenFile(h.t, validApplication())
	pr, pw := io.Pipe()
	req := httptest.NewRequest(http.MethodPost, "/api/forms/application/senior-penetration-tester", pr)
	req.Header.Set("Content-Type", ct)
	req.RemoteAddr = ip + ":40000"
	held := &heldApplication{rest: rest, writer: pw, done: make(chan result, 1)}
	go func() {
		rec := httptest.NewRecorder()
		h.echo.ServeHTTP(rec, req)
		held.done <- result{status: rec.Code, body: rec.Body.Bytes()}
	}()
	// A pipe's write returns once the reader has taken every byte: the
	// handler has begun, and read the fields.
	if _, err := pw.Write(head); err != nil {
		h.t.Fatal(err)
	}
	return held
}

// finish sends the rest of the CV and returns the answer.
func (a *heldApplication) finish(t *testing.T) result {
	t.Helper()
	if _, err := a.writer.Write(a.rest); err != nil {
		t.Fatal(err)
	}
	_ = a.writer.Close()
	return <-a.done
}

// TestUploadsInFlight: one client sends at most two applications at once;
// a third waits its turn with 429, in its language, while other clients
// and later applications pass.
func TestUploadsInFlight(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	const ip, path = "198.51.100.30", "/api/forms/application/senior-penetration-tester"
	first, second := h.holdApplication(ip), h.holdApplication(ip)

	res := h.postApplication(path+"?lang=ar", validApplication(), "cv.pdf", smallPDF(), ip)
	if res.status != http.StatusTooManyRequests || res.env.Message != locale.For(locale.Ar).Forms.UploadsBusy || res.header.Get("Retry-After") == "" {
		t.Fatalf("a third application at once: %d %s", res.status, res.body)
	}
	// Another client's application passes.
	if res := h.postApplication(path, validApplication(), "cv.pdf", smallPDF(), "2001:db8:1:2::7"); res.status != 200 {
		t.Fatalf("another client: %d %s", res.status, res.body)
	}
	if res := first.finish(t); res.status != 200 {
		t.Fatalf("the first held application: %d %s", res.status, res.body)
	}
	if res := h.postApplication(path, validApplication(), "cv.pdf", smallPDF(), ip); res.status != 200 {
		t.Fatalf("once one finished: %d %s", res.status, res.body)
	}
	if res := second.finish(t); res.status != 200 {
		t.Fatalf("the second held application: %d %s", res.status, res.body)
	}
	if subs := h.submissions(); len(subs) != 4 {
		t.Fatalf("%d submissions, want 4", len(subs))
	}
}
