package content_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// seedCatalog is the catalogue of the seed shipped with the server.
func seedCatalog(t *testing.T, entries []store.ContentEntry) *content.Catalog {
	t.Helper()
	cat, problems := catalog(t).WithEntries(entries)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	return cat
}

func seedEntries(t *testing.T) []store.ContentEntry {
	t.Helper()
	set, err := content.ReadSeed(content.SeedFS())
	if err != nil {
		t.Fatal(err)
	}
	for i := range set.Entries {
		set.Entries[i].UpdatedAt = seeded
	}
	return set.Entries
}

func credentialSlugs(list []content.Credential) []string {
	var out []string
	for _, c := range list {
		out = append(out, c.Slug)
	}
	return out
}

func TestShownOnNamesPagesOfTheSite(t *testing.T) {
	cat := seedCatalog(t, seedEntries(t))
	for _, e := range seedEntries(t) {
		if e.Collection != "accreditations" && e.Collection != "case-studies" {
			continue
		}
		var body struct {
			ShownOn []string `json:"shownOn"`
		}
		if err := json.Unmarshal([]byte(e.Body), &body); err != nil {
			t.Fatal(err)
		}
		for _, route := range body.ShownOn {
			if cat.Page(route) == nil {
				t.Errorf("%s: shownOn names %s, which is no page", content.EntryFile(e), route)
			}
		}
	}
}

func TestPagesShowTheCredentialsAndStoriesThatNameThem(t *testing.T) {
	cat := seedCatalog(t, seedEntries(t))
	tests := []struct {
		name, route string
		credentials []string
		stories     []string
	}{
		{"the home page shows those naming it", "/", []string{"iso-42001-lead-auditors", "grpt-member", "pci-qsa", "pci-asv", "iso-27001-certified"}, nil},
		{"a PCI standard shows the PCI ones", "/compliance/pci-standards/pci-dss", []string{"pci-qsa", "pci-asv"}, []string{"payment-processor-pci-dss"}},
		{"a service shows its own", "/services/cybersecurity-services/penetration-testing", []string{"grpt-member", "iso-27001-certified"}, []string{"gcc-retail-bank-red-team"}},
		{"the list shows every one", "/about-us/accreditations", []string{"iso-42001-lead-auditors", "grpt-member", "pci-qsa", "pci-asv", "iso-27001-certified", "iso-27001-lead-auditors"}, nil},
		{"an item page shows none", "/about-us/accreditations/pci-asv", nil, nil},
		{"a page no item names shows none", "/policy", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := cat.Page(tt.route)
			if p == nil {
				t.Fatalf("no page %s", tt.route)
			}
			if got := credentialSlugs(cat.Credentials(p, locale.Default)); !slices.Equal(got, tt.credentials) {
				t.Errorf("credentials = %v, want %v", got, tt.credentials)
			}
			var stories []string
			for _, s := range cat.Stories(p, locale.Default) {
				stories = append(stories, s.Slug)
			}
			if !slices.Equal(stories, tt.stories) {
				t.Errorf("stories = %v, want %v", stories, tt.stories)
			}
		})
	}
	ar := cat.Credentials(cat.Page("/compliance/pci-standards/pci-dss"), "ar")
	if len(ar) != 2 || ar[0].Title == cat.Credentials(cat.Page("/compliance/pci-standards/pci-dss"), locale.Default)[0].Title {
		t.Errorf("the Arabic page shows the English credentials: %+v", ar)
	}
}

func TestAnEditedCredentialRendersThePagesShowingIt(t *testing.T) {
	sources := func(entries []store.ContentEntry, route string) []byte {
		cat := seedCatalog(t, entries)
		var b bytes.Buffer
		cat.WriteSources(&b, cat.Page(route), locale.Default, renders)
		return b.Bytes()
	}
	before := seedEntries(t)
	after := seedEntries(t)
	for i, e := range after {
		if e.Collection == "accreditations" && e.Slug == "pci-asv" && e.Locale == "en" {
			after[i].UpdatedAt = seeded.Add(time.Hour)
		}
	}
	for route, changes := range map[string]bool{"/": true, "/compliance/pci-standards/pci-dss": true, "/about-us/accreditations": true, "/compliance/iso-standards/iso-42001": false} {
		if got := !bytes.Equal(sources(before, route), sources(after, route)); got != changes {
			t.Errorf("%s: sources changed = %v, want %v", route, got, changes)
		}
	}
}

func TestAVerificationLinkMustBeAnAddress(t *testing.T) {
	body := []byte(`{"title":"T","description":"D","issuer":"I","scope":"S","since":"2020-01-01",
		"verification":"javascript:alert(1)","emblemShape":"seal","emblemMark":"QSA","shownOn":["/"],
		"body":{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"x"}]}]}}`)
	_, problems, err := content.CheckItem("accreditations", body)
	if err != nil || len(problems) != 1 || problems[0].Path != "verification" || problems[0].Code != content.ProblemLink {
		t.Fatalf("problems = %+v, err = %v", problems, err)
	}
}
