package content_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

var (
	seeded  = time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC)
	renders = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
)

// sampleEntries reads the sample seed tree as the store would return it,
// every entry changed at seeded unless a later time is given for its file.
func sampleEntries(t *testing.T, files map[string]string, changed map[string]time.Time) []store.ContentEntry {
	t.Helper()
	all := testenv.SampleContent()
	for k, v := range files {
		all[k] = v
	}
	set, err := content.ReadSeed(testenv.SeedTree(t, all))
	if err != nil {
		t.Fatal(err)
	}
	for i := range set.Entries {
		set.Entries[i].UpdatedAt = seeded
		if at, ok := changed[content.EntryFile(set.Entries[i])]; ok {
			set.Entries[i].UpdatedAt = at
		}
	}
	return set.Entries
}

func sampleCatalog(t *testing.T, changed map[string]time.Time) *content.Catalog {
	t.Helper()
	cat, problems := catalog(t).WithEntries(sampleEntries(t, nil, changed))
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	return cat
}

func slugs(items []content.ItemSummary) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Slug)
	}
	return strings.Join(out, ",")
}

func TestItemPages(t *testing.T) {
	base := catalog(t)
	cat := sampleCatalog(t, nil)
	if len(cat.Pages()) != len(base.Pages())+9 {
		t.Fatalf("%d pages, want the %d of the sitemap and 9 items", len(cat.Pages()), len(base.Pages()))
	}
	if base.Page("/resources/news/new-dubai-office") != nil {
		t.Fatal("the catalogue WithEntries started from was changed")
	}
	tests := []struct {
		route, kind, collection, key string
	}{
		{"/resources/news/new-dubai-office", content.KindArticle, "news", "news"},
		{"/resources/blogs/reading-a-soc-2-report", content.KindArticle, "blogs", "blogs"},
		{"/resources/publications/pci-dss-scoping-guide", content.KindPublication, "publications", "publications"},
		{"/resources/webinars/dora-one-year-on", content.KindWebinar, "webinars", "webinars"},
		{"/careers/jop-vacancies/senior-penetration-tester", content.KindVacancy, "vacancies", "jobVacancies"},
	}
	for _, tt := range tests {
		p := cat.Page(tt.route)
		if p == nil {
			t.Fatalf("no page %s", tt.route)
		}
		if p.Kind != tt.kind || p.Collection != tt.collection || p.TranslationKey != tt.key || p.Children == nil || !p.Indexable() {
			t.Errorf("%s = %+v", tt.route, p)
		}
	}

	p := cat.Page("/resources/news/new-dubai-office")
	want := []content.Crumb{
		{TranslationKey: "home", Name: "Home", Route: "/"},
		{TranslationKey: "resources", Name: "Resources"},
		{TranslationKey: "news", Name: "News", Route: "/resources/news"},
		{TranslationKey: "", Name: "We moved our Dubai office", Route: "/resources/news/new-dubai-office"},
	}
	if !reflect.DeepEqual(p.Breadcrumbs, want) || p.Slug != "new-dubai-office" {
		t.Fatalf("item page = %+v", p)
	}
	if list := cat.Page("/resources/news"); list.Collection != "news" || list.Slug != "" || list.Kind != content.KindResources {
		t.Fatalf("list page = %+v", list)
	}
	if cat.Page("/resources/news/no-such-story") != nil {
		t.Fatal("an unknown slug is a page")
	}

	// Item pages follow their list page, newest first.
	var order []string
	for _, p := range cat.Pages() {
		if strings.HasPrefix(p.Route, "/resources/news") {
			order = append(order, p.Route)
		}
	}
	if got := strings.Join(order, " "); got != "/resources/news /resources/news/new-dubai-office /resources/news/cairo-training-centre /resources/news/iso-27001-transition-closed" {
		t.Fatalf("news pages in order: %s", got)
	}
}

func TestPageContent(t *testing.T) {
	cat := sampleCatalog(t, map[string]time.Time{
		"collections/en/news/cairo-training-centre.json": time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC),
	})
	about := cat.Page("/about-us")
	en := cat.Content(about, locale.En)
	var body struct{ Title string }
	if err := json.Unmarshal(en.Body, &body); err != nil || body.Title == "" || en.Title != body.Title {
		t.Fatalf("about content: %q %v", en.Body, err)
	}
	if en.Locale != locale.En || en.Updated != "2026-11-01" {
		t.Fatalf("about in English: locale %s, updated %q", en.Locale, en.Updated)
	}
	if fr := cat.Content(about, locale.Fr); fr.Locale != locale.En || string(fr.Body) != string(en.Body) {
		t.Fatalf("French falls back to English: %s", fr.Locale)
	}
	if ar := cat.Content(about, locale.Ar); ar.Locale != locale.Ar || ar.Title != "عن نورفال" {
		t.Fatalf("Arabic has its own text: %+v", ar)
	}

	story := cat.Page("/resources/news/new-dubai-office")
	nl := cat.Content(story, locale.Nl)
	if nl.Locale != locale.Nl || nl.Title != "Ons kantoor in Dubai is verhuisd" || nl.Updated != "2026-10-14" {
		t.Fatalf("Dutch story: %+v", nl)
	}
	if ar := cat.Content(story, locale.Ar); ar.Locale != locale.En || ar.Title != "We moved our Dubai office" {
		t.Fatalf("Arabic story falls back: %+v", ar)
	}

	tests := []struct {
		route, want string
	}{
		{"/terms", "2026-09-30"},          // the date the legal text gives
		{"/resources/news", "2026-11-20"}, // its newest item change
		{"/", "2026-11-20"},               // the news it shows
		{"/resources/webinars/dora-one-year-on", "2026-11-01"},
		{"/careers/jop-vacancies/senior-penetration-tester", "2026-10-20"},
		{"/auth/login", ""},
	}
	for _, tt := range tests {
		if got := cat.Content(cat.Page(tt.route), locale.En).Updated; got != tt.want {
			t.Errorf("%s updated %q, want %q", tt.route, got, tt.want)
		}
	}
	for _, route := range []string{"/", "/auth/login"} {
		if c := cat.Content(cat.Page(route), locale.Ar); c.Body != nil || c.Locale != locale.Ar {
			t.Errorf("%s has content %+v", route, c)
		}
	}
	if c := cat.Content(cat.NotFound(), locale.Fr); c.Body != nil || c.Updated != "" {
		t.Errorf("not-found page has content %+v", c)
	}
}

func TestListItems(t *testing.T) {
	cat := sampleCatalog(t, nil)
	news := cat.Items(cat.Page("/resources/news"), locale.Nl, renders)
	if slugs(news) != "new-dubai-office,cairo-training-centre,iso-27001-transition-closed" {
		t.Fatalf("news newest first: %s", slugs(news))
	}
	want := content.ItemSummary{Collection: "news", Slug: "new-dubai-office", Route: "/resources/news/new-dubai-office",
		Title: "Ons kantoor in Dubai is verhuisd", Description: "Het team in Dubai zit nu in Business Bay.",
		ImageAlt: "De skyline van Business Bay", Date: "2026-10-14", Author: "Layla Haddad"}
	if !reflect.DeepEqual(news[0], want) {
		t.Fatalf("Dutch summary = %+v", news[0])
	}
	if news[1].Title != "A training room in Cairo" {
		t.Fatalf("an untranslated item is listed in English: %+v", news[1])
	}

	blogs := cat.Items(cat.Page("/resources/blogs"), locale.En, renders)
	if len(blogs) != 1 || blogs[0].Author != "Omar Saleh" || blogs[0].Date != "2026-09-01" {
		t.Fatalf("blogs = %+v", blogs)
	}
	jobs := cat.Items(cat.Page("/careers/jop-vacancies"), locale.En, renders)
	wantJob := content.ItemSummary{Collection: "vacancies", Slug: "senior-penetration-tester", Route: "/careers/jop-vacancies/senior-penetration-tester",
		Title: "Senior Penetration Tester", Description: "Lead web and network tests.", Date: "2026-10-20", Office: "dubai", EmploymentType: "Full-time"}
	if len(jobs) != 1 || !reflect.DeepEqual(jobs[0], wantJob) {
		t.Fatalf("vacancies = %+v", jobs)
	}

	data, err := json.Marshal(news[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"upcoming":`) || strings.Contains(string(data), `"office":`) {
		t.Fatalf("fields of other collections in a news summary: %s", data)
	}
	if got := cat.Items(cat.Page("/about-us"), locale.En, renders); got == nil || len(got) != 0 {
		t.Fatalf("a page without a list has items %v", got)
	}
	if got := cat.Items(cat.Page("/resources/news/new-dubai-office"), locale.En, renders); len(got) != 0 {
		t.Fatalf("an item page has items %v", got)
	}
}

func TestWebinarsUpcomingFirst(t *testing.T) {
	cat := sampleCatalog(t, nil)
	list := cat.Page("/resources/webinars")
	tests := []struct {
		name     string
		now      time.Time
		order    string
		upcoming []bool
		next     time.Time
	}{
		{"before both", renders, "pdpl-for-processors,dora-one-year-on,nca-ecc-in-practice", []bool{true, true, false},
			time.Date(2026, 12, 9, 6, 0, 0, 0, time.UTC)},
		{"one started", time.Date(2026, 12, 9, 6, 0, 0, 0, time.UTC), "dora-one-year-on,pdpl-for-processors,nca-ecc-in-practice", []bool{true, false, false},
			time.Date(2027, 1, 20, 12, 0, 0, 0, time.UTC)},
		{"all over", time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC), "dora-one-year-on,pdpl-for-processors,nca-ecc-in-practice", []bool{false, false, false},
			time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := cat.Items(list, locale.Ar, tt.now)
			if slugs(items) != tt.order {
				t.Fatalf("order %s, want %s", slugs(items), tt.order)
			}
			for i, it := range items {
				if it.Upcoming == nil || *it.Upcoming != tt.upcoming[i] {
					t.Fatalf("%s upcoming = %v", it.Slug, it.Upcoming)
				}
			}
			if next := cat.NextChange(tt.now); !next.Equal(tt.next) {
				t.Fatalf("next change %v, want %v", next, tt.next)
			}
		})
	}
	if items := cat.Items(list, locale.En, renders); items[0].Date != "2026-12-09T10:00:00+04:00" {
		t.Fatalf("a webinar's date is its start: %q", items[0].Date)
	}
}

func TestHomeShowsEightNews(t *testing.T) {
	cat := sampleCatalog(t, nil)
	home := cat.Items(cat.Page("/"), locale.En, renders)
	want := "new-dubai-office,cairo-training-centre,iso-27001-transition-closed," +
		"new-dubai-office,cairo-training-centre,iso-27001-transition-closed,new-dubai-office,cairo-training-centre"
	if slugs(home) != want {
		t.Fatalf("home items %s", slugs(home))
	}

	extra := map[string]string{}
	for i, date := range []string{"2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10", "2026-01-11"} {
		extra["collections/en/news/story-"+string(rune('a'+i))+".json"] = `{"title": "Story", "description": "D", "date": "` + date +
			`", "author": "A", "imageAlt": "I", "body": ["B"]}`
	}
	many, problems := catalog(t).WithEntries(sampleEntries(t, extra, nil))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	home = many.Items(many.Page("/"), locale.En, renders)
	if slugs(home) != "new-dubai-office,cairo-training-centre,story-g,story-f,story-e,story-d,story-c,story-b" {
		t.Fatalf("home shows the latest eight: %s", slugs(home))
	}
	if got := catalog(t).Items(catalog(t).Page("/"), locale.En, renders); got == nil || len(got) != 0 {
		t.Fatalf("without news the home page lists nothing: %v", got)
	}
}

func TestRelatedItems(t *testing.T) {
	cat := sampleCatalog(t, nil)
	// Three stories: each shows the other two, each in the page's language
	// where it has one (the Dubai story is in Dutch), else in English.
	related := cat.Related(cat.Page("/resources/news/cairo-training-centre"), locale.Nl, renders)
	if slugs(related) != "new-dubai-office,iso-27001-transition-closed" {
		t.Fatalf("related news %s", slugs(related))
	}
	if related[0].Title != "Ons kantoor in Dubai is verhuisd" || related[1].Title != "The ISO/IEC 27001 transition has closed" {
		t.Fatalf("related titles %q, %q", related[0].Title, related[1].Title)
	}
	webinars := cat.Related(cat.Page("/resources/webinars/nca-ecc-in-practice"), locale.En, renders)
	if slugs(webinars) != "dora-one-year-on,pdpl-for-processors" || webinars[0].Upcoming == nil || !*webinars[0].Upcoming {
		t.Fatalf("related webinars %+v", webinars)
	}
	for _, route := range []string{"/resources/blogs/reading-a-soc-2-report", "/resources/news", "/about-us", "/"} {
		if got := cat.Related(cat.Page(route), locale.En, renders); len(got) != 0 {
			t.Errorf("%s shows related items %s", route, slugs(got))
		}
	}

	// Among many, the three nearest in date; of two as near, the newer.
	extra := map[string]string{}
	for slug, date := range map[string]string{"day-after": "2026-03-03", "two-days-before": "2026-02-28", "four-days-after": "2026-03-06", "four-days-before": "2026-02-26"} {
		extra["collections/en/news/"+slug+".json"] = `{"title": "Story", "description": "D", "date": "` + date +
			`", "author": "A", "imageAlt": "I", "body": ["B"]}`
	}
	many, problems := catalog(t).WithEntries(sampleEntries(t, extra, nil))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for _, tt := range []struct{ slug, want string }{
		{"cairo-training-centre", "four-days-after,day-after,two-days-before"},
		{"new-dubai-office", "four-days-after,day-after,cairo-training-centre"},
		{"iso-27001-transition-closed", "cairo-training-centre,two-days-before,four-days-before"},
	} {
		got := many.Related(many.Page("/resources/news/"+tt.slug), locale.Fr, renders)
		if slugs(got) != tt.want {
			t.Errorf("%s: related %s, want %s", tt.slug, slugs(got), tt.want)
		}
	}
}

// Entries the catalogue cannot use are left out and reported; the rest still works.
func TestWithEntriesLeavesOutWhatItCannotUse(t *testing.T) {
	entries := sampleEntries(t, nil, nil)
	entries = append(entries,
		store.ContentEntry{Collection: content.PagesCollection, Slug: "/retired-page", Locale: "en", Body: `{"title":"Gone"}`},
		store.ContentEntry{Collection: "podcasts", Slug: "episode-one", Locale: "en", Body: `{"title":"One"}`},
		store.ContentEntry{Collection: "news", Slug: "only-in-french", Locale: "fr", Body: `{"title":"Seulement","date":"2026-01-01"}`},
		store.ContentEntry{Collection: "news", Slug: "no-date", Locale: "en", Body: `{"title":"Undated"}`},
		store.ContentEntry{Collection: "news", Slug: "broken", Locale: "en", Body: `{"title":`},
		store.ContentEntry{Collection: content.PagesCollection, Slug: "/about-us", Locale: "xx", Body: `{}`},
	)
	cat, problems := catalog(t).WithEntries(entries)
	if len(problems) != 6 {
		t.Fatalf("%d problems, want 6: %v", len(problems), problems)
	}
	for _, route := range []string{"/retired-page", "/resources/news/only-in-french", "/resources/news/no-date", "/resources/news/broken"} {
		if cat.Page(route) != nil {
			t.Errorf("%s published", route)
		}
	}
	if cat.Page("/resources/news/new-dubai-office") == nil || cat.Content(cat.Page("/about-us"), locale.En).Body == nil {
		t.Fatal("usable entries were dropped")
	}
}

func TestIndexable(t *testing.T) {
	cat := catalog(t)
	for _, p := range cat.Pages() {
		want := !strings.HasPrefix(p.Route, "/auth/") && p.Route != "/account"
		if p.Indexable() != want {
			t.Errorf("%s indexable = %v", p.Route, p.Indexable())
		}
	}
	if cat.NotFound().Indexable() {
		t.Error("the not-found page is indexable")
	}
}

func TestHomeCardMarkupIsSanitized(t *testing.T) {
	// As if someone had edited the stored entry directly: the seed's checks never saw it.
	body := `{"solutions":{"heading":"Solutions","securitySolutions":[` +
		`{"icon":"lock","title":"Testing","desc":"Rated with <strong onclick=\"x()\">CVSS</strong><script>alert(1)</script><img src=x onerror=alert(2)>."}]}}`
	entries := append(sampleEntries(t, nil, nil),
		store.ContentEntry{Collection: content.PagesCollection, Slug: "/", Locale: "en", Body: body})
	cat, problems := catalog(t).WithEntries(entries)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	var home struct {
		Solutions struct {
			Heading           string `json:"heading"`
			SecuritySolutions []struct {
				Desc string `json:"desc"`
			} `json:"securitySolutions"`
		} `json:"solutions"`
	}
	if err := json.Unmarshal(cat.Content(cat.Page("/"), locale.En).Body, &home); err != nil {
		t.Fatal(err)
	}
	if got, want := home.Solutions.SecuritySolutions[0].Desc, "Rated with <strong>CVSS</strong>."; got != want {
		t.Fatalf("desc = %q, want %q", got, want)
	}
	if home.Solutions.Heading != "Solutions" {
		t.Fatalf("the rest of the entry changed: %+v", home)
	}
}
