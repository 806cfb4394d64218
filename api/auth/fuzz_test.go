package auth

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"noorvale.example/site/api/internal/testenv"
)

func fuzzTarget(f *testing.F, method, path string, seeds ...string) {
	f.Helper()
	for _, s := range seeds {
		f.Add("application/json", []byte(s))
	}
	f.Add("application/x-www-form-urlencoded", []byte("email=a%40example.com&password=x&code=123456"))
	f.Add("multipart/form-data; boundary=b", []byte("--b\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nx@example.com\r\n--b--\r\n"))
	f.Add("text/plain", []byte("\x00\xff"))
	// One database for the whole run: fuzzing only checks that no input
	// makes a handler fail with a 5xx.
	e := newEnv(f, testenv.SQLiteStore(f), func(c *Config) { c.Limits = Limits{Strict: 1 << 30, Standard: 1 << 30} })
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		req := httptest.NewRequest(method, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		e.echo.ServeHTTP(rec, req)
		if rec.Code >= 500 || rec.Code == 0 {
			t.Fatalf("%s %s with %q: status %d: %s", method, path, body, rec.Code, rec.Body)
		}
		if rec.Code != http.StatusOK && !bytes.Contains(rec.Body.Bytes(), []byte(`"isSuccess":false`)) {
			t.Fatalf("failure outside the envelope: %s", rec.Body)
		}
	})
}

func FuzzDecodeRegister(f *testing.F) {
	fuzzTarget(f, "POST", "/api/Website/Register",
		`{"firstName":"Omar","lastName":"Saleh","email":"o@example.com","phoneNumber":"+971 50 123 4567","password":"velvet orbit kettle","confirmPassword":"velvet orbit kettle","captcha":"solved"}`,
		`{"firstName":null,"email":["x"]}`, `{}`)
}

func FuzzDecodeLogin(f *testing.F) {
	fuzzTarget(f, "POST", "/api/Website/Login",
		`{"email":"o@example.com","password":"velvet orbit kettle","rememberMe":true,"captcha":null}`,
		`{"email":"o@example.com","password":"x","rememberMe":"on"}`, `{"rememberMe":{}}`)
}

func FuzzDecodeForgetPassword(f *testing.F) {
	fuzzTarget(f, "POST", "/api/ApplicationUser/ForgetPassword", `{"email":"o@example.com","captcha":"solved"}`)
}

func FuzzDecodeVerifyCode(f *testing.F) {
	fuzzTarget(f, "POST", "/api/ApplicationUser/VerifyCode", `{"email":"o@example.com","code":"123456"}`, `{"code":123456}`)
}

func FuzzDecodeResetPassword(f *testing.F) {
	fuzzTarget(f, "POST", "/api/ApplicationUser/ResetPassword",
		`{"email":"o@example.com","token":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","newPassword":"velvet orbit kettle","confirmPassword":"velvet orbit kettle"}`)
}
