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
	"unicode"
	"unicode/utf8"
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
	max      int      // a text's greatest length in characters; 0 for no bound
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
	kindImage                       // a file under web/site/images, such as logos/clients/sahrif-bank.svg
	kindMarkup                      // text that may hold the elements SanitizeMarkup keeps
	kindRating                      // a whole number from 1 to 5
	kindAffix                       // up to 3 characters shown beside a number, possibly none
	kindCover                       // the id of a cover staff uploaded (api/admin/covers.go)
	kindProse                       // running text: a document tree checkProse accepts
	kindBool                        // true or false
	kindSocial                      // the picture a link to the page previews with: see ValidSocialImage
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
func cover(name string) field      { return field{name: name, kind: kindCover} }
func boolean(name string) field    { return field{name: name, kind: kindBool} }
func optional(f field) field       { f.optional = true; return f }

// bounded is a text of at most max characters.
func bounded(name string, max int) field { return field{name: name, kind: kindText, max: max} }

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

// The bounds of a search listing's texts: far above what a search engine
// shows (about 60 and 155 characters, which the editor guides towards),
// so only text that is no listing at all is refused.
const (
	MaxSearchTitle       = 200
	MaxSearchDescription = 500
)

// seoField is the search listing every page and item may set for itself,
// in each language: the title and description search engines and link
// previews show in place of the page's own, whether search engines should
// leave the page out, and the picture a shared link previews with. A field
// left out keeps what the page shows without it.
var seoField = optional(object("seo",
	optional(bounded("title", MaxSearchTitle)),
	optional(bounded("description", MaxSearchDescription)),
	optional(boolean("noindex")),
	optional(field{name: "image", kind: kindSocial}),
))

var (
	// A page's metaTitle and metaDescription are its search title and
	// description; its seo object adds the rest of a listing.
	pageHead     = []field{text("title"), text("metaTitle"), text("metaDescription"), text("summary"), seoField}
	callToAction = object("cta", text("heading"), text("text"))
	sectionList  = objects("sections", text("heading"), proseField("paragraphs"), optional(texts("items")))

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
	// An information page editors add: its head and its running text.
	informationShape = with(pageHead, proseField("body"))

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
			objects("items", count("id"), text("quote"), text("name"), text("position"),
				// A picture under web/site/images in place of the portrait the site draws.
				optional(image("image")), rating("rating"))),
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
	case KindResources, KindCareers, KindPeople, KindAccreditations:
		return listShape, true
	case KindHome:
		return homeShape, true
	case KindInformation:
		return informationShape, true
	}
	return nil, false
}

// itemShapes are the shapes of collection items, by collection.
var itemShapes = map[string]shape{
	"news": {
		seoField,
		text("title"), text("description"), date("date"), text("author"), text("imageAlt"), optional(cover("cover")), proseField("body"),
	},
	"blogs": {
		seoField,
		text("title"), text("description"), date("date"),
		object("author", text("name"), text("role")),
		text("imageAlt"), optional(cover("cover")), count("readingMinutes"), texts("tags"),
		// Its sections' headings are the document's second-level headings.
		proseField("body"),
	},
	"publications": {
		seoField,
		text("title"), text("description"), date("date"),
		enum("type", "Guide", "White paper", "Checklist", "Report"),
		count("pages"), text("imageAlt"), optional(cover("cover")), texts("highlights"), proseField("body"),
	},
	"webinars": {
		seoField,
		text("title"), text("description"), dateTime("start"), count("durationMinutes"),
		enum("language", "English", "Arabic", "English and Arabic"),
		objects("speakers", text("name"), text("role")),
		texts("agenda"), text("imageAlt"), optional(cover("cover")), proseField("body"),
	},
	"accreditations": {
		seoField,
		text("title"), text("description"), text("issuer"), text("scope"), date("since"),
		// Where a reader checks the credential: an http or https address.
		text("verification"),
		// The emblem the site draws for it: a shape and a few letters, never a logo.
		enum("emblemShape", "shield", "seal", "hexagon", "ribbon"), text("emblemMark"),
		routes("shownOn"), proseField("body"),
	},
	"case-studies": {
		seoField,
		text("title"), text("description"), date("date"),
		enum("sector", caseStudySectors...),
		text("client"), text("country"), texts("standards"), text("duration"),
		objects("figures", text("value"), text("label")),
		text("imageAlt"), optional(cover("cover")),
		proseField("challenge"), proseField("approach"), proseField("outcome"),
		routes("shownOn"),
	},
	"vacancies": {
		seoField,
		text("title"),
		enum("office", "london", "dubai", "cairo"),
		enum("employmentType", "Full-time", "Part-time", "Contract"),
		text("department"), date("datePosted"), date("validThrough"), text("summary"),
		proseField("description"), texts("responsibilities"), texts("requirements"), texts("niceToHave"), texts("benefits"),
		optional(cover("cover")),
		// The pay on offer, from min to max in whole units of currency a month or a year.
		optional(object("baseSalary",
			enum("currency", "AED", "EGP", "EUR", "GBP", "SAR", "USD"),
			count("min"), count("max"),
			enum("unit", "month", "year"),
		)),
	},
	"people": {
		seoField,
		text("title"), // the person's full name
		text("role"),
		// The leadership come first on the page; within a group, order says where.
		enum("group", "leadership", "team"),
		count("order"),
		enum("office", "london", "dubai", "cairo"),
		texts("languages"), texts("certifications"),
		// One sentence for the cards; the bio is the page's text.
		text("description"),
		// The service and standard pages whose consultant card names this person.
		optional(routes("services")),
		proseField("body"),
	},
}

// caseStudySectors are the sectors client stories are grouped by.
var caseStudySectors = []string{"banking", "insurance", "payments", "telecom", "public-sector", "retail", "healthcare", "energy", "logistics"}

// Problem is one thing wrong with a content body: the field it concerns,
// by its path ("sections[2].heading"), and what is wrong with it, as a code
// that callers put in their reader's words (Values lists an enumeration's
// values, Detail the markup that is not allowed).
type Problem struct {
	Path   string
	Code   string
	Value  any
	Values []string
	Detail string
}

// The codes of a Problem.
const (
	ProblemMissing    = "missing"    // a field that is not optional is absent
	ProblemUnknown    = "unknown"    // a field the shape does not have
	ProblemString     = "string"     // not a string
	ProblemEmpty      = "empty"      // an empty or blank string, or an empty object
	ProblemControl    = "control"    // a string with control characters other than line breaks and tabs
	ProblemTexts      = "texts"      // not a list of strings
	ProblemEmptyList  = "emptyList"  // an empty list
	ProblemDate       = "date"       // not a date written 2006-01-02
	ProblemDateTime   = "dateTime"   // not an RFC 3339 time with its offset
	ProblemCount      = "count"      // not a whole number above zero
	ProblemImage      = "image"      // not an image path
	ProblemMarkup     = "markup"     // markup other than what SanitizeMarkup keeps
	ProblemRating     = "rating"     // not a whole number from 1 to 5
	ProblemAffix      = "affix"      // not a string of at most 3 characters
	ProblemEnum       = "enum"       // not one of Values
	ProblemObject     = "object"     // not an object
	ProblemObjects    = "objects"    // not a list of objects
	ProblemRoutes     = "routes"     // not a list of routes
	ProblemRoute      = "route"      // not a route
	ProblemRouteTexts = "routeTexts" // not an object from routes to texts
	ProblemRouteKey   = "routeKey"   // a key that is not a route
	ProblemPage       = "page"       // a route no page of the site has (PageProblems)
	ProblemCover      = "cover"      // not the id of an uploaded cover
	ProblemProse      = "prose"      // running text holding a node, mark or attribute it may not (Value says which)
	ProblemHeading    = "heading"    // running text with a heading of a level other than 2 or 3
	ProblemLink       = "link"       // running text linking to an address other than http(s) or a site path
	ProblemProseSize  = "proseSize"  // running text nested too deeply or too long
	ProblemRange      = "range"      // the upper figure of a range below its lower one
	ProblemTooLong    = "tooLong"    // a text longer than its bound (Value is the bound)
	ProblemBool       = "bool"       // not true or false
	ProblemSocial     = "social"     // not a picture a link may preview with
	ProblemMedia      = "media"      // running text showing what is not a picture of the media library
	ProblemDocument   = "document"   // running text linking into the media library to what is not a document's file
)

// String says what is wrong in English, naming the field, as the seed
// reports it. In running text, Detail is where in the document
// ("content[2].content[0]").
func (p Problem) String() string {
	f := fmt.Sprintf("field %q ", p.Path)
	at := ""
	if p.Detail != "" {
		at = " at " + p.Detail
	}
	switch p.Code {
	case ProblemProse:
		return f + fmt.Sprintf("may hold only paragraphs, headings, lists, links, bold and italic, not %v%s", p.Value, at)
	case ProblemHeading:
		return f + fmt.Sprintf("may have headings of level 2 or 3 only, not %v%s", p.Value, at)
	case ProblemLink:
		return f + fmt.Sprintf("may link only to an http or https address or a path on this site starting with /, not %v%s", p.Value, at)
	case ProblemMedia:
		return f + fmt.Sprintf("may show only pictures of the media library, not %v%s", p.Value, at)
	case ProblemDocument:
		return f + fmt.Sprintf("may link into the media library only to a document's file, not %v%s", p.Value, at)
	case ProblemProseSize:
		return f + "is nested too deeply or too long" + at
	case ProblemEmpty:
		return f + "is empty" + at
	case ProblemControl:
		return f + "must not hold control characters" + at
	case ProblemMissing:
		return f + "is missing"
	case ProblemUnknown:
		return f + "is not part of this kind of file"
	case ProblemString:
		return f + "must be a string"
	case ProblemTexts:
		return f + "must be a list of strings"
	case ProblemEmptyList:
		return f + "is an empty list"
	case ProblemDate:
		return f + fmt.Sprintf("must be a date written 2006-01-02, not %v", p.Value)
	case ProblemDateTime:
		return f + fmt.Sprintf("must be a time with its offset written 2006-01-02T15:04:05+04:00, not %v", p.Value)
	case ProblemCount:
		return f + fmt.Sprintf("must be a whole number above zero, not %v", p.Value)
	case ProblemImage:
		return f + fmt.Sprintf("must be an image path such as logos/clients/name.svg, not %v", p.Value)
	case ProblemMarkup:
		return f + "may hold only <strong>, <em>, <b>, <i> and <br>: " + p.Detail
	case ProblemRating:
		return f + fmt.Sprintf("must be a whole number from 1 to 5, not %v", p.Value)
	case ProblemAffix:
		return f + fmt.Sprintf("must be a string of at most 3 characters, not %v", p.Value)
	case ProblemEnum:
		return f + fmt.Sprintf("must be one of %q, not %v", p.Values, p.Value)
	case ProblemObject:
		return f + "must be an object"
	case ProblemObjects:
		return f + "must be a list of objects"
	case ProblemRoutes:
		return f + "must be a list of routes"
	case ProblemRoute:
		return f + fmt.Sprintf("must be a route such as /about-us, not %v", p.Value)
	case ProblemRouteTexts:
		return f + "must be an object from routes to texts"
	case ProblemRouteKey:
		return f + fmt.Sprintf("has a key that is not a route: %q", p.Detail)
	case ProblemPage:
		return f + fmt.Sprintf("names no page of the site: %v", p.Value)
	case ProblemRange:
		return f + fmt.Sprintf("must not be below the lower figure, not %v", p.Value)
	case ProblemCover:
		return f + fmt.Sprintf("must be the id of an uploaded cover (32 hexadecimal digits), not %v", p.Value)
	case ProblemTooLong:
		return f + fmt.Sprintf("must be at most %v characters long", p.Value)
	case ProblemBool:
		return f + fmt.Sprintf("must be true or false, not %v", p.Value)
	case ProblemSocial:
		return f + fmt.Sprintf(`must be "site" or "cover:" and the id of an uploaded cover, not %v`, p.Value)
	}
	return f + "is not right"
}

// check compares a decoded JSON object with a shape and returns what is
// wrong, each problem naming its field ("sections[2].heading").
func (s shape) check(v map[string]any) []Problem {
	return s.checkAt("", v)
}

func (s shape) checkAt(prefix string, v map[string]any) []Problem {
	var problems []Problem
	known := make(map[string]bool, len(s))
	for _, f := range s {
		known[f.name] = true
		value, present := v[f.name]
		if !present || value == nil {
			if !f.optional {
				problems = append(problems, Problem{Path: prefix + f.name, Code: ProblemMissing})
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
		problems = append(problems, Problem{Path: prefix + name, Code: ProblemUnknown})
	}
	return problems
}

var imagePattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*\.(?:svg|png|jpg|webp|avif)$`)

var routePattern = regexp.MustCompile(`^/[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*$`)

// validRoute accepts a locale-free route such as "/services/outsourcing-service".
func validRoute(r string) bool { return r == "/" || routePattern.MatchString(r) }

// controlFree reports whether s holds no control characters but line
// breaks and tabs: a NUL byte cannot be stored, and the others show nothing.
func controlFree(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return false
		}
	}
	return true
}

func (f field) check(path string, value any) []Problem {
	fail := func(code string) []Problem { return []Problem{{Path: path, Code: code, Value: value}} }
	at := func(i int) string { return path + "[" + strconv.Itoa(i) + "]" }
	switch f.kind {
	case kindText:
		s, ok := value.(string)
		switch {
		case !ok:
			return fail(ProblemString)
		case strings.TrimSpace(s) == "":
			return fail(ProblemEmpty)
		case !controlFree(s):
			return fail(ProblemControl)
		case f.max > 0 && utf8.RuneCountInString(s) > f.max:
			return []Problem{{Path: path, Code: ProblemTooLong, Value: f.max}}
		}
	case kindBool:
		if _, ok := value.(bool); !ok {
			return fail(ProblemBool)
		}
	case kindSocial:
		s, ok := value.(string)
		if !ok || !ValidSocialImage(s) {
			return fail(ProblemSocial)
		}
	case kindTexts:
		list, ok := value.([]any)
		if !ok {
			return fail(ProblemTexts)
		}
		if len(list) == 0 {
			return fail(ProblemEmptyList)
		}
		var problems []Problem
		for i, el := range list {
			problems = append(problems, text("").check(at(i), el)...)
		}
		return problems
	case kindDate:
		s, ok := value.(string)
		if _, err := time.Parse(time.DateOnly, s); !ok || err != nil {
			return fail(ProblemDate)
		}
	case kindDateTime:
		s, ok := value.(string)
		if _, err := time.Parse(time.RFC3339, s); !ok || err != nil {
			return fail(ProblemDateTime)
		}
	case kindCount:
		n, ok := value.(float64)
		if !ok || n < 1 || n != math.Trunc(n) {
			return fail(ProblemCount)
		}
	case kindImage:
		s, ok := value.(string)
		if !ok || !imagePattern.MatchString(s) {
			return fail(ProblemImage)
		}
	case kindMarkup:
		s, ok := value.(string)
		switch {
		case !ok:
			return fail(ProblemString)
		case strings.TrimSpace(s) == "":
			return fail(ProblemEmpty)
		case !controlFree(s):
			return fail(ProblemControl)
		}
		if problems := markupProblems(s); len(problems) > 0 {
			return []Problem{{Path: path, Code: ProblemMarkup, Value: value, Detail: strings.Join(problems, "; ")}}
		}
	case kindProse:
		return checkProse(path, value)
	case kindRating:
		n, ok := value.(float64)
		if !ok || n < 1 || n > 5 || n != math.Trunc(n) {
			return fail(ProblemRating)
		}
	case kindAffix:
		s, ok := value.(string)
		if !ok || len([]rune(s)) > 3 {
			return fail(ProblemAffix)
		}
	case kindCover:
		s, ok := value.(string)
		if !ok || !ValidCoverID(s) {
			return fail(ProblemCover)
		}
	case kindEnum:
		s, ok := value.(string)
		if !ok || !slices.Contains(f.values, s) {
			return []Problem{{Path: path, Code: ProblemEnum, Value: value, Values: f.values}}
		}
	case kindObject:
		obj, ok := value.(map[string]any)
		if !ok {
			return fail(ProblemObject)
		}
		return f.fields.checkAt(path+".", obj)
	case kindObjects:
		list, ok := value.([]any)
		if !ok {
			return fail(ProblemObjects)
		}
		if len(list) == 0 {
			return fail(ProblemEmptyList)
		}
		var problems []Problem
		for i, el := range list {
			obj, ok := el.(map[string]any)
			if !ok {
				problems = append(problems, Problem{Path: at(i), Code: ProblemObject, Value: el})
				continue
			}
			problems = append(problems, f.fields.checkAt(at(i)+".", obj)...)
		}
		return problems
	case kindRoutes:
		list, ok := value.([]any)
		if !ok {
			return fail(ProblemRoutes)
		}
		if len(list) == 0 {
			return fail(ProblemEmptyList)
		}
		var problems []Problem
		for i, el := range list {
			if s, ok := el.(string); !ok || !validRoute(s) {
				problems = append(problems, Problem{Path: at(i), Code: ProblemRoute, Value: el})
			}
		}
		return problems
	case kindRouteTexts:
		obj, ok := value.(map[string]any)
		if !ok {
			return fail(ProblemRouteTexts)
		}
		if len(obj) == 0 {
			return fail(ProblemEmpty)
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var problems []Problem
		for _, k := range keys {
			if !validRoute(k) {
				problems = append(problems, Problem{Path: path, Code: ProblemRouteKey, Detail: k})
				continue
			}
			problems = append(problems, text("").check(path+"["+k+"]", obj[k])...)
		}
		return problems
	}
	return nil
}
