package forms

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// Field limits, in characters.
const (
	maxName        = 100
	maxLine        = 150 // company, country, job title, subject
	maxMessage     = 5000
	maxCoverLetter = 10000
	maxLinkedIn    = 200
	maxServices    = 30
)

// Choices offered by the request for proposal.
var (
	companySizes = []string{"1-49", "50-249", "250-999", "1000-4999", "5000+"}
	timelines    = []string{"asap", "1-3-months", "3-6-months", "6-12-months", "exploring"}
)

// checker is the shared field checker with the forms' own rules.
type checker struct {
	*endpoint.Checker
	m *locale.Catalogue
}

func newChecker(m *locale.Catalogue) *checker {
	return &checker{Checker: endpoint.NewChecker(&m.API), m: m}
}

// line checks a one-line text of at most limit characters.
func (v *checker) line(field, value string, limit int, required bool) string {
	return v.Line(field, value, limit, required)
}

// name checks a required person's name.
func (v *checker) name(field, value string) string { return v.Name(field, value, maxName) }

// text checks a text of several lines.
func (v *checker) text(field, value string, limit int, required bool) string {
	return v.Text(field, value, limit, required)
}

// email checks a required e-mail address and returns it normalized.
func (v *checker) email(field, value string) string { return v.Email(field, value) }

// phone checks a phone number in international format.
func (v *checker) phone(field, value string, required bool) string {
	return v.Phone(field, value, required)
}

// choice checks a required value from a fixed list.
func (v *checker) choice(field, value string, options []string) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		v.Set(field, v.m.API.Required)
	case !slices.Contains(options, value):
		v.Set(field, v.m.Forms.ChoiceInvalid)
	}
	return value
}

// consent checks that the privacy-policy box was ticked.
func (v *checker) consent(field string, value endpoint.Bool) {
	if !value {
		v.Set(field, v.m.Forms.ConsentRequired)
	}
}

// date checks an optional YYYY-MM-DD date that is today or later. Today
// is anyone's today: from UTC-12 on.
func (v *checker) date(field, value string, now time.Time) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	d, err := time.Parse(time.DateOnly, value)
	if err != nil || len(value) != len(time.DateOnly) {
		v.Set(field, v.m.Forms.DateInvalid)
		return value
	}
	earliest := now.UTC().Add(-12 * time.Hour).Format(time.DateOnly)
	if d.Format(time.DateOnly) < earliest {
		v.Set(field, v.m.Forms.DatePast)
	}
	return value
}

// linkedIn checks an optional LinkedIn profile address.
func (v *checker) linkedIn(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	if utf8.RuneCountInString(value) > maxLinkedIn {
		v.Set(field, v.m.API.TooLongFor(maxLinkedIn))
		return value
	}
	u, err := url.Parse(value)
	if err != nil || !endpoint.Printable(value) || strings.ContainsAny(value, " \"'<>") ||
		u.Scheme != "https" || u.Host != "www.linkedin.com" || u.User != nil ||
		!strings.HasPrefix(u.Path, "/in/") || len(strings.Trim(u.Path[len("/in/"):], "/")) == 0 {
		v.Set(field, v.m.Forms.LinkedInInvalid)
	}
	return value
}

// choices checks a required list of values that known accepts, without
// duplicates, and returns it trimmed.
func (v *checker) choices(field string, values []string, known func(string) bool) []string {
	var out []string
	for _, s := range values {
		s = strings.TrimSpace(s)
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	switch {
	case len(out) == 0:
		v.Set(field, v.m.API.Required)
	case len(out) > maxServices:
		v.Set(field, fmt.Sprintf(v.m.Forms.TooManyChoices, maxServices))
	default:
		for _, s := range out {
			if len(s) > 200 || !known(s) {
				v.Set(field, v.m.Forms.ServiceUnknown)
				break
			}
		}
	}
	return out
}

// captcha checks that a captcha token is present and not absurdly long.
func (v *checker) captcha(field, value string) string { return v.Captcha(field, value) }
