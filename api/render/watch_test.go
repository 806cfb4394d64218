package render_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/ssr"
)

// copyBuild copies what the renderer reads from dist into a fresh directory
// beside it: inside the repository, so the bundle still finds node_modules.
func copyBuild(t *testing.T) string {
	t.Helper()
	src := testenv.DistDir(t)
	dst, err := os.MkdirTemp(src, "watch-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dst) })
	// The renderer, the manifest, and the stylesheets it writes into pages.
	styles, err := filepath.Glob(filepath.Join(src, "client", "assets", "*.css"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"server/entry-server.js", "client/.vite/manifest.json"}
	for _, style := range styles {
		files = append(files, filepath.Join("client", "assets", filepath.Base(style)))
	}
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(src, rel))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, rel), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestWatchBuildShowsARebuild(t *testing.T) {
	dist := copyBuild(t)
	sup := testenv.StartRenderer(t, nil, func(c *ssr.SupervisorConfig) { c.DistDir = dist })
	cache := render.NewCache(render.CacheConfig{Logger: quiet, Renderer: sup, Store: seededStore(t), Catalog: smallCatalog(t), BaseURL: "http://localhost:8080"})
	if err := cache.RenderAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(cache.Page("/about-us").Identity().Body, []byte(">About Us<")) {
		t.Fatal("the About Us heading is not on the page before the rebuild")
	}

	// The watcher notes the build before it is edited, however late its goroutine runs.
	watcher := render.NewBuildWatcher(dist, sup, cache, quiet)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); watcher.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	// A rebuild that renames the page, as an edit of the English strings would.
	bundle := filepath.Join(dist, "server", "entry-server.js")
	data, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"About Us"`), []byte(`"About Noorvale"`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal(`the render bundle has no "About Us" string to edit`)
	}
	if err := os.WriteFile(bundle, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(bundle, later, later); err != nil {
		t.Fatal(err)
	}

	testenv.Eventually(t, "the page to show the rebuilt heading", func() bool {
		return bytes.Contains(cache.Page("/about-us").Identity().Body, []byte(">About Noorvale<"))
	})
}
