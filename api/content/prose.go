package content

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"noorvale.example/site/api/prose"
)

// Running text is a small document tree, ProseMirror's JSON form, which the
// back-office's editor edits natively and the public site renders node by
// node without raw HTML. The check below is the whole of what it may hold:
// paragraphs, second- and third-level headings, bulleted and numbered
// lists, pictures of the media library with an optional caption, and text
// that is bold, italic or a link (to a page, an http(s) address or a
// document of the library). Anything else is refused rather than dropped,
// so what an editor saves is what visitors see. Whether a picture or
// document a text names is in the library is for the place that saves the
// text to ask the store (ProseMedia lists them).

const (
	// maxProseDepth bounds nesting: doc, list, item, list, item, list,
	// item, paragraph, text is three lists deep, more than text needs.
	maxProseDepth = 9
	// maxProseNodes bounds a document's size, far above a long article's.
	maxProseNodes = 5000
	// maxHref bounds a link's address.
	maxHref = 2000
	// maxCaption bounds a picture's caption, in characters.
	maxCaption = 300
)

// blockNodes are the nodes a document or a list item holds, and what a
// list item may hold besides (a list item starts with a paragraph).
var (
	docBlocks  = []string{"paragraph", "heading", "bulletList", "orderedList", "image"}
	itemBlocks = []string{"paragraph", "bulletList", "orderedList"}
)

// proseField is one field of running text: a document tree, or in a
// content file the short form prose.FromShorthand converts.
func proseField(name string) field { return field{name: name, kind: kindProse} }

// proseChecker walks one document, collecting what is wrong with it.
type proseChecker struct {
	path     string // the field's path, which every problem names
	nodes    int
	problems []Problem
}

func checkProse(path string, value any) []Problem {
	if list, ok := value.([]any); ok {
		// What is left a list is not the short form a file may use.
		if len(list) == 0 {
			return []Problem{{Path: path, Code: ProblemEmptyList}}
		}
		return []Problem{{Path: path, Code: ProblemProse, Value: "a list that is neither paragraphs nor sections of paragraphs"}}
	}
	doc, ok := value.(map[string]any)
	if !ok || doc["type"] != "doc" {
		return []Problem{{Path: path, Code: ProblemProse, Value: "a value that is not a document"}}
	}
	c := &proseChecker{path: path}
	c.keys(doc, "", "type", "content")
	c.children(doc, "", 1, docBlocks)
	return c.problems
}

func (c *proseChecker) fail(code, where string, value any) {
	c.problems = append(c.problems, Problem{Path: c.path, Code: code, Value: value, Detail: where})
}

// keys refuses the fields of a node other than allowed.
func (c *proseChecker) keys(n map[string]any, where string, allowed ...string) {
	var extra []string
	for k := range n {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		c.fail(ProblemProse, where, fmt.Sprintf("the field %q of a %v", k, n["type"]))
	}
}

// children checks the content of a block node: a non-empty list of the
// allowed node types.
func (c *proseChecker) children(n map[string]any, where string, depth int, allowed []string) {
	list, ok := n["content"].([]any)
	if !ok || len(list) == 0 {
		if _, present := n["content"]; present && !ok {
			c.fail(ProblemProse, where, fmt.Sprintf("content of a %v that is not a list", n["type"]))
			return
		}
		c.fail(ProblemEmpty, where, nil)
		return
	}
	for i, el := range list {
		at := joinWhere(where, "content["+strconv.Itoa(i)+"]")
		child, ok := el.(map[string]any)
		if !ok {
			c.fail(ProblemProse, at, "a value that is not a node")
			continue
		}
		kind, _ := child["type"].(string)
		if !slices.Contains(allowed, kind) {
			c.fail(ProblemProse, at, fmt.Sprintf("a node %q inside a %v", kind, n["type"]))
			continue
		}
		if n["type"] == "listItem" && i == 0 && kind != "paragraph" {
			c.fail(ProblemProse, at, "a list item that does not start with a paragraph")
			continue
		}
		c.node(child, kind, at, depth+1)
	}
}

func (c *proseChecker) node(n map[string]any, kind, where string, depth int) {
	c.nodes++
	if depth > maxProseDepth || c.nodes > maxProseNodes {
		if c.nodes == maxProseNodes+1 || depth > maxProseDepth {
			c.fail(ProblemProseSize, where, nil)
		}
		return
	}
	switch kind {
	case "paragraph":
		c.keys(n, where, "type", "content")
		c.inline(n, where)
	case "heading":
		c.keys(n, where, "type", "attrs", "content")
		attrs, _ := n["attrs"].(map[string]any)
		if level, _ := attrs["level"].(float64); level != 2 && level != 3 {
			c.fail(ProblemHeading, where, attrs["level"])
		}
		c.attrs(attrs, kind, where, "level")
		c.inline(n, where)
	case "bulletList":
		c.keys(n, where, "type", "content")
		c.children(n, where, depth, []string{"listItem"})
	case "orderedList":
		c.keys(n, where, "type", "attrs", "content")
		if attrs, present := n["attrs"]; present {
			a, _ := attrs.(map[string]any)
			if start, present := a["start"]; present {
				if s, ok := start.(float64); !ok || s < 1 || s != math.Trunc(s) {
					c.fail(ProblemProse, where, fmt.Sprintf("a list starting at %v", start))
				}
			}
			c.attrs(a, kind, where, "start")
		}
		c.children(n, where, depth, []string{"listItem"})
	case "listItem":
		c.keys(n, where, "type", "content")
		c.children(n, where, depth, itemBlocks)
	case "image":
		// A picture of the library, by its id, with a caption or none.
		c.keys(n, where, "type", "attrs")
		attrs, _ := n["attrs"].(map[string]any)
		c.attrs(attrs, kind, where, "media", "caption")
		if id, ok := attrs["media"].(string); !ok || !ValidMediaID(id) {
			c.fail(ProblemMedia, where, attrs["media"])
		}
		if caption, present := attrs["caption"]; present {
			s, ok := caption.(string)
			switch {
			case !ok:
				c.fail(ProblemString, where, caption)
			case !controlFree(s) || strings.ContainsAny(s, "\n\r"):
				c.fail(ProblemControl, where, nil)
			case utf8.RuneCountInString(s) > maxCaption:
				c.fail(ProblemTooLong, where, maxCaption)
			}
		}
	}
}

// attrs refuses attributes other than allowed.
func (c *proseChecker) attrs(a map[string]any, kind, where string, allowed ...string) {
	var extra []string
	for k := range a {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		c.fail(ProblemProse, where, fmt.Sprintf("the attribute %q of a %s", k, kind))
	}
}

// inline checks the text of a paragraph or heading: text nodes with marks.
func (c *proseChecker) inline(n map[string]any, where string) {
	list, ok := n["content"].([]any)
	if !ok || len(list) == 0 {
		c.fail(ProblemEmpty, where, nil)
		return
	}
	blank := true
	for i, el := range list {
		at := joinWhere(where, "content["+strconv.Itoa(i)+"]")
		t, ok := el.(map[string]any)
		if !ok || t["type"] != "text" {
			kind := "a value that is not a node"
			if ok {
				kind = fmt.Sprintf("a node %q inside a %v", t["type"], n["type"])
			}
			c.fail(ProblemProse, at, kind)
			continue
		}
		c.nodes++
		c.keys(t, at, "type", "text", "marks")
		s, ok := t["text"].(string)
		switch {
		case !ok || s == "":
			c.fail(ProblemEmpty, at, nil)
		case !controlFree(s) || strings.ContainsAny(s, "\n\r"):
			c.fail(ProblemControl, at, nil)
		case strings.TrimSpace(s) != "":
			blank = false
		}
		c.marks(t["marks"], at)
	}
	if blank {
		c.fail(ProblemEmpty, where, nil)
	}
}

// marks checks a text node's marks: bold, italic and a link, each once.
func (c *proseChecker) marks(v any, where string) {
	if v == nil {
		return
	}
	list, ok := v.([]any)
	if !ok {
		c.fail(ProblemProse, where, "marks that are not a list")
		return
	}
	seen := map[string]bool{}
	for _, el := range list {
		m, _ := el.(map[string]any)
		kind, _ := m["type"].(string)
		if seen[kind] {
			c.fail(ProblemProse, where, fmt.Sprintf("the mark %q twice", kind))
			continue
		}
		seen[kind] = true
		switch kind {
		case "bold", "italic":
			c.keys(m, where, "type")
		case "link":
			c.keys(m, where, "type", "attrs")
			attrs, _ := m["attrs"].(map[string]any)
			c.attrs(attrs, kind, where, "href")
			href, ok := attrs["href"].(string)
			switch {
			case !ok || !SafeHref(href):
				c.fail(ProblemLink, where, attrs["href"])
			case strings.HasPrefix(href, LibraryPath):
				// Into the library only to a document's file, by its form.
				if _, _, ok := LibraryFile(href); !ok {
					c.fail(ProblemDocument, where, href)
				}
			}
		default:
			c.fail(ProblemProse, where, fmt.Sprintf("the mark %q", kind))
		}
	}
}

func joinWhere(where, step string) string {
	if where == "" {
		return step
	}
	return where + "." + step
}

// SafeHref reports whether a link may point at href: an http or https
// address with a host, or a path on this site starting with a single "/".
// A second slash or a backslash would make browsers read a host, and any
// other scheme (javascript:, data:) is refused.
func SafeHref(href string) bool {
	if href == "" || len(href) > maxHref || strings.ContainsAny(href, "\\ ") || !controlFree(href) || strings.ContainsAny(href, "\n\r\t") {
		return false
	}
	u, err := url.Parse(href)
	if err != nil {
		return false
	}
	if strings.HasPrefix(href, "/") {
		return !strings.HasPrefix(href, "//") && u.Scheme == "" && u.Host == ""
	}
	scheme := strings.ToLower(u.Scheme)
	return (scheme == "http" || scheme == "https") && u.Host != "" && u.User == nil
}

// normalizeProse replaces the short form of every prose field in a content
// file's object with its document, so files may keep lists of paragraphs.
func (s shape) normalizeProse(v map[string]any) {
	for _, f := range s {
		value, present := v[f.name]
		if !present {
			continue
		}
		switch f.kind {
		case kindProse:
			if doc, ok := prose.FromShorthand(value); ok {
				v[f.name] = doc
			}
		case kindObject:
			if obj, ok := value.(map[string]any); ok {
				f.fields.normalizeProse(obj)
			}
		case kindObjects:
			if list, ok := value.([]any); ok {
				for _, el := range list {
					if obj, ok := el.(map[string]any); ok {
						f.fields.normalizeProse(obj)
					}
				}
			}
		}
	}
}

// hasProse reports whether a shape has a prose field at any depth.
func (s shape) hasProse() bool {
	for _, f := range s {
		if f.kind == kindProse || f.fields.hasProse() {
			return true
		}
	}
	return false
}
