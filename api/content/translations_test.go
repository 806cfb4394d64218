package content_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// Fields whose values are the same in every language: routes, dates, time
// zones, map searches and the fixed values the schema checks.
var languageNeutral = regexp.MustCompile(`^(related\[\d+\]|shownOn\[\d+\]|standards\[\d+\]|sector|since|verification|emblemShape|emblemMark|services\[\d+\]|updated|timezone|mapQuery|date|start|datePosted|validThrough|type|language|employmentType|currency|unit|office|group|certifications\[\d+\]|icon|image|hoverImage|backgroundImage|src|suffix)$`)

// Brand names of the home page's clients and partners are written as the
// brands write them, in Latin letters, in every language.
var brandName = regexp.MustCompile(`^(clients|partners)\.items\[\d+\]\.name$`)

// People's names, and the names of the bodies that grant accreditations,
// read the same in every language written in Latin letters; Arabic writes
// them in its own script.
var personName = regexp.MustCompile(`^(author|name|issuer)$`)

// Designations that stay as published in every language.
var standardDesignation = regexp.MustCompile(`^(ISO(/IEC)? [\d-]+(:\d{4})?|PCI [A-Z0-9 ]+|SOC [123]( Type [12])?|CSA STAR( Level [12])?|[A-Z0-9 /.:&+-]{2,24})$`)

func hasArabicLetter(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// TestTranslationsAreTranslated holds every translated content file to its
// English original: nothing left in English, and Arabic text in Arabic.
func TestTranslationsAreTranslated(t *testing.T) {
	english := map[string]map[string]string{} // file with "en" → field → text
	for _, dir := range []string{"pages", "collections"} {
		for _, f := range contentFiles(t, dir) {
			parts := strings.SplitN(f.name, "/", 3)
			if len(parts) < 3 || parts[1] != "en" {
				continue
			}
			fields := map[string]string{}
			walkStrings(f.value, "", func(path, s string) { fields[path] = s })
			english[f.name] = fields
		}
	}
	translated := 0
	for _, dir := range []string{"pages", "collections"} {
		for _, f := range contentFiles(t, dir) {
			parts := strings.SplitN(f.name, "/", 3)
			if len(parts) < 3 || parts[1] == "en" {
				continue
			}
			code := parts[1]
			original, ok := english[parts[0]+"/en/"+parts[2]]
			if !ok {
				t.Errorf("%s: no English original", f.name)
				continue
			}
			translated++
			walkStrings(f.value, "", func(path, s string) {
				last := path[strings.LastIndex(path, ".")+1:]
				if languageNeutral.MatchString(last) || brandName.MatchString(path) || !hasLetter(s) {
					return
				}
				// A person's page is titled with their name.
				named := personName.MatchString(last) || path == "title" && strings.Contains(f.name, "/people/")
				if s == original[path] && !standardDesignation.MatchString(s) && !named {
					t.Errorf("%s: %s is still the English text %q", f.name, path, truncate(s, 80))
				}
				if code == "ar" && !hasArabicLetter(s) && !standardDesignation.MatchString(s) {
					t.Errorf("%s: %s has no Arabic letter: %q", f.name, path, truncate(s, 80))
				}
			})
		}
	}
	t.Logf("%d translated content files checked", translated)
}
