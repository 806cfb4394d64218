package testenv

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Envelope is the JSON API's answer as a client reads it.
type Envelope struct {
	IsSuccess bool              `json:"isSuccess"`
	Data      json.RawMessage   `json:"data"`
	Message   string            `json:"message"`
	Errors    map[string]string `json:"errors"`
}

// Decode reads the envelope's data into into, failing the test when it does not fit.
func (e Envelope) Decode(t testing.TB, into any) {
	t.Helper()
	if err := json.Unmarshal(e.Data, into); err != nil {
		t.Fatalf("data %s: %v", e.Data, err)
	}
}

// Answer is a response as a browser sees it.
type Answer struct {
	Status   int
	Header   http.Header
	Body     []byte
	Envelope Envelope // decoded when the answer is JSON
}

// Serve has h answer req as it would a browser at ip holding cookies:
// the request comes from that address with those cookies, and the cookies
// the answer sets are kept in cookies, those it expires dropped. A JSON
// answer that is not the API's envelope fails the test.
func Serve(t testing.TB, h http.Handler, req *http.Request, ip string, cookies map[string]*http.Cookie) Answer {
	t.Helper()
	req.RemoteAddr = ip + ":40000"
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	a := Answer{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	for _, c := range rec.Result().Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(cookies, c.Name)
		} else {
			cookies[c.Name] = c
		}
	}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(a.Body, &a.Envelope); err != nil {
			t.Fatalf("%s %s: answer is not the envelope: %s", req.Method, req.URL, a.Body)
		}
	}
	return a
}
