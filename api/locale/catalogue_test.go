package locale

import (
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every section is whole in every language it serves: no key missing or
// empty, no language left as a copy of English, and every placeholder the
// English sentence fills (a fmt verb, or an e-mail's {key}) is filled by the
// translation too.
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
					if a, b := placeholders(want), placeholders(text); !slices.Equal(a, b) {
						t.Errorf("%s: %s has %v where English has %v", l, key, b, a)
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

var verb = regexp.MustCompile(`%[-+# 0]*(?:\[(\d+)\])?(?:\d+|\*)?(?:\.(?:\d+|\*)?)?(?:\[(\d+)\])?([a-zA-Z%])`)

// verbs lists the arguments a sentence fills, each as "%[n]v": its index
// and its verb, whatever width or flags the language writes it with (a
// French hour is "%[2]d", an English one "%02[2]d"). They are sorted, since
// a translation may place them in another order.
func verbs(text string) []string {
	var found []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(text, -1) {
		if m[3] == "%" {
			continue
		}
		arg := next
		for _, index := range []string{m[1], m[2]} {
			if index != "" {
				arg, _ = strconv.Atoi(index)
			}
		}
		found = append(found, fmt.Sprintf("%%[%d]%s", arg, m[3]))
		next = arg + 1
	}
	slices.Sort(found)
	return found
}

func TestVerbs(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"none", "Try again", nil},
		{"in order", "%s on %s", []string{"%[1]s", "%[2]s"}},
		{"width and index", "%[1]s, %02[2]d:%02[3]d (%[4]s)", []string{"%[1]s", "%[2]d", "%[3]d", "%[4]s"}},
		{"reordered", "%[2]s %[1]d", []string{"%[1]d", "%[2]s"}},
		{"literal percent", "100%% and %d", []string{"%[1]d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verbs(tt.text); !slices.Equal(got, tt.want) {
				t.Fatalf("verbs(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

var placeholder = regexp.MustCompile(`\{[A-Za-z]+\}`)

// placeholders lists the {key}s an e-mail's sentence has, sorted, since a
// translation may place them in another order.
func placeholders(text string) []string {
	found := placeholder.FindAllString(text, -1)
	slices.Sort(found)
	return found
}
