package render_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// recordingRenderer writes the props it was given as the document and
// remembers them.
type recordingRenderer struct {
	mu    sync.Mutex
	props []render.Props
}

func (r *recordingRenderer) Render(_ context.Context, props any) (int, []byte, error) {
	p, ok := props.(render.Props)
	if !ok {
		return 0, nil, fmt.Errorf("props of type %T", props)
	}
	r.mu.Lock()
	r.props = append(r.props, p)
	r.mu.Unlock()
	data, err := json.Marshal(p)
	if err != nil {
		return 0, nil, err
	}
	return p.Status, append([]byte("<!doctype html>"), data...), nil
}

func (r *recordingRenderer) last() render.Props {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.props[len(r.props)-1]
}

// Pages only a signed-in visitor may open are cached like every other page,
// one document for every visitor, but apart from the public ones: the
// server looks at the session before it serves them.
func TestGatedPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		cat := seedSample(t, s)
		rec := &recordingRenderer{}
		cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: rec, Store: s, Documents: s, Catalog: cat, BaseURL: "http://localhost:8080",
			Captcha: content.Captcha{Provider: "turnstile", SiteKey: "0x4AAA-public"}})
		ctx := context.Background()
		if err := cache.RenderAll(ctx); err != nil {
			t.Fatal(err)
		}
		for _, l := range locale.All {
			path := locale.Path(l, "/account")
			if cache.Page(path) != nil {
				t.Fatalf("%s is among the public pages", path)
			}
			e := cache.Gated(path)
			if e == nil || e.Status != 200 || !bytes.Contains(e.Identity().Body, []byte(`"kind":"account"`)) {
				t.Fatalf("%s not cached as a gated page: %+v", path, e)
			}
			if cache.Gated(locale.Path(l, "/about-us")) != nil {
				t.Fatal("a public page is gated")
			}
		}
		if cache.Page("/auth/register") == nil || cache.Page("/fr/auth/confirm-email") == nil {
			t.Fatal("the public account pages were not pre-rendered")
		}
		if got := rec.last().Site.Captcha; got != (content.Captcha{Provider: "turnstile", SiteKey: "0x4AAA-public"}) {
			t.Fatalf("site.captcha %+v", got)
		}

		// A new process of the same build loads them from the store.
		next := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: brokenRenderer{}, Store: s, Documents: s, Catalog: cat, BaseURL: "http://localhost:8080",
			Captcha: content.Captcha{Provider: "turnstile", SiteKey: "0x4AAA-public"}})
		if ok, err := next.Preload(ctx); err != nil || !ok {
			t.Fatalf("preload: %v %v", ok, err)
		}
		if e := next.Gated("/ar/account"); e == nil || e.Hash != cache.Gated("/ar/account").Hash {
			t.Fatal("the gated page was not loaded from the store")
		}
	})
}

// A gated page that is not cached yet is rendered on demand and cached as gated.
func TestGatedPageRenderedOnDemand(t *testing.T) {
	s := seededStore(t)
	cat, _ := content.Load()
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: &recordingRenderer{}, Store: s, Catalog: cat})
	e, err := cache.RenderPage(context.Background(), cat.Page("/account"), locale.Nl)
	if err != nil || e.Status != 200 {
		t.Fatalf("render: %v", err)
	}
	if cache.Gated("/nl/account") != e || cache.Page("/nl/account") != nil {
		t.Fatal("the account page was not cached as gated")
	}
}
