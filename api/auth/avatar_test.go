package auth

import (
	"context"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// storedAvatars lists the keys of every stored profile picture.
func (e *env) storedAvatars(t *testing.T) []string {
	t.Helper()
	var keys []string
	err := filepath.WalkDir(e.blobDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(e.blobDir, p)
		// Beside each file, FS keeps its content type in a file of its own.
		if err == nil && strings.HasPrefix(filepath.ToSlash(rel), "avatars/") && !strings.HasSuffix(rel, ".content-type") {
			keys = append(keys, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// concurrently sends each request from its own copy of b at the same time
// and returns the statuses.
func (b *browser) concurrently(requests ...func(*browser) *result) []int {
	statuses := make([]int, len(requests))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, send := range requests {
		clone := &browser{env: b.env, cookies: map[string]*http.Cookie{}, ip: b.ip, headers: b.headers}
		for k, c := range b.cookies {
			clone.cookies[k] = c
		}
		done.Go(func() {
			start.Wait()
			statuses[i] = send(clone).status
		})
	}
	start.Done()
	done.Wait()
	return statuses
}

// TestAvatarRacesLeaveNoOrphans sends uploads and removals of one account's
// picture at once, then deletes an account while its uploads run: every
// stored picture afterwards belongs to an account.
func TestAvatarRacesLeaveNoOrphans(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		ctx := context.Background()
		b := e.loggedIn("race@example.com")
		upload := func(b *browser) *result { return b.upload("/api/account/avatar", "file", pngImage(t, 32, 32)) }
		remove := func(b *browser) *result { return b.json("DELETE", "/api/account/avatar", nil) }
		var requests []func(*browser) *result
		for i := range 12 {
			requests = append(requests, upload)
			if i%3 == 0 {
				requests = append(requests, remove)
			}
		}
		for i, status := range b.concurrently(requests...) {
			if status != http.StatusOK {
				t.Fatalf("request %d answered %d", i, status)
			}
		}
		u, err := st.UserByEmail(ctx, "race@example.com")
		if err != nil {
			t.Fatal(err)
		}
		stored := e.storedAvatars(t)
		if want := []string{u.AvatarKey}; u.AvatarKey == "" && len(stored) != 0 || u.AvatarKey != "" && strings.Join(stored, ",") != strings.Join(want, ",") {
			t.Fatalf("stored pictures %v; the account's is %q", stored, u.AvatarKey)
		}

		// Uploads racing the deletion of the account.
		const password = goodPassword
		requests = []func(*browser) *result{func(b *browser) *result {
			return b.json("POST", "/api/account/delete", map[string]any{"password": password})
		}}
		for range 8 {
			requests = append(requests, upload)
		}
		statuses := b.concurrently(requests...)
		if statuses[0] != http.StatusOK {
			t.Fatalf("deletion answered %d", statuses[0])
		}
		if _, err := st.UserByEmail(ctx, "race@example.com"); err == nil {
			t.Fatal("the account is still there")
		}
		if stored := e.storedAvatars(t); len(stored) != 0 {
			t.Fatalf("pictures of a deleted account are still stored: %v", stored)
		}
	})
}
