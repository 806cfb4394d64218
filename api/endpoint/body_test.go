package endpoint

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
)

type sample struct {
	Email    string `json:"email"`
	Remember Bool   `json:"rememberMe"`
	Services List   `json:"services"`
}

// serve runs a route that accepts kinds and decodes into a sample.
func serve(t *testing.T, kinds []Body, contentType string, body string) (*httptest.ResponseRecorder, sample) {
	t.Helper()
	e := echo.New()
	var got sample
	e.POST("/", func(c echo.Context) error {
		if err := Decode(c, &got); err != nil {
			return RefuseBody(c, err)
		}
		return OK(c, nil, "")
	}, Accepts(kinds...))
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec, got
}

func multipartBody(t *testing.T, fields map[string]string) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), buf.String()
}

func TestDecodeReadsEveryDeclaredBody(t *testing.T) {
	all := []Body{JSON, Form, Multipart}
	mpType, mpBody := multipartBody(t, map[string]string{"email": "a@b.example", "rememberMe": "on", "services[]": "/x"})
	for _, tc := range []struct {
		name, contentType, body string
		services                int
	}{
		{"json", "application/json; charset=utf-8", `{"email":"a@b.example","rememberMe":"on","services":"/x","extra":1}`, 1},
		{"urlencoded", "application/x-www-form-urlencoded", "email=a%40b.example&rememberMe=true&services[]=/x&services[]=/y", 2},
		{"multipart", mpType, mpBody, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, got := serve(t, all, tc.contentType, tc.body)
			if rec.Code != 200 || got.Email != "a@b.example" || !got.Remember || len(got.Services) != tc.services {
				t.Fatalf("%d %s: %+v", rec.Code, rec.Body, got)
			}
		})
	}
}

func TestUndeclaredBodiesAre415(t *testing.T) {
	mpType, mpBody := multipartBody(t, map[string]string{"email": "a@b.example"})
	for _, tc := range []struct {
		name        string
		kinds       []Body
		contentType string
		body        string
	}{
		{"text/plain to JSON", []Body{JSON, Form}, "text/plain", `{"email":"a@b.example"}`},
		{"no type with a body", []Body{JSON, Form}, "", `{"email":"a@b.example"}`},
		{"xml", []Body{JSON, Form}, "application/xml", `<email/>`},
		{"multipart where not declared", []Body{JSON, Form}, mpType, mpBody},
		{"json to a multipart route", []Body{Multipart}, "application/json", `{}`},
		{"a malformed type", []Body{JSON}, "application/json; =", `{}`},
		{"nothing declared", nil, "application/json", `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, got := serve(t, tc.kinds, tc.contentType, tc.body)
			var env Envelope
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
				t.Fatal(err)
			}
			if rec.Code != http.StatusUnsupportedMediaType || env.IsSuccess || env.Message != For(locale.En).UnsupportedBody || got.Email != "" {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	if rec, _ := serve(t, []Body{JSON}, "", ""); rec.Code != 200 {
		t.Fatalf("a request without a body: %d %s", rec.Code, rec.Body)
	}
}

func TestDecodeRefusesBadAndLargeBodies(t *testing.T) {
	json := []Body{JSON}
	if rec, _ := serve(t, json, "application/json", `{"email":`); rec.Code != http.StatusBadRequest {
		t.Fatalf("broken JSON: %d", rec.Code)
	}
	big := `{"email":"` + strings.Repeat("x", MaxBytes) + `"}`
	if rec, _ := serve(t, json, "application/json", big); rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("oversized body: %d", rec.Code)
	}
	if rec, got := serve(t, json, "application/json", "  "); rec.Code != 200 || got.Email != "" {
		t.Fatalf("empty body: %d %+v", rec.Code, got)
	}
}

func TestClientKey(t *testing.T) {
	for _, tc := range []struct{ ip, want string }{
		{"198.51.100.7", "198.51.100.7"},
		{"::ffff:198.51.100.7", "198.51.100.7"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		{"not an address", "not an address"},
	} {
		if got := ClientKey(tc.ip); got != tc.want {
			t.Errorf("ClientKey(%q) = %q, want %q", tc.ip, got, tc.want)
		}
	}
}
