package apibody

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

type sample struct {
	Email    string `json:"email"`
	Remember Bool   `json:"rememberMe"`
	Services List   `json:"services"`
}

func decodeBody(t *testing.T, contentType, body string) (sample, error) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	var got sample
	err := Decode(echo.New().NewContext(req, httptest.NewRecorder()), &got)
	return got, err
}

func TestDecodeReadsJSONAndForms(t *testing.T) {
	fromJSON, err := decodeBody(t, "application/json", `{"email":"a@b.example","rememberMe":"on","services":"/x","extra":1}`)
	if err != nil || fromJSON.Email != "a@b.example" || !fromJSON.Remember || len(fromJSON.Services) != 1 {
		t.Fatalf("JSON: %+v %v", fromJSON, err)
	}
	fromForm, err := decodeBody(t, "application/x-www-form-urlencoded", "email=a%40b.example&rememberMe=true&services[]=/x&services[]=/y")
	if err != nil || fromForm.Email != "a@b.example" || !fromForm.Remember || len(fromForm.Services) != 2 {
		t.Fatalf("form: %+v %v", fromForm, err)
	}
}

func TestDecodeRefusesBadAndLargeBodies(t *testing.T) {
	if _, err := decodeBody(t, "application/json", `{"email":`); err != ErrUnreadable {
		t.Fatalf("broken JSON: %v", err)
	}
	big := `{"email":"` + strings.Repeat("x", MaxBytes) + `"}`
	if _, err := decodeBody(t, "application/json", big); err != ErrTooLarge {
		t.Fatalf("oversized body: %v", err)
	}
	if got, err := decodeBody(t, "application/json", "  "); err != nil || got.Email != "" {
		t.Fatalf("empty body: %+v %v", got, err)
	}
}
