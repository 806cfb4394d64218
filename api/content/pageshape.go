package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// Pages are edited like items: stored under PagesCollection with their
// route as the slug, checked against the shape of their kind. The page
// tree stays in sitemap.json, so which pages there are, and their kinds,
// come from the embedded one.

var pageTree = sync.OnceValues(Load)

// editablePage returns the shape of the page at a route, if the page
// takes a content file.
func editablePage(route string) (shape, bool) {
	cat, err := tree()
	if err != nil {
		return nil, false
	}
	p := cat.Page(route)
	if p == nil {
		return nil, false
	}
	return pageShape(p)
}

// EditablePage reports whether route names a page whose text is stored
// and edited, rather than kept in the web app's translations.
func EditablePage(route string) bool {
	_, ok := editablePage(route)
	return ok
}

// PageShapeOf describes the fields of the page at a route; ok is false for
// a route that names no page with a content file.
func PageShapeOf(route string) (fields []FieldSpec, ok bool) {
	s, ok := editablePage(route)
	if !ok {
		return nil, false
	}
	return s.describe(), true
}

// CheckEntry checks the body of a page (collection PagesCollection, slug
// its route) or of a collection item against its shape, as CheckItem does.
func CheckEntry(collection, slug string, body []byte) (compact string, problems []Problem, err error) {
	if collection != PagesCollection {
		return CheckItem(collection, body)
	}
	s, ok := editablePage(slug)
	if !ok {
		return "", nil, ErrNotAnObject
	}
	return checkShape(s, body)
}

// CheckEntryFile checks a page's or an item's body as a content file holds
// it, where running text may keep its short form (see CheckItemFile), and
// returns it compacted with that text as document trees, as the seed
// stores it.
func CheckEntryFile(collection, slug string, body []byte) (compact string, problems []Problem, err error) {
	if collection != PagesCollection {
		return CheckItemFile(collection, body)
	}
	s, ok := editablePage(slug)
	if !ok {
		return "", nil, ErrNotAnObject
	}
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil || v == nil {
		return "", nil, ErrNotAnObject
	}
	s.normalizeProse(v)
	tree, err := json.Marshal(v)
	if err != nil {
		return "", nil, ErrNotAnObject
	}
	return checkShape(s, tree)
}

// checkShape decodes a body, checks it against a shape and compacts it.
func checkShape(s shape, body []byte) (compact string, problems []Problem, err error) {
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil || v == nil {
		return "", nil, ErrNotAnObject
	}
	if problems := s.check(v); len(problems) > 0 {
		return "", problems, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, body); err != nil {
		return "", nil, ErrNotAnObject
	}
	return buf.String(), nil, nil
}

// PageTrail names the sections and groups above the page at a route, the
// outermost first, in English: the breadcrumb trail without the home page
// and the page itself. It is empty for a top-level page or an unknown one.
func PageTrail(route string) []string {
	cat, err := tree()
	if err != nil {
		return []string{}
	}
	p := cat.Page(route)
	if p == nil || len(p.Breadcrumbs) < 3 {
		return []string{}
	}
	out := make([]string, 0, len(p.Breadcrumbs)-2)
	for _, c := range p.Breadcrumbs[1 : len(p.Breadcrumbs)-1] {
		out = append(out, c.Name)
	}
	return out
}

// PageKeys names the page at a route and the sections and groups above it
// by their keys under nav. in the web app's translations, outermost first,
// so that the back-office can show them in its reader's language. Both are
// empty for an unknown route.
func PageKeys(route string) (key string, trail []string) {
	trail = []string{}
	cat, err := tree()
	if err != nil {
		return "", trail
	}
	p := cat.Page(route)
	if p == nil {
		return "", trail
	}
	if len(p.Breadcrumbs) >= 3 {
		for _, c := range p.Breadcrumbs[1 : len(p.Breadcrumbs)-1] {
			trail = append(trail, c.TranslationKey)
		}
	}
	return p.TranslationKey, trail
}

// PageProblems finds the routes a body its shape accepted names (in a list
// of routes, or as the keys of texts by route) that are no page of the
// site. The seed's own files are not checked here: the page tree is built
// from them.
func PageProblems(collection, slug, body string) []Problem {
	s, ok := itemShapes[collection]
	if collection == PagesCollection {
		s, ok = editablePage(slug)
	}
	cat, err := tree()
	var v map[string]any
	if !ok || err != nil || json.Unmarshal([]byte(body), &v) != nil {
		return nil
	}
	return s.pageProblems("", v, cat)
}

func (s shape) pageProblems(prefix string, v map[string]any, cat *Catalog) []Problem {
	var problems []Problem
	known := func(r string) bool { return cat.Page(r) != nil }
	for _, f := range s {
		path := prefix + f.name
		switch value := v[f.name].(type) {
		case []any:
			for i, el := range value {
				at := fmt.Sprintf("%s[%d]", path, i)
				switch x := el.(type) {
				case string:
					if f.kind == kindRoutes && !known(x) {
						problems = append(problems, Problem{Path: at, Code: ProblemPage, Value: x})
					}
				case map[string]any:
					if f.kind == kindObjects {
						problems = append(problems, f.fields.pageProblems(at+".", x, cat)...)
					}
				}
			}
		case map[string]any:
			switch f.kind {
			case kindRouteTexts:
				for _, k := range slices.Sorted(maps.Keys(value)) {
					if !known(k) {
						problems = append(problems, Problem{Path: path + "[" + k + "]", Code: ProblemPage, Value: k})
					}
				}
			case kindObject:
				problems = append(problems, f.fields.pageProblems(path+".", value, cat)...)
			}
		}
	}
	return problems
}
