package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// Bodies stored before running text became document trees are converted
// by migration 19, live and in every version, and the rest of each body
// is kept as it was.
func TestProseMigrationConvertsStoredBodies(t *testing.T) {
	t.Parallel()
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		const (
			news      = `{"title":"T","body":["First.","Second."]}`
			blog      = `{"title":"B","body":[{"paragraphs":["Lead."]},{"heading":"Why","paragraphs":["Because."]}]}`
			vacancy   = `{"title":"V","description":["Role."],"requirements":["A"]}`
			page      = `{"title":"P","sections":[{"heading":"H","paragraphs":["One."],"items":["x"]}]}`
			already   = `{"title":"D","body":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Kept."}]}]}}`
			unrelated = `{"title":"S","what":["Stays a list."]}`
		)
		rows := []struct{ collection, slug, body string }{
			{"news", "n", news}, {"blogs", "b", blog}, {"vacancies", "v", vacancy},
			{"pages", "/about-us", page}, {"webinars", "w", already}, {"pages", "/services/x", unrelated},
		}
		now := time.Now().UTC().Format(time.RFC3339)
		for _, r := range rows {
			mustExec(t, s, `INSERT INTO content_entries (collection, slug, locale, body, updated_at) VALUES ('`+r.collection+`', '`+r.slug+`', 'en', '`+r.body+`', '`+now+`')`)
			mustExec(t, s, `INSERT INTO content_versions (collection, slug, locale, body, author_id, created_at) VALUES ('`+r.collection+`', '`+r.slug+`', 'en', '`+r.body+`', 'staff', '`+now+`')`)
		}
		if err := s.RerunProseMigration(ctx); err != nil {
			t.Fatal(err)
		}
		para := func(text string) any {
			return map[string]any{"type": "paragraph", "content": []any{map[string]any{"type": "text", "text": text}}}
		}
		doc := func(blocks ...any) any { return map[string]any{"type": "doc", "content": blocks} }
		want := map[string]map[string]any{
			"n": {"title": "T", "body": doc(para("First."), para("Second."))},
			"b": {"title": "B", "body": doc(para("Lead."),
				map[string]any{"type": "heading", "attrs": map[string]any{"level": 2.0}, "content": []any{map[string]any{"type": "text", "text": "Why"}}},
				para("Because."))},
			"v":           {"title": "V", "description": doc(para("Role.")), "requirements": []any{"A"}},
			"/about-us":   {"title": "P", "sections": []any{map[string]any{"heading": "H", "paragraphs": doc(para("One.")), "items": []any{"x"}}}},
			"w":           {"title": "D", "body": doc(para("Kept."))},
			"/services/x": {"title": "S", "what": []any{"Stays a list."}},
		}
		entries, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(rows) {
			t.Fatalf("%d entries after the migration, want %d", len(entries), len(rows))
		}
		for _, e := range entries {
			assertBody(t, "entry "+e.Slug, e.Body, want[e.Slug])
			k := store.ContentKey{Collection: e.Collection, Slug: e.Slug, Locale: "en"}
			list, err := s.ContentVersions(ctx, k, 5)
			if err != nil || len(list) != 1 {
				t.Fatalf("versions of %s: %v, %v", e.Slug, list, err)
			}
			v, err := s.ContentVersionByID(ctx, k, list[0].ID)
			if err != nil {
				t.Fatal(err)
			}
			assertBody(t, "version of "+e.Slug, v.Body, want[e.Slug])
		}
	})
}

func mustExec(t *testing.T, s *store.Store, stmt string) {
	t.Helper()
	if err := s.RawExec(context.Background(), stmt); err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
}

func assertBody(t *testing.T, what, body string, want map[string]any) {
	t.Helper()
	var got map[string]any
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %s\nwant %v", what, body, want)
	}
}
