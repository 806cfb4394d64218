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
