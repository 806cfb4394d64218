package locale

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Catalogue is every sentence the server writes, in one language, in one
// section per audience. The sentences live in messages/<lang>/<section>.json,
// one file per language and section, so a translator finds all of a language
// in one folder; the section's Go type says which keys it has.
type Catalogue struct {
	Site     Site     // fallback pages and the API's general errors
	API      API      // what every JSON API answers the same way, field errors included
	Accounts Accounts // the account API: registration, sign-in, recovery, profile
	Forms    Forms    // the request forms, their confirmations and publication PDFs
	Mail     Mail     // the e-mails the site sends
	Admin    Admin    // the back-office API, in English and Arabic
	Search   Search   // the site search
}

// A section of the catalogue: its file's name, the languages it is written
// in, and where it goes in a Catalogue. A language a section does not serve
// gets its English.
type section struct {
	name      string
	languages []Locale
	field     func(*Catalogue) any
}

// Sections lists every section with the languages its readers use: the
// site's own sentences in all of them, the back-office's in those its staff
// read.
var sections = []section{
	{name: "site", languages: All, field: func(c *Catalogue) any { return &c.Site }},
	{name: "api", languages: All, field: func(c *Catalogue) any { return &c.API }},
	{name: "accounts", languages: All, field: func(c *Catalogue) any { return &c.Accounts }},
	{name: "forms", languages: All, field: func(c *Catalogue) any { return &c.Forms }},
	{name: "mail", languages: All, field: func(c *Catalogue) any { return &c.Mail }},
	{name: "admin", languages: []Locale{En, Ar}, field: func(c *Catalogue) any { return &c.Admin }},
	{name: "search", languages: All, field: func(c *Catalogue) any { return &c.Search }},
}

//go:embed messages
var files embed.FS

// catalogues reads every section of every language once, on first use. The
// files are part of the binary and a test reads them all, so a failure here
// is a mistake in a file shipped with the code.
var catalogues = sync.OnceValue(func() map[Locale]*Catalogue {
	out, err := load()
	if err != nil {
		panic(err)
	}
	return out
})

func load() (map[Locale]*Catalogue, error) {
	out := map[Locale]*Catalogue{}
	for _, l := range All {
		out[l] = &Catalogue{}
	}
	for _, s := range sections {
		for _, l := range All {
			from := Default
			if serves(s, l) {
				from = l
			}
			if err := readSection(s, from, s.field(out[l])); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func serves(s section, l Locale) bool {
	for _, served := range s.languages {
		if served == l {
			return true
		}
	}
	return false
}

// readSection decodes one file into its section, refusing keys the section
// does not have (a misspelt key would otherwise leave its sentence empty).
func readSection(s section, l Locale, into any) error {
	name := fmt.Sprintf("messages/%s/%s.json", l, s.name)
	data, err := files.ReadFile(name)
	if err != nil {
		return fmt.Errorf("locale: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("locale: %s: %w", name, err)
	}
	return nil
}

// For returns the catalogue of a locale, English for an unknown one.
func For(l Locale) *Catalogue {
	all := catalogues()
	if c, ok := all[l]; ok {
		return c
	}
	return all[Default]
}

// sentences lists every sentence of a section with its key, walking nested
// sections (a letter of the mail section, say) and maps keyed by code as
// dotted keys.
func sentences(v reflect.Value, prefix string, visit func(key, text string)) {
	switch v.Kind() {
	case reflect.Pointer:
		sentences(v.Elem(), prefix, visit)
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			key := f.Name
			if prefix != "" {
				key = prefix + "." + key
			}
			sentences(v.Field(i), key, visit)
		}
	case reflect.String:
		visit(prefix, v.String())
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			sentences(v.MapIndex(k), prefix+"."+k.String(), visit)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			sentences(v.Index(i), fmt.Sprintf("%s[%d]", prefix, i), visit)
		}
	}
}
