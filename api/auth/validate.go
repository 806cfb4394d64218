package auth

import (
	"strings"
	"unicode/utf8"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/fieldcheck"
)

// Field limits.
const (
	maxName  = 60
	maxEmail = 254
	maxToken = 200
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

// name checks a required person's name and returns it trimmed.
func (v *checker) name(field, value string) string {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
		v.set(field, v.m.Required)
	case utf8.RuneCountInString(value) > maxName:
		v.set(field, v.m.tooLong(maxName))
	case !fieldcheck.Printable(value):
		v.set(field, v.m.InvalidChars)
	}
	return value
}

// email checks a required e-mail address and returns it normalized:
// trimmed and in lower case.
func (v *checker) email(field, value string) string {
	value = normalizeEmail(value)
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

// phone checks an optional phone number in international format.
func (v *checker) phone(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	if !fieldcheck.Phone(value) {
		v.set(field, v.m.PhoneInvalid)
	}
	return value
}

// required checks that a field is present and at most limit bytes long.
func (v *checker) required(field, value string, limit int) string {
	switch {
	case value == "":
		v.set(field, v.m.Required)
	case len(value) > limit:
		v.set(field, v.m.tooLong(limit))
	}
	return value
}

// code checks a six-digit code.
func (v *checker) code(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		v.set(field, v.m.Required)
		return value
	}
	if len(value) != 6 || strings.Trim(value, "0123456789") != "" {
		v.set(field, v.m.CodeFormat)
	}
	return value
}

// newPassword checks a new password and its confirmation against the rules
// and the person's e-mail and names.
func (v *checker) newPassword(field, value, confirmField, confirm string, personal ...string) {
	if value == "" {
		v.set(field, v.m.Required)
		return
	}
	switch passwords.Check(value, personal...) {
	case passwords.TooShort:
		v.set(field, sprintf(v.m.PasswordShort, passwords.MinLength))
	case passwords.TooLong:
		v.set(field, sprintf(v.m.PasswordLong, passwords.MaxLength))
	case passwords.Common:
		v.set(field, v.m.PasswordCommon)
	case passwords.LikePersonal:
		v.set(field, v.m.PasswordPersonal)
	}
	if confirm != value {
		v.set(confirmField, v.m.PasswordMismatch)
	}
}

// password checks that a password to verify is present and not absurdly long.
func (v *checker) password(field, value string) string {
	switch {
	case value == "":
		v.set(field, v.m.Required)
	case utf8.RuneCountInString(value) > passwords.MaxLength*4:
		v.set(field, v.m.PasswordWrong)
	}
	return value
}

func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
