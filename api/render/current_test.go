package render_test

import (
	"context"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/render"
)

// pageRenderer draws every page as a line of HTML.
type pageRenderer struct{}

func (pageRenderer) Render(_ context.Context, props any) (int, []byte, error) {
	return props.(render.Props).Status, []byte("<!doctype html><p>page</p>"), nil
}

func TestOnCurrent(t *testing.T) {
	s := seededStore(t)
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: pageRenderer{}, Store: s, Catalog: smallCatalog(t)})
	var before []*content.Catalog
	cache.OnCurrent(func(c *content.Catalog) { before = append(before, c) })
	if len(before) != 0 {
		t.Fatal("told of a catalogue before any pass")
	}
	for pass := 1; pass <= 2; pass++ {
		if err := cache.RenderAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(before) != pass || before[pass-1] != cache.Catalog() {
			t.Fatalf("after pass %d told of %d catalogues", pass, len(before))
		}
	}
	var after []*content.Catalog
	cache.OnCurrent(func(c *content.Catalog) { after = append(after, c) })
	if len(after) != 1 || after[0] != cache.Catalog() {
		t.Fatalf("a listener added after a pass was told of %d catalogues", len(after))
	}
}
