package content

import (
	"encoding/json"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"noorvale.example/site/api/locale"
)

// The firm's identity (site.json, kept as settings) is edited as one form,
// checked against siteShape like a page, and then for what a shape cannot
// say: links are web addresses, e-mail fields addresses, office keys slugs
// used once, WhatsApp numbers.

// Codes of the identity's own problems.
const (
	ProblemURL       = "url"       // not an http(s) address
	ProblemEmail     = "email"     // not an e-mail address
	ProblemOfficeKey = "officeKey" // not a slug, or the key of another office too
	ProblemWhatsApp  = "whatsapp"  // not a phone number of digits, spaces and a leading +
)

// whatsappPattern is a phone number as staff write it, "+971 50 555 0142":
// digits and spaces, with a plus only in front. A number of 7 to 15 digits
// (E.164's longest) is checked apart.
var whatsappPattern = regexp.MustCompile(`^\+?[0-9][0-9 ]*$`)

// validWhatsApp reports whether s is a number wa.me can open.
func validWhatsApp(s string) bool {
	if !whatsappPattern.MatchString(s) {
		return false
	}
	digits := len(strings.ReplaceAll(strings.TrimPrefix(s, "+"), " ", ""))
	return digits >= 7 && digits <= 15
}

// siteShape is the shape of the identity staff edit; the captcha comes
// from the server's configuration and is not part of it.
var siteShape = shape{
	text("name"), text("shortName"), text("tagline"),
	object("parent", text("name"), text("url")),
	text("email"), text("phone"), text("chatUrl"),
	objects("social", text("network"), text("label"), text("url")),
	objects("offices", text("key"), text("city"), text("email"), text("phone"),
		optional(text("whatsapp")), text("address"), optional(translatedAddresses())),
}

// translatedAddresses is an office's address in each language but English,
// each optional: a language without one shows the English address.
func translatedAddresses() field {
	var fields []field
	for _, l := range locale.All {
		if l != locale.Default {
			fields = append(fields, optional(text(string(l))))
		}
	}
	return object("addresses", fields...)
}

// SiteShape describes the fields of the identity for the editor.
func SiteShape() []FieldSpec { return siteShape.describe() }

// CheckSite checks an edited identity and returns it compacted with the
// settings it is stored as (one per top-level field, text as it is and
// structures as compact JSON) and what is wrong with it.
func CheckSite(body []byte) (compact string, settings map[string]string, problems []Problem, err error) {
	compact, problems, err = checkShape(siteShape, body)
	if err != nil || len(problems) > 0 {
		return "", nil, problems, err
	}
	var site Site
	if err := json.Unmarshal([]byte(compact), &site); err != nil {
		return "", nil, nil, ErrNotAnObject
	}
	problems = siteProblems(site)
	if len(problems) > 0 {
		return "", nil, problems, nil
	}
	settings, err = settingsFromJSON([]byte(compact))
	if err != nil {
		return "", nil, nil, err
	}
	return compact, settings, nil, nil
}

// siteProblems finds the links, addresses and office keys that are wrong.
func siteProblems(site Site) []Problem {
	var out []Problem
	link := func(path, v string) {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.ContainsAny(v, " \t\n") {
			out = append(out, Problem{Path: path, Code: ProblemURL, Value: v})
		}
	}
	address := func(path, v string) {
		a, err := mail.ParseAddress(v)
		if err != nil || a.Address != v || !strings.Contains(v[strings.LastIndexByte(v, '@')+1:], ".") {
			out = append(out, Problem{Path: path, Code: ProblemEmail, Value: v})
		}
	}
	link("parent.url", site.Parent.URL)
	address("email", site.Email)
	link("chatUrl", site.ChatURL)
	for i, s := range site.Social {
		link("social["+strconv.Itoa(i)+"].url", s.URL)
	}
	keys := map[string]bool{}
	for i, o := range site.Offices {
		at := "offices[" + strconv.Itoa(i) + "]."
		if !slugPattern.MatchString(o.Key) || keys[o.Key] {
			out = append(out, Problem{Path: at + "key", Code: ProblemOfficeKey, Value: o.Key})
		}
		keys[o.Key] = true
		address(at+"email", o.Email)
		if o.WhatsApp != "" && !validWhatsApp(o.WhatsApp) {
			out = append(out, Problem{Path: at + "whatsapp", Code: ProblemWhatsApp, Value: o.WhatsApp})
		}
	}
	return out
}

// SiteBody returns the identity held in settings as the editor's form
// takes it: the shape's fields, text as it is and structures decoded.
func SiteBody(settings map[string]string) json.RawMessage {
	out := map[string]any{}
	for _, f := range siteShape {
		v, ok := settings[f.name]
		if !ok {
			continue
		}
		if f.kind == kindText {
			out[f.name] = v
			continue
		}
		var structured any
		if json.Unmarshal([]byte(v), &structured) == nil {
			out[f.name] = structured
		}
	}
	data, _ := json.Marshal(out)
	return data
}
