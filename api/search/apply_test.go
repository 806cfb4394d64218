package search

import (
	"testing"

	"noorvale.example/site/api/locale"
)

func page(path, title, body string) document {
	return document{ID: "en:" + path, Lang: "en", Type: TypeNews, Path: path, Title: title, TitleOf: title,
		Body: body, Words: title + "\n" + body}
}

// A change of content applied in place is found at once, and what it took
// away is neither found nor proposed as a spelling any more; pages it left
// alone are not indexed again.
func TestApplyFollowsChangedPages(t *testing.T) {
	ix, err := build([]document{
		page("/news/a", "Quokka sanctuary audit", "An audit of the quokka sanctuary."),
		page("/news/b", "Wombat burrow review", "A review of wombat burrows."),
		page("/news/c", "Harbour office opens", "The harbour office opens its doors."),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ix.Close() })
	paths := func(text string) ([]string, string) {
		t.Helper()
		res, err := ix.Search(Query{Text: text, Lang: locale.Default})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.Path)
		}
		return out, res.Suggest
	}
	if got := ix.suggest("quokkka", locale.Default); got != "quokka" {
		t.Fatalf("before the change, a misspelt quokka proposes %q", got)
	}

	changed, err := ix.apply([]document{
		page("/news/a", "Numbat sanctuary audit", "An audit of the numbat sanctuary."),
		page("/news/c", "Harbour office opens", "The harbour office opens its doors."),
		page("/news/d", "Platypus survey published", "Our platypus survey is out."),
	})
	if err != nil {
		t.Fatal(err)
	}
	if changed != 3 { // a changed, b removed, d added; c as it was
		t.Errorf("applied %d changes, want 3", changed)
	}
	if got, _ := paths("numbat"); len(got) != 1 || got[0] != "/news/a" {
		t.Errorf("the changed title finds %v, want /news/a", got)
	}
	if got, _ := paths("quokka"); len(got) != 0 {
		t.Errorf("the old title still finds %v", got)
	}
	if got := ix.suggest("quokkka", locale.Default); got != "" {
		t.Errorf("a word no page holds any more is still proposed: %q", got)
	}
	if got, _ := paths("wombat"); len(got) != 0 {
		t.Errorf("the removed page is still found: %v", got)
	}
	if got, _ := paths("platypus"); len(got) != 1 || got[0] != "/news/d" {
		t.Errorf("the new page finds %v, want /news/d", got)
	}
	if got, _ := paths("harbour"); len(got) != 1 || got[0] != "/news/c" {
		t.Errorf("the page left alone finds %v, want /news/c", got)
	}
	if ix.Len() != 3 {
		t.Errorf("the index holds %d pages, want 3", ix.Len())
	}
	if changed, err := ix.apply([]document{
		page("/news/a", "Numbat sanctuary audit", "An audit of the numbat sanctuary."),
		page("/news/c", "Harbour office opens", "The harbour office opens its doors."),
		page("/news/d", "Platypus survey published", "Our platypus survey is out."),
	}); err != nil || changed != 0 {
		t.Errorf("the same content again changed %d pages (%v), want none", changed, err)
	}
}

// A page read twice from the same content is the same document, so a
// change elsewhere does not index it again.
func TestDocumentsAreReadAlike(t *testing.T) {
	body := []byte(`{"title": "T", "a": "alpha words", "b": "beta words", "c": {"heading": "H", "d": "delta", "e": "epsilon"}, "f": "phi", "g": "gamma"}`)
	var first document
	if !fill(&first, body) {
		t.Fatal("body not read")
	}
	for range 20 {
		var again document
		fill(&again, body)
		if !sameText(&first, &again) {
			t.Fatalf("read again as %q, first as %q", again.Body, first.Body)
		}
	}
}
