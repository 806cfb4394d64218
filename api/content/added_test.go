package content

import (
	"slices"
	"testing"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// An added service joins its landing page's children, the header menu
// beside its siblings and the footer group that lists its landing page,
// once its English is live; menus name it by its title in each language.
func TestAddedPagesMergeIntoTheTree(t *testing.T) {
	base, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	const parent, route = "/services/cybersecurity-services", "/services/cybersecurity-services/cloud-security-assessment"
	added := []AddedPage{{Route: route, Kind: KindService, Parent: parent, Name: "Cloud Security Assessment"}}
	if got := Published(added, nil); len(got) != 0 {
		t.Fatalf("a page without a live English is published: %v", got)
	}
	entries := []store.ContentEntry{
		{Collection: PagesCollection, Slug: route, Locale: "en", Body: `{"title":"Cloud Security Assessment"}`},
		{Collection: PagesCollection, Slug: route, Locale: "ar", Body: `{"title":"تقييم أمن السحابة"}`},
	}
	tree, problems := base.WithAdded(Published(added, entries))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cat, _ := tree.WithEntries(entries)
	p := cat.Page(route)
	if p == nil || !p.Added || p.Breadcrumbs[len(p.Breadcrumbs)-2].Route != parent {
		t.Fatalf("the added page: %+v", p)
	}
	has := func(items []MenuItem) bool {
		return slices.ContainsFunc(items, func(m MenuItem) bool { return m.Route == route })
	}
	if !has(cat.Page(parent).Children) {
		t.Errorf("the landing page's children lack the page")
	}
	if has(base.Page(parent).Children) {
		t.Errorf("merging changed the shipped catalogue")
	}
	var inMenu func(items []MenuItem) bool
	inMenu = func(items []MenuItem) bool {
		return slices.ContainsFunc(items, func(m MenuItem) bool { return m.Route == route || inMenu(m.Children) })
	}
	if !inMenu(cat.Nav()) || inMenu(base.Nav()) {
		t.Errorf("the header menu: with it %v, shipped %v", inMenu(cat.Nav()), inMenu(base.Nav()))
	}
	for _, g := range cat.Footer() {
		if g.TranslationKey == "services" && !has(g.Items) {
			t.Errorf("the footer's services group lacks the page")
		}
	}
	if !slices.Equal(cat.Languages(p), []locale.Locale{"en", "ar"}) {
		t.Errorf("languages %v", cat.Languages(p))
	}
	for loc, want := range map[locale.Locale]string{"ar": "تقييم أمن السحابة", "fr": "Cloud Security Assessment"} {
		for _, m := range cat.Localize(cat.Page(parent).Children, loc) {
			if m.Route == route && m.Name != want {
				t.Errorf("in %s the menu names it %q, want %q", loc, m.Name, want)
			}
		}
	}
	if _, problems := base.WithAdded([]AddedPage{{Route: "/about-us", Kind: KindInformation, Parent: "/"}}); len(problems) == 0 {
		t.Errorf("a page on a shipped page's route was merged")
	}
}

// Only the pages the tree allows may be parents, and the server's own
// addresses are never a page's.
func TestParentsAndReservedRoutes(t *testing.T) {
	routes := func(kind string) []string {
		var out []string
		for _, p := range Parents(kind) {
			out = append(out, p.Route)
		}
		return out
	}
	if got := routes(KindService); !slices.Contains(got, "/services/cybersecurity-services") || slices.Contains(got, "/compliance/iso-standards") || slices.Contains(got, "/services/outsourcing-service") {
		t.Errorf("service parents %v", got)
	}
	if got := routes(KindStandard); !slices.Contains(got, "/compliance/iso-standards") || slices.Contains(got, "/services/cybersecurity-services") {
		t.Errorf("standard parents %v", got)
	}
	if got := routes(KindInformation); !slices.Equal(got, []string{"/about-us"}) {
		t.Errorf("information parents %v", got)
	}
	for route, want := range map[string]bool{"/api/x": true, "/ar/x": true, "/about-us/page": true, "/about-us/our-offices": false} {
		if ReservedRoute(route) != want {
			t.Errorf("ReservedRoute(%s) = %v", route, !want)
		}
	}
}
