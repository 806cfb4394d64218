// Package analytics answers the back-office's marketing figures: visitors
// and page views by week, the most viewed pages per language, the sources
// and campaigns that brought views, what each service and standard page
// converted into, and the site search's words, over a range of days in one
// language or all; as JSON for the dashboard and as CSV.
package analytics

import (
	"cmp"
	"context"
	"slices"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Report is the dashboard's figures for a range of days.
type Report struct {
	From       string           `json:"from"` // first day, 2026-09-07
	To         string           `json:"to"`   // last day, included
	Language   string           `json:"language"`
	Weeks      []WeekFigures    `json:"weeks"`
	Pages      []PageFigures    `json:"pages"`
	Referrers  []ReferrerFigure `json:"referrers"`
	Campaigns  []CampaignFigure `json:"campaigns"`
	Conversion []Conversion     `json:"conversion"`
	Searches   []SearchFigure   `json:"searches"`
	Misses     []SearchFigure   `json:"misses"`
}

// WeekFigures are one week's views and visitors (the sum of each day's:
// who came back on another day of the week counts again). The visitors
// are counted in every language whatever language is chosen.
type WeekFigures struct {
	Week     string `json:"week"` // its Monday, or the range's first day
	Views    int64  `json:"views"`
	Visitors int64  `json:"visitors"`
}

// PageFigures is a page's views in one language.
type PageFigures struct {
	Language string `json:"language"`
	Path     string `json:"path"` // as the visitor's address bar showed it
	Name     string `json:"name"` // the page's English name; "" for one no longer on the site
	Views    int64  `json:"views"`
}

// ReferrerFigure is the views another site's links brought.
type ReferrerFigure struct {
	Domain string `json:"domain"`
	Views  int64  `json:"views"`
}

// CampaignFigure is the views that arrived on an address naming a campaign.
type CampaignFigure struct {
	Source   string `json:"source"`
	Medium   string `json:"medium"`
	Campaign string `json:"campaign"`
	Views    int64  `json:"views"`
}

// Conversion is what a service or standard page brought: its views, and
// the proposal requests and enquiries whose visit began on it (started)
// or that were sent from it (sent).
type Conversion struct {
	Path             string `json:"path"` // the page's route, in every language
	Name             string `json:"name"`
	Views            int64  `json:"views"`
	ProposalsStarted int64  `json:"proposalsStarted"`
	ProposalsSent    int64  `json:"proposalsSent"`
	EnquiriesStarted int64  `json:"enquiriesStarted"`
	EnquiriesSent    int64  `json:"enquiriesSent"`
}

// SearchFigure is how often words were searched for, and found nothing.
type SearchFigure struct {
	Words    string `json:"words"`
	Language string `json:"language"`
	Searches int64  `json:"searches"`
	Misses   int64  `json:"misses"`
}

// topPages is how many pages the report lists per language, and topWords
// how many searched words of each list.
const (
	topPages = 10
	topWords = 20
)

// leadKinds are the forms whose sources the conversion counts.
var leadKinds = []string{forms.KindProposal, forms.KindInquiry}

// Query is what a report covers: the days from First to Last (included)
// in Language ("" for all).
type Query struct {
	First, Last time.Time // UTC midnights
	Language    string
}

// Reports builds reports from the store's counts and the site's pages.
type Reports struct {
	Store   *store.Store
	Catalog func() *content.Catalog // the site's pages; nil: pages unnamed, no conversion
}

// Build returns the report of q.
func (r Reports) Build(ctx context.Context, q Query) (*Report, error) {
	f := store.AnalyticsFilter{First: q.First.Format(time.DateOnly), Last: q.Last.Format(time.DateOnly), Locale: q.Language}
	rep := &Report{From: f.First, To: f.Last, Language: q.Language}
	var cat *content.Catalog
	if r.Catalog != nil {
		cat = r.Catalog()
	}
	views, err := r.Store.ViewsByDay(ctx, f)
	if err != nil {
		return nil, err
	}
	visitors, err := r.Store.VisitorsByDay(ctx, f.First, f.Last)
	if err != nil {
		return nil, err
	}
	rep.Weeks = weeks(q.First, q.Last, views, visitors)
	totals, err := r.Store.PageTotals(ctx, f)
	if err != nil {
		return nil, err
	}
	rep.Pages = topPerLanguage(totals, cat)
	sources, err := r.Store.SourceTotals(ctx, f)
	if err != nil {
		return nil, err
	}
	rep.Referrers, rep.Campaigns = bySource(sources)
	origins, err := r.Store.LeadOrigins(ctx, leadKinds, q.First, q.Last.AddDate(0, 0, 1), q.Language)
	if err != nil {
		return nil, err
	}
	rep.Conversion = conversion(cat, totals, origins)
	counts, err := r.Store.SearchTotals(ctx, f.First, f.Last)
	if err != nil {
		return nil, err
	}
	rep.Searches, rep.Misses = searched(counts, q.Language)
	return rep, nil
}

// weekStart returns the Monday of t's week.
func weekStart(t time.Time) time.Time {
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
}

// weeks sums the days into the weeks of [first, last], a week for each,
// even one with nothing counted.
func weeks(first, last time.Time, views, visitors []store.DayCount) []WeekFigures {
	out := []WeekFigures{}
	index := map[string]int{}
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		w := weekStart(d)
		if w.Before(first) {
			w = first
		}
		key := w.Format(time.DateOnly)
		if _, ok := index[key]; !ok {
			index[key] = len(out)
			out = append(out, WeekFigures{Week: key})
		}
		index[d.Format(time.DateOnly)] = index[key]
	}
	for _, v := range views {
		if i, ok := index[v.Day]; ok {
			out[i].Views += v.Count
		}
	}
	for _, v := range visitors {
		if i, ok := index[v.Day]; ok {
			out[i].Visitors += v.Count
		}
	}
	return out
}

// topPerLanguage keeps the most viewed pages of each language, languages
// in the site's order.
func topPerLanguage(totals []store.PageTotal, cat *content.Catalog) []PageFigures {
	out := []PageFigures{}
	for _, l := range locale.All {
		n := 0
		for _, t := range totals {
			if t.Locale != string(l) || n == topPages {
				continue
			}
			n++
			out = append(out, PageFigures{Language: t.Locale, Path: locale.Path(l, t.Path), Name: pageName(cat, t.Path), Views: t.Views})
		}
	}
	return out
}

func pageName(cat *content.Catalog, route string) string {
	if cat == nil {
		return ""
	}
	if p := cat.Page(route); p != nil {
		return p.Name
	}
	return ""
}

// bySource sums the views by referring domain and by campaign, most first.
func bySource(sources []store.SourceTotal) ([]ReferrerFigure, []CampaignFigure) {
	refs := map[string]int64{}
	camps := map[CampaignFigure]int64{}
	for _, s := range sources {
		if s.Referrer != "" {
			refs[s.Referrer] += s.Views
		}
		if s.UTMSource != "" || s.UTMMedium != "" || s.UTMCampaign != "" {
			camps[CampaignFigure{Source: s.UTMSource, Medium: s.UTMMedium, Campaign: s.UTMCampaign}] += s.Views
		}
	}
	referrers := []ReferrerFigure{}
	for d, v := range refs {
		referrers = append(referrers, ReferrerFigure{Domain: d, Views: v})
	}
	slices.SortFunc(referrers, func(a, b ReferrerFigure) int {
		return cmp.Or(cmp.Compare(b.Views, a.Views), cmp.Compare(a.Domain, b.Domain))
	})
	campaigns := []CampaignFigure{}
	for c, v := range camps {
		c.Views = v
		campaigns = append(campaigns, c)
	}
	slices.SortFunc(campaigns, func(a, b CampaignFigure) int {
		return cmp.Or(cmp.Compare(b.Views, a.Views), cmp.Compare(a.Source, b.Source),
			cmp.Compare(a.Medium, b.Medium), cmp.Compare(a.Campaign, b.Campaign))
	})
	return referrers, campaigns
}

// conversion lists every service and standard page with its views and the
// leads it started or sent, those with any first, most proposals first.
func conversion(cat *content.Catalog, totals []store.PageTotal, origins []store.LeadOrigin) []Conversion {
	out := []Conversion{}
	if cat == nil {
		return out
	}
	index := map[string]int{}
	for _, p := range cat.Pages() {
		if p.Kind == content.KindService || p.Kind == content.KindStandard {
			index[p.Route] = len(out)
			out = append(out, Conversion{Path: p.Route, Name: p.Name})
		}
	}
	for _, t := range totals {
		if i, ok := index[t.Path]; ok {
			out[i].Views += t.Views
		}
	}
	for _, o := range origins {
		proposal := o.Kind == forms.KindProposal
		if _, route := locale.Split(o.LandingPage); o.LandingPage != "" {
			if i, ok := index[route]; ok {
				if proposal {
					out[i].ProposalsStarted++
				} else {
					out[i].EnquiriesStarted++
				}
			}
		}
		if _, route := locale.Split(o.SentFrom); o.SentFrom != "" {
			if i, ok := index[route]; ok {
				if proposal {
					out[i].ProposalsSent++
				} else {
					out[i].EnquiriesSent++
				}
			}
		}
	}
	leads := func(c Conversion) int64 {
		return c.ProposalsStarted + c.ProposalsSent + c.EnquiriesStarted + c.EnquiriesSent
	}
	slices.SortStableFunc(out, func(a, b Conversion) int {
		return cmp.Or(cmp.Compare(leads(b), leads(a)), cmp.Compare(b.Views, a.Views), cmp.Compare(a.Path, b.Path))
	})
	return out
}

// searched sums the searches of the days by words and language: the most
// searched, and the most searched of those that found nothing.
func searched(counts []store.SearchCount, language string) (top, misses []SearchFigure) {
	type key struct{ words, lang string }
	sums := map[key]*SearchFigure{}
	for _, c := range counts {
		if language != "" && c.Locale != language {
			continue
		}
		k := key{c.Words, c.Locale}
		if sums[k] == nil {
			sums[k] = &SearchFigure{Words: c.Words, Language: c.Locale}
		}
		sums[k].Searches += c.Searches
		sums[k].Misses += c.Misses
	}
	all := make([]SearchFigure, 0, len(sums))
	for _, s := range sums {
		all = append(all, *s)
	}
	slices.SortFunc(all, func(a, b SearchFigure) int {
		return cmp.Or(cmp.Compare(b.Searches, a.Searches), cmp.Compare(a.Words, b.Words), cmp.Compare(a.Language, b.Language))
	})
	top, misses = []SearchFigure{}, []SearchFigure{}
	for _, s := range all {
		if len(top) < topWords {
			top = append(top, s)
		}
		if s.Misses > 0 && len(misses) < topWords {
			misses = append(misses, s)
		}
	}
	slices.SortStableFunc(misses, func(a, b SearchFigure) int { return cmp.Compare(b.Misses, a.Misses) })
	return top, misses
}
