package admin

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// The news story the content tests edit, seeded in English and Arabic.
const storySlug = "cairo-office-moves-to-new-cairo"

// seedStory stores the story's English and Arabic files as the seed does.
func (e *env) seedStory() {
	e.t.Helper()
	var entries []store.ContentEntry
	for _, loc := range []string{"en", "ar"} {
		data, err := fs.ReadFile(content.SeedFS(), "collections/"+loc+"/news/"+storySlug+".json")
		if err != nil {
			e.t.Fatal(err)
		}
		body, problems, err := content.CheckItemFile("news", data)
		if err != nil || len(problems) > 0 {
			e.t.Fatalf("the seeded story: %v %v", problems, err)
		}
		entries = append(entries, store.ContentEntry{Collection: "news", Slug: storySlug, Locale: loc, Body: body})
	}
	if _, err := e.store.ReplaceContent(e.t.Context(), store.ContentSet{Entries: entries}); err != nil {
		e.t.Fatal(err)
	}
}

type languageView struct {
	State     string          `json:"state"`
	Live      json.RawMessage `json:"live"`
	Published int64           `json:"published"`
	Latest    *struct {
		ID     int64           `json:"id"`
		Body   json.RawMessage `json:"body"`
		Author struct{ ID, Name string }
	} `json:"latest"`
}

type itemView struct {
	Languages map[string]languageView `json:"languages"`
	Writable  []string                `json:"writable"`
}

func (m *member) item(t *testing.T) itemView {
	t.Helper()
	r := m.b.do("GET", "/content/news/"+storySlug, nil)
	expect(t, "item", r, http.StatusOK)
	var it itemView
	r.data(t, &it)
	return it
}

// latestID is a language's latest version, 0 when none was saved.
func (it itemView) latestID(loc string) int64 {
	if l := it.Languages[loc].Latest; l != nil {
		return l.ID
	}
	return 0
}

// withTitle returns a body with another title.
func withTitle(t *testing.T, body json.RawMessage, title string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	v["title"] = title
	return v
}

func liveTitle(t *testing.T, st *store.Store, loc string) string {
	t.Helper()
	entries, err := st.ContentEntries(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Collection == "news" && e.Slug == storySlug && e.Locale == loc {
			var v struct{ Title string }
			_ = json.Unmarshal([]byte(e.Body), &v)
			return v.Title
		}
	}
	return ""
}

// Editors write every language, translators their own but English, and
// everyone else reads: the server decides, by the language in the path.
func TestContentLanguagesByRole(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("editor@noorvale.example", access.Editor)
		translator := e.join("translator@noorvale.example", access.Translator, "ar")
		viewer := e.join("viewer@noorvale.example", access.Viewer)
		sales := e.join("sales@noorvale.example", access.Sales)
		base := editor.item(t)
		cases := []struct {
			name   string
			who    *member
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
					if r := sales.b.do("GET", "/content/news", nil); r.status != http.StatusForbidden {
						t.Fatalf("sales reading content: %d", r.status)
					}
				}
				it := editor.item(t)
				body := withTitle(t, base.Languages["en"].Live, "Title in "+c.locale)
				r := cur.b.do("PUT", "/content/news/"+storySlug+"/"+c.locale, map[string]any{"base": it.latestID(c.locale), "body": body})
				expect(t, c.name, r, c.want)
				if c.want == http.StatusForbidden && r.env.Message == "" {
					t.Fatal("a refusal without a message")
				}
			})
		}
		if it := translator.item(t); len(it.Writable) != 1 || it.Writable[0] != "ar" {
			t.Fatalf("the translator may write %v", it.Writable)
		}
		if r := viewer.b.do("GET", "/content/news", nil); r.status != http.StatusOK {
			t.Fatalf("a viewer reading the list: %d", r.status)
		}
	})
}

// A save is checked against the collection's shape, field by field, in
// the staff member's language; a save from an old base is refused with the
// version saved since and who saved it; publishing and unpublishing act on
// one language and are in the trail.
func TestContentSaveConflictPublish(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		amal := e.join("amal@noorvale.example", access.Editor)
		badr := e.join("badr@noorvale.example", access.Editor)
		it := amal.item(t)
		if it.Languages["en"].State != "published" || it.Languages["fr"].State != "missing" || it.Languages["en"].Latest != nil {
			t.Fatalf("before any edit: %+v", it.Languages)
		}
		path := "/content/news/" + storySlug + "/en"
		good := withTitle(t, it.Languages["en"].Live, "A new title")

		invalid := []struct {
			name   string
			lang   string
			body   func() map[string]any
			fields map[string]string
		}{
			{"an empty title and a bad date", "en", func() map[string]any {
				b := withTitle(t, it.Languages["en"].Live, " ")
				b["date"] = "20 July"
				return b
			}, map[string]string{"title": access.In("en").ContentProblems[content.ProblemEmpty], "date": access.In("en").ContentProblems[content.ProblemDate]}},
			{"a missing field and an unknown one, in Arabic", "ar", func() map[string]any {
				b := withTitle(t, it.Languages["en"].Live, "Title")
				delete(b, "author")
				b["colour"] = "blue"
				return b
			}, map[string]string{"author": access.In("ar").ContentProblems[content.ProblemMissing], "colour": access.In("ar").ContentProblems[content.ProblemUnknown]}},
			{"a script node and a NUL byte", "en", func() map[string]any {
				b := withTitle(t, it.Languages["en"].Live, "Title\x00")
				b["body"] = map[string]any{"type": "doc", "content": []any{
					map[string]any{"type": "script", "content": []any{map[string]any{"type": "text", "text": "alert(1)"}}},
				}}
				return b
			}, map[string]string{"title": access.In("en").ContentProblems[content.ProblemControl], "body": access.In("en").ContentProblems[content.ProblemProse]}},
			{"a javascript link, in Arabic", "ar", func() map[string]any {
				b := withTitle(t, it.Languages["en"].Live, "Title")
				b["body"] = map[string]any{"type": "doc", "content": []any{map[string]any{"type": "paragraph", "content": []any{
					map[string]any{"type": "text", "text": "click", "marks": []any{map[string]any{"type": "link", "attrs": map[string]any{"href": "javascript:alert(1)"}}}},
				}}}}
				return b
			}, map[string]string{"body": access.In("ar").ContentProblems[content.ProblemLink]}},
			{"paragraphs in the short form files may use", "en", func() map[string]any {
				b := withTitle(t, it.Languages["en"].Live, "Title")
				b["body"] = []any{"One"}
				return b
			}, map[string]string{"body": access.In("en").ContentProblems[content.ProblemProse]}},
		}
		for _, c := range invalid {
			t.Run(c.name, func(t *testing.T) {
				amal.b.lang = c.lang
				defer func() { amal.b.lang = "en" }()
				r := amal.b.do("PUT", path, map[string]any{"base": 0, "body": c.body()})
				expect(t, c.name, r, http.StatusBadRequest)
				if len(r.env.Errors) != len(c.fields) {
					t.Fatalf("errors %v, want %v", r.env.Errors, c.fields)
				}
				for f, msg := range c.fields {
					if r.env.Errors[f] != msg {
						t.Errorf("%s: %q, want %q", f, r.env.Errors[f], msg)
					}
				}
			})
		}
		if it := amal.item(t); it.latestID("en") != 0 {
			t.Fatal("a refused body was saved")
		}

		// Amal saves; Badr, who opened the item before, saves too: refused.
		r := amal.b.do("PUT", path, map[string]any{"base": 0, "body": good})
		expect(t, "amal's save", r, http.StatusOK)
		r = badr.b.do("PUT", path, map[string]any{"base": 0, "body": withTitle(t, it.Languages["en"].Live, "Badr's title")})
		expect(t, "badr's save", r, http.StatusConflict)
		var conflict struct {
			Conflict bool
			Current  struct {
				ID     int64
				Body   map[string]any
				Author struct{ ID, Name string }
			}
		}
		r.data(t, &conflict)
		if !conflict.Conflict || conflict.Current.Body["title"] != "A new title" || conflict.Current.Author.Name != "Staff editor" || conflict.Current.Author.ID != amal.id {
			t.Fatalf("the conflict: %+v", conflict)
		}
		// Saving again on top of Amal's version is Badr's choice to make.
		r = badr.b.do("PUT", path, map[string]any{"base": conflict.Current.ID, "body": withTitle(t, it.Languages["en"].Live, "Badr's title")})
		expect(t, "badr's save on top", r, http.StatusOK)
		if liveTitle(t, st, "en") != "Our Cairo office moves to the Fifth Settlement, New Cairo" {
			t.Fatal("a draft changed the live text")
		}

		it = amal.item(t)
		latest := it.latestID("en")
		if it.Languages["en"].State != "draft" {
			t.Fatalf("after saving: %+v", it.Languages["en"])
		}
		before, _ := st.ContentState(t.Context())
		expect(t, "publish", amal.b.do("POST", path+"/publish", map[string]any{"version": latest}), http.StatusOK)
		after, _ := st.ContentState(t.Context())
		if liveTitle(t, st, "en") != "Badr's title" || after.Version != before.Version+1 {
			t.Fatalf("after publishing: %q, content version %d → %d", liveTitle(t, st, "en"), before.Version, after.Version)
		}
		if liveTitle(t, st, "ar") == "" || amal.item(t).Languages["ar"].State != "published" {
			t.Fatal("publishing English touched Arabic")
		}
		expect(t, "publish a version of another item", amal.b.do("POST", "/content/news/"+storySlug+"/ar/publish", map[string]any{"version": latest}), http.StatusNotFound)
		expect(t, "unpublish English", amal.b.do("POST", path+"/unpublish", nil), http.StatusConflict)
		expect(t, "unpublish Arabic", amal.b.do("POST", "/content/news/"+storySlug+"/ar/unpublish", nil), http.StatusOK)
		expect(t, "unpublish Arabic again", amal.b.do("POST", "/content/news/"+storySlug+"/ar/unpublish", nil), http.StatusConflict)
		if liveTitle(t, st, "ar") != "" || amal.item(t).Languages["ar"].State != "unpublished" {
			t.Fatal("Arabic is still live")
		}

		// The versions, newest first; restoring Amal's makes a new draft.
		r = amal.b.do("GET", path+"/versions", nil)
		expect(t, "versions", r, http.StatusOK)
		var vs struct {
			Versions []struct {
				ID     int64
				Author struct{ Name string }
			}
		}
		r.data(t, &vs)
		if len(vs.Versions) != 2 || vs.Versions[0].ID != latest {
			t.Fatalf("versions: %+v", vs)
		}
		expect(t, "restore from an old base", amal.b.do("POST", path+"/restore", map[string]any{"version": vs.Versions[1].ID, "base": 0}), http.StatusConflict)
		expect(t, "restore", amal.b.do("POST", path+"/restore", map[string]any{"version": vs.Versions[1].ID, "base": latest}), http.StatusOK)
		if it := amal.item(t); it.Languages["en"].State != "draft" || withTitleOf(t, it.Languages["en"].Latest.Body) != "A new title" {
			t.Fatalf("after restoring: %+v", it.Languages["en"])
		}

		expect(t, "an unknown collection", amal.b.do("GET", "/content/nothing", nil), http.StatusNotFound)
		expect(t, "an unknown item", amal.b.do("GET", "/content/news/no-such-story", nil), http.StatusNotFound)
		expect(t, "saving an unknown item", amal.b.do("PUT", "/content/news/no-such-story/en", map[string]any{"base": 0, "body": good}), http.StatusNotFound)
		expect(t, "an unknown language", amal.b.do("PUT", "/content/news/"+storySlug+"/de", map[string]any{"base": 0, "body": good}), http.StatusNotFound)

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
			audit.ActionContentPublish:   {"news/" + storySlug + " (en)"},
			audit.ActionContentUnpublish: {"news/" + storySlug + " (ar)"},
			audit.ActionContentRestore:   {"news/" + storySlug + " (en)"},
		}
		for action, items := range want {
			if strings.Join(seen[action], ",") != strings.Join(items, ",") {
				t.Errorf("%s in the trail: %v, want %v", action, seen[action], items)
			}
		}
	})
}

func withTitleOf(t *testing.T, body json.RawMessage) string {
	t.Helper()
	var v struct{ Title string }
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v.Title
}

// The editor's form is built from the shape the server checks with.
func TestContentSchema(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	m := e.join("viewer@noorvale.example", access.Viewer)
	r := m.b.do("GET", "/content/schema/webinars", nil)
	expect(t, "schema", r, http.StatusOK)
	var s struct{ Fields []content.FieldSpec }
	r.data(t, &s)
	kinds := map[string]content.FieldSpec{}
	for _, f := range s.Fields {
		kinds[f.Name] = f
	}
	if kinds["title"].Kind != "text" || kinds["start"].Kind != "dateTime" || kinds["language"].Kind != "enum" ||
		len(kinds["language"].Values) != 3 || kinds["speakers"].Kind != "objects" || len(kinds["speakers"].Fields) != 2 ||
		kinds["body"].Kind != "prose" {
		t.Fatalf("the webinars' shape: %+v", s.Fields)
	}
	expect(t, "no such collection", m.b.do("GET", "/content/schema/pages", nil), http.StatusNotFound)
}

// Publishing a changed English marks the Arabic outdated, in the item and
// the list, with the English before and after and the fields that
// changed, until the translator publishes Arabic again.
func TestContentOutdated(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.seedStory()
		editor := e.join("editor@noorvale.example", access.Editor)
		translator := e.join("translator@noorvale.example", access.Translator, "ar")
		type outdatedView struct {
			Since         string
			EnglishBefore map[string]any
			EnglishNow    map[string]any
			Fields        []string
		}
		outdatedAr := func() *outdatedView {
			t.Helper()
			r := translator.b.do("GET", "/content/news/"+storySlug, nil)
			expect(t, "item", r, http.StatusOK)
			var it struct {
				Languages map[string]struct{ Outdated *outdatedView }
			}
			r.data(t, &it)
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
			r := editor.b.do("GET", "/content/news", nil)
			expect(t, "list", r, http.StatusOK)
			var l listView
			r.data(t, &l)
			return l
		}
		if o := outdatedAr(); o != nil {
			t.Fatalf("outdated before any change: %+v", o)
		}
		if l := list(); l.Counts["ar"].Outdated != 0 || l.Counts["ar"].Missing != 0 || l.Counts["fr"].Missing != 1 || l.Counts["en"].Missing != 0 {
			t.Fatalf("counts before any change: %+v", l.Counts)
		}

		it := editor.item(t)
		path := "/content/news/" + storySlug + "/en"
		// The English published as it is, through a version: nothing changed.
		r := editor.b.do("PUT", path, map[string]any{"base": 0, "body": withTitle(t, it.Languages["en"].Live, withTitleOf(t, it.Languages["en"].Live))})
		expect(t, "save the same", r, http.StatusOK)
		var v struct{ ID int64 }
		r.data(t, &v)
		expect(t, "publish the same", editor.b.do("POST", path+"/publish", map[string]any{"version": v.ID}), http.StatusOK)
		if o := outdatedAr(); o != nil {
			t.Fatalf("an unchanged English outdated Arabic: %+v", o)
		}

		oldTitle := withTitleOf(t, it.Languages["en"].Live)
		r = editor.b.do("PUT", path, map[string]any{"base": v.ID, "body": withTitle(t, it.Languages["en"].Live, "A changed title")})
		expect(t, "save a change", r, http.StatusOK)
		r.data(t, &v)
		expect(t, "publish the change", editor.b.do("POST", path+"/publish", map[string]any{"version": v.ID}), http.StatusOK)
		o := outdatedAr()
		if o == nil || strings.Join(o.Fields, ",") != "title" || o.EnglishBefore["title"] != oldTitle || o.EnglishNow["title"] != "A changed title" || o.Since == "" {
			t.Fatalf("Arabic after a changed English: %+v", o)
		}
		l := list()
		if l.Counts["ar"].Outdated != 1 || l.Counts["fr"].Outdated != 0 || len(l.Items) != 1 || strings.Join(l.Items[0].Outdated, ",") != "ar" {
			t.Fatalf("the list after a changed English: %+v", l)
		}

		// The translator publishes Arabic: current again.
		ar := translator.item(t)
		r = translator.b.do("PUT", "/content/news/"+storySlug+"/ar", map[string]any{"base": 0, "body": withTitle(t, ar.Languages["ar"].Live, "عنوان جديد")})
		expect(t, "save Arabic", r, http.StatusOK)
		r.data(t, &v)
		if outdatedAr() == nil {
			t.Fatal("a draft made Arabic current")
		}
		expect(t, "publish Arabic", translator.b.do("POST", "/content/news/"+storySlug+"/ar/publish", map[string]any{"version": v.ID}), http.StatusOK)
		if o := outdatedAr(); o != nil {
			t.Fatalf("Arabic outdated after its publication: %+v", o)
		}
		if l := list(); l.Counts["ar"].Outdated != 0 || len(l.Items[0].Outdated) != 0 {
			t.Fatalf("the list after Arabic was published: %+v", l)
		}
	})
}
