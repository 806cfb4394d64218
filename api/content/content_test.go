package content_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
)

func catalog(t *testing.T) *content.Catalog {
	t.Helper()
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPages(t *testing.T) {
	c := catalog(t)
	pages := c.Pages()
	if len(pages) != 70 {
		t.Fatalf("%d pages, want 70", len(pages))
	}
	seen := map[string]bool{}
	for _, p := range pages {
		if seen[p.Route] {
			t.Fatalf("route %s appears twice", p.Route)
		}
		seen[p.Route] = true
		if c.Page(p.Route) != p {
			t.Fatalf("lookup of %s does not find the page", p.Route)
		}
		last := p.Breadcrumbs[len(p.Breadcrumbs)-1]
		if p.Breadcrumbs[0].Route != "/" || last.Route != p.Route || last.TranslationKey != p.TranslationKey {
			t.Fatalf("%s: breadcrumbs %+v", p.Route, p.Breadcrumbs)
		}
		if p.Children == nil {
			t.Fatalf("%s: children must be an empty list, not null", p.Route)
		}
	}
	for _, route := range []string{"/", "/auth/login", "/auth/register", "/auth/forgot-password", "/auth/verify-code",
		"/auth/reset-password", "/auth/confirm-email", "/account", "/about-us", "/policy", "/terms", "/forms",
		"/careers/jop-vacancies", "/resources/blogs", "/contact-us/cairo", "/compliance/csa-star-level-1-and-2",
		"/compliance/iso-standards/iso-20000-1", "/services/outsourcing-service"} {
		if c.Page(route) == nil {
			t.Errorf("missing page %s", route)
		}
	}
	if c.Page("/services") != nil || c.Page("/nope") != nil {
		t.Fatal("groups and unknown routes are not pages")
	}
}

func TestBreadcrumbsAndChildren(t *testing.T) {
	c := catalog(t)
	p := c.Page("/services/cybersecurity-services/risk-assessment")
	want := []content.Crumb{
		{TranslationKey: "home", Name: "Home", Route: "/"},
		{TranslationKey: "services", Name: "Services"},
		{TranslationKey: "cybersecurityServices", Name: "Cybersecurity Services", Route: "/services/cybersecurity-services"},
		{TranslationKey: "riskAssessment", Name: "Risk Assessment", Route: "/services/cybersecurity-services/risk-assessment"},
	}
	if !reflect.DeepEqual(p.Breadcrumbs, want) {
		t.Fatalf("breadcrumbs = %+v", p.Breadcrumbs)
	}
	if home := c.Page("/"); len(home.Breadcrumbs) != 1 || home.Kind != content.KindHome {
		t.Fatalf("home = %+v", home)
	}
	landing := c.Page("/compliance/soc-reports")
	if landing.Kind != content.KindLanding || len(landing.Children) != 3 || landing.Children[0].Route != "/compliance/soc-reports/soc-1" {
		t.Fatalf("landing children = %+v", landing.Children)
	}
	nf := c.NotFound()
	if nf.Route != "" || nf.Kind != content.KindNotFound || nf.TranslationKey != "notFound" {
		t.Fatalf("not found page = %+v", nf)
	}
}

func TestNav(t *testing.T) {
	nav := catalog(t).Nav()
	var keys []string
	for _, item := range nav {
		keys = append(keys, item.TranslationKey)
	}
	if got := strings.Join(keys, ","); got != "aboutUs,services,compliance,resources,careers,contactUs,forms" {
		t.Fatalf("menu keys = %s", got)
	}
	if forms := nav[6]; forms.Route != "/forms" || forms.Children != nil {
		t.Fatalf("a page without children is a link: %+v", forms)
	}
	if about := nav[0]; about.Route != "" || len(about.Children) != 3 || about.Children[0].Route != "/about-us" || about.Children[1].Route != "/about-us/our-people" || about.Children[2].Route != "/about-us/accreditations" {
		t.Fatalf("about us = %+v, want its overview, our people and the accreditations", about)
	}
	services := nav[1]
	if services.Route != "" || len(services.Children) != 4 {
		t.Fatalf("services group = %+v", services)
	}
	cyber := services.Children[0]
	if cyber.Route != "" || len(cyber.Children) != 9 {
		t.Fatalf("a landing page with children is a group: %+v", cyber)
	}
	overview := content.MenuItem{Name: "Overview", TranslationKey: "overview", Route: "/services/cybersecurity-services"}
	if !reflect.DeepEqual(cyber.Children[0], overview) {
		t.Fatalf("first child = %+v, want the overview", cyber.Children[0])
	}
	if risk := cyber.Children[1]; risk.Route != "/services/cybersecurity-services/risk-assessment" || risk.Children != nil {
		t.Fatalf("third level = %+v", risk)
	}
	if out := services.Children[3]; out.Route != "/services/outsourcing-service" || out.Children != nil {
		t.Fatalf("landing without children is a link: %+v", out)
	}
	if csa := nav[2].Children[3]; csa.Route != "/compliance/csa-star-level-1-and-2" {
		t.Fatalf("compliance last item = %+v", csa)
	}

	// The JSON the renderer receives: links carry a route, groups children, never both.
	data, err := json.Marshal(nav)
	if err != nil {
		t.Fatal(err)
	}
	var generic []map[string]any
	if err := json.Unmarshal(data, &generic); err != nil {
		t.Fatal(err)
	}
	var walk func(items []map[string]any, depth int)
	walk = func(items []map[string]any, depth int) {
		if depth > 3 {
			t.Fatalf("menu deeper than 3 levels")
		}
		for _, it := range items {
			_, hasRoute := it["route"]
			children, hasChildren := it["children"]
			if hasRoute == hasChildren || it["name"] == "" || it["translationKey"] == "" {
				t.Fatalf("bad menu item %v", it)
			}
			if hasChildren {
				raw, _ := json.Marshal(children)
				var sub []map[string]any
				_ = json.Unmarshal(raw, &sub)
				walk(sub, depth+1)
			}
		}
	}
	walk(generic, 1)
}

func TestFooter(t *testing.T) {
	footer := catalog(t).Footer()
	if len(footer) != 4 {
		t.Fatalf("%d footer groups", len(footer))
	}
	if footer[0].TranslationKey != "services" || len(footer[0].Items) != 7 || footer[0].Items[0].Route != "/compliance/iso-standards" {
		t.Fatalf("services group = %+v", footer[0])
	}
	legal := footer[3]
	if legal.TranslationKey != "legal" || legal.Items[0].Route != "/terms" || legal.Items[1].Route != "/policy" {
		t.Fatalf("legal group = %+v", legal)
	}
	for _, g := range footer {
		for _, it := range g.Items {
			if it.Route == "" || it.Children != nil {
				t.Fatalf("footer items are links: %+v", it)
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name string
		json string
	}{
		{"not json", `{`},
		{"duplicate route", `{"pages":[{"key":"a","name":"A","route":"/a","kind":"about"},{"key":"b","name":"B","route":"/a","kind":"about"}]}`},
		{"duplicate key", `{"pages":[{"key":"a","name":"A","route":"/a","kind":"about"},{"key":"a","name":"B","route":"/b","kind":"about"}]}`},
		{"unknown kind", `{"pages":[{"key":"a","name":"A","route":"/a","kind":"blog"}]}`},
		{"trailing slash", `{"pages":[{"key":"a","name":"A","route":"/a/","kind":"about"}]}`},
		{"unknown menu key", `{"pages":[],"menu":["x"]}`},
		{"footer names a group", `{"pages":[{"key":"g","name":"G","children":[]}],"footer":[{"key":"f","name":"F","items":["g"]}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := content.Parse([]byte(tt.json)); err == nil {
				t.Fatal("want an error")
			}
		})
	}
}

func TestSiteFromSettings(t *testing.T) {
	site, err := content.SiteFromSettings(map[string]string{"name": "N", "unknown": "x"})
	if err != nil {
		t.Fatal(err)
	}
	if site.Name != "N" || site.Social == nil || site.Offices == nil {
		t.Fatalf("site = %+v", site)
	}
	if _, err := content.SiteFromSettings(map[string]string{"offices": "not json"}); err == nil {
		t.Fatal("want an error for a broken structured setting")
	}
}
