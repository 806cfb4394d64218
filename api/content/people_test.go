package content_test

import (
	"bytes"
	"testing"

	"noorvale.example/site/api/locale"
)

// person is a people item's file, with the services it answers for.
func person(name, group string, order int, services string) string {
	answers := ""
	if services != "" {
		answers = `, "services": [` + services + `]`
	}
	return `{"title": "` + name + `", "role": "Consultant", "group": "` + group + `", "order": ` + string(rune('0'+order)) +
		`, "office": "dubai", "languages": ["Arabic"], "certifications": ["CISA"], "description": "D"` + answers + `, "body": ["B"]}`
}

func TestPeopleLeadershipFirstAndConsultants(t *testing.T) {
	const pentest = "/services/cybersecurity-services/penetration-testing"
	files := map[string]string{
		"collections/en/people/zara-team-first.json":    person("Zara", "team", 1, `"`+pentest+`"`),
		"collections/en/people/adam-team-second.json":   person("Adam", "team", 2, `"`+pentest+`"`),
		"collections/en/people/mona-leader-second.json": person("Mona", "leadership", 2, ""),
		"collections/en/people/omar-leader-first.json":  person("Omar", "leadership", 1, ""),
		"collections/ar/people/zara-team-first.json":    `{"title": "زارا", "role": "استشارية", "group": "team", "order": 1, "office": "dubai", "languages": ["العربية"], "certifications": ["CISA"], "description": "و", "body": ["ب"]}`,
	}
	cat, problems := catalog(t).WithEntries(sampleEntries(t, files, nil))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	list := cat.Page("/about-us/our-people")
	if got := slugs(cat.Items(list, locale.En, renders)); got != "omar-leader-first,mona-leader-second,zara-team-first,adam-team-second" {
		t.Fatalf("people in order %s, want the leadership first, each group by its order", got)
	}
	page := cat.Page(pentest)
	who := cat.Consultant(page, locale.Ar)
	if who == nil || who.Title != "زارا" || who.Route != "/about-us/our-people/zara-team-first" {
		t.Fatalf("consultant %+v, want the first who answers for it, in the page's language", who)
	}
	if cat.Consultant(cat.Page("/about-us"), locale.En) != nil {
		t.Fatal("a page that is no service names a consultant")
	}

	// The service page is drawn again when its consultant's text changes.
	var before, after bytes.Buffer
	cat.WriteSources(&before, page, locale.En, renders)
	files["collections/en/people/zara-team-first.json"] = person("Zara Haddad", "team", 1, `"`+pentest+`"`)
	changed, _ := catalog(t).WithEntries(sampleEntries(t, files, nil))
	changed.WriteSources(&after, changed.Page(pentest), locale.En, renders)
	if bytes.Equal(before.Bytes(), after.Bytes()) {
		t.Fatal("the service page's sources do not change with its consultant")
	}
	if len(cat.Portraits()) < 4 {
		t.Fatalf("portraits %v, want one per person", cat.Portraits())
	}
}
