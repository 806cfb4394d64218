package render_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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

func TestRenderForUser(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		if _, err := content.SeedFrom(context.Background(), s, testenv.SeedTree(t, testenv.SampleContent())); err != nil {
			t.Fatal(err)
		}
		cat, err := content.Load()
		if err != nil {
			t.Fatal(err)
		}
		rec := &recordingRenderer{}
		cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: rec, Store: s, Catalog: cat, BaseURL: "http://localhost:8080",
			Captcha: content.Captcha{Provider: "turnstile", SiteKey: "0x4AAA-public"}})
		ctx := context.Background()
		if err := cache.RenderAll(ctx); err != nil {
			t.Fatal(err)
		}
		if cache.Page("/account") != nil || cache.Page("/ar/account") != nil {
			t.Fatal("the account page was pre-rendered")
		}
		if cache.Page("/auth/register") == nil || cache.Page("/fr/auth/confirm-email") == nil {
			t.Fatal("the public account pages were not pre-rendered")
		}
		if got := rec.last().Site.Captcha; got != (content.Captcha{Provider: "turnstile", SiteKey: "0x4AAA-public"}) {
			t.Fatalf("site.captcha %+v", got)
		}
		public := cache.Page("/nl/about-us")
		before := cache.Len()

		user := &render.User{FirstName: "Layla", LastName: "Haddad", FullName: "Layla Haddad", Email: "layla@example.com"}
		e, err := cache.RenderForUser(ctx, cat.Page("/about-us"), locale.Nl, user)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Private || e.Status != 200 || !bytes.Contains(e.Identity().Body, []byte(`"fullName":"Layla Haddad"`)) {
			t.Fatalf("private entry %+v", e)
		}
		if p := rec.last(); p.User != user || p.Locale != locale.Nl || p.Site.Captcha.Provider != "turnstile" {
			t.Fatalf("props %+v", p)
		}
		if e.Matches(`""`) || e.Matches("*") {
			t.Fatal("a private entry answers If-None-Match")
		}
		if cache.Page("/nl/about-us") != public || cache.Len() != before || bytes.Contains(public.Identity().Body, []byte("Layla")) {
			t.Fatal("the visitor's render reached the cache")
		}

		account, err := cache.RenderForUser(ctx, cat.Page("/account"), locale.Ar, user)
		if err != nil || account.Status != 200 || cache.Page("/ar/account") != nil {
			t.Fatalf("account page: %v, cached %v", err, cache.Page("/ar/account") != nil)
		}
		if _, err := cache.RenderPage(ctx, cat.Page("/account"), locale.En); err == nil || cache.Page("/account") != nil {
			t.Fatal("RenderPage cached the account page")
		}
		nf, err := cache.RenderForUser(ctx, cat.NotFound(), locale.Fr, user)
		if err != nil || nf.Status != 404 {
			t.Fatalf("not-found page for a user: %v %+v", err, nf)
		}
		if _, err := cache.RenderForUser(ctx, cat.Page("/about-us"), locale.En, nil); err == nil {
			t.Fatal("rendered for a nil user")
		}
	})
}

func TestRenderForUserRendererDown(t *testing.T) {
	s := seededStore(t)
	cat, _ := content.Load()
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: brokenRenderer{}, Store: s, Catalog: cat})
	_, err := cache.RenderForUser(context.Background(), cat.Page("/about-us"), locale.En, &render.User{FullName: "A B"})
	if !errors.Is(err, render.ErrUnavailable) {
		t.Fatalf("err %v, want ErrUnavailable", err)
	}
}
