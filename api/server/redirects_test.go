package server

import (
	"context"
	"testing"

	"noorvale.example/site/api/store"
)

// A renamed item's old address answers 301 to the new one in every
// language, and keeps doing so after a second rename; an address no item
// ever had stays 404.
func TestRenamedItemsRedirect(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	rename := func(from, to string) {
		t.Helper()
		if err := s.store.RenameContentItem(ctx, "news", from, to, "staff-1", renderTime); err != nil {
			t.Fatal(err)
		}
		if err := s.cache.RenderAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	moved := func(name, url, location string) scenario {
		return scenario{name: name, url: url, status: 301, header: map[string]string{"Location": location}}
	}
	rename("cairo-training-centre", "cairo-training-rooms")
	s.run(t, []scenario{
		moved("old address", "/resources/news/cairo-training-centre", "/resources/news/cairo-training-rooms"),
		moved("old address in arabic", "/ar/resources/news/cairo-training-centre", "/ar/resources/news/cairo-training-rooms"),
		{name: "new address", url: "/resources/news/cairo-training-rooms", status: 200, contains: []string{"A training room in Cairo"}},
		{name: "sitemap follows", url: "/sitemap-en.xml", status: 200, contains: []string{"/resources/news/cairo-training-rooms"},
			notContains: []string{"cairo-training-centre"}},
		{name: "never an item", url: "/resources/news/cairo-nothing", status: 404},
	})
	rename("cairo-training-rooms", "cairo-classrooms")
	s.run(t, []scenario{
		moved("first address", "/fr/resources/news/cairo-training-centre?ref=x", "/fr/resources/news/cairo-classrooms?ref=x"),
		moved("second address", "/resources/news/cairo-training-rooms", "/resources/news/cairo-classrooms"),
	})
}

// A redirect staff added answers with its status in every language, to a
// page of the site (followed through a later rename) or an address
// elsewhere; it never hides a page published at its address later, and a
// deleted one answers 404 again.
func TestAddedRedirects(t *testing.T) {
	s := sampleSite(t, newFixedClock(renderTime))
	ctx := context.Background()
	refresh := func() {
		t.Helper()
		if err := s.cache.RenderAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []store.SiteRedirect{
		{From: "/pentest.html", To: "/services/cybersecurity-services/penetration-testing", Status: 301},
		{From: "/spring-offer", To: "/about-us", Status: 302},
		{From: "/partner", To: "https://partner.example/offer", Status: 302},
		{From: "/old-news", To: "/resources/news/cairo-training-centre", Status: 301},
		{From: "/about-us/our-people", To: "/about-us", Status: 301},
	} {
		if _, err := s.store.AddSiteRedirect(ctx, r, "staff-1", renderTime); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.store.RenameContentItem(ctx, "news", "cairo-training-centre", "cairo-classrooms", "staff-1", renderTime); err != nil {
		t.Fatal(err)
	}
	refresh()
	to := func(name, url string, status int, location string) scenario {
		return scenario{name: name, url: url, status: status, header: map[string]string{"Location": location}}
	}
	s.run(t, []scenario{
		to("permanent", "/pentest.html", 301, "/services/cybersecurity-services/penetration-testing"),
		to("permanent in arabic", "/ar/pentest.html", 301, "/ar/services/cybersecurity-services/penetration-testing"),
		to("permanent in dutch, with the query", "/nl/pentest.html?utm_source=x", 301, "/nl/services/cybersecurity-services/penetration-testing?utm_source=x"),
		to("temporary", "/spring-offer", 302, "/about-us"),
		to("temporary in french", "/fr/spring-offer", 302, "/fr/about-us"),
		to("elsewhere", "/ar/partner", 302, "https://partner.example/offer"),
		to("through a rename", "/old-news", 301, "/resources/news/cairo-classrooms"),
		{name: "a live page wins", url: "/about-us/our-people", status: 200},
	})
	if err := s.store.DeleteSiteRedirect(ctx, "/spring-offer", renderTime); err != nil {
		t.Fatal(err)
	}
	refresh()
	s.run(t, []scenario{{name: "deleted", url: "/spring-offer", status: 404}})
}
