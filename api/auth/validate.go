package auth

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// Field limits.
const (
	maxName  = 60
	maxToken = 200
)

// checker is the shared field checker with the account API's own rules.
type checker struct {
	*endpoint.Checker
	m *locale.Catalogue
}

func newChecker(m *locale.Catalogue) *checker {
	return &checker{Checker: endpoint.NewChecker(&m.API), m: m}
}

// name checks a required person's name and returns it trimmed.
func (v *checker) name(field, value string) string { return v.Name(field, value, maxName) }

// email checks a required e-mail address and returns it normalized.
func (v *checker) email(field, value string) string { return v.Email(field, value) }

// phone checks an optional phone number in international format.
func (v *checker) phone(field, value string) string { return v.Phone(field, value, false) }

// required checks that a field is present and at most limit bytes long.
func (v *checker) required(field, value string, limit int) string {
	return v.Required(field, value, limit)
}

// code checks a six-digit code.
func (v *checker) code(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		v.Set(field, v.m.API.Required)
		return value
	}
	if len(value) != 6 || strings.Trim(value, "0123456789") != "" {
		v.Set(field, v.m.Accounts.CodeFormat)
	}
	return value
}

// newPassword checks a new password and its confirmation against the rules
// and the person's e-mail and names.
func (v *checker) newPassword(field, value, confirmField, confirm string, personal ...string) {
	if value == "" {
		v.Set(field, v.m.API.Required)
		return
	}
	switch passwords.Check(value, personal...) {
	case passwords.TooShort:
		v.Set(field, fmt.Sprintf(v.m.Accounts.PasswordShort, passwords.MinLength))
	case passwords.TooLong:
		v.Set(field, v.m.API.TooLongFor(passwords.MaxLength))
	case passwords.Common:
		v.Set(field, v.m.Accounts.PasswordCommon)
	case passwords.LikePersonal:
		v.Set(field, v.m.Accounts.PasswordPersonal)
	}
	if confirm != value {
		v.Set(confirmField, v.m.Accounts.PasswordMismatch)
	}
}

// password checks that a password to verify is present and not absurdly long.
func (v *checker) password(field, value string) string {
	switch {
	case value == "":
		v.Set(field, v.m.API.Required)
	case utf8.RuneCountInString(value) > passwords.MaxLength*4:
		v.Set(field, v.m.Accounts.PasswordWrong)
	}
	return value
}
