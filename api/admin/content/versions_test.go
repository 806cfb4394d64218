package content_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// One version is answered with its text and author to whoever reads
// content, and a version of another language, or none, is 404 with a
// message in the reader's language.
func TestShowContentVersion(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("amal@noorvale.example", access.Editor)
		viewer := e.Join("hala@noorvale.example", access.Viewer)
		it := editor.Item(t)
		r := editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "The first title")})
		admintest.Expect(t, "save", r, http.StatusOK)
		first := editor.Item(t).LatestID("en")
		r = editor.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/en", map[string]any{"base": first, "body": admintest.WithTitle(t, it.Languages["en"].Live, "The second title")})
		admintest.Expect(t, "save again", r, http.StatusOK)

		var got struct {
			ID     int64 `json:"id"`
			Author struct{ Name string }
			Body   json.RawMessage `json:"body"`
		}
		r = viewer.B.Do("GET", "/content/news/"+admintest.StorySlug+"/en/versions/"+strconv.FormatInt(first, 10), nil)
		admintest.Expect(t, "a viewer reads the first version", r, http.StatusOK)
		r.Data(t, &got)
		var body struct{ Title string }
		if err := json.Unmarshal(got.Body, &body); err != nil {
			t.Fatal(err)
		}
		if got.ID != first || got.Author.Name != "Staff "+string(access.Editor) || body.Title != "The first title" {
			t.Fatalf("the first version reads %d by %q titled %q", got.ID, got.Author.Name, body.Title)
		}

		missing := []struct {
			name, path, lang, want string
		}{
			{"another language's version", "/ar/versions/" + strconv.FormatInt(first, 10), "en", access.In("en").ContentVersionNotFound},
			{"no such version, in Arabic", "/en/versions/999999", "ar", access.In("ar").ContentVersionNotFound},
			{"not a number", "/en/versions/latest", "en", access.In("en").ContentVersionNotFound},
			{"no such language", "/xx/versions/" + strconv.FormatInt(first, 10), "en", access.In("en").ContentNotFound},
		}
		for _, c := range missing {
			t.Run(c.name, func(t *testing.T) {
				viewer.B.Lang = c.lang
				defer func() { viewer.B.Lang = "en" }()
				r := viewer.B.Do("GET", "/content/news/"+admintest.StorySlug+c.path, nil)
				admintest.Expect(t, c.name, r, http.StatusNotFound)
				if r.Env.Message != c.want {
					t.Fatalf("message %q, want %q", r.Env.Message, c.want)
				}
			})
		}
	})
}

// A story's first staff save keeps the text the site shipped with as its
// version 1, by the shipped site; restoring it and publishing the copy
// puts the shipped text back on the site.
func TestShippedVersionRestores(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("amal@noorvale.example", access.Editor)
		path := "/content/news/" + admintest.StorySlug + "/en"
		it := editor.Item(t)
		shipped := admintest.LiveTitle(t, st, "en")
		r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "A staff title")})
		admintest.Expect(t, "save", r, http.StatusOK)
		latest := editor.Item(t).LatestID("en")
		admintest.Expect(t, "publish", editor.B.Do("POST", path+"/publish", map[string]any{"version": latest}), http.StatusOK)

		var vs struct {
			Versions []struct {
				ID      int64 `json:"id"`
				Shipped bool  `json:"shipped"`
				Author  struct{ ID, Name string }
			} `json:"versions"`
		}
		r = editor.B.Do("GET", path+"/versions", nil)
		admintest.Expect(t, "versions", r, http.StatusOK)
		r.Data(t, &vs)
		if len(vs.Versions) != 2 || vs.Versions[0].ID != latest || vs.Versions[0].Shipped {
			t.Fatalf("versions: %+v", vs)
		}
		first := vs.Versions[1]
		if !first.Shipped || first.Author.ID != "" || first.Author.Name != "" {
			t.Fatalf("version 1: %+v", first)
		}
		var one struct {
			Shipped bool            `json:"shipped"`
			Body    json.RawMessage `json:"body"`
		}
		r = editor.B.Do("GET", path+"/versions/"+strconv.FormatInt(first.ID, 10), nil)
		admintest.Expect(t, "version 1", r, http.StatusOK)
		r.Data(t, &one)
		if !one.Shipped || admintest.WithTitleOf(t, one.Body) != shipped {
			t.Fatalf("version 1 holds %s, want the title %q", one.Body, shipped)
		}

		admintest.Expect(t, "restore version 1", editor.B.Do("POST", path+"/restore", map[string]any{"version": first.ID, "base": latest}), http.StatusOK)
		restored := editor.Item(t).LatestID("en")
		admintest.Expect(t, "publish the restored text", editor.B.Do("POST", path+"/publish", map[string]any{"version": restored}), http.StatusOK)
		if got := admintest.LiveTitle(t, st, "en"); got != shipped {
			t.Fatalf("live title %q, want the shipped %q", got, shipped)
		}
	})
}
