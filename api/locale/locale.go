// Package locale knows the site's languages: how a URL carries one, how a
// browser asks for one, and every sentence the Go server writes, by language.
package locale

import (
	"strconv"
	"strings"
)

// Locale is a language code the site is published in.
type Locale string

// The site's languages.
const (
	En Locale = "en"
	Nl Locale = "nl"
	Fr Locale = "fr"
	Ar Locale = "ar"
)

// Default is the language of unprefixed paths and the fallback for everything else.
const Default = En

// All lists the site's languages in the order the language switcher shows them.
var All = []Locale{En, Nl, Fr, Ar}

var names = map[Locale]string{
	En: "English",
	Nl: "Nederlands",
	Fr: "Français",
	Ar: "العربية",
}

// Parse returns the locale for a code such as "nl" or "FR"; ok is false for
// languages the site does not have.
func Parse(code string) (Locale, bool) {
	switch strings.ToLower(code) {
	case "en":
		return En, true
	case "nl":
		return Nl, true
	case "fr":
		return Fr, true
	case "ar":
		return Ar, true
	}
	return Default, false
}

// String returns the language code.
func (l Locale) String() string { return string(l) }

// Name returns the language's own name for itself.
func (l Locale) Name() string { return names[l] }

// Dir returns the text direction, "rtl" or "ltr".
func (l Locale) Dir() string {
	if l == Ar {
		return "rtl"
	}
	return "ltr"
}

// Split separates a request path into its locale and the locale-free route:
// "/ar" → (ar, "/"), "/ar/about-us" → (ar, "/about-us"). A path without a
// known prefix is English and is returned unchanged, so "/de/about-us" stays a
// route that simply does not exist. Prefixes are lower case only: one
// address per page.
func Split(path string) (Locale, string) {
	if len(path) < 3 || path[0] != '/' {
		return Default, path
	}
	loc := Locale(path[1:3])
	if loc != Nl && loc != Fr && loc != Ar {
		return Default, path
	}
	rest := path[3:]
	if rest == "" {
		return loc, "/"
	}
	if rest[0] != '/' {
		return Default, path
	}
	return loc, rest
}

// Path builds the public path of a route in a locale: English routes stay as
// they are, others get a "/<code>" prefix, and "/" becomes "/<code>".
func Path(l Locale, route string) string {
	if l == Default || l == "" {
		return route
	}
	if route == "/" || route == "" {
		return "/" + string(l)
	}
	return "/" + string(l) + route
}

// Prefix returns the path prefix of a locale: "" for English, "/nl" for Dutch.
func Prefix(l Locale) string {
	if l == Default {
		return ""
	}
	return "/" + string(l)
}

// FromAcceptLanguage picks the site language a browser prefers most from an
// Accept-Language header, falling back to English.
func FromAcceptLanguage(header string) Locale {
	best, bestQ := Default, -1.0
	for part := range strings.SplitSeq(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		if q <= 0 || q <= bestQ {
			continue
		}
		primary, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
		loc, ok := Parse(primary)
		if !ok {
			continue
		}
		best, bestQ = loc, q
	}
	return best
}
