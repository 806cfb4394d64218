package locale

import (
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every section is whole in every language it serves: no key missing or
// empty, no language left as a copy of English, and every placeholder the
// English sentence fills is filled by the translation too.
func TestCatalogueComplete(t *testing.T) {
	all, err := load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sections {
		english := texts(s.field(all[En]))
		for _, l := range s.languages {
			t.Run(s.name+"/"+string(l), func(t *testing.T) {
				got := texts(s.field(all[l]))
				same := 0
				for key, want := range english {
					text := got[key]
					if strings.TrimSpace(text) == "" {
						t.Errorf("%s: %s is empty or missing", l, key)
						continue
					}
					if text == want {
						same++
					}
					if a, b := verbs(want), verbs(text); !slices.Equal(a, b) {
						t.Errorf("%s: %s fills %v where English fills %v", l, key, b, a)
					}
				}
				if l != En && same == len(english) {
					t.Errorf("%s: the %s section is the English one", l, s.name)
				}
			})
		}
	}
}

// Each file under messages/ is a section in a language that section serves,
// so a file no code reads is noticed.
func TestCatalogueFilesAreRead(t *testing.T) {
	known := map[string]bool{}
	for _, s := range sections {
		for _, l := range s.languages {
			known["messages/"+string(l)+"/"+s.name+".json"] = true
		}
	}
	err := fs.WalkDir(files, "messages", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !known[path] {
			t.Errorf("%s is not a section in a language it serves", path)
		}
		delete(known, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for path := range known {
		t.Errorf("%s is missing", path)
	}
}

func TestForFallsBackToEnglish(t *testing.T) {
	if For("de") != For(En) {
		t.Fatal("an unknown locale should get the English catalogue")
	}
	if For(Ar).Site.Retry == For(En).Site.Retry {
		t.Fatal("Arabic readers got English")
	}
}

func texts(section any) map[string]string {
	out := map[string]string{}
	sentences(reflect.ValueOf(section), "", func(key, text string) { out[key] = text })
	return out
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// verbs lists a sentence's placeholders in order; with explicit indexes a
// translation may place them in another order, so they are compared sorted.
func verbs(text string) []string {
	found := verb.FindAllString(text, -1)
	for _, v := range found {
		if strings.Contains(v, "[") {
			slices.Sort(found)
			break
		}
	}
	return found
}
