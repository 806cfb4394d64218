package search

import (
	"encoding/json"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
)

// The types of result a visitor can filter by.
const (
	TypeService     = "service"
	TypeStandard    = "standard"
	TypeNews        = "news"
	TypeBlog        = "blog"
	TypePublication = "publication"
	TypeWebinar     = "webinar"
	TypeVacancy     = "vacancy"
	TypeCaseStudy   = "caseStudy"
	TypeOffice      = "office"
	TypeOther       = "other"
)

// Types lists every type of result.
var Types = []string{TypeService, TypeStandard, TypeNews, TypeBlog, TypePublication, TypeWebinar, TypeCaseStudy, TypeVacancy, TypeOffice, TypeOther}

// document is one page in one language as the index holds it.
type document struct {
	ID       string `json:"-"` // language and path
	Lang     string `json:"lang"`
	Type     string `json:"type"`
	Code     string `json:"-"` // the last part of a service's or standard's address, "" for other pages
	Path     string `json:"path"`
	Title    string `json:"title"`
	Headings string `json:"headings"`
	Body     string `json:"body"`
	Tags     string `json:"tags"`
	Summary  string `json:"summary"`
	Words    string `json:"words"`      // every text above, for misspelt words
	TitleOf  string `json:"titleWords"` // the title again, for misspelt words

	// What ranking reads besides the index's score (see rank.go): the
	// tokens of the title, and of the code a service or standard is known
	// by ("iso-27001", "penetration-testing"), as the language's analyzer
	// and the words field make them.
	name rankName
	sum  uint64 // of the text the document was read from (sourceSum)
}

// typeOf is the result type of a page.
func typeOf(p *content.Page) string {
	switch {
	case p.Collection == "news" && p.Slug != "":
		return TypeNews
	case p.Collection == "blogs" && p.Slug != "":
		return TypeBlog
	}
	switch p.Kind {
	case content.KindService, content.KindLanding:
		if strings.HasPrefix(p.Route, "/compliance/") {
			return TypeStandard
		}
		return TypeService
	case content.KindStandard:
		return TypeStandard
	case content.KindPublication:
		return TypePublication
	case content.KindWebinar:
		return TypeWebinar
	case content.KindVacancy:
		return TypeVacancy
	case content.KindCaseStudy:
		return TypeCaseStudy
	case content.KindContact:
		return TypeOffice
	}
	return TypeOther
}

// codeOf is the code a service or standard page is known by: the last
// part of its address, written as words ("iso 27001", "pci dss", "soc 2").
// Other pages have none: a news story's address is its headline.
func codeOf(p *content.Page) string {
	switch typeOf(p) {
	case TypeService, TypeStandard:
		return strings.ReplaceAll(p.Route[strings.LastIndexByte(p.Route, '/')+1:], "-", " ")
	}
	return ""
}

// searchable reports whether a page is one a visitor may find: a public
// page search engines may list, not a sign-in page, not a signed-in
// visitor's page and not a list's second or later page.
func searchable(p *content.Page) bool {
	return p.Indexable() && !p.SignedInOnly() && p.Number == 0 && p.Kind != content.KindForms
}

// documents lists every searchable page of cat in every language it has a
// text of its own in: a page that falls back to English is found in
// English only, marked as such when it is shown. A page whose stored text
// is the same as when known (by id) read it is taken from there rather
// than read again: a publish changes a page or two of hundreds.
func documents(cat *content.Catalog, known map[string]*document) []document {
	var out []document
	for _, p := range cat.Pages() {
		if !searchable(p) {
			continue
		}
		for _, l := range locale.All {
			c := cat.Content(p, l)
			if c.Locale != l || c.Body == nil {
				continue
			}
			d := document{
				ID:   string(l) + ":" + p.Route,
				Lang: string(l),
				Type: typeOf(p),
				Path: locale.Path(l, p.Route),
				Code: codeOf(p),
				sum:  sourceSum(c.Body, c.Title, p.Name),
			}
			if old := known[d.ID]; old != nil && old.sum == d.sum && old.Type == d.Type && old.Path == d.Path && old.Code == d.Code {
				out = append(out, *old)
				continue
			}
			if !fill(&d, c.Body) {
				continue
			}
			if d.Title == "" {
				d.Title = c.Title
			}
			if d.Title == "" {
				d.Title = p.Name
			}
			d.TitleOf = d.Title
			d.Words = strings.Join([]string{d.Title, d.Headings, d.Tags, d.Summary, d.Body}, "\n")
			out = append(out, d)
		}
	}
	return out
}

// sourceSum is a checksum of what a document is read from: its body, and
// the titles that stand in when the body has none.
func sourceSum(body []byte, title, name string) uint64 {
	h := fnv.New64a()
	h.Write(body)
	h.Write([]byte{0})
	h.Write([]byte(title))
	h.Write([]byte{0})
	h.Write([]byte(name))
	return h.Sum64()
}

// fill reads a content body into d; false when it is not a JSON object.
func fill(d *document, body json.RawMessage) bool {
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		return false
	}
	t := &texts{}
	t.walk("", v)
	if s, ok := v["title"].(string); ok {
		d.Title = s
	}
	for _, key := range []string{"summary", "description", "metaDescription", "overview", "intro", "paragraphs"} {
		if s := firstText(v[key]); s != "" {
			d.Summary = s
			break
		}
	}
	d.Headings = strings.Join(t.headings, "\n")
	d.Body = strings.Join(t.body, "\n")
	d.Tags = strings.Join(t.tags, "\n")
	if d.Summary == "" && len(t.body) > 0 {
		d.Summary = t.body[0]
	}
	d.Summary = clip(d.Summary, 240)
	return true
}

// skipped are the fields that hold no words a visitor reads: addresses,
// pictures, dates, numbers and choices the page writes in other words.
var skipped = map[string]bool{
	"cover": true, "image": true, "hoverImage": true, "src": true, "backgroundImage": true, "icon": true,
	"date": true, "start": true, "datePosted": true, "validThrough": true, "updated": true,
	"mapQuery": true, "related": true, "cards": false, "attrs": true, "marks": true, "type": true,
	"office": true, "employmentType": true, "language": true, "imageAlt": true, "metaTitle": true,
	"since": true, "verification": true, "emblemShape": true, "shownOn": true, "sector": true,
	// A search listing's words are for search engines; the page shows its own.
	"seo": true,
}

// headingKeys are the fields whose text is a heading of the page.
var headingKeys = map[string]bool{"heading": true, "question": true, "sectionTitle": true}

// texts collects the words of a body by their role.
type texts struct {
	headings, body, tags []string
}

// walk collects the strings under v, key being the field that holds it.
// Running text (a document tree of nodes with a type) gives its headings
// as headings and the rest as body text.
func (t *texts) walk(key string, v any) {
	if skipped[key] {
		return
	}
	switch v := v.(type) {
	case string:
		s := strings.TrimSpace(stripTags(v))
		switch {
		case s == "":
		case key == "title" || key == "":
			// The page's title is indexed apart; an item's title inside a
			// list is a heading of this page.
			if key == "title" {
				t.headings = append(t.headings, s)
			}
		case headingKeys[key]:
			t.headings = append(t.headings, s)
		case key == "tags":
			t.tags = append(t.tags, s)
		default:
			t.body = append(t.body, s)
		}
	case []any:
		for _, e := range v {
			t.walk(key, e)
		}
	case map[string]any:
		if node, _ := v["type"].(string); node != "" && v["content"] != nil {
			t.prose(v)
			return
		}
		// In the order of the keys, so a page's text is the same each time
		// it is read and an unchanged page is not indexed again.
		for _, k := range slices.Sorted(maps.Keys(v)) {
			t.walk(k, v[k])
		}
	}
}

// prose collects running text: each heading's text as a heading, each
// other block's, and a picture's caption, as a line of body text.
func (t *texts) prose(n map[string]any) {
	kind, _ := n["type"].(string)
	switch kind {
	case "heading":
		if s := strings.TrimSpace(inline(n)); s != "" {
			t.headings = append(t.headings, s)
		}
		return
	case "paragraph":
		if s := strings.TrimSpace(inline(n)); s != "" {
			t.body = append(t.body, s)
		}
		return
	case "image":
		// A picture is found by its caption, never by its id.
		attrs, _ := n["attrs"].(map[string]any)
		if s, _ := attrs["caption"].(string); strings.TrimSpace(s) != "" {
			t.body = append(t.body, strings.TrimSpace(s))
		}
		return
	}
	children, _ := n["content"].([]any)
	for _, c := range children {
		if m, ok := c.(map[string]any); ok {
			t.prose(m)
		}
	}
}

// inline is the text of a block's inline nodes.
func inline(n map[string]any) string {
	var b strings.Builder
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if s, ok := n["text"].(string); ok {
			b.WriteString(s)
		}
		if kind, _ := n["type"].(string); kind == "hardBreak" {
			b.WriteByte(' ')
		}
		children, _ := n["content"].([]any)
		for _, c := range children {
			if m, ok := c.(map[string]any); ok {
				walk(m)
			}
		}
	}
	walk(n)
	return b.String()
}

// firstText is the first string in v, a string or a list of strings.
func firstText(v any) string {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(stripTags(v))
	case []any:
		for _, e := range v {
			if s := firstText(e); s != "" {
				return s
			}
		}
	case map[string]any:
		t := &texts{}
		t.walk("", v)
		if len(t.body) > 0 {
			return t.body[0]
		}
	}
	return ""
}

// stripTags drops the elements markup fields may hold (<strong>…), keeping
// their text.
func stripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// clip cuts s to at most n runes at a word boundary, with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n
	for i := n; i > n*2/3; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimSpace(string(r[:cut])) + "…"
}

// BleveType tells the index which language's mapping a document takes.
func (d *document) BleveType() string { return d.Lang }
