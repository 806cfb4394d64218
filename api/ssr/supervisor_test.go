package ssr_test

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/ssr"
)

func TestSupervisorRestartsKilledRenderer(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	in := testenv.SeedPropsInput(t)
	props := render.BuildProps(in, in.Catalog.Page("/contact-us/dubai"), locale.En)

	if !sup.Ready() {
		t.Fatal("not ready after Start")
	}
	hashes := sup.ScriptHashes()
	if len(hashes) == 0 || !strings.HasPrefix(hashes[0], "sha256-") {
		t.Fatalf("script hashes = %v", hashes)
	}
	status, html, err := sup.Render(context.Background(), props)
	if err != nil || status != 200 || !strings.HasPrefix(strings.ToLower(string(html)), "<!doctype html>") {
		t.Fatalf("render: %d %v %.80s", status, err, html)
	}

	first := sup.PID()
	if err := syscall.Kill(first, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	testenv.Eventually(t, "the supervisor to notice the dead renderer", func() bool { return sup.PID() != first })

	testenv.Eventually(t, "a new healthy renderer", func() bool {
		return sup.Ready() && sup.PID() != 0 && sup.PID() != first
	})
	if testenv.ProcessAlive(first) {
		t.Fatal("the killed renderer is still there")
	}
	status, _, err = sup.Render(context.Background(), props)
	if err != nil || status != 200 {
		t.Fatalf("render after restart: %d %v", status, err)
	}
}

func TestSupervisorStop(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	pid := sup.PID()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sup.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if sup.Ready() || sup.PID() != 0 {
		t.Fatal("still ready after Stop")
	}
	testenv.Eventually(t, "the renderer process to be gone", func() bool { return !testenv.ProcessAlive(pid) })

	in := testenv.SeedPropsInput(t)
	begin := time.Now()
	_, _, err := sup.Render(ctx, render.BuildProps(in, in.Catalog.Page("/"), locale.En))
	if !errors.Is(err, ssr.ErrUnavailable) {
		t.Fatalf("render after stop = %v", err)
	}
	if took := time.Since(begin); took > time.Second {
		t.Fatalf("render with no renderer took %s", took)
	}
	if err := sup.Stop(ctx); err != nil {
		t.Fatalf("second Stop: %v", err)
	}
}

func TestSupervisorBadScript(t *testing.T) {
	sup, err := ssr.NewSupervisor(ssr.SupervisorConfig{
		Script:       "no-such-renderer.mjs",
		Dir:          t.TempDir(),
		StartTimeout: 300 * time.Millisecond,
		MinBackoff:   10 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sup.Stop(context.Background())
	if err := sup.Start(context.Background()); err == nil {
		t.Fatal("Start should fail when the renderer never becomes healthy")
	}
	if sup.Ready() {
		t.Fatal("ready without a renderer")
	}
}

func TestRenderRejectsBadAnswer(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	// A body the renderer cannot use is its 400, reported as an error.
	status, _, err := sup.Render(context.Background(), map[string]string{"status": "nope"})
	if err == nil || status == 200 {
		t.Fatalf("bad props: status %d err %v", status, err)
	}
	if !sup.Ready() {
		t.Fatal("a bad request must not take the renderer down")
	}
}
