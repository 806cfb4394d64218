package endpoint

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
)

// subscription is a body that checks itself.
type subscription struct {
	Email string `json:"email"`
}

func (s *subscription) Check(v *Checker) { s.Email = v.Email("email", s.Email) }

// bound is what a handler behind Bind saw and answered.
type bound struct {
	rec *httptest.ResponseRecorder
	err error // what Bind returned
	env Envelope
}

// serveBind runs a JSON route whose handler opens with open, and posts
// body to it with the Accept-Language lang.
func serveBind(t *testing.T, open func(echo.Context) error, lang, contentType, body string) bound {
	t.Helper()
	e := echo.New()
	var got bound
	e.POST("/", func(c echo.Context) error {
		got.err = open(c)
		if got.err != nil {
			return got.err
		}
		return OK(c, nil, "")
	}, Accepts(JSON))
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept-Language", lang)
	got.rec = httptest.NewRecorder()
	e.ServeHTTP(got.rec, req)
	if err := json.Unmarshal(got.rec.Body.Bytes(), &got.env); err != nil {
		t.Fatalf("%v: %q", err, got.rec.Body)
	}
	return got
}

// errRefused stops a handler that answered with RefuseBody.
var errRefused = errors.New("refused")

// A body Bind cannot take is answered exactly as RefuseBody answers it,
// once, and the handler learns only that the request was answered.
func TestBindRefusesAsRefuseBody(t *testing.T) {
	big := `{"email":"` + strings.Repeat("x", MaxBytes) + `"}`
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
	}{
		{"broken JSON", "application/json", `{"email":`, http.StatusBadRequest},
		{"a field of the wrong type", "application/json", `{"email":3}`, http.StatusBadRequest},
		{"too large", "application/json", big, http.StatusRequestEntityTooLarge},
		{"a form to a JSON route", "application/x-www-form-urlencoded", "email=a%40b.example", http.StatusUnsupportedMediaType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := serveBind(t, func(c echo.Context) error {
				_, err := Bind[subscription](c)
				return err
			}, "fr", tc.contentType, tc.body)
			want := serveBind(t, func(c echo.Context) error {
				var s subscription
				if err := Decode(c, &s); err != nil {
					_ = RefuseBody(c, err)
					return errRefused
				}
				return nil
			}, "fr", tc.contentType, tc.body)
			if got.rec.Code != tc.status || got.rec.Body.String() != want.rec.Body.String() || got.rec.Code != want.rec.Code {
				t.Fatalf("Bind answered %d %s; RefuseBody %d %s", got.rec.Code, got.rec.Body, want.rec.Code, want.rec.Body)
			}
			for _, h := range []string{"Content-Type", "Cache-Control", "Content-Disposition"} {
				if got.rec.Header().Get(h) != want.rec.Header().Get(h) {
					t.Errorf("%s: %q, want %q", h, got.rec.Header().Get(h), want.rec.Header().Get(h))
				}
			}
			// A route without Accepts refuses the body in the
			// middleware, before any handler runs.
			if tc.status != http.StatusUnsupportedMediaType && !errors.Is(got.err, ErrAnswered) {
				t.Fatalf("Bind returned %v, want ErrAnswered", got.err)
			}
		})
	}
}

// A body whose fields fail their checks is answered 400 with a message per
// field in the visitor's language, or in the language BindIn was given.
func TestBindAnswersFailedChecks(t *testing.T) {
	got := serveBind(t, func(c echo.Context) error {
		_, err := Bind[subscription](c)
		return err
	}, "fr", "application/json", `{"email":"not an address"}`)
	fr := For(locale.Fr)
	if got.rec.Code != http.StatusBadRequest || !errors.Is(got.err, ErrAnswered) ||
		got.env.Message != fr.FixFields || got.env.Errors["email"] != fr.EmailInvalid {
		t.Fatalf("%d %v %s", got.rec.Code, got.err, got.rec.Body)
	}

	got = serveBind(t, func(c echo.Context) error {
		_, err := BindIn[subscription](c, For(locale.En))
		return err
	}, "fr", "application/json", `{"email":""}`)
	if got.rec.Code != http.StatusBadRequest || got.env.Errors["email"] != For(locale.En).Required {
		t.Fatalf("%d %s", got.rec.Code, got.rec.Body)
	}
}

// A body that passes reaches the handler checked: the address trimmed and
// in lower case. A request without a body passes with the zero value.
func TestBindReturnsTheCheckedBody(t *testing.T) {
	var seen subscription
	open := func(c echo.Context) error {
		var err error
		seen, err = Bind[subscription](c)
		return err
	}
	got := serveBind(t, open, "en", "application/json", `{"email":"  Someone@Example.COM "}`)
	if got.rec.Code != http.StatusOK || got.err != nil || seen.Email != "someone@example.com" {
		t.Fatalf("%d %v %+v %s", got.rec.Code, got.err, seen, got.rec.Body)
	}

	type plain struct {
		Note string `json:"note"`
	}
	var note plain
	got = serveBind(t, func(c echo.Context) error {
		var err error
		note, err = Bind[plain](c)
		return err
	}, "en", "application/json", `{"note":" as typed "}`)
	if got.rec.Code != http.StatusOK || note.Note != " as typed " {
		t.Fatalf("a body without checks: %d %+v", got.rec.Code, note)
	}
}
