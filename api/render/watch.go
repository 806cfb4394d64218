package render

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// RendererProcess is the running renderer as the build watcher restarts it
// (an ssr.Supervisor).
type RendererProcess interface {
	Kill()
	PID() int
	Ready() bool
}

// BuildWatcher restarts the renderer and renders every page again whenever
// the render bundle or the client manifest changes, so that a rebuild (as
// `task dev` makes on every edit) shows on the next page load. Meant for
// development: production builds never change under a running server.
type BuildWatcher struct {
	files []string
	dist  string
	seen  string
	s     RendererProcess
	c     *Cache
	log   *slog.Logger
}

// NewBuildWatcher notes the build in distDir as it is now: a change made
// after it returns is one Run acts on.
func NewBuildWatcher(distDir string, s RendererProcess, c *Cache, log *slog.Logger) *BuildWatcher {
	files := []string{
		filepath.Join(distDir, "server", "entry-server.js"),
		filepath.Join(distDir, "client", ".vite", "manifest.json"),
	}
	return &BuildWatcher{files: files, dist: distDir, seen: buildStamp(files), s: s, c: c, log: log}
}

// WatchBuild watches the build in distDir until ctx ends; see BuildWatcher.
func WatchBuild(ctx context.Context, distDir string, s RendererProcess, c *Cache, log *slog.Logger) {
	NewBuildWatcher(distDir, s, c, log).Run(ctx)
}

// Run acts on every change of the build until ctx ends.
func (w *BuildWatcher) Run(ctx context.Context) {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		stamp := buildStamp(w.files)
		if stamp == w.seen || stamp == "" {
			continue
		}
		// Wait one more tick so a build still being written is not picked up half-way.
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if buildStamp(w.files) != stamp {
			continue
		}
		w.seen = stamp
		w.log.Info("build changed; restarting the renderer")
		if !restart(ctx, w.s) {
			w.log.Warn("renderer did not come back after the rebuild; pages keep their previous version")
			continue
		}
		if build, err := BuildID(w.dist); err == nil {
			w.c.SetBuild(build)
		} else {
			w.log.Warn("cannot identify the new build", "err", err)
		}
		if err := w.c.RenderAll(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("render after rebuild", "err", err)
		}
	}
}

// restart kills the renderer and waits until its successor is healthy.
func restart(ctx context.Context, s RendererProcess) bool {
	old := s.PID()
	s.Kill()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if pid := s.PID(); pid != 0 && pid != old && s.Ready() {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

// buildStamp is the modification times of files, "" when one is missing.
func buildStamp(files []string) string {
	stamp := ""
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			return ""
		}
		stamp += info.ModTime().Format(time.RFC3339Nano) + ";"
	}
	return stamp
}
