// Package prose turns the short form content files may hold for running
// text (a list of paragraph strings, or a blog's list of sections) into the
// document tree the database holds and the editor edits: ProseMirror's JSON
// form, {"type":"doc","content":[…]}. The seed and the migration that
// converted stored bodies share it, so both write the same tree.
package prose

// Node is one node of a document, as it is decoded from JSON.
type Node = map[string]any

// IsDoc reports whether v already is a document rather than the short form.
func IsDoc(v any) bool {
	n, ok := v.(map[string]any)
	return ok && n["type"] == "doc"
}

// FromShorthand converts the short form to a document: each string becomes
// a paragraph, and each object {"heading"?, "paragraphs"} a second-level
// heading followed by its paragraphs. ok is false for anything else (a
// document, a number, a list holding something else), which is then left
// for the shape's check to name.
func FromShorthand(v any) (doc Node, ok bool) {
	list, isList := v.([]any)
	if !isList || len(list) == 0 {
		return nil, false
	}
	var blocks []any
	for _, el := range list {
		switch el := el.(type) {
		case string:
			blocks = append(blocks, Paragraph(el))
		case map[string]any:
			for key := range el {
				if key != "heading" && key != "paragraphs" {
					return nil, false
				}
			}
			if h, present := el["heading"]; present && h != nil {
				heading, ok := h.(string)
				if !ok {
					return nil, false
				}
				blocks = append(blocks, Heading(2, heading))
			}
			paragraphs, ok := el["paragraphs"].([]any)
			if !ok {
				return nil, false
			}
			for _, p := range paragraphs {
				s, ok := p.(string)
				if !ok {
					return nil, false
				}
				blocks = append(blocks, Paragraph(s))
			}
		default:
			return nil, false
		}
	}
	return Node{"type": "doc", "content": blocks}, true
}

// Paragraph is a paragraph of plain text; an empty one has no content, as
// ProseMirror writes it, so that the check names it empty.
func Paragraph(text string) Node { return withText(Node{"type": "paragraph"}, text) }

// Heading is a heading of the given level holding plain text. The level is
// a float64, as JSON numbers decode, so a converted tree checks like a read one.
func Heading(level float64, text string) Node {
	return withText(Node{"type": "heading", "attrs": Node{"level": level}}, text)
}

func withText(n Node, text string) Node {
	if text != "" {
		n["content"] = []any{Node{"type": "text", "text": text}}
	}
	return n
}

// Block is one block of a document as plain text, for what draws text
// without the tree (a PDF): a paragraph, a heading with its level, or an
// entry of a list, which says whether the list is numbered and the entry's
// number in it.
type Block struct {
	Kind    string // "paragraph", "heading" or "item"
	Level   int    // a heading's level
	Ordered bool   // an item of a numbered list
	Number  int    // an item's number in its list, from 1
	Depth   int    // how deep a list is nested, from 0
	Text    string
}

// Blocks flattens a document into its blocks in reading order, their marks
// and links dropped. A value that is not a document has none.
func Blocks(v any) []Block {
	if !IsDoc(v) {
		return nil
	}
	var out []Block
	var walk func(children any, depth int)
	walk = func(children any, depth int) {
		list, _ := children.([]any)
		for _, c := range list {
			n, ok := c.(map[string]any)
			if !ok {
				continue
			}
			switch n["type"] {
			case "paragraph":
				out = append(out, Block{Kind: "paragraph", Text: Text(n)})
			case "heading":
				level := 2
				if a, ok := n["attrs"].(map[string]any); ok {
					if l, ok := a["level"].(float64); ok {
						level = int(l)
					}
				}
				out = append(out, Block{Kind: "heading", Level: level, Text: Text(n)})
			case "bulletList", "orderedList":
				items, _ := n["content"].([]any)
				for i, it := range items {
					item, ok := it.(map[string]any)
					if !ok {
						continue
					}
					// An item's first paragraph is the entry; what follows it
					// (a nested list, more paragraphs) comes after it.
					parts, _ := item["content"].([]any)
					b := Block{Kind: "item", Ordered: n["type"] == "orderedList", Number: i + 1, Depth: depth}
					if len(parts) > 0 {
						if p, ok := parts[0].(map[string]any); ok && p["type"] == "paragraph" {
							b.Text = Text(p)
							parts = parts[1:]
						}
					}
					out = append(out, b)
					walk(parts, depth+1)
				}
			}
		}
	}
	walk(v.(map[string]any)["content"], 0)
	return out
}

// Text is the plain text of an inline container: its text nodes joined.
func Text(n map[string]any) string {
	var b []byte
	list, _ := n["content"].([]any)
	for _, c := range list {
		if t, ok := c.(map[string]any); ok {
			if s, ok := t["text"].(string); ok {
				b = append(b, s...)
			}
		}
	}
	return string(b)
}
