package content_test

import (
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Editors write every language, translators their own but English, and
// everyone else reads: the server decides, by the language in the path.
func TestContentLanguagesByRole(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		viewer := e.Join("viewer@noorvale.example", access.Viewer)
		sales := e.Join("sales@noorvale.example", access.Sales)
		base := editor.Item(t)
		cases := []struct {
			name   string
			who    *admintest.Member
			locale string
			want   int
		}{
			{"an editor in English", editor, "en", http.StatusOK},
			{"an editor in French", editor, "fr", http.StatusOK},
			{"a translator in their language", translator, "ar", http.StatusOK},
			{"a translator in English", translator, "en", http.StatusForbidden},
			{"a translator in another language", translator, "fr", http.StatusForbidden},
			{"a viewer", viewer, "ar", http.StatusForbidden},
			{"sales", sales, "nl", http.StatusForbidden},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				cur := c.who
				if cur == viewer || cur == sales {
					// They may not even read what the others write.
					if r := sales.B.Do("GET", "/content/news", nil); r.Status != http.StatusForbidden {
						t.Fatalf("sales reading content: %d", r.Status)
					}
				}
				it := editor.Item(t)
				body := admintest.WithTitle(t, base.Languages["en"].Live, "Title in "+c.locale)
				r := cur.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/"+c.locale, map[string]any{"base": it.LatestID(c.locale), "body": body})
				admintest.Expect(t, c.name, r, c.want)
				if c.want == http.StatusForbidden && r.Env.Message == "" {
					t.Fatal("a refusal without a message")
				}
			})
		}
		if it := translator.Item(t); len(it.Writable) != 1 || it.Writable[0] != "ar" {
			t.Fatalf("the translator may write %v", it.Writable)
		}
		if r := viewer.B.Do("GET", "/content/news", nil); r.Status != http.StatusOK {
			t.Fatalf("a viewer reading the list: %d", r.Status)
		}
	})
}

// A save is checked against the collection's shape, field by field, in
// the staff member's language; a save from an old base is refused with the
// version saved since and who saved it; publishing and unpublishing act on
// one language and are in the trail.
func TestContentSaveConflictPublish(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		amal := e.Join("amal@noorvale.example", access.Editor)
		badr := e.Join("badr@noorvale.example", access.Editor)
		it := amal.Item(t)
		if it.Languages["en"].State != "published" || it.Languages["fr"].State != "missing" || it.Languages["en"].Latest != nil {
			t.Fatalf("before any edit: %+v", it.Languages)
		}
		path := "/content/news/" + admintest.StorySlug + "/en"
		good := admintest.WithTitle(t, it.Languages["en"].Live, "A new title")

		invalid := []struct {
			name   string
			lang   string
			body   func() map[string]any
			fields map[string]string
		}{
			{"an empty title and a bad date", "en", func() map[string]any {
				b := admintest.WithTitle(t, it.Languages["en"].Live, " ")
				b["date"] = "20 July"
				return b
			}, map[string]string{"title": access.In("en").Required, "date": access.In("en").ContentProblems[content.ProblemDate]}},
			{"a missing field and an unknown one, in Arabic", "ar", func() map[string]any {
				b := admintest.WithTitle(t, it.Languages["en"].Live, "Title")
				delete(b, "author")
				b["colour"] = "blue"
				return b
			}, map[string]string{"author": access.In("ar").Required, "colour": access.In("ar").ContentProblems[content.ProblemUnknown]}},
			{"a script node and a NUL byte", "en", func() map[string]any {
				b := admintest.WithTitle(t, it.Languages["en"].Live, "Title\x00")
				b["body"] = map[string]any{"type": "doc", "content": []any{
					map[string]any{"type": "script", "content": []any{map[string]any{"type": "text", "text": "alert(1)"}}},
				}}
				return b
			}, map[string]string{"title": access.In("en").ContentProblems[content.ProblemControl], "body": access.In("en").ContentProblems[content.ProblemProse]}},
			{"a javascript link, in Arabic", "ar", func() map[string]any {
				b := admintest.WithTitle(t, it.Languages["en"].Live, "Title")
				b["body"] = map[string]any{"type": "doc", "content": []any{map[string]any{"type": "paragraph", "content": []any{
					map[string]any{"type": "text", "text": "click", "marks": []any{map[string]any{"type": "link", "attrs": map[string]any{"href": "javascript:alert(1)"}}}},
				}}}}
				return b
			}, map[string]string{"body": access.In("ar").ContentProblems[content.ProblemLink]}},
			{"paragraphs in the short form files may use", "en", func() map[string]any {
				b := admintest.WithTitle(t, it.Languages["en"].Live, "Title")
				b["body"] = []any{"One"}
				return b
			}, map[string]string{"body": access.In("en").ContentProblems[content.ProblemProse]}},
		}
		for _, c := range invalid {
			t.Run(c.name, func(t *testing.T) {
				amal.B.Lang = c.lang
				defer func() { amal.B.Lang = "en" }()
				r := amal.B.Do("PUT", path, map[string]any{"base": 0, "body": c.body()})
				admintest.Expect(t, c.name, r, http.StatusBadRequest)
				if len(r.Env.Errors) != len(c.fields) {
					t.Fatalf("errors %v, want %v", r.Env.Errors, c.fields)
				}
				for f, msg := range c.fields {
					if r.Env.Errors[f] != msg {
						t.Errorf("%s: %q, want %q", f, r.Env.Errors[f], msg)
					}
				}
			})
		}
		if it := amal.Item(t); it.LatestID("en") != 0 {
			t.Fatal("a refused body was saved")
		}

		// Amal saves; Badr, who opened the item before, saves too: refused.
		r := amal.B.Do("PUT", path, map[string]any{"base": 0, "body": good})
		admintest.Expect(t, "amal's save", r, http.StatusOK)
		r = badr.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, "Badr's title")})
		admintest.Expect(t, "badr's save", r, http.StatusConflict)
		var conflict struct {
			Conflict bool
			Current  struct {
				ID     int64
				Body   map[string]any
				Author struct{ ID, Name string }
			}
		}
		r.Data(t, &conflict)
		if !conflict.Conflict || conflict.Current.Body["title"] != "A new title" || conflict.Current.Author.Name != "Staff editor" || conflict.Current.Author.ID != amal.ID {
			t.Fatalf("the conflict: %+v", conflict)
		}
		// Saving again on top of Amal's version is Badr's choice to make.
		r = badr.B.Do("PUT", path, map[string]any{"base": conflict.Current.ID, "body": admintest.WithTitle(t, it.Languages["en"].Live, "Badr's title")})
		admintest.Expect(t, "badr's save on top", r, http.StatusOK)
		if admintest.LiveTitle(t, st, "en") != "Our Cairo office moves to the Fifth Settlement, New Cairo" {
			t.Fatal("a draft changed the live text")
		}

		it = amal.Item(t)
		latest := it.LatestID("en")
		if it.Languages["en"].State != "draft" {
			t.Fatalf("after saving: %+v", it.Languages["en"])
		}
		// A body with one malformed field is refused whole: nothing is published.
		r = amal.B.Do("POST", path+"/publish", map[string]any{"version": latest, "base": "the latest"})
		admintest.Expect(t, "publish with a malformed field", r, http.StatusBadRequest)
		if admintest.LiveTitle(t, st, "en") == "Badr's title" || strings.Count(string(r.Body), "isSuccess") != 1 {
			t.Fatalf("a refused publication went live, answering %s", r.Body)
		}
		before, _ := st.ContentState(t.Context())
		admintest.Expect(t, "publish", amal.B.Do("POST", path+"/publish", map[string]any{"version": latest}), http.StatusOK)
		after, _ := st.ContentState(t.Context())
		if admintest.LiveTitle(t, st, "en") != "Badr's title" || after.Version != before.Version+1 {
			t.Fatalf("after publishing: %q, content version %d → %d", admintest.LiveTitle(t, st, "en"), before.Version, after.Version)
		}
		if admintest.LiveTitle(t, st, "ar") == "" || amal.Item(t).Languages["ar"].State != "published" {
			t.Fatal("publishing English touched Arabic")
		}
		admintest.Expect(t, "publish a version of another item", amal.B.Do("POST", "/content/news/"+admintest.StorySlug+"/ar/publish", map[string]any{"version": latest}), http.StatusNotFound)
		admintest.Expect(t, "unpublish English", amal.B.Do("POST", path+"/unpublish", nil), http.StatusConflict)
		admintest.Expect(t, "unpublish Arabic", amal.B.Do("POST", "/content/news/"+admintest.StorySlug+"/ar/unpublish", nil), http.StatusOK)
		admintest.Expect(t, "unpublish Arabic again", amal.B.Do("POST", "/content/news/"+admintest.StorySlug+"/ar/unpublish", nil), http.StatusConflict)
		if admintest.LiveTitle(t, st, "ar") != "" || amal.Item(t).Languages["ar"].State != "unpublished" {
			t.Fatal("Arabic is still live")
		}

		// The versions, newest first; restoring Amal's makes a new draft.
		r = amal.B.Do("GET", path+"/versions", nil)
		admintest.Expect(t, "versions", r, http.StatusOK)
		var vs struct {
			Versions []struct {
				ID     int64
				Author struct{ Name string }
			}
		}
		r.Data(t, &vs)
		if len(vs.Versions) != 3 || vs.Versions[0].ID != latest {
			t.Fatalf("versions: %+v", vs)
		}
		admintest.Expect(t, "restore from an old base", amal.B.Do("POST", path+"/restore", map[string]any{"version": vs.Versions[1].ID, "base": 0}), http.StatusConflict)
		admintest.Expect(t, "restore", amal.B.Do("POST", path+"/restore", map[string]any{"version": vs.Versions[1].ID, "base": latest}), http.StatusOK)
		if it := amal.Item(t); it.Languages["en"].State != "draft" || admintest.WithTitleOf(t, it.Languages["en"].Latest.Body) != "A new title" {
			t.Fatalf("after restoring: %+v", it.Languages["en"])
		}

		admintest.Expect(t, "an unknown collection", amal.B.Do("GET", "/content/nothing", nil), http.StatusNotFound)
		admintest.Expect(t, "an unknown item", amal.B.Do("GET", "/content/news/no-such-story", nil), http.StatusNotFound)
		admintest.Expect(t, "saving an unknown item", amal.B.Do("PUT", "/content/news/no-such-story/en", map[string]any{"base": 0, "body": good}), http.StatusNotFound)
		admintest.Expect(t, "an unknown language", amal.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/de", map[string]any{"base": 0, "body": good}), http.StatusNotFound)

		// The trail names the item and language, never the text.
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string][]string{}
		for _, ev := range events {
			if strings.HasPrefix(ev.Action, "content-") {
				seen[ev.Action] = append(seen[ev.Action], ev.Item)
				if strings.Contains(ev.Detail, "title") || strings.Contains(ev.Detail, "Badr") {
					t.Fatalf("the trail holds text: %+v", ev)
				}
			}
		}
		want := map[string][]string{
			audit.ActionContentPublish:   {"news/" + admintest.StorySlug + " (en)"},
			audit.ActionContentUnpublish: {"news/" + admintest.StorySlug + " (ar)"},
			audit.ActionContentRestore:   {"news/" + admintest.StorySlug + " (en)"},
		}
		for action, items := range want {
			if strings.Join(seen[action], ",") != strings.Join(items, ",") {
				t.Errorf("%s in the trail: %v, want %v", action, seen[action], items)
			}
		}
	})
}

// The editor's form is built from the shape the server checks with.
func TestContentSchema(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t))
	m := e.Join("viewer@noorvale.example", access.Viewer)
	r := m.B.Do("GET", "/content/schema/webinars", nil)
	admintest.Expect(t, "schema", r, http.StatusOK)
	var s struct{ Fields []content.FieldSpec }
	r.Data(t, &s)
	kinds := map[string]content.FieldSpec{}
	for _, f := range s.Fields {
		kinds[f.Name] = f
	}
	if kinds["title"].Kind != "text" || kinds["start"].Kind != "dateTime" || kinds["language"].Kind != "enum" ||
		len(kinds["language"].Values) != 3 || kinds["speakers"].Kind != "objects" || len(kinds["speakers"].Fields) != 2 ||
		kinds["body"].Kind != "prose" {
		t.Fatalf("the webinars' shape: %+v", s.Fields)
	}
	admintest.Expect(t, "no such collection", m.B.Do("GET", "/content/schema/pages", nil), http.StatusNotFound)
}

// Publishing a changed English marks the Arabic outdated, in the item and
// the list, with the English before and after and the fields that
// changed, until the translator publishes Arabic again.
func TestContentOutdated(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		editor := e.Join("editor@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		type outdatedView struct {
			Since         string
			EnglishBefore map[string]any
			EnglishNow    map[string]any
			Fields        []string
		}
		outdatedAr := func() *outdatedView {
			t.Helper()
			r := translator.B.Do("GET", "/content/news/"+admintest.StorySlug, nil)
			admintest.Expect(t, "item", r, http.StatusOK)
			var it struct {
				Languages map[string]struct{ Outdated *outdatedView }
			}
			r.Data(t, &it)
			if it.Languages["en"].Outdated != nil || it.Languages["fr"].Outdated != nil {
				t.Fatalf("English or a missing French outdated: %+v", it.Languages)
			}
			return it.Languages["ar"].Outdated
		}
		type listView struct {
			Items []struct {
				Slug     string
				Outdated []string
			}
			Counts map[string]struct{ Missing, Outdated int }
		}
		list := func() listView {
			t.Helper()
			r := editor.B.Do("GET", "/content/news", nil)
			admintest.Expect(t, "list", r, http.StatusOK)
			var l listView
			r.Data(t, &l)
			return l
		}
		if o := outdatedAr(); o != nil {
			t.Fatalf("outdated before any change: %+v", o)
		}
		if l := list(); l.Counts["ar"].Outdated != 0 || l.Counts["ar"].Missing != 0 || l.Counts["fr"].Missing != 1 || l.Counts["en"].Missing != 0 {
			t.Fatalf("counts before any change: %+v", l.Counts)
		}

		it := editor.Item(t)
		path := "/content/news/" + admintest.StorySlug + "/en"
		// The English published as it is, through a version: nothing changed.
		r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": admintest.WithTitle(t, it.Languages["en"].Live, admintest.WithTitleOf(t, it.Languages["en"].Live))})
		admintest.Expect(t, "save the same", r, http.StatusOK)
		var v struct{ ID int64 }
		r.Data(t, &v)
		admintest.Expect(t, "publish the same", editor.B.Do("POST", path+"/publish", map[string]any{"version": v.ID}), http.StatusOK)
		if o := outdatedAr(); o != nil {
			t.Fatalf("an unchanged English outdated Arabic: %+v", o)
		}

		oldTitle := admintest.WithTitleOf(t, it.Languages["en"].Live)
		r = editor.B.Do("PUT", path, map[string]any{"base": v.ID, "body": admintest.WithTitle(t, it.Languages["en"].Live, "A changed title")})
		admintest.Expect(t, "save a change", r, http.StatusOK)
		r.Data(t, &v)
		admintest.Expect(t, "publish the change", editor.B.Do("POST", path+"/publish", map[string]any{"version": v.ID}), http.StatusOK)
		o := outdatedAr()
		if o == nil || strings.Join(o.Fields, ",") != "title" || o.EnglishBefore["title"] != oldTitle || o.EnglishNow["title"] != "A changed title" || o.Since == "" {
			t.Fatalf("Arabic after a changed English: %+v", o)
		}
		l := list()
		if l.Counts["ar"].Outdated != 1 || l.Counts["fr"].Outdated != 0 || len(l.Items) != 1 || strings.Join(l.Items[0].Outdated, ",") != "ar" {
			t.Fatalf("the list after a changed English: %+v", l)
		}

		// The translator publishes Arabic: current again.
		ar := translator.Item(t)
		r = translator.B.Do("PUT", "/content/news/"+admintest.StorySlug+"/ar", map[string]any{"base": 0, "body": admintest.WithTitle(t, ar.Languages["ar"].Live, "عنوان جديد")})
		admintest.Expect(t, "save Arabic", r, http.StatusOK)
		r.Data(t, &v)
		if outdatedAr() == nil {
			t.Fatal("a draft made Arabic current")
		}
		admintest.Expect(t, "publish Arabic", translator.B.Do("POST", "/content/news/"+admintest.StorySlug+"/ar/publish", map[string]any{"version": v.ID}), http.StatusOK)
		if o := outdatedAr(); o != nil {
			t.Fatalf("Arabic outdated after its publication: %+v", o)
		}
		if l := list(); l.Counts["ar"].Outdated != 0 || len(l.Items[0].Outdated) != 0 {
			t.Fatalf("the list after Arabic was published: %+v", l)
		}
	})
}
