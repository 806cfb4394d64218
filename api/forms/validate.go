package forms

import (
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"noorvale.example/site/api/fieldcheck"
)

// Field limits, in characters.
const (
	maxName        = 100
	maxEmail       = 254
	maxLine        = 150 // company, country, job title, subject
	maxMessage     = 5000
	maxCoverLetter = 10000
	maxLinkedIn    = 200
	maxServices    = 30
	maxCaptcha     = 8192
)

// Choices offered by the request for proposal.
var (
	companySizes = []string{"1-49", "50-249", "250-999", "1000-4999", "5000+"}
	timelines    = []string{"asap", "1-3-months", "3-6-months", "6-12-months", "exploring"}
)

// checker collects one message per field.
type checker struct {
	m    *messages
	errs map[string]string
}

func newChecker(m *messages) *checker { return &checker{m: m, errs: map[string]string{}} }

func (v *checker) ok() bool { return len(v.errs) == 0 }

func (v *checker) set(field, msg string) {
	if _, taken := v.errs[field]; !taken {
		v.errs[field] = msg
	}
}

// line checks a one-line text of at most limit characters, required or
// not, and returns it trimmed. Control characters (CR and LF among them)
// are refused: such a value may reach an e-mail header or a CSV cell.
func (v *checker) line(field, value string, limit int, required bool) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		if required {
			v.set(field, v.m.Required)
		}
	case !utf8.ValidString(value) || utf8.RuneCountInString(value) > limit:
		v.set(field, v.m.tooLong(limit))
	case !fieldcheck.Printable(value):
		v.set(field, v.m.InvalidChars)
	}
	return value
}

// name checks a required person's name.
func (v *checker) name(field, value string) string { return v.line(field, value, maxName, true) }

// text checks a required text of several lines: line breaks and tabs are
// allowed (CRLF becomes LF), other control characters are not.
func (v *checker) text(field, value string, limit int, required bool) string {
	value = strings.TrimSpace(strings.ReplaceAll(value, "\r\n", "\n"))
	switch {
	case value == "":
		if required {
			v.set(field, v.m.Required)
		}
	case !utf8.ValidString(value) || utf8.RuneCountInString(value) > limit:
		v.set(field, v.m.tooLong(limit))
	case !fieldcheck.Printable(strings.NewReplacer("\n", "", "\t", "").Replace(value)):
		v.set(field, v.m.InvalidChars)
	}
	return value
}

// email checks a required e-mail address and returns it trimmed and in
// lower case.
func (v *checker) email(field, value string) string {
	value = strings.ToLower(strings.TrimSpace(value))
	switch {
	case value == "":
		v.set(field, v.m.Required)
	case len(value) > maxEmail:
		v.set(field, v.m.tooLong(maxEmail))
	case !fieldcheck.Email(value):
		v.set(field, v.m.EmailInvalid)
	}
	return value
}

// phone checks a phone number in international format.
func (v *checker) phone(field, value string, required bool) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		if required {
			v.set(field, v.m.Required)
		}
	case !fieldcheck.Phone(value):
		v.set(field, v.m.PhoneInvalid)
	}
	return value
}

// choice checks a required value from a fixed list.
func (v *checker) choice(field, value string, options []string) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		v.set(field, v.m.Required)
	case !slices.Contains(options, value):
		v.set(field, v.m.ChoiceInvalid)
	}
	return value
}

// consent checks that the privacy-policy box was ticked.
func (v *checker) consent(field string, value flexBool) {
	if !value {
		v.set(field, v.m.ConsentRequired)
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
		v.set(field, v.m.DateInvalid)
		return value
	}
	earliest := now.UTC().Add(-12 * time.Hour).Format(time.DateOnly)
	if d.Format(time.DateOnly) < earliest {
		v.set(field, v.m.DatePast)
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
		v.set(field, v.m.tooLong(maxLinkedIn))
		return value
	}
	u, err := url.Parse(value)
	if err != nil || !fieldcheck.Printable(value) || strings.ContainsAny(value, " \"'<>") ||
		u.Scheme != "https" || u.Host != "www.linkedin.com" || u.User != nil ||
		!strings.HasPrefix(u.Path, "/in/") || len(strings.Trim(u.Path[len("/in/"):], "/")) == 0 {
		v.set(field, v.m.LinkedInInvalid)
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
		v.set(field, v.m.Required)
	case len(out) > maxServices:
		v.set(field, sprintf(v.m.TooManyChoices, maxServices))
	default:
		for _, s := range out {
			if len(s) > 200 || !known(s) {
				v.set(field, v.m.ServiceUnknown)
				break
			}
		}
	}
	return out
}

// captcha checks that a captcha token is present and not absurdly long.
func (v *checker) captcha(field, value string) string {
	if value == "" || len(value) > maxCaptcha {
		v.set(field, v.m.CaptchaRequired)
	}
	return value
}
