package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/search"
)

// plainPages draws every page as a line of HTML.
type plainPages struct{}

func (plainPages) Render(_ context.Context, props any) (int, []byte, error) {
	return props.(render.Props).Status, []byte("<!doctype html><p>page</p>"), nil
}

func TestSearchRoute(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	st := testenv.SQLiteStore(t)
	if _, err := content.Seed(ctx, st); err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	cache := render.NewCache(render.CacheConfig{Renderer: plainPages{}, Store: st, Catalog: cat, Logger: quiet})
	svc := search.New(search.Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys("test")}, Counts: st, Logger: quiet})
	svc.Follow(cache)
	done := make(chan struct{})
	go func() { defer close(done); svc.Run(ctx) }()
	defer func() { cancel(); <-done }()
	srv := New(Config{DistDir: fakeDist(t), Logger: quiet, Search: svc}, cache, st)

	get := func(target string) (*httptest.ResponseRecorder, endpoint.Envelope) {
		t.Helper()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		var env endpoint.Envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s: %v: %s", target, err, rec.Body)
		}
		return rec, env
	}

	rec, env := get("/api/search?q=audit&lang=nl")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || env.Message == "" {
		t.Fatalf("while building: %d %+v", rec.Code, env)
	}
	if err := cache.RenderAll(ctx); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "search index built", svc.Ready)
	rec, env = get("/api/search?q=iso27001&lang=nl&type=standard")
	data, _ := env.Data.(map[string]any)
	if rec.Code != http.StatusOK || !env.IsSuccess || data["total"].(float64) == 0 || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("search: %d %+v", rec.Code, env)
	}
}
