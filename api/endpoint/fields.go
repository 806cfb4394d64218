package endpoint

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rules below are what more than one API applies the same way to what
// a visitor types, so an address that registers is an address a form
// accepts.

// Email accepts a bare address (no display name, no comments) with a
// dotted domain, nothing that could break an e-mail header.
func Email(s string) bool {
	if strings.ContainsAny(s, "\r\n\t <>(),;:\"[]\\") || !Printable(s) {
		return false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s || addr.Name != "" {
		return false
	}
	local, domain, found := strings.Cut(s, "@")
	if !found || local == "" || len(local) > 64 || strings.Contains(domain, "@") {
		return false
	}
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") &&
		!strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..")
}

// Phone accepts "+" and 8 to 15 digits, with spaces and dashes between them.
func Phone(s string) bool {
	if len(s) > 24 || !strings.HasPrefix(s, "+") {
		return false
	}
	digits := 0
	for _, r := range s[1:] {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ' ' || r == '-':
		default:
			return false
		}
	}
	return digits >= 8 && digits <= 15
}

// Printable reports whether s is valid UTF-8 without control characters
// (line and paragraph separators included).
func Printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// Checker collects one message per field, in the visitor's language.
type Checker struct {
	M    *Messages
	Errs map[string]string
}

// NewChecker returns an empty checker answering with m.
func NewChecker(m *Messages) *Checker { return &Checker{M: m, Errs: map[string]string{}} }

// OK reports whether every field passed.
func (v *Checker) OK() bool { return len(v.Errs) == 0 }

// Set records msg for field unless the field already has a message.
func (v *Checker) Set(field, msg string) {
	if _, taken := v.Errs[field]; !taken {
		v.Errs[field] = msg
	}
}

// Line checks a one-line text of at most limit characters, required or
// not, and returns it trimmed. Control characters (CR and LF among them)
// are refused: such a value may reach an e-mail header or a CSV cell.
func (v *Checker) Line(field, value string, limit int, required bool) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		if required {
			v.Set(field, v.M.Required)
		}
	case !utf8.ValidString(value) || utf8.RuneCountInString(value) > limit:
		v.Set(field, v.M.TooLongFor(limit))
	case !Printable(value):
		v.Set(field, v.M.InvalidChars)
	}
	return value
}

// Name checks a required person's name of at most limit characters and
// returns it trimmed: a line (see Line) without invisible format
// characters. Direction overrides and isolates, zero-width spaces and
// joiners, and the like change how the text around them reads (a name can
// make the rest of an e-mail's line read backwards) while showing nothing
// themselves.
func (v *Checker) Name(field, value string, limit int) string {
	value = v.Line(field, value, limit, true)
	if strings.IndexFunc(value, Invisible) >= 0 {
		v.Set(field, v.M.InvisibleChars)
	}
	return value
}

// Invisible reports whether r is a format character (Unicode category
// Cf): bidirectional controls, zero-width characters, the byte-order mark,
// the soft hyphen.
func Invisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

// Text checks a text of several lines: line breaks and tabs are allowed
// (CRLF becomes LF), other control characters are not.
func (v *Checker) Text(field, value string, limit int, required bool) string {
	value = strings.TrimSpace(strings.ReplaceAll(value, "\r\n", "\n"))
	switch {
	case value == "":
		if required {
			v.Set(field, v.M.Required)
		}
	case !utf8.ValidString(value) || utf8.RuneCountInString(value) > limit:
		v.Set(field, v.M.TooLongFor(limit))
	case !Printable(strings.NewReplacer("\n", "", "\t", "").Replace(value)):
		v.Set(field, v.M.InvalidChars)
	}
	return value
}

// MaxEmail is the longest e-mail address accepted.
const MaxEmail = 254

// Email checks a required e-mail address and returns it normalized:
// trimmed and in lower case.
func (v *Checker) Email(field, value string) string {
	value = NormalizeEmail(value)
	switch {
	case value == "":
		v.Set(field, v.M.Required)
	case len(value) > MaxEmail:
		v.Set(field, v.M.TooLongFor(MaxEmail))
	case !Email(value):
		v.Set(field, v.M.EmailInvalid)
	}
	return value
}

// NormalizeEmail trims an address and writes it in lower case.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Phone checks a phone number in international format, required or not.
func (v *Checker) Phone(field, value string, required bool) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		if required {
			v.Set(field, v.M.Required)
		}
	case !Phone(value):
		v.Set(field, v.M.PhoneInvalid)
	}
	return value
}

// Required checks that a field is present and at most limit bytes long.
func (v *Checker) Required(field, value string, limit int) string {
	switch {
	case value == "":
		v.Set(field, v.M.Required)
	case len(value) > limit:
		v.Set(field, v.M.TooLongFor(limit))
	}
	return value
}

// MaxCaptcha is the longest captcha token read.
const MaxCaptcha = 8192

// Captcha checks that a captcha token is present and not absurdly long.
func (v *Checker) Captcha(field, value string) string {
	if value == "" || len(value) > MaxCaptcha {
		v.Set(field, v.M.CaptchaRequired)
	}
	return value
}
