package content

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Collection is a kind of item the site publishes: each has a list page in
// sitemap.json and a page per item below that list page's route.
type Collection struct {
	Name      string // folder under collections/ and the value of page.collection
	ListRoute string // route of the list page
	ItemKind  string // kind of the item pages
}

var collections = []Collection{
	{Name: "news", ListRoute: "/resources/news", ItemKind: KindArticle},
	{Name: "blogs", ListRoute: "/resources/blogs", ItemKind: KindArticle},
	{Name: "publications", ListRoute: "/resources/publications", ItemKind: KindPublication},
	{Name: "webinars", ListRoute: "/resources/webinars", ItemKind: KindWebinar},
	{Name: "vacancies", ListRoute: "/careers/jop-vacancies", ItemKind: KindVacancy},
	{Name: "accreditations", ListRoute: "/about-us/accreditations", ItemKind: KindAccreditation},
	{Name: "case-studies", ListRoute: "/resources/case-studies", ItemKind: KindCaseStudy},
	{Name: "people", ListRoute: "/about-us/our-people", ItemKind: KindPerson},
}

// Collections returns the site's collections.
func Collections() []Collection { return slices.Clone(collections) }

func collectionNamed(name string) *Collection {
	for i := range collections {
		if collections[i].Name == name {
			return &collections[i]
		}
	}
	return nil
}

func collectionListedAt(route string) *Collection {
	for i := range collections {
		if collections[i].ListRoute == route {
			return &collections[i]
		}
	}
	return nil
}

func collectionNames() []string {
	names := make([]string, len(collections))
	for i, c := range collections {
		names[i] = c.Name
	}
	return names
}

// teamRank puts the team after the leadership, whatever place staff give
// a person within their group.
const teamRank = 1 << 20

// homeItems is how many news stories the home page shows.
const homeItems = 8

// relatedItems is how many other items of its collection an item page shows
// after its text.
const relatedItems = 3

// ListPageSize is how many items a list page shows. Older items are on
// further pages ("/resources/news/page/2"), so an edit never re-renders an
// ever-growing list.
const ListPageSize = 12

// PagedRoute returns the route of page n (2 or more) of a list page.
func PagedRoute(listRoute string, n int) string {
	return listRoute + "/page/" + strconv.Itoa(n)
}

// ItemSummary is what a list shows of an item.
type ItemSummary struct {
	Collection     string `json:"collection"`
	Slug           string `json:"slug"`
	Route          string `json:"route"` // locale-free route of the item's page
	Title          string `json:"title"`
	Description    string `json:"description"`
	ImageAlt       string `json:"imageAlt"`
	Cover          string `json:"cover,omitempty"`          // the uploaded cover's id, its language's or else the English text's; "" for the drawn one
	Date           string `json:"date"`                     // news, blogs, publications, client stories: date; webinars: start; vacancies: datePosted; accreditations: since
	Author         string `json:"author,omitempty"`         // news and blogs
	Office         string `json:"office,omitempty"`         // vacancies and people
	Role           string `json:"role,omitempty"`           // people: the position held
	Group          string `json:"group,omitempty"`          // people: leadership or team
	EmploymentType string `json:"employmentType,omitempty"` // vacancies
	Upcoming       *bool  `json:"upcoming,omitempty"`       // webinars: whether it starts after the render time
	Sector         string `json:"sector,omitempty"`         // client stories
	Country        string `json:"country,omitempty"`        // client stories
}

// PageContent is a page's content as one language shows it.
type PageContent struct {
	Body    json.RawMessage // the content file's JSON; nil when the page has none
	Locale  locale.Locale   // the language Body is in: the page's, or English when it fell back
	Updated string          // ISO date the content last changed, "" when unknown
	Title   string          // the title inside Body
}

// entryText is one content entry, decoded as far as the catalogue needs.
type entryText struct {
	body       json.RawMessage
	digest     [16]byte  // identifies the body and its change time: what a document built from it depends on
	changed    time.Time // when the store last saw the entry change
	title      string
	updated    string      // the date the content gives itself: legal pages, items
	summary    ItemSummary // items only; Upcoming is set per render
	rank       int         // people: where the person stands on the page, leadership first
	answers    []string    // people: the routes of the services they answer for
	shownOn    []string    // accreditations and client stories: the pages that show them
	credential *Credential // accreditations only
	noindex    bool        // staff asked search engines to leave this text out
	media      []string    // the library items its running text names, by id
}

// listedItem is an item of a collection with its texts in every language.
type listedItem struct {
	page  *Page
	when  time.Time // the English entry's date (webinars: start), which orders lists
	rank  int       // orders a list before its date: people by group and place, 0 elsewhere
	texts map[locale.Locale]*entryText
}

// entryFields are the fields of a content file the catalogue reads itself.
type entryFields struct {
	Title          string          `json:"title"`
	Description    json.RawMessage `json:"description"` // a string; a vacancy's is running text, unread here
	Summary        string          `json:"summary"`
	ImageAlt       string          `json:"imageAlt"`
	Cover          string          `json:"cover"`
	Date           string          `json:"date"`
	Start          string          `json:"start"`
	DatePosted     string          `json:"datePosted"`
	Updated        string          `json:"updated"`
	Author         json.RawMessage `json:"author"`
	Office         string          `json:"office"`
	EmploymentType string          `json:"employmentType"`
	Since          string          `json:"since"`
	Sector         string          `json:"sector"`
	Country        string          `json:"country"`
	ShownOn        []string        `json:"shownOn"`
	Role           string          `json:"role"`
	Group          string          `json:"group"`
	Order          int             `json:"order"`
	Services       []string        `json:"services"`
	SEO            struct {
		Noindex bool `json:"noindex"`
	} `json:"seo"`
}

// WithEntries returns a catalogue with the stored content added: the texts
// of the pages and, after each list page, a page per item of its collection,
// newest first. Entries it cannot use (a route no longer in sitemap.json, a
// broken body, a translation without an English original) are left out and
// reported in problems; the catalogue is usable either way.
func (c *Catalog) WithEntries(entries []store.ContentEntry) (out *Catalog, problems []error) {
	out = &Catalog{
		nav:     c.nav,
		footer:  c.footer,
		byRoute: make(map[string]*Page, len(c.byRoute)+len(entries)),
		texts:   map[string]map[locale.Locale]*entryText{},
		lists:   map[string][]*listedItem{},
		listed:  map[string]int{},
	}
	items := map[string]map[string]map[locale.Locale]*entryText{} // collection, slug, locale
	for _, e := range entries {
		loc, ok := locale.Parse(e.Locale)
		if !ok || string(loc) != e.Locale {
			problems = append(problems, fmt.Errorf("content: %s: unknown language %q", EntryFile(e), e.Locale))
			continue
		}
		if e.Collection == PagesCollection {
			p := c.byRoute[e.Slug]
			if p == nil {
				problems = append(problems, fmt.Errorf("content: %s: no page %s in sitemap.json", EntryFile(e), e.Slug))
				continue
			}
			t, err := decodeText(e, nil)
			if err != nil {
				problems = append(problems, err)
				continue
			}
			if out.texts[p.Route] == nil {
				out.texts[p.Route] = map[locale.Locale]*entryText{}
			}
			out.texts[p.Route][loc] = t
			continue
		}
		col := collectionNamed(e.Collection)
		if col == nil || c.byRoute[col.ListRoute] == nil || !slugPattern.MatchString(e.Slug) {
			problems = append(problems, fmt.Errorf("content: %s: not an item of a listed collection", EntryFile(e)))
			continue
		}
		t, err := decodeText(e, col)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if items[col.Name] == nil {
			items[col.Name] = map[string]map[locale.Locale]*entryText{}
		}
		if items[col.Name][e.Slug] == nil {
			items[col.Name][e.Slug] = map[locale.Locale]*entryText{}
		}
		items[col.Name][e.Slug][loc] = t
	}

	for _, p := range c.pages {
		out.add(p)
		if p.Collection == "" {
			continue
		}
		list := out.listItems(p, items[p.Collection], &problems)
		out.lists[p.Collection] = list
		for n := 2; n <= pageCount(len(list)); n++ {
			paged := *p
			paged.Route = PagedRoute(p.Route, n)
			paged.Number = n
			out.add(&paged)
			out.texts[paged.Route] = out.texts[p.Route]
		}
		for i, it := range list {
			if c.byRoute[it.page.Route] != nil || out.byRoute[it.page.Route] != nil {
				problems = append(problems, fmt.Errorf("content: item page %s has the route of another page", it.page.Route))
				continue
			}
			out.add(it.page)
			out.texts[it.page.Route] = it.texts
			out.listed[it.page.Route] = i
		}
	}
	return out, problems
}

func (c *Catalog) add(p *Page) {
	c.pages = append(c.pages, p)
	c.byRoute[p.Route] = p
}

// listItems builds the item pages of a list page's collection, newest first.
func (c *Catalog) listItems(list *Page, bySlug map[string]map[locale.Locale]*entryText, problems *[]error) []*listedItem {
	col := collectionNamed(list.Collection)
	var out []*listedItem
	for slug, texts := range bySlug {
		en := texts[locale.Default]
		if en == nil {
			*problems = append(*problems, fmt.Errorf("content: %s/%s has no English text and is not published", col.Name, slug))
			continue
		}
		inheritCover(texts)
		route := list.Route + "/" + slug
		crumbs := append(slices.Clone(list.Breadcrumbs), Crumb{TranslationKey: "", Name: en.title, Route: route})
		out = append(out, &listedItem{
			page: &Page{
				Route:          route,
				Kind:           col.ItemKind,
				TranslationKey: list.TranslationKey,
				Name:           en.title,
				Breadcrumbs:    crumbs,
				Children:       []MenuItem{},
				Collection:     col.Name,
				Slug:           slug,
			},
			when:  itemTime(col, en),
			rank:  en.rank,
			texts: texts,
		})
	}
	slices.SortFunc(out, func(a, b *listedItem) int {
		if c := a.rank - b.rank; c != 0 {
			return c
		}
		if c := b.when.Compare(a.when); c != 0 {
			return c
		}
		return strings.Compare(a.page.Slug, b.page.Slug)
	})
	return out
}

// inheritCover gives the translations of an item that have no cover of
// their own the English text's: a picture is the same in every language
// unless a translation has its own. The translation's digest then covers
// the English cover too, so its documents are rendered again when the
// English cover changes.
func inheritCover(texts map[locale.Locale]*entryText) {
	en := texts[locale.Default]
	for loc, t := range texts {
		if loc == locale.Default || t.summary.Cover != "" || en.summary.Cover == "" {
			continue
		}
		t.summary.Cover = en.summary.Cover
		h := sha256.New()
		_, _ = h.Write(t.digest[:])
		_, _ = io.WriteString(h, "cover:"+en.summary.Cover)
		copy(t.digest[:], h.Sum(nil))
	}
}

// Cover returns the id of the uploaded cover an item page shows in a
// language, "" for the drawn one and for any other page.
func (c *Catalog) Cover(p *Page, loc locale.Locale) string {
	if p.Slug == "" {
		return ""
	}
	if t, _ := c.lookup(p.Route, loc); t != nil {
		return t.summary.Cover
	}
	return ""
}

// itemTime is the moment an item is ordered by: a webinar's start, else its date.
func itemTime(col *Collection, t *entryText) time.Time {
	layout := time.DateOnly
	if col.Name == "webinars" {
		layout = time.RFC3339
	}
	when, _ := time.Parse(layout, t.summary.Date)
	return when.UTC()
}

// decodeText reads what the catalogue needs from an entry; col is nil for a page.
func decodeText(e store.ContentEntry, col *Collection) (*entryText, error) {
	var f entryFields
	if err := json.Unmarshal([]byte(e.Body), &f); err != nil {
		return nil, fmt.Errorf("content: %s: stored body is not usable: %w", EntryFile(e), err)
	}
	t := &entryText{body: json.RawMessage(e.Body), changed: e.UpdatedAt, title: f.Title, updated: f.Updated, noindex: f.SEO.Noindex}
	for _, r := range ProseMedia(e.Body) {
		if !slices.Contains(t.media, r.ID) {
			t.media = append(t.media, r.ID)
		}
	}
	h := sha256.New()
	_, _ = io.WriteString(h, e.Body)
	_ = binary.Write(h, binary.LittleEndian, e.UpdatedAt.UnixNano())
	copy(t.digest[:], h.Sum(nil))
	if col == nil {
		if e.Slug == "/" {
			body, err := sanitizeHome(t.body)
			if err != nil {
				return nil, fmt.Errorf("content: %s: stored body is not usable: %w", EntryFile(e), err)
			}
			t.body = body
		}
		return t, nil
	}
	if f.Title == "" {
		return nil, fmt.Errorf("content: %s: stored item has no title", EntryFile(e))
	}
	s := ItemSummary{
		Collection: col.Name,
		Slug:       e.Slug,
		Route:      col.ListRoute + "/" + e.Slug,
		Title:      f.Title,
		ImageAlt:   f.ImageAlt,
		Date:       f.Date,
	}
	if ValidCoverID(f.Cover) {
		s.Cover = f.Cover
	}
	if col.Name != "vacancies" {
		_ = json.Unmarshal(f.Description, &s.Description)
	}
	layout := time.DateOnly
	switch col.Name {
	case "news":
		_ = json.Unmarshal(f.Author, &s.Author)
	case "blogs":
		var author struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(f.Author, &author)
		s.Author = author.Name
	case "webinars":
		s.Date, layout = f.Start, time.RFC3339
	case "vacancies":
		s.Date, s.Description = f.DatePosted, f.Summary
		s.Office, s.EmploymentType = f.Office, f.EmploymentType
	case "accreditations":
		s.Date = f.Since
		t.credential = decodeCredential(e.Body, s)
	case "case-studies":
		s.Sector, s.Country = f.Sector, f.Country
	case "people":
		// A person has no date: the group and place order the page.
		s.Office, s.Role, s.Group = f.Office, f.Role, f.Group
		t.rank = f.Order
		if f.Group != "leadership" {
			t.rank += teamRank
		}
		t.answers = f.Services
		t.summary = s
		return t, nil
	}
	t.shownOn = f.ShownOn
	if _, err := time.Parse(layout, s.Date); err != nil {
		return nil, fmt.Errorf("content: %s: stored item has no usable date: %w", EntryFile(e), err)
	}
	t.summary = s
	// A webinar's start is no change date; when the text last changed is.
	t.updated = s.Date
	if col.Name == "webinars" {
		t.updated = isoDate(e.UpdatedAt)
	}
	return t, nil
}

// sanitizeHome passes the home page's card descriptions, which may hold
// markup, through SanitizeMarkup: the store may hold what the seed's checks
// never saw, and pages insert them as HTML.
func sanitizeHome(body json.RawMessage) (json.RawMessage, error) {
	var home map[string]json.RawMessage
	if err := json.Unmarshal(body, &home); err != nil {
		return nil, err
	}
	raw, ok := home["solutions"]
	if !ok {
		return body, nil
	}
	var solutions map[string]any
	if err := json.Unmarshal(raw, &solutions); err != nil {
		return nil, err
	}
	cards, _ := solutions["securitySolutions"].([]any)
	for _, c := range cards {
		if card, ok := c.(map[string]any); ok {
			desc, _ := card["desc"].(string)
			card["desc"] = SanitizeMarkup(desc)
		}
	}
	clean, err := json.Marshal(solutions)
	if err != nil {
		return nil, err
	}
	home["solutions"] = clean
	return json.Marshal(home)
}

func isoDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.DateOnly)
}

// lookup returns a route's text in a language, falling back to English,
// with the language it is in.
func (c *Catalog) lookup(route string, loc locale.Locale) (*entryText, locale.Locale) {
	byLocale := c.texts[route]
	if t := byLocale[loc]; t != nil {
		return t, loc
	}
	if t := byLocale[locale.Default]; t != nil {
		return t, locale.Default
	}
	return nil, loc
}

// Content returns a page's content in a language, falling back to English,
// as of now. Updated is the date the text gives itself (legal pages, items)
// or the day its entry last changed; a list page also counts the items it
// shows, and the home page its news.
func (c *Catalog) Content(p *Page, loc locale.Locale) PageContent {
	return c.ContentAt(p, loc, time.Now())
}

// ContentAt is Content as of a given moment, which decides the webinars a
// list page shows.
func (c *Catalog) ContentAt(p *Page, loc locale.Locale, now time.Time) PageContent {
	t, in := c.lookup(p.Route, loc)
	out := PageContent{Locale: in}
	latest := time.Time{}
	if t != nil {
		out.Body, out.Title = t.body, t.title
		if t.updated != "" {
			out.Updated = t.updated
			return out
		}
		latest = t.changed
	}
	for _, it := range c.shown(p, now) {
		if t, _ := it.text(loc); t.changed.After(latest) {
			latest = t.changed
		}
	}
	out.Updated = isoDate(latest)
	return out
}

// text returns the item's text in a language, falling back to English.
func (it *listedItem) text(loc locale.Locale) (*entryText, locale.Locale) {
	if t := it.texts[loc]; t != nil {
		return t, loc
	}
	return it.texts[locale.Default], locale.Default
}

// Items returns the item summaries a page lists in a language: a list
// page's share of its collection, newest first (webinars: upcoming ones
// first, soonest first, then past ones, newest first, as of now); the home
// page's latest news, repeated in order when there are fewer than it shows;
// else none.
func (c *Catalog) Items(p *Page, loc locale.Locale, now time.Time) []ItemSummary {
	return summaries(c.shown(p, now), loc, now)
}

// Related returns the items an item page shows after its text, in a
// language: the other items of its collection nearest to it in date, newest
// first; none for any other page.
func (c *Catalog) Related(p *Page, loc locale.Locale, now time.Time) []ItemSummary {
	return summaries(c.related(p), loc, now)
}

func summaries(items []*listedItem, loc locale.Locale, now time.Time) []ItemSummary {
	out := make([]ItemSummary, len(items))
	for i, it := range items {
		t, _ := it.text(loc)
		out[i] = t.summary
		if it.page.Collection == "webinars" {
			soon := it.when.After(now)
			out[i].Upcoming = &soon
		}
	}
	return out
}

// Pagination returns a list page's number and how many pages its list has;
// 0, 0 for any other page.
func (c *Catalog) Pagination(p *Page) (number, pages int) {
	if p.Collection == "" || p.Slug != "" {
		return 0, 0
	}
	return max(p.Number, 1), max(pageCount(len(c.lists[p.Collection])), 1)
}

func pageCount(items int) int { return (items + ListPageSize - 1) / ListPageSize }

// shown returns the items a page shows, in order.
func (c *Catalog) shown(p *Page, now time.Time) []*listedItem {
	switch {
	case p.Kind == KindHome:
		news := c.lists["news"]
		if len(news) == 0 {
			return nil
		}
		out := make([]*listedItem, homeItems)
		for i := range out {
			out[i] = news[i%len(news)]
		}
		return out
	case p.Collection != "" && p.Slug == "":
		all := c.ordered(p.Collection, now)
		from := (max(p.Number, 1) - 1) * ListPageSize
		if from >= len(all) {
			return nil
		}
		return all[from:min(from+ListPageSize, len(all))]
	}
	return nil
}

// related returns the relatedItems items of an item page's collection
// nearest to it in date (of two as near, the newer), in list order. The
// neighbours in time are what the firm published around the same moment,
// and they stay put: an edit of an item re-renders only the few pages
// beside it, never the whole collection.
func (c *Catalog) related(p *Page) []*listedItem {
	i, ok := c.listed[p.Route]
	if !ok {
		return nil
	}
	list := c.lists[p.Collection]
	at := list[i].when
	// The chosen items are list[newer+1:i] and list[i+1:older]: the list is
	// ordered by date, so the nearest ones are next to the item.
	newer, older := i-1, i+1
	for picked := 0; picked < relatedItems; picked++ {
		hasNewer, hasOlder := newer >= 0, older < len(list)
		switch {
		case hasNewer && (!hasOlder || list[newer].when.Sub(at) <= at.Sub(list[older].when)):
			newer--
		case hasOlder:
			older++
		}
	}
	return append(slices.Clone(list[newer+1:i]), list[i+1:older]...)
}

// ordered returns a collection's items in list order: newest first, except
// webinars, whose upcoming ones come first, soonest first.
func (c *Catalog) ordered(collection string, now time.Time) []*listedItem {
	list := c.lists[collection]
	if collection != "webinars" {
		return list
	}
	var upcoming, past []*listedItem
	for _, it := range list {
		if it.when.After(now) {
			upcoming = append(upcoming, it)
		} else {
			past = append(past, it)
		}
	}
	slices.Reverse(upcoming) // the list is newest first: the soonest is last
	return append(upcoming, past...)
}

// WriteSources writes to w what the document of a page in a language is
// built from in the catalogue, as of now: the text it shows and the
// language that text is in, the languages it has a text in (its
// alternates), and each item it lists or shows as related
// with whether a webinar is still upcoming. Two calls write the same bytes
// exactly when the page's props (BuildProps) would be the same, given the
// same site and build.
func (c *Catalog) WriteSources(w io.Writer, p *Page, loc locale.Locale, now time.Time) {
	var buf [64]byte
	b := append(buf[:0], p.Route...)
	b = append(b, 0)
	b = append(b, loc...)
	if t, in := c.lookup(p.Route, loc); t != nil {
		b = append(b, 't')
		b = append(b, in...)
		b = append(b, t.digest[:]...)
		// The library items its text shows, as they are described now.
		if media := c.Media(p, loc); media != nil {
			data, _ := json.Marshal(media)
			b = append(b, 'm')
			b = append(b, data...)
		}
	}
	// The languages it has a text in: its alternates.
	b = append(b, 'l')
	for _, l := range c.Languages(p) {
		b = append(b, l...)
	}
	_, _ = w.Write(b)
	if number, pages := c.Pagination(p); pages > 0 {
		_, _ = fmt.Fprintf(w, "p%d/%d", number, pages)
	}
	for _, it := range c.shown(p, now) {
		writeItem(w, 'i', it, loc, now)
	}
	for _, it := range c.related(p) {
		writeItem(w, 'r', it, loc, now)
	}
	for _, it := range c.credentials(p) {
		writeItem(w, 'a', it, loc, now)
	}
	if p.Slug == "" {
		for _, it := range c.shownOn(p, "case-studies") {
			writeItem(w, 's', it, loc, now)
		}
	}
	if it := c.consultant(p); it != nil {
		writeItem(w, 'c', it, loc, now)
	}
}

// writeItem writes what a page shows of an item: its text in a language,
// the language that text is in and, for a webinar, whether it is upcoming.
func writeItem(w io.Writer, role byte, it *listedItem, loc locale.Locale, now time.Time) {
	var buf [64]byte
	t, in := it.text(loc)
	b := append(buf[:0], role)
	b = append(b, in...)
	b = append(b, t.digest[:]...)
	if it.page.Collection == "webinars" && it.when.After(now) {
		b = append(b, 'u')
	}
	_, _ = w.Write(b)
}

// NextChange returns the first moment after now at which a page's items
// change by themselves (a webinar starts and is no longer upcoming), or the
// zero time when none will.
func (c *Catalog) NextChange(now time.Time) time.Time {
	var next time.Time
	for _, it := range c.lists["webinars"] {
		if it.when.After(now) && (next.IsZero() || it.when.Before(next)) {
			next = it.when
		}
	}
	return next
}

// Consultant returns, in a language, the person a service or standard page
// names as the one to talk to: the first of the firm's people, in the order
// of their page, who answers for the page's route; nil when no one does.
func (c *Catalog) Consultant(p *Page, loc locale.Locale) *ItemSummary {
	it := c.consultant(p)
	if it == nil {
		return nil
	}
	t, _ := it.text(loc)
	s := t.summary
	return &s
}

func (c *Catalog) consultant(p *Page) *listedItem {
	if p.Kind != KindService && p.Kind != KindStandard && p.Kind != KindLanding {
		return nil
	}
	for _, it := range c.lists["people"] {
		if slices.Contains(it.texts[locale.Default].answers, p.Route) {
			return it
		}
	}
	return nil
}
