package search

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
)

// seededCatalog is the catalogue of the seeded content store, as the page
// cache builds it.
func seededCatalog(t testing.TB) *content.Catalog {
	t.Helper()
	ctx := context.Background()
	st := testenv.SQLiteStore(t)
	if _, err := content.Seed(ctx, st); err != nil {
		t.Fatal(err)
	}
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	base, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	cat, problems := base.WithEntries(entries)
	if len(problems) > 0 {
		t.Fatalf("seed content has problems: %v", problems)
	}
	return cat
}

var (
	seededOnce  sync.Once
	seededIndex *Index
	seededErr   error
)

// seeded is the index of the seeded content, built once for the package's
// tests, which only read it.
func seeded(t *testing.T) *Index {
	t.Helper()
	seededOnce.Do(func() {
		seededIndex, seededErr = Build(seededCatalog(t))
	})
	if seededErr != nil {
		t.Fatal(seededErr)
	}
	return seededIndex
}

// paths lists the paths of a result's hits.
func paths(r Results) []string {
	out := make([]string, len(r.Hits))
	for i, h := range r.Hits {
		out[i] = h.Path
	}
	return out
}

// top returns the first n paths a query finds.
func top(t *testing.T, ix *Index, q Query, n int) []string {
	t.Helper()
	r, err := ix.Search(q)
	if err != nil {
		t.Fatal(err)
	}
	got := paths(r)
	return got[:min(n, len(got))]
}

// TestUnderstands checks that each way a visitor may write what a page
// says finds that page among the first results.
func TestUnderstands(t *testing.T) {
	ix := seeded(t)
	const (
		pentest   = "/services/cybersecurity-services/penetration-testing"
		vulnScan  = "/services/cybersecurity-services/vulnerability-assessment"
		iso27001  = "/compliance/iso-standards/iso-27001"
		pciDSS    = "/compliance/pci-standards/pci-dss"
		soc2      = "/compliance/soc-reports/soc-2"
		continuit = "/services/business-continuity-and-recovery"
	)
	tests := []struct {
		name string
		lang locale.Locale
		q    string
		want string // a path among the first five results
	}{
		{"inflection: test", "en", "test", pentest},
		{"inflection: testing", "en", "testing", pentest},
		{"inflection: tests", "en", "tests", pentest},
		{"inflection: tested penetration", "en", "penetration tested", pentest},
		{"inflection ar: اختبار", "ar", "اختبار", "/ar" + pentest},
		{"inflection ar: اختبارات", "ar", "اختبارات", "/ar" + pentest},
		{"inflection ar: الاختبار", "ar", "الاختبار الاختراق", "/ar" + pentest},
		{"inflection fr: tests d'intrusion", "fr", "tests d'intrusion", "/fr" + pentest},
		{"inflection nl: penetratietest", "nl", "penetratietest", "/nl" + pentest},
		{"typo: one letter missing", "en", "penetraton testing", pentest},
		{"typo: one letter missing, long word", "en", "vulnerabilty assessment", vulnScan},
		{"typo: two letters wrong", "en", "vulnarabilaty", vulnScan},
		{"typo: letters swapped", "en", "penetartion", pentest},
		{"typo fr: one letter wrong", "fr", "vulnerabilitès", "/fr" + vulnScan},
		{"french without accents", "fr", "securite", ""},
		{"french elision", "fr", "d'intrusion", "/fr" + pentest},
		{"french elision, typographic apostrophe", "fr", "d’intrusion", "/fr" + pentest},
		{"dutch without diaeresis", "nl", "bedrijfscontinuiteit", "/nl" + continuit},
		{"dutch with diaeresis", "nl", "bedrijfscontinuïteit", "/nl" + continuit},
		{"standard: 27001", "en", "27001", iso27001},
		{"standard: iso27001", "en", "iso27001", iso27001},
		{"standard: ISO 27001", "en", "ISO 27001", iso27001},
		{"standard: ISO/IEC 27001", "en", "ISO/IEC 27001", iso27001},
		{"standard: iso-27001", "en", "iso-27001", iso27001},
		{"standard: pci-dss", "en", "pci-dss", pciDSS},
		{"standard: pci dss", "en", "pci dss", pciDSS},
		{"standard: PCI DSS", "en", "PCI DSS", pciDSS},
		{"standard: soc2", "en", "soc2", soc2},
		{"standard: SOC 2", "en", "SOC 2", soc2},
		{"standard ar: iso27001", "ar", "iso27001", "/ar" + iso27001},
		{"standard fr: soc2", "fr", "soc2", "/fr" + soc2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := top(t, ix, Query{Text: tt.q, Lang: tt.lang}, 5)
			if len(got) == 0 {
				t.Fatalf("%q found nothing", tt.q)
			}
			if tt.want != "" && !slices.Contains(got, tt.want) {
				t.Fatalf("%q: %s not among the first results %v", tt.q, tt.want, got)
			}
		})
	}
}

// TestArabicSpellings checks that Arabic written with or without hamza,
// madda, diacritics or tatweel, and with either form of taa marbuta and
// alef maqsura, finds exactly what the spelling the pages use finds.
func TestArabicSpellings(t *testing.T) {
	ix := seeded(t)
	tests := []struct {
		name    string
		written string // as the pages write it
		typed   string
	}{
		{"hamza under alef left out", "إدارة المخاطر", "ادارة المخاطر"},
		{"hamza over alef left out", "أمن المعلومات", "امن المعلومات"},
		{"hamza on yaa left out", "النتائج", "النتايج"},
		{"madda left out", "الآمنة", "الامنة"},
		{"diacritics added", "اختبار الاختراق", "اِخْتِبَار الاِخْتِرَاق"},
		{"tatweel added", "اختبار", "اخـــتبار"},
		{"taa marbuta as haa", "إدارة", "اداره"},
		{"alef maqsura as yaa", "مستوى", "مستوي"},
		{"yaa as alef maqsura", "الشكاوى", "الشكاوي"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := ix.Search(Query{Text: tt.written, Lang: "ar"})
			if err != nil {
				t.Fatal(err)
			}
			if want.Total == 0 {
				t.Fatalf("%q as written finds nothing", tt.written)
			}
			got, err := ix.Search(Query{Text: tt.typed, Lang: "ar"})
			if err != nil {
				t.Fatal(err)
			}
			if got.Total != want.Total || !slices.Equal(paths(got), paths(want)) {
				t.Fatalf("%q finds %d %v, %q finds %d %v", tt.typed, got.Total, paths(got), tt.written, want.Total, paths(want))
			}
		})
	}
}

// quiet is a logger that writes nothing.
func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestSnippetKeepsTheText checks that a snippet is a stretch of the page's
// own words, the ellipses only at its ends.
func TestSnippetKeepsTheText(t *testing.T) {
	ix, err := build([]document{{ID: "en:/a", Lang: "en", Type: TypeOther, Path: "/a", Title: "Audits",
		Body: strings.Repeat("one two three four five six seven eight nine ten ", 4) + "audit eleven twelve"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := ix.Search(Query{Text: "audit", Lang: "en"})
	if err != nil || len(r.Hits) != 1 {
		t.Fatalf("%v %+v", err, r)
	}
	var text strings.Builder
	for _, s := range r.Hits[0].Snippet {
		text.WriteString(s.Text)
	}
	got := strings.TrimSuffix(strings.TrimPrefix(text.String(), "… "), " …")
	if strings.Contains(got, "…") || !strings.Contains(got, "ten audit eleven") {
		t.Fatalf("snippet %q", text.String())
	}
}
