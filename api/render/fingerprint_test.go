package render_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// documentState is, for every document of a catalogue, its fingerprint and
// the props it would be rendered from.
type documentState map[string]struct {
	fingerprint string
	props       string
}

func stateOf(t *testing.T, entries []store.ContentEntry, site content.Site, now time.Time) documentState {
	t.Helper()
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	cat, problems := base.WithEntries(entries)
	if len(problems) > 0 {
		t.Fatalf("catalogue problems: %v", problems)
	}
	in := render.PropsInput{Catalog: cat, Site: site, BaseURL: "https://www.noorvale.example", Year: now.Year(), Now: now}
	digest := render.SiteDigest(site, cat)
	out := documentState{}
	for _, l := range locale.All {
		for _, p := range append(slices.Clone(cat.Pages()), cat.NotFound()) {
			props, err := json.Marshal(render.BuildProps(in, p, l))
			if err != nil {
				t.Fatal(err)
			}
			key := string(l) + ":" + p.Route
			out[key] = struct {
				fingerprint string
				props       string
			}{render.Fingerprint("build-1", digest, in, p, l), string(props)}
		}
	}
	return out
}

func seedEntries(t *testing.T) []store.ContentEntry {
	t.Helper()
	set, err := content.ReadSeed(content.SeedFS())
	if err != nil {
		t.Fatal(err)
	}
	// The store stamps each entry with when it last changed.
	stamp := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range set.Entries {
		set.Entries[i].UpdatedAt = stamp
	}
	return set.Entries
}

func edit(entries []store.ContentEntry, collection, loc string, pick func(slug string) bool, change func(body map[string]any), at time.Time) []store.ContentEntry {
	out := slices.Clone(entries)
	for i, e := range out {
		if e.Collection != collection || e.Locale != loc || !pick(e.Slug) {
			continue
		}
		var body map[string]any
		_ = json.Unmarshal([]byte(e.Body), &body)
		change(body)
		raw, _ := json.Marshal(body)
		out[i].Body, out[i].UpdatedAt = string(raw), at
	}
	return out
}

// TestFingerprintChangesExactlyWithProps holds the rule that lets a change
// re-render only what it touches: for every document, under edits of every
// kind, the fingerprint changes exactly when the props the document is
// rendered from change.
func TestFingerprintChangesExactlyWithProps(t *testing.T) {
	entries := seedEntries(t)
	settings, err := content.SeedSettings()
	if err != nil {
		t.Fatal(err)
	}
	site, err := content.SiteFromSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	later := now.Add(time.Hour)
	oldestNews := ""
	for _, e := range entries {
		if e.Collection == "news" && e.Locale == "en" && (oldestNews == "" || e.Slug > oldestNews) {
			oldestNews = e.Slug
		}
	}
	var newsCopy store.ContentEntry
	for _, e := range entries {
		if e.Collection == "news" && e.Locale == "en" {
			newsCopy = e
			break
		}
	}
	// The newest story is among the related stories of the two published
	// nearest to it (2026-10-06 and 2026-09-08, 21 and 49 days before it).
	newestNews, newestDate := "", ""
	for _, e := range entries {
		var body struct {
			Date string `json:"date"`
		}
		_ = json.Unmarshal([]byte(e.Body), &body)
		if e.Collection == "news" && e.Locale == "en" && body.Date > newestDate {
			newestNews, newestDate = e.Slug, body.Date
		}
	}
	before := stateOf(t, entries, site, now)
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	seeded, _ := base.WithEntries(entries)
	webinarStarts := seeded.NextChange(now)
	if webinarStarts.IsZero() {
		t.Fatal("no upcoming webinar in the seed to watch start")
	}

	cases := []struct {
		name    string
		entries []store.ContentEntry
		site    content.Site
		now     time.Time
		// touched is how many documents must change; -1 when any number may.
		touched int
	}{
		{name: "nothing changes", entries: entries, site: site, now: now, touched: 0},
		{name: "an hour passes", entries: entries, site: site, now: later, touched: -1},
		{
			name: "an English news story is edited",
			entries: edit(entries, "news", "en", func(s string) bool { return s == newsCopy.Slug },
				func(b map[string]any) { b["title"] = "A corrected headline" }, later),
			// The story, the news list and the home page, in English alone:
			// every other language has its own text of the story, and every
			// other story has three nearer to it in date to show as related.
			site: site, now: now, touched: 3,
		},
		{
			name: "an English news story shown beside others is edited",
			entries: edit(entries, "news", "en", func(s string) bool { return s == newestNews },
				func(b map[string]any) { b["title"] = "A corrected headline" }, later),
			// The story, the news list, the home page and the two stories
			// that show it among their related ones, in English alone.
			site: site, now: now, touched: 5,
		},
		{
			name: "a Dutch page text is edited",
			entries: edit(entries, content.PagesCollection, "nl", func(s string) bool { return s == "/about-us" },
				func(b map[string]any) { b["title"] = "Over ons, herzien" }, later),
			site: site, now: now, touched: 1,
		},
		{
			name: "a news story is added",
			entries: append(slices.Clone(entries), store.ContentEntry{
				Collection: "news", Slug: "a-new-story", Locale: "en", Body: newsCopy.Body, UpdatedAt: later,
			}),
			// The story, the news list, the home page and the oldest story,
			// of the same date, which now shows it among its related ones, in
			// every language, the others falling back to its English text.
			site: site, now: now, touched: 4 * len(locale.All),
		},
		{
			// The story's page in every language (its alternates lose the
			// Arabic; its Arabic shows the English), and the Arabic pages
			// that list it or show it as related.
			name: "a story's Arabic is unpublished",
			entries: slices.DeleteFunc(slices.Clone(entries), func(e store.ContentEntry) bool {
				return e.Collection == "news" && e.Slug == newsCopy.Slug && e.Locale == "ar"
			}),
			site: site, now: now, touched: -1,
		},
		{
			name: "a news story is removed",
			entries: slices.DeleteFunc(slices.Clone(entries), func(e store.ContentEntry) bool {
				return e.Collection == "news" && e.Slug == oldestNews
			}),
			site: site, now: now, touched: -1,
		},
		// The webinar list in every language, which moves the webinar to the
		// past ones, and the pages of the five other webinars, each of which
		// shows it among its three nearest with its "upcoming" label; the home
		// page and the webinar's own page stay.
		{name: "a webinar starts", entries: entries, site: site, now: webinarStarts.Add(time.Second), touched: 6 * len(locale.All)},
		{name: "the site's phone number changes", entries: entries, site: withPhone(site, "+44 20 7946 0999"), now: now, touched: -1},
		{name: "a new year", entries: entries, site: site, now: time.Date(2027, 1, 1, 0, 0, 1, 0, time.UTC), touched: -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			after := stateOf(t, tc.entries, tc.site, tc.now)
			changed := 0
			for key, a := range after {
				b, existed := before[key]
				if !existed {
					changed++
					continue
				}
				propsChanged := a.props != b.props
				printChanged := a.fingerprint != b.fingerprint
				if propsChanged != printChanged {
					t.Errorf("%s: props changed %v but fingerprint changed %v", key, propsChanged, printChanged)
				}
				if printChanged {
					changed++
				}
			}
			if tc.touched >= 0 && changed != tc.touched {
				t.Errorf("%d documents changed, want %d", changed, tc.touched)
			}
			t.Logf("%d of %d documents to render again", changed, len(after))
		})
	}
}

func withPhone(site content.Site, phone string) content.Site {
	site.Phone = phone
	return site
}

// TestListsArePaged keeps a list page to ListPageSize items, with the
// older ones on numbered pages that say where they are.
func TestListsArePaged(t *testing.T) {
	entries := seedEntries(t)
	var story store.ContentEntry
	for _, e := range entries {
		if e.Collection == "news" && e.Locale == "en" {
			story = e
			break
		}
	}
	total := 0
	for _, e := range entries {
		if e.Collection == "news" && e.Locale == "en" {
			total++
		}
	}
	for i := 0; total < 2*content.ListPageSize+3; i++ {
		var body map[string]any
		_ = json.Unmarshal([]byte(story.Body), &body)
		body["title"] = fmt.Sprintf("Archive story %d", i)
		body["date"] = time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.DateOnly)
		raw, _ := json.Marshal(body)
		entries = append(entries, store.ContentEntry{Collection: "news", Slug: fmt.Sprintf("archive-%02d", i), Locale: "en", Body: string(raw)})
		total++
	}
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	cat, problems := base.WithEntries(entries)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	in := render.PropsInput{Catalog: cat, BaseURL: "https://www.noorvale.example", Year: 2026, Now: time.Now()}
	seen := map[string]bool{}
	for n := 1; n <= 3; n++ {
		route := "/resources/news"
		if n > 1 {
			route = content.PagedRoute(route, n)
		}
		page := cat.Page(route)
		if page == nil {
			t.Fatalf("no page %s", route)
		}
		p := render.BuildProps(in, page, locale.Fr)
		want := min(content.ListPageSize, total-(n-1)*content.ListPageSize)
		if len(p.Page.Items) != want {
			t.Errorf("%s lists %d items, want %d", route, len(p.Page.Items), want)
		}
		if p.Page.Pagination == nil || p.Page.Pagination.Page != n || p.Page.Pagination.Pages != 3 {
			t.Errorf("%s pagination = %+v, want page %d of 3", route, p.Page.Pagination, n)
		}
		if !strings.HasSuffix(p.Canonical, "/fr"+route) {
			t.Errorf("%s canonical = %s", route, p.Canonical)
		}
		for _, it := range p.Page.Items {
			if seen[it.Slug] {
				t.Errorf("%s lists %s again", route, it.Slug)
			}
			seen[it.Slug] = true
		}
	}
	if len(seen) != total {
		t.Errorf("the pages list %d distinct items of %d", len(seen), total)
	}
	if cat.Page(content.PagedRoute("/resources/news", 4)) != nil {
		t.Error("a fourth page exists for three pages' worth of items")
	}
}
