package content

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// WorkItems is how many items to show under each heading of the home
// screen; the rest are a click away in the filtered list.
const WorkItems = 5

// WorkItem is one language of a content item on the home screen.
type WorkItem struct {
	Collection string    `json:"collection"`
	Slug       string    `json:"slug"`
	Locale     string    `json:"locale"`
	Title      string    `json:"title"` // the English title, "" for none
	Link       string    `json:"link"`  // its editor, open at the language
	At         time.Time `json:"at"`    // when it was saved, or when its schedule is due
	Action     string    `json:"action,omitempty"`
}

// LanguageWork is what one of a staff member's languages waits for.
type LanguageWork struct {
	Locale       string     `json:"locale"`
	Outdated     int        `json:"outdated"` // live translations the English changed under
	Missing      int        `json:"missing"`  // items not live in the language
	OutdatedList []WorkItem `json:"outdatedList"`
	OutdatedLink string     `json:"outdatedLink"` // the content list filtered to them
	MissingLink  string     `json:"missingLink"`
}

// ContentWork is the content side of a staff member's home screen: per
// language they may change (English aside), what is outdated or missing;
// their drafts; and what is scheduled today in their time zone.
type ContentWork struct {
	Languages  []LanguageWork `json:"languages"`
	Drafts     []WorkItem     `json:"drafts"`
	DraftCount int            `json:"draftCount"`
	DraftsLink string         `json:"draftsLink"`
	Today      []WorkItem     `json:"today"`
	// Reviews are the languages sent for review that the staff member may
	// approve, sent by someone else: what waits for their review.
	Reviews     []WorkItem `json:"reviews"`
	ReviewCount int        `json:"reviewCount"`
	ReviewsLink string     `json:"reviewsLink"`
}

// ItemLink is where the back-office edits one language of an item.
func ItemLink(collection, slug, loc string) string {
	q := url.Values{}
	q.Set("lang", loc)
	if collection == content.PagesCollection {
		q.Set("route", slug)
		return "/admin/content/" + content.PagesCollection + "/" + pageSegment + "?" + q.Encode()
	}
	return "/admin/content/" + url.PathEscape(collection) + "/" + url.PathEscape(slug) + "?" + q.Encode()
}

// listLink is the content list filtered by a query.
func listLink(q url.Values) string { return "/admin/content?" + q.Encode() }

// Work answers the content waiting for a staff member, today being the
// day at now in zone.
func (s *Service) Work(ctx context.Context, m *store.Staff, zone *time.Location) (ContentWork, error) {
	out := ContentWork{Languages: []LanguageWork{}, Drafts: []WorkItem{}, Today: []WorkItem{}, Reviews: []WorkItem{}}
	var langs []string
	for _, l := range writableLanguages(m) {
		if l != string(locale.Default) {
			langs = append(langs, l)
		}
	}
	byLang := map[string]*LanguageWork{}
	for _, l := range langs {
		out.Languages = append(out.Languages, LanguageWork{Locale: l, OutdatedList: []WorkItem{},
			OutdatedLink: listLink(url.Values{"lang": {l}, "state": {"outdated"}}),
			MissingLink:  listLink(url.Values{"lang": {l}, "state": {"missing"}})})
	}
	for i := range out.Languages {
		byLang[out.Languages[i].Locale] = &out.Languages[i]
	}
	out.DraftsLink = listLink(url.Values{"state": {"draft"}, "author": {m.ID}})
	out.ReviewsLink = listLink(url.Values{"state": {store.ReviewPending}})
	now := s.now().In(zone)
	dayStart := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	dayEnd := dayStart.AddDate(0, 0, 1)

	names := []string{content.PagesCollection}
	for _, col := range content.Collections() {
		names = append(names, col.Name)
	}
	for _, collection := range names {
		rows, err := s.store.ContentCollection(ctx, collection)
		if err != nil {
			return ContentWork{}, err
		}
		for _, r := range rows {
			title := titleOf(r.Live[string(locale.Default)])
			item := func(loc string, at time.Time) WorkItem {
				return WorkItem{Collection: collection, Slug: r.Slug, Locale: loc, Title: title, Link: ItemLink(collection, r.Slug, loc), At: at}
			}
			for _, l := range langs {
				lw := byLang[l]
				_, live := r.Live[l]
				switch {
				case !live:
					lw.Missing++
				case outdatedOf(l, r.Live, r.Outdated) != nil:
					lw.Outdated++
					lw.OutdatedList = append(lw.OutdatedList, item(l, r.Outdated[l].Since))
				}
			}
			for loc, ed := range r.Editions {
				if ed.State == store.EditionDraft && ed.UpdatedBy == m.ID && mayWrite(m, loc) {
					out.Drafts = append(out.Drafts, item(loc, ed.UpdatedAt))
				}
			}
			for loc, rv := range r.Reviews {
				if rv.State == store.ReviewPending && rv.SentBy != m.ID && mayApprove(m, loc) {
					out.Reviews = append(out.Reviews, item(loc, rv.UpdatedAt))
				}
			}
			for loc, sc := range r.Schedules {
				if !sc.DueAt.Before(dayStart) && sc.DueAt.Before(dayEnd) {
					it := item(loc, sc.DueAt)
					it.Action = sc.Action
					out.Today = append(out.Today, it)
				}
			}
		}
	}
	newest := func(a, b WorkItem) int { return b.At.Compare(a.At) }
	for i := range out.Languages {
		lw := &out.Languages[i]
		slices.SortFunc(lw.OutdatedList, newest)
		lw.OutdatedList = lw.OutdatedList[:min(len(lw.OutdatedList), WorkItems)]
	}
	slices.SortFunc(out.Reviews, func(a, b WorkItem) int { return a.At.Compare(b.At) })
	out.ReviewCount = len(out.Reviews)
	out.Reviews = out.Reviews[:min(len(out.Reviews), WorkItems)]
	slices.SortFunc(out.Drafts, newest)
	out.DraftCount = len(out.Drafts)
	out.Drafts = out.Drafts[:min(len(out.Drafts), WorkItems)]
	slices.SortFunc(out.Today, func(a, b WorkItem) int { return a.At.Compare(b.At) })
	return out, nil
}

// titleOf reads the title of an item's body, "" for none.
func titleOf(body string) string {
	var head struct {
		Title string `json:"title"`
	}
	_ = json.Unmarshal([]byte(body), &head)
	return head.Title
}
