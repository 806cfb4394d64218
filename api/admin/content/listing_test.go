package content_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A story's search listing is refused, field by field in the editor's
// language, when its title runs past the bound search engines are given or
// its shared-link picture names a cover the upload store does not hold; and
// nothing is saved.
func TestSearchListingRefused(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("nadia@noorvale.example", access.Editor)
		it := editor.Item(t)
		path := "/content/news/" + admintest.StorySlug + "/en"
		unstored := "cover:" + strings.Repeat("ab", 16)
		cases := []struct {
			name, lang string
			seo        map[string]any
			field, msg string
		}{
			{"a search title over the bound", "en",
				map[string]any{"title": strings.Repeat("Penetration testing ", 11)},
				"seo.title", fmt.Sprintf(access.In("en").ContentProblems[content.ProblemTooLong], content.MaxSearchTitle)},
			{"the same in Arabic", "ar",
				map[string]any{"title": strings.Repeat("اختبار الاختراق ", 13)},
				"seo.title", fmt.Sprintf(access.In("ar").ContentProblems[content.ProblemTooLong], content.MaxSearchTitle)},
			{"a shared-link picture never uploaded", "en",
				map[string]any{"title": "Cairo office", "image": unstored},
				"seo.image", access.In("en").ContentProblems[content.ProblemSocial]},
			{"the same in Arabic", "ar",
				map[string]any{"image": unstored},
				"seo.image", access.In("ar").ContentProblems[content.ProblemSocial]},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				editor.B.Lang = c.lang
				defer func() { editor.B.Lang = "en" }()
				body := admintest.WithTitle(t, it.Languages["en"].Live, "The Cairo office moves")
				body["seo"] = c.seo
				r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": body})
				admintest.Expect(t, c.name, r, http.StatusBadRequest)
				if len(r.Env.Errors) != 1 || r.Env.Errors[c.field] != c.msg {
					t.Fatalf("errors %v, want %s: %q", r.Env.Errors, c.field, c.msg)
				}
			})
		}
		t.Run("a cover never uploaded", func(t *testing.T) {
			body := admintest.WithTitle(t, it.Languages["en"].Live, "The Cairo office moves")
			body["cover"] = strings.Repeat("cd", 16)
			r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": body})
			admintest.Expect(t, "unstored cover", r, http.StatusBadRequest)
			if r.Env.Errors["cover"] != access.In("en").Covers.NotStored {
				t.Fatalf("errors %v", r.Env.Errors)
			}
		})
		if editor.Item(t).LatestID("en") != 0 {
			t.Fatal("a refused listing was saved")
		}
	})
}
