package forms

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"noorvale.example/site/api/internal/testenv"
)

// FuzzFormBodies posts arbitrary bodies, as JSON or form-encoded, to every
// JSON form: the answer is never a server error.
func FuzzFormBodies(f *testing.F) {
	seeds := []struct {
		body string
		form bool
	}{
		{`{"name":"Layla","email":"l@example.com","subject":"x","message":"y","consent":true,"captcha":"solved"}`, false},
		{`{"services":"/services/cybersecurity-services/asv","consent":"yes"}`, false},
		{`{"services":[1,2],"consent":{"a":1}}`, false},
		{`{"name":null,"email":["x"],"preferredStart":"2027-02-30"}`, false},
		{`[]`, false},
		{`{"consent": 1e999}`, false},
		{"\xff\xfe{", false},
		{"name=Tom&email=tom%40example.com&services[]=%2Fabout-us&consent=on&captcha=solved&message=hi", true},
		{"name=%ZZ&&&=", true},
		{"subject=a%0D%0ABcc:%20x@example.com&name=a&email=a@b.co&message=m&consent=1&captcha=solved", true},
	}
	for _, s := range seeds {
		f.Add(s.body, s.form)
	}
	h := newHarness(f, testenv.SQLiteStore(f))
	paths := []string{"/api/forms/proposal", "/api/forms/inquiry", "/api/forms/contact/london",
		"/api/forms/webinar/dora-one-year-on", "/api/forms/publication/pci-dss-scoping-guide"}
	f.Fuzz(func(t *testing.T, body string, form bool) {
		h.t = t
		for _, path := range paths {
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader([]byte(body)))
			if form {
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			} else {
				req.Header.Set("Content-Type", "application/json")
			}
			req.RemoteAddr = "192.0.2.50:1234"
			rec := httptest.NewRecorder()
			h.echo.ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Fatalf("%s answered %d to %q: %s", path, rec.Code, body, rec.Body.String())
			}
		}
	})
}

// FuzzApplicationBodies posts arbitrary multipart bodies to the
// application form: never a server error, never a panic.
func FuzzApplicationBodies(f *testing.F) {
	valid, ct := multipartBody(f, validApplication(), "cv.pdf", smallPDF())
	_, boundary, _ := bytes.Cut([]byte(ct), []byte("boundary="))
	f.Add(valid.Bytes(), string(boundary))
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"cv\"; filename=\"x.docx\"\r\n\r\nPK\x03\x04junk\r\n--b--\r\n"), "b")
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n"), "b")
	f.Add([]byte(""), "")
	f.Add([]byte("--\"\r\n"), "\"")
	h := newHarness(f, testenv.SQLiteStore(f))
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		h.t = t
		req := httptest.NewRequest(http.MethodPost, "/api/forms/application/senior-penetration-tester", bytes.NewReader(body))
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		req.RemoteAddr = "192.0.2.51:1234"
		rec := httptest.NewRecorder()
		h.echo.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("answered %d: %s", rec.Code, rec.Body.String())
		}
	})
}

// FuzzInspectCV never panics, whatever the file.
func FuzzInspectCV(f *testing.F) {
	f.Add(smallPDF())
	f.Add(smallDOCX(f))
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte("%PDF-%%EOF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = inspectCV(data)
	})
}
