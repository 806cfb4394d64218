package prose

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A document's blocks read in order as plain text: headings with their
// level, list entries numbered and nested, marks, links and pictures dropped.
func TestBlocks(t *testing.T) {
	var doc any
	if err := json.Unmarshal([]byte(`{"type":"doc","content":[
		{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Scope"}]},
		{"type":"image","attrs":{"media":"abcdefghijklmnopqrstuvwx","caption":"The test plan"}},
		{"type":"paragraph","content":[{"type":"text","text":"We test "},{"type":"text","text":"everything","marks":[{"type":"bold"}]},{"type":"text","text":" you name."}]},
		{"type":"orderedList","content":[
			{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Plan"}]},
				{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Assets","marks":[{"type":"link","attrs":{"href":"/services"}}]}]}]}]}]},
			{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Report"}]}]}]}]}`), &doc); err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{Kind: "heading", Level: 2, Text: "Scope"},
		{Kind: "paragraph", Text: "We test everything you name."},
		{Kind: "item", Ordered: true, Number: 1, Text: "Plan"},
		{Kind: "item", Number: 1, Depth: 1, Text: "Assets"},
		{Kind: "item", Ordered: true, Number: 2, Text: "Report"},
	}
	if got := Blocks(doc); !reflect.DeepEqual(got, want) {
		t.Fatalf("blocks\n got %+v\nwant %+v", got, want)
	}
	if Blocks([]any{"a paragraph"}) != nil {
		t.Fatal("the short form is not a document and has no blocks")
	}
}

// The short form becomes the document the seed stores: paragraphs, and a
// blog's sections as second-level headings over their paragraphs.
func TestFromShorthand(t *testing.T) {
	doc, ok := FromShorthand([]any{"One.", map[string]any{"heading": "Two", "paragraphs": []any{"Three."}}})
	if !ok {
		t.Fatal("the short form was refused")
	}
	got := Blocks(doc)
	want := []Block{{Kind: "paragraph", Text: "One."}, {Kind: "heading", Level: 2, Text: "Two"}, {Kind: "paragraph", Text: "Three."}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("blocks\n got %+v\nwant %+v", got, want)
	}
	if _, ok := FromShorthand([]any{map[string]any{"heading": "x", "script": "y"}}); ok {
		t.Fatal("a section with a field of its own was converted")
	}
}
