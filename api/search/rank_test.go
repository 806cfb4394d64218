package search

import (
	"testing"

	"noorvale.example/site/api/locale"
)

// TestRanksThePageMeant checks that the page a visitor means comes first:
// the standard or service of that name before the articles, vacancies and
// lists that mention it, in the visitor's own language.
func TestRanksThePageMeant(t *testing.T) {
	ix := seeded(t)
	const (
		pentest  = "/services/cybersecurity-services/penetration-testing"
		iso27001 = "/compliance/iso-standards/iso-27001"
		pciDSS   = "/compliance/pci-standards/pci-dss"
		soc2     = "/compliance/soc-reports/soc-2"
		risk     = "/compliance/iso-standards/iso-31000"
		vulnScan = "/services/cybersecurity-services/vulnerability-assessment"
	)
	tests := []struct {
		name string
		lang locale.Locale
		q    string
		want string // the first result
	}{
		{"code run together", "en", "iso27001", iso27001},
		{"code in full", "en", "ISO/IEC 27001", iso27001},
		{"number alone", "en", "27001", iso27001},
		{"code with a hyphen", "en", "pci-dss", pciDSS},
		{"code run together, short", "en", "soc2", soc2},
		{"service name", "en", "penetration testing", pentest},
		{"service name, being typed", "en", "penetration tes", pentest},
		{"service name in Arabic", "ar", "اختبار الاختراق", "/ar" + pentest},
		{"service name in French", "fr", "test d'intrusion", "/fr" + pentest},
		{"service name in Dutch", "nl", "penetratietest", "/nl" + pentest},
		{"French without accents", "fr", "evaluation des vulnerabilites", "/fr" + vulnScan},
		{"typo", "en", "penetraton testing", pentest},
		{"code in Arabic pages", "ar", "iso27001", "/ar" + iso27001},
		{"Arabic with hamza", "ar", "إدارة المخاطر", "/ar" + risk},
		{"Arabic without hamza", "ar", "ادارة المخاطر", "/ar" + risk},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := top(t, ix, Query{Text: tt.q, Lang: tt.lang}, 3)
			if len(got) == 0 || got[0] != tt.want {
				t.Fatalf("%q: first results %v, want %s first", tt.q, got, tt.want)
			}
		})
	}
}

// TestRanksPagesAlike checks that ranking keeps every match and pages
// through them without repeating one.
func TestRanksPagesAlike(t *testing.T) {
	ix := seeded(t)
	all, err := ix.Search(Query{Text: "security", Lang: "en", PerPage: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Hits) != all.Total || all.Total < 20 {
		t.Fatalf("%d hits of %d", len(all.Hits), all.Total)
	}
	seen := map[string]bool{}
	for page := 1; (page-1)*10 < all.Total; page++ {
		r, err := ix.Search(Query{Text: "security", Lang: "en", Page: page, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range r.Hits {
			if seen[h.Path] {
				t.Fatalf("page %d repeats %s", page, h.Path)
			}
			seen[h.Path] = true
			if want := all.Hits[(page-1)*10+i].Path; h.Path != want {
				t.Fatalf("page %d result %d is %s, the whole list has %s", page, i, h.Path, want)
			}
		}
	}
	if len(seen) != all.Total {
		t.Fatalf("paging showed %d of %d", len(seen), all.Total)
	}
}
