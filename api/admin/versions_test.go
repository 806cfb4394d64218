package admin

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// One version is answered with its text and author to whoever reads
// content, and a version of another language, or none, is 404 with a
// message in the reader's language.
func TestShowContentVersion(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("amal@noorvale.example", access.Editor)
		viewer := e.join("hala@noorvale.example", access.Viewer)
		it := editor.item(t)
		r := editor.b.do("PUT", "/content/news/"+storySlug+"/en", map[string]any{"base": 0, "body": withTitle(t, it.Languages["en"].Live, "The first title")})
		expect(t, "save", r, http.StatusOK)
		first := editor.item(t).latestID("en")
		r = editor.b.do("PUT", "/content/news/"+storySlug+"/en", map[string]any{"base": first, "body": withTitle(t, it.Languages["en"].Live, "The second title")})
		expect(t, "save again", r, http.StatusOK)

		var got struct {
			ID     int64 `json:"id"`
			Author struct{ Name string }
			Body   json.RawMessage `json:"body"`
		}
		r = viewer.b.do("GET", "/content/news/"+storySlug+"/en/versions/"+strconv.FormatInt(first, 10), nil)
		expect(t, "a viewer reads the first version", r, http.StatusOK)
		r.data(t, &got)
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
				viewer.b.lang = c.lang
				defer func() { viewer.b.lang = "en" }()
				r := viewer.b.do("GET", "/content/news/"+storySlug+c.path, nil)
				expect(t, c.name, r, http.StatusNotFound)
				if r.env.Message != c.want {
					t.Fatalf("message %q, want %q", r.env.Message, c.want)
				}
			})
		}
	})
}
