package content

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Finding content: one list of every page and collection item, searched
// by the words of its text in any language and filtered by collection,
// language, state and who changed it last. The filter travels in the
// query, so a list can be shared as its address.

// The states a finder filters by beyond an item's own: outdated (live, but
// the English changed under it) and to translate (missing or outdated).
const (
	filterOutdated  = "outdated"
	filterTranslate = "translate"
)

// The orders of the finder's list: by collection and title unless it asks
// for the latest changes first or last.
const (
	sortChanged = "changed"
	sortOldest  = "oldest"
)

// findFilter is a finder's query, checked.
type findFilter struct {
	Q          string // folded words, all of which the text must hold
	Lang       string
	State      string
	Collection string
	Author     string
	Sort       string
}

// readFindFilter reads the finder's query; ok is false when a value is not
// one the list offers.
func readFindFilter(c echo.Context) (f findFilter, ok bool) {
	f = findFilter{Q: fold(c.QueryParam("q")), Lang: c.QueryParam("lang"), State: c.QueryParam("state"),
		Collection: c.QueryParam("collection"), Author: c.QueryParam("author"), Sort: c.QueryParam("sort")}
	if f.Lang != "" {
		if l, known := locale.Parse(f.Lang); !known || string(l) != f.Lang {
			return f, false
		}
	}
	switch f.State {
	case "", store.EditionDraft, store.EditionPublished, store.EditionUnpublished, StateScheduled, stateMissing, filterOutdated, filterTranslate,
		store.ReviewPending, store.ReviewChanges, store.ReviewApproved, StateApprovedScheduled:
	default:
		return f, false
	}
	if f.Collection != "" && f.Collection != content.PagesCollection && !content.IsCollection(f.Collection) {
		return f, false
	}
	switch f.Sort {
	case "", sortChanged, sortOldest:
	default:
		return f, false
	}
	return f, len(f.Q) <= 200 && len(f.Author) <= 64
}

// fold puts text in the form searches compare: lower case, single spaces.
func fold(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// textOf gathers every string of a JSON body, folded, for a search.
func textOf(body string, into *strings.Builder) {
	var v any
	if json.Unmarshal([]byte(body), &v) != nil {
		return
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			into.WriteString(fold(x))
			into.WriteByte('\n')
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
}

// foundItem is an item or a page as the finder lists it.
type foundItem struct {
	Collection string            `json:"collection"`
	Slug       string            `json:"slug"`
	Title      string            `json:"title"`
	Trail      []string          `json:"trail"`                                           // a page's sections and groups, outermost first; empty for an item
	Key        string            `json:"key"`                                             // a page's key under nav. in the site's translations; empty for an item
	TrailKeys  []string          `json:"trailKeys"`                                       // the keys of its trail's steps
	Languages  map[string]string `json:"languages" tstype:"Record<string, ContentState>"` // state by locale
	Outdated   []string          `json:"outdated"`                                        // the live translations the English changed under
	ChangedAt  *time.Time        `json:"changedAt"`                                       // the last change of any language shown
	ChangedBy  *person           `json:"changedBy"`                                       // who made it, when staff did
	Present    []presentEditor   `json:"present"`                                         // the others who have it open
}

// findView is what the finder answers: the items that match, the counts
// of missing and outdated translations across the collection chosen (or
// every one), and the choices its filters offer.
type findView struct {
	Items       []foundItem               `json:"items"`
	Counts      map[string]*languageCount `json:"counts"` // by locale
	Collections []string                  `json:"collections"`
	Languages   []locale.Locale           `json:"languages"`
	Authors     []person                  `json:"authors"`  // staff who may change content
	Writable    []string                  `json:"writable"` // the languages the reader may change
}

// summarise describes one stored item as the finder lists it, with the
// words of every language's live and latest text.
func summarise(r store.ContentItemSummary, lang string, names map[string]string) (foundItem, string) {
	it := foundItem{Collection: r.Collection, Slug: r.Slug, Languages: map[string]string{}, Outdated: []string{}, Trail: []string{}, TrailKeys: []string{}}
	var head struct {
		Title string `json:"title"`
	}
	english := r.Live[string(locale.Default)]
	if english == "" {
		english = r.Drafts[string(locale.Default)]
	}
	_ = json.Unmarshal([]byte(english), &head)
	it.Title = head.Title
	if r.Collection == content.PagesCollection {
		it.Trail = content.PageTrail(r.Slug)
		it.Key, it.TrailKeys = content.PageKeys(r.Slug)
	}
	var words strings.Builder
	words.WriteString(fold(r.Slug) + "\n")
	for _, l := range locale.All {
		loc := string(l)
		_, live := r.Live[loc]
		ed, edited := r.Editions[loc]
		it.Languages[loc] = stateOf(live, ed, edited)
		_, planned := r.Schedules[loc]
		if planned {
			it.Languages[loc] = StateScheduled
		}
		rv, reviewed := r.Reviews[loc]
		it.Languages[loc] = reviewedState(it.Languages[loc], rv, reviewed, planned)
		if live && outdatedOf(loc, r.Live, r.Outdated) != nil {
			it.Outdated = append(it.Outdated, loc)
		}
		textOf(r.Live[loc], &words)
		textOf(r.Drafts[loc], &words)
		if lang != "" && lang != loc {
			continue
		}
		at, by := r.LiveAt[loc], ""
		if edited && ed.UpdatedAt.After(at) {
			at, by = ed.UpdatedAt, ed.UpdatedBy
		}
		if !at.IsZero() && (it.ChangedAt == nil || at.After(*it.ChangedAt)) {
			it.ChangedAt = &at
			it.ChangedBy = nil
			if by != "" {
				it.ChangedBy = &person{ID: by, Name: names[by]}
			}
		}
	}
	return it, words.String()
}

// inState reports whether one language of an item is in the state a
// filter asks for.
func inState(it foundItem, loc, state string) bool {
	outdated := slices.Contains(it.Outdated, loc)
	switch state {
	case filterOutdated:
		return outdated
	case filterTranslate:
		return loc != string(locale.Default) && (outdated || it.Languages[loc] == stateMissing)
	}
	return it.Languages[loc] == state
}

// matches reports whether an item passes a filter.
func (f findFilter) matches(it foundItem, words string, edited map[string]store.ContentEdition) bool {
	if f.Collection != "" && it.Collection != f.Collection {
		return false
	}
	for _, w := range strings.Fields(f.Q) {
		if !strings.Contains(words, w) {
			return false
		}
	}
	langs := []string{f.Lang}
	if f.Lang == "" {
		langs = langs[:0]
		for _, l := range locale.All {
			langs = append(langs, string(l))
		}
	}
	return slices.ContainsFunc(langs, func(loc string) bool {
		if f.State != "" && !inState(it, loc, f.State) {
			return false
		}
		return f.Author == "" || edited[loc].UpdatedBy == f.Author
	})
}

// Find answers every page and item that a search and filters match, with
// the missing and outdated counts of the collection chosen.
//
// GET /api/admin/content/find?q=&lang=&state=&collection=&author=&sort=
func (s *Service) Find(c echo.Context) error {
	f, ok := readFindFilter(c)
	if !ok {
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).Find.FilterInvalid)
	}
	rows, err := s.store.ContentEverything(c.Request().Context())
	if err != nil {
		return err
	}
	staff, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return err
	}
	names := map[string]string{}
	authors := []person{}
	for _, m := range staff {
		names[m.ID] = m.Name
		if access.Can(access.Role(m.Role), access.WriteContent) {
			authors = append(authors, person{ID: m.ID, Name: m.Name})
		}
	}
	counts := map[string]*languageCount{}
	for _, l := range locale.All {
		counts[string(l)] = &languageCount{}
	}
	present, err := s.presentOn(c, names)
	if err != nil {
		return err
	}
	items := []foundItem{}
	for _, r := range rows {
		it, words := summarise(r, f.Lang, names)
		it.Present = present[r.Collection+"/"+r.Slug]
		if it.Present == nil {
			it.Present = []presentEditor{}
		}
		if f.Collection == "" || r.Collection == f.Collection {
			for _, l := range locale.All {
				switch {
				case it.Languages[string(l)] == stateMissing:
					counts[string(l)].Missing++
				case slices.Contains(it.Outdated, string(l)):
					counts[string(l)].Outdated++
				}
			}
		}
		if f.matches(it, words, r.Editions) {
			items = append(items, it)
		}
	}
	sortFound(items, f.Sort)
	collections := []string{content.PagesCollection}
	for _, col := range content.Collections() {
		collections = append(collections, col.Name)
	}
	return endpoint.OK(c, findView{Items: items, Counts: counts, Collections: collections, Languages: locale.All,
		Authors: authors, Writable: writableLanguages(access.Of(c).Staff)}, "")
}

// sortFound orders the list: the pages in the site's order and the items
// by collection and title, or by the date of their last change.
func sortFound(items []foundItem, order string) {
	changed := func(it foundItem) time.Time {
		if it.ChangedAt == nil {
			return time.Time{}
		}
		return *it.ChangedAt
	}
	slices.SortStableFunc(items, func(a, b foundItem) int {
		switch order {
		case sortChanged:
			return changed(b).Compare(changed(a))
		case sortOldest:
			return changed(a).Compare(changed(b))
		}
		if a.Collection != b.Collection {
			return strings.Compare(a.Collection, b.Collection)
		}
		if a.Collection == content.PagesCollection {
			return 0 // the store's order of routes keeps a section's pages together
		}
		return strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title))
	})
}
