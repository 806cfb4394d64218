package content

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// shape lists the fields a content file holds. A file must have every field
// that is not optional, in the right form, and no other.
type shape []field

// field is one entry of a shape.
type field struct {
	name     string
	kind     fieldKind
	optional bool
	fields   shape    // the fields of an object or of each object in a list
	values   []string // the allowed values of an enumeration
}

// fieldKind is the form a field's value takes.
type fieldKind int

const (
	kindText       fieldKind = iota // a string with something in it
	kindTexts                       // a non-empty list of such strings
	kindDate                        // a calendar date, 2026-10-14
	kindDateTime                    // an RFC 3339 time with its offset, 2026-12-09T10:00:00+04:00
	kindCount                       // a whole number above zero
	kindEnum                        // one of values
	kindObject                      // an object with fields
	kindObjects                     // a non-empty list of objects with fields
	kindRoutes                      // a non-empty list of locale-free routes
	kindRouteTexts                  // an object from locale-free routes to strings
	kindImage                       // a file under web/src/images, such as logos/clients/sahrif-bank.svg
	kindMarkup                      // text that may hold the elements SanitizeMarkup keeps
	kindRating                      // a whole number from 1 to 5
	kindAffix                       // up to 3 characters shown beside a number, possibly none
)

func text(name string) field       { return field{name: name, kind: kindText} }
func texts(name string) field      { return field{name: name, kind: kindTexts} }
func date(name string) field       { return field{name: name, kind: kindDate} }
func dateTime(name string) field   { return field{name: name, kind: kindDateTime} }
func count(name string) field      { return field{name: name, kind: kindCount} }
func routes(name string) field     { return field{name: name, kind: kindRoutes} }
func routeTexts(name string) field { return field{name: name, kind: kindRouteTexts} }
func image(name string) field      { return field{name: name, kind: kindImage} }
func markup(name string) field     { return field{name: name, kind: kindMarkup} }
func rating(name string) field     { return field{name: name, kind: kindRating} }
func affix(name string) field      { return field{name: name, kind: kindAffix} }
func optional(f field) field       { f.optional = true; return f }

func enum(name string, values ...string) field {
	return field{name: name, kind: kindEnum, values: values}
}

func object(name string, fields ...field) field {
	return field{name: name, kind: kindObject, fields: fields}
}

func objects(name string, fields ...field) field {
	return field{name: name, kind: kindObjects, fields: fields}
}

// with returns a shape of the given fields followed by more.
func with(fields []field, more ...field) shape {
	return append(append(shape{}, fields...), more...)
}

var (
	pageHead     = []field{text("title"), text("metaTitle"), text("metaDescription"), text("summary")}
	callToAction = object("cta", text("heading"), text("text"))
	sectionList  = objects("sections", text("heading"), texts("paragraphs"), optional(texts("items")))

	serviceShape = with(pageHead,
		texts("what"),
		object("who", text("intro"), texts("items")),
		objects("approach", text("title"), text("text")),
		texts("deliverables"),
		objects("benefits", text("title"), text("text")),
		objects("faqs", text("question"), text("answer")),
		routes("related"),
		callToAction,
	)
	landingShape  = with(pageHead, texts("overview"), routeTexts("cards"), callToAction)
	sectionsShape = with(pageHead, sectionList, callToAction)
	// The forms page is where a call to action leads, so it has none of its own.
	formsShape   = with(pageHead, sectionList)
	legalShape   = with(pageHead, date("updated"), sectionList)
	contactShape = with(pageHead,
		texts("paragraphs"),
		objects("hours", text("days"), text("time")),
		text("weekend"),
		text("timezone"),
		text("directions"),
		text("mapQuery"),
	)
	listShape = with(pageHead, texts("intro"))

	// The home page's sections; its title and hero are in the web app's
	// translations. Field names follow the specification's.
	homeShape = shape{
		object("news", text("sectionTitle"), text("sectionDescription")),
		object("solutions",
			image("backgroundImage"), text("heading"), text("description"), count("text_lines"),
			objects("securitySolutions", text("icon"), text("title"), markup("desc")),
		),
		object("partners", text("heading"), text("description"),
			objects("items", count("id"), text("name"), image("image"), image("hoverImage"))),
		object("testimonials", text("heading"), text("description"),
			objects("items", count("id"), text("quote"), text("name"), text("position"), image("image"), rating("rating"))),
		object("clients", text("heading"), text("description"),
			objects("items", text("name"), image("src"))),
		object("counters", text("heading"),
			objects("items", optional(count("value")), optional(count("sinceYear")), optional(affix("suffix")), text("label"))),
	}
)

// homeFile is the name of the home page's content file: its route, "/",
// makes no file name.
const homeFile = "home.json"

// pageShape returns the shape of a page's content file; ok is false for
// pages whose text lives in the web app's translations (home, sign-in).
func pageShape(p *Page) (s shape, ok bool) {
	switch p.Kind {
	case KindService, KindStandard:
		return serviceShape, true
	case KindLanding:
		if len(p.Children) == 0 {
			return serviceShape, true
		}
		return landingShape, true
	case KindAbout:
		return sectionsShape, true
	case KindForms:
		return formsShape, true
	case KindLegal:
		return legalShape, true
	case KindContact:
		return contactShape, true
	case KindResources, KindCareers:
		return listShape, true
	case KindHome:
		return homeShape, true
	}
	return nil, false
}

// itemShapes are the shapes of collection items, by collection.
var itemShapes = map[string]shape{
	"news": {
		text("title"), text("description"), date("date"), text("author"), text("imageAlt"), texts("body"),
	},
	"blogs": {
		text("title"), text("description"), date("date"),
		object("author", text("name"), text("role")),
		text("imageAlt"), count("readingMinutes"), texts("tags"),
		objects("body", optional(text("heading")), texts("paragraphs")),
	},
	"publications": {
		text("title"), text("description"), date("date"),
		enum("type", "Guide", "White paper", "Checklist", "Report"),
		count("pages"), text("imageAlt"), texts("highlights"), texts("body"),
	},
	"webinars": {
		text("title"), text("description"), dateTime("start"), count("durationMinutes"),
		enum("language", "English", "Arabic", "English and Arabic"),
		objects("speakers", text("name"), text("role")),
		texts("agenda"), text("imageAlt"), texts("body"),
	},
	"vacancies": {
		text("title"),
		enum("office", "london", "dubai", "cairo"),
		enum("employmentType", "Full-time", "Part-time", "Contract"),
		text("department"), date("datePosted"), date("validThrough"), text("summary"),
		texts("description"), texts("responsibilities"), texts("requirements"), texts("niceToHave"), texts("benefits"),
	},
}

// check compares a decoded JSON object with a shape and returns what is
// wrong, each problem naming its field ("sections[2].heading").
func (s shape) check(v map[string]any) []string {
	return s.checkAt("", v)
}

func (s shape) checkAt(prefix string, v map[string]any) []string {
	var problems []string
	known := make(map[string]bool, len(s))
	for _, f := range s {
		known[f.name] = true
		value, present := v[f.name]
		if !present || value == nil {
			if !f.optional {
				problems = append(problems, fmt.Sprintf("field %q is missing", prefix+f.name))
			}
			continue
		}
		problems = append(problems, f.check(prefix+f.name, value)...)
	}
	var extra []string
	for name := range v {
		if !known[name] {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		problems = append(problems, fmt.Sprintf("field %q is not part of this kind of file", prefix+name))
	}
	return problems
}

var imagePattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*\.(?:svg|png|jpg|webp|avif)$`)

var routePattern = regexp.MustCompile(`^/[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*$`)

// validRoute accepts a locale-free route such as "/services/outsourcing-service".
func validRoute(r string) bool { return r == "/" || routePattern.MatchString(r) }

func (f field) check(path string, value any) []string {
	fail := func(format string, args ...any) []string {
		return []string{fmt.Sprintf("field %q ", path) + fmt.Sprintf(format, args...)}
	}
	switch f.kind {
	case kindText:
		s, ok := value.(string)
		if !ok {
			return fail("must be a string")
		}
		if strings.TrimSpace(s) == "" {
			return fail("is empty")
		}
	case kindTexts:
		list, ok := value.([]any)
		if !ok {
			return fail("must be a list of strings")
		}
		if len(list) == 0 {
			return fail("is an empty list")
		}
		var problems []string
		for i, el := range list {
			problems = append(problems, text("").check(path+"["+strconv.Itoa(i)+"]", el)...)
		}
		return problems
	case kindDate:
		s, ok := value.(string)
		if _, err := time.Parse(time.DateOnly, s); !ok || err != nil {
			return fail("must be a date written 2006-01-02, not %v", value)
		}
	case kindDateTime:
		s, ok := value.(string)
		if _, err := time.Parse(time.RFC3339, s); !ok || err != nil {
			return fail("must be a time with its offset written 2006-01-02T15:04:05+04:00, not %v", value)
		}
	case kindCount:
		n, ok := value.(float64)
		if !ok || n < 1 || n != math.Trunc(n) {
			return fail("must be a whole number above zero, not %v", value)
		}
	case kindImage:
		s, ok := value.(string)
		if !ok || !imagePattern.MatchString(s) {
			return fail("must be an image path such as logos/clients/name.svg, not %v", value)
		}
	case kindMarkup:
		s, ok := value.(string)
		if !ok {
			return fail("must be a string")
		}
		if strings.TrimSpace(s) == "" {
			return fail("is empty")
		}
		if problems := markupProblems(s); len(problems) > 0 {
			return fail("may hold only <strong>, <em>, <b>, <i> and <br>: %s", strings.Join(problems, "; "))
		}
	case kindRating:
		n, ok := value.(float64)
		if !ok || n < 1 || n > 5 || n != math.Trunc(n) {
			return fail("must be a whole number from 1 to 5, not %v", value)
		}
	case kindAffix:
		s, ok := value.(string)
		if !ok || len([]rune(s)) > 3 {
			return fail("must be a string of at most 3 characters, not %v", value)
		}
	case kindEnum:
		s, ok := value.(string)
		if !ok || !slices.Contains(f.values, s) {
			return fail("must be one of %q, not %v", f.values, value)
		}
	case kindObject:
		obj, ok := value.(map[string]any)
		if !ok {
			return fail("must be an object")
		}
		return f.fields.checkAt(path+".", obj)
	case kindObjects:
		list, ok := value.([]any)
		if !ok {
			return fail("must be a list of objects")
		}
		if len(list) == 0 {
			return fail("is an empty list")
		}
		var problems []string
		for i, el := range list {
			at := path + "[" + strconv.Itoa(i) + "]"
			obj, ok := el.(map[string]any)
			if !ok {
				problems = append(problems, fmt.Sprintf("field %q must be an object", at))
				continue
			}
			problems = append(problems, f.fields.checkAt(at+".", obj)...)
		}
		return problems
	case kindRoutes:
		list, ok := value.([]any)
		if !ok {
			return fail("must be a list of routes")
		}
		if len(list) == 0 {
			return fail("is an empty list")
		}
		var problems []string
		for i, el := range list {
			if s, ok := el.(string); !ok || !validRoute(s) {
				problems = append(problems, fmt.Sprintf("field %q must be a route such as /about-us, not %v", path+"["+strconv.Itoa(i)+"]", el))
			}
		}
		return problems
	case kindRouteTexts:
		obj, ok := value.(map[string]any)
		if !ok {
			return fail("must be an object from routes to texts")
		}
		if len(obj) == 0 {
			return fail("is empty")
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var problems []string
		for _, k := range keys {
			if !validRoute(k) {
				problems = append(problems, fmt.Sprintf("field %q has a key that is not a route: %q", path, k))
				continue
			}
			problems = append(problems, text("").check(path+"["+k+"]", obj[k])...)
		}
		return problems
	}
	return nil
}
