package content_test

import (
	"net/http"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

type presenceAnswer struct {
	Others []struct {
		Staff  struct{ Name string }
		Locale string
		Dirty  bool
	}
	TakenBy *struct{ Name string }
}

// Two editors on one item see each other and whether the other has unsaved
// changes, in the editor and in the finder; a take-over is refused to
// those who may not write the language, tells the other editor and is
// audited; a session not of the form is refused with a message.
func TestPresenceRoutes(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		e.SeedStory()
		layla := e.Join("layla@noorvale.example", access.Editor)
		omar := e.Join("omar@noorvale.example", access.Editor)
		translator := e.Join("translator@noorvale.example", access.Translator, "ar")
		sales := e.Join("sales@noorvale.example", access.Sales)
		base := "/content/news/" + admintest.StorySlug + "/en/presence"
		laylaSession := map[string]any{"session": "layla-editor-000001", "dirty": true}
		omarSession := map[string]any{"session": "omar-editor-0000001", "dirty": false}

		refused := []struct {
			name   string
			who    *admintest.Member
			path   string
			body   map[string]any
			status int
		}{
			{"a role that reads no content", sales, base, omarSession, http.StatusForbidden},
			{"a session not of the form", omar, base, map[string]any{"session": "x"}, http.StatusBadRequest},
			{"an item that does not exist", omar, "/content/news/no-such-story/en/presence", omarSession, http.StatusNotFound},
			{"a language that does not exist", omar, "/content/news/" + admintest.StorySlug + "/xx/presence", omarSession, http.StatusNotFound},
			{"a translator taking over English", translator, base + "/take-over", map[string]any{"session": "translator-editor-01"}, http.StatusForbidden},
		}
		for _, c := range refused {
			t.Run(c.name, func(t *testing.T) {
				admintest.Expect(t, c.name, c.who.B.Do("POST", c.path, c.body), c.status)
			})
		}
		if r := omar.B.Do("POST", base, map[string]any{"session": "x"}); r.Env.Errors["session"] == "" {
			t.Fatalf("no message for the session: %+v", r.Env)
		}

		beat := func(m *admintest.Member, body map[string]any) presenceAnswer {
			t.Helper()
			r := m.B.Do("POST", base, body)
			admintest.Expect(t, "heartbeat", r, http.StatusOK)
			var a presenceAnswer
			r.Data(t, &a)
			return a
		}
		beat(layla, laylaSession)
		if a := beat(omar, omarSession); len(a.Others) != 1 || a.Others[0].Staff.Name == "" || !a.Others[0].Dirty || a.Others[0].Locale != "en" {
			t.Fatalf("Omar sees %+v", a)
		}
		// The translator, who reads English, is shown too.
		if a := beat(translator, map[string]any{"session": "translator-editor-01"}); len(a.Others) != 2 {
			t.Fatalf("the translator sees %+v", a)
		}
		admintest.Expect(t, "the translator leaves", translator.B.Do("POST", base+"/leave", map[string]any{"session": "translator-editor-01"}), http.StatusOK)

		// The finder shows Omar that Layla has the story open, not himself.
		r := omar.B.Do("GET", "/content/find?collection=news", nil)
		admintest.Expect(t, "find", r, http.StatusOK)
		var found struct {
			Items []struct {
				Slug    string
				Present []struct {
					Staff struct{ Name string }
					Dirty bool
				}
			}
		}
		r.Data(t, &found)
		for _, it := range found.Items {
			if it.Slug == admintest.StorySlug && (len(it.Present) != 1 || !it.Present[0].Dirty) {
				t.Fatalf("the story's row shows %+v", it.Present)
			}
		}

		r = omar.B.Do("POST", base+"/take-over", omarSession)
		admintest.Expect(t, "take over", r, http.StatusOK)
		if r.Env.Message == "" {
			t.Fatal("no message for the take-over")
		}
		if a := beat(layla, laylaSession); a.TakenBy == nil || a.TakenBy.Name == "" {
			t.Fatalf("Layla is not told: %+v", a)
		}
		if a := beat(omar, omarSession); len(a.Others) != 0 {
			t.Fatalf("Omar still sees %+v", a)
		}
		events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, ev := range events {
			if ev.Action == audit.ActionContentTakeOver && ev.ActorID != "" {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("take-overs in the trail: %d, want 1", n)
		}
	})
}
