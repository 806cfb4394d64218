package render_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

func propsInput(t *testing.T) render.PropsInput {
	t.Helper()
	return testenv.SeedPropsInput(t)
}

func TestBuildProps(t *testing.T) {
	in := propsInput(t)
	page := in.Catalog.Page("/about-us")
	p := render.BuildProps(in, page, locale.Ar)
	if p.Status != 200 || p.Locale != locale.Ar || p.Dir != "rtl" || p.Year != 2031 {
		t.Fatalf("props = %+v", p)
	}
	if p.Page.Route != "/about-us" || p.Page.Path != "/ar/about-us" || p.Page.Kind != "about" || p.Page.TranslationKey != "aboutUs" {
		t.Fatalf("page = %+v", p.Page)
	}
	if p.Canonical != "https://www.noorvale.example/ar/about-us" {
		t.Fatalf("canonical = %s", p.Canonical)
	}
	want := []render.Alternate{
		{Hreflang: "en", Href: "https://www.noorvale.example/about-us"},
		{Hreflang: "nl", Href: "https://www.noorvale.example/nl/about-us"},
		{Hreflang: "fr", Href: "https://www.noorvale.example/fr/about-us"},
		{Hreflang: "ar", Href: "https://www.noorvale.example/ar/about-us"},
		{Hreflang: "x-default", Href: "https://www.noorvale.example/about-us"},
	}
	if len(p.Alternates) != len(want) {
		t.Fatalf("alternates = %+v", p.Alternates)
	}
	for i := range want {
		if p.Alternates[i] != want[i] {
			t.Fatalf("alternate %d = %+v, want %+v", i, p.Alternates[i], want[i])
		}
	}
	if len(p.Languages) != 4 || p.Languages[3].Code != locale.Ar || p.Languages[3].Name != "العربية" {
		t.Fatalf("languages = %+v", p.Languages)
	}

	home := render.BuildProps(in, in.Catalog.Page("/"), locale.Nl)
	if home.Page.Path != "/nl" || home.Canonical != "https://www.noorvale.example/nl" || home.Alternates[0].Href != "https://www.noorvale.example/" {
		t.Fatalf("home = %+v", home)
	}

	nf := render.BuildProps(in, in.Catalog.NotFound(), locale.Fr)
	if nf.Status != 404 || nf.Canonical != "" || len(nf.Alternates) != 0 || nf.Page.Route != "" || nf.Page.Kind != "not-found" || nf.Page.TranslationKey != "notFound" {
		t.Fatalf("not found = %+v", nf)
	}
}

func TestPropsJSONShape(t *testing.T) {
	in := propsInput(t)
	data, err := json.Marshal(render.BuildProps(in, in.Catalog.NotFound(), locale.En))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{`"alternates":[]`, `"canonical":""`, `"children":[]`, `"baseUrl":"https://www.noorvale.example"`,
		`"captcha":{"provider":"","siteKey":""}`, `"shortName":"Noorvale"`, `"footer":[{"translationKey":"services"`,
		`"content":null`, `"items":[]`, `"contentLocale":"en"`, `"updated":""`} {
		if !strings.Contains(s, want) {
			t.Errorf("props JSON lacks %s", want)
		}
	}
	var generic map[string]any
	if err := json.Unmarshal(data, &generic); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"status", "locale", "dir", "year", "baseUrl", "page", "alternates", "canonical", "site", "nav", "footer", "languages"} {
		if _, ok := generic[key]; !ok {
			t.Errorf("props lack %s", key)
		}
	}
	if strings.Contains(s, `"collection"`) {
		t.Error("a page outside the collections names one")
	}
	if strings.Contains(s, `"user"`) {
		t.Error("props name a visitor: every page is the same document for everyone")
	}
}

// withSampleContent is the real catalogue with the sample content added.
func withSampleContent(t *testing.T, in render.PropsInput) render.PropsInput {
	t.Helper()
	set, err := content.ReadSeed(testenv.SeedTree(t, testenv.SampleContent()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range set.Entries {
		set.Entries[i].UpdatedAt = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	}
	cat, problems := in.Catalog.WithEntries(set.Entries)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	in.Catalog = cat
	in.Now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	return in
}

func TestBuildPropsWithContent(t *testing.T) {
	in := withSampleContent(t, propsInput(t))

	story := render.BuildProps(in, in.Catalog.Page("/resources/news/new-dubai-office"), locale.Nl)
	pg := story.Page
	if pg.Kind != "article" || pg.Collection != "news" || pg.ContentLocale != locale.Nl || pg.Updated != "2026-10-14" || pg.Path != "/nl/resources/news/new-dubai-office" {
		t.Fatalf("story = %+v", pg)
	}
	last := pg.Breadcrumbs[len(pg.Breadcrumbs)-1]
	if last.TranslationKey != "" || last.Name != "Ons kantoor in Dubai is verhuisd" || last.Route != "/resources/news/new-dubai-office" {
		t.Fatalf("last crumb = %+v", last)
	}
	if en := in.Catalog.Page("/resources/news/new-dubai-office").Breadcrumbs; en[len(en)-1].Name != "We moved our Dubai office" {
		t.Fatal("building Dutch props changed the page's own breadcrumbs")
	}
	if !strings.Contains(string(pg.Content), "Het team verhuisde in oktober.") || pg.Items == nil || len(pg.Items) != 0 {
		t.Fatalf("story content %s, items %v", pg.Content, pg.Items)
	}
	if story.Canonical != "https://www.noorvale.example/nl/resources/news/new-dubai-office" || len(story.Alternates) != 3 ||
		story.Alternates[1] != (render.Alternate{Hreflang: "nl", Href: story.Canonical}) || story.Alternates[2].Hreflang != "x-default" {
		t.Fatalf("canonical %s, alternates %v", story.Canonical, story.Alternates)
	}
	// The story has no French text: its French page shows the English and
	// is no alternate, while it still has its own address and canonical.
	french := render.BuildProps(in, in.Catalog.Page("/resources/news/new-dubai-office"), locale.Fr)
	for _, alt := range french.Alternates {
		if alt.Hreflang == "fr" || alt.Hreflang == "ar" {
			t.Fatalf("alternate %v of a language without a text", alt)
		}
	}
	if french.Canonical != "https://www.noorvale.example/fr/resources/news/new-dubai-office" || french.Page.ContentLocale != locale.En {
		t.Fatalf("the French page: canonical %s, text in %s", french.Canonical, french.Page.ContentLocale)
	}

	webinars := render.BuildProps(in, in.Catalog.Page("/resources/webinars"), locale.Ar).Page
	if webinars.Collection != "webinars" || len(webinars.Items) != 3 || !*webinars.Items[0].Upcoming || *webinars.Items[2].Upcoming {
		t.Fatalf("webinars = %+v", webinars.Items)
	}
	home := render.BuildProps(in, in.Catalog.Page("/"), locale.Fr).Page
	if len(home.Items) != 8 || home.Content != nil || home.ContentLocale != locale.Fr {
		t.Fatalf("home = %+v", home)
	}
	about := render.BuildProps(in, in.Catalog.Page("/about-us"), locale.Fr).Page
	if about.ContentLocale != locale.En || about.Content == nil || about.Updated != "2026-11-01" {
		t.Fatalf("about = %+v", about)
	}

	data, err := json.Marshal(render.BuildProps(in, in.Catalog.Page("/resources/webinars"), locale.En))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"collection":"webinars"`, `"upcoming":true`, `"upcoming":false`, `"contentLocale":"en"`, `"content":null`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("webinar list props lack %s", want)
		}
	}
}

// A page's search listing reaches the renderer in its content, and a
// language it hides from search engines is no alternate of the others.
func TestPropsCarrySearchListing(t *testing.T) {
	files := testenv.SampleContent()
	const nl = "collections/nl/news/new-dubai-office.json"
	files[nl] = strings.Replace(files[nl], `"date":`,
		`"seo": {"title": "Dubai verhuist", "description": "Ons nieuwe adres.", "noindex": true, "image": "site"}, "date":`, 1)
	set, err := content.ReadSeed(testenv.SeedTree(t, files))
	if err != nil {
		t.Fatal(err)
	}
	in := propsInput(t)
	cat, problems := in.Catalog.WithEntries(set.Entries)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	in.Catalog = cat
	page := cat.Page("/resources/news/new-dubai-office")

	dutch := render.BuildProps(in, page, locale.Nl)
	var body struct {
		SEO struct {
			Title, Description, Image string
			Noindex                   bool
		} `json:"seo"`
	}
	if err := json.Unmarshal(dutch.Page.Content, &body); err != nil {
		t.Fatal(err)
	}
	if body.SEO.Title != "Dubai verhuist" || body.SEO.Description != "Ons nieuwe adres." || !body.SEO.Noindex || body.SEO.Image != "site" {
		t.Fatalf("the Dutch props carry %+v", body.SEO)
	}
	english := render.BuildProps(in, page, locale.En)
	if strings.Contains(string(english.Page.Content), `"seo"`) {
		t.Error("the English text took the Dutch listing")
	}
	for _, p := range []render.Props{dutch, english} {
		for _, alt := range p.Alternates {
			if alt.Hreflang == "nl" {
				t.Errorf("the %s page names the hidden Dutch text as an alternate", p.Locale)
			}
		}
	}
	if len(english.Alternates) != 2 || english.Alternates[1].Hreflang != "x-default" {
		t.Errorf("English alternates %v", english.Alternates)
	}
}
