package server

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
)

// A request whose database call finds the database write-locked by another
// process is answered 503 with Retry-After, in the API's envelope and the
// visitor's language, or with the 503 page elsewhere; never a 500.
func TestDatabaseUnavailableAnswers503(t *testing.T) {
	srv, _ := benchPageWith(t, nil)
	st, release := testenv.WriteLockedSQLite(t)
	count := func(c echo.Context) error {
		_, err := st.Hit(c.Request().Context(), "probe", time.Now(), time.Minute)
		if err != nil {
			return err
		}
		return c.NoContent(http.StatusNoContent)
	}
	srv.echo.POST("/api/count", count)
	srv.echo.POST("/count", count)

	for _, l := range locale.All {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/count", nil)
		req.Header.Set("Accept-Language", string(l))
		srv.ServeHTTP(rec, req)
		var env endpoint.Envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s: %v: %s", l, err, rec.Body)
		}
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" || env.IsSuccess ||
			env.Message != endpoint.For(l).Unavailable {
			t.Fatalf("%s: %d Retry-After %q %+v", l, rec.Code, rec.Header().Get("Retry-After"), env)
		}
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/count", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" ||
		!strings.Contains(rec.Body.String(), locale.For(locale.En).Site.UnavailableTitle) {
		t.Fatalf("page address: %d Retry-After %q %.300s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}

	// Released, the same request works: nothing stays broken.
	release()
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/count", nil))
	if rec.Code != http.StatusNoContent {
		t.Fatalf("after the lock was released: %d %s", rec.Code, rec.Body)
	}
}

// Once told to stop, the server answers /readyz 503 while it still accepts
// requests, and every answer, pages included, closes its connection.
func TestStoppingServerDrains(t *testing.T) {
	srv, html := benchPageWith(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	// The delay outlasts the test, which ends by closing the listener.
	go func() { served <- srv.Serve(ctx, ln, time.Hour, time.Second) }()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Timeout: 10 * time.Second}
	get := func(path string) *http.Response {
		t.Helper()
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		readBody(t, res)
		return res
	}
	const page = "/services/cybersecurity-services/penetration-testing"
	if res := get("/readyz"); res.StatusCode != http.StatusOK || res.Close {
		t.Fatalf("before stopping: /readyz %d, Connection: close %v", res.StatusCode, res.Close)
	}
	if res := get(page); res.StatusCode != http.StatusOK || res.Close {
		t.Fatalf("before stopping: page %d, Connection: close %v", res.StatusCode, res.Close)
	}

	stop()
	for get("/readyz").StatusCode == http.StatusOK {
		// The server notices the stop in its own goroutine.
	}
	res := get("/readyz")
	if res.StatusCode != http.StatusServiceUnavailable || !res.Close {
		t.Fatalf("stopping: /readyz %d, Connection: close %v", res.StatusCode, res.Close)
	}
	res, err = client.Get(base + page)
	if err != nil {
		t.Fatal(err)
	}
	if body := readBody(t, res); res.StatusCode != http.StatusOK || !res.Close || len(body) != len(html) {
		t.Fatalf("stopping: page %d, Connection: close %v, %d bytes", res.StatusCode, res.Close, len(body))
	}
	_ = ln.Close()
	<-served
}

func readBody(t *testing.T, res *http.Response) []byte {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
