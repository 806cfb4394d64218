// Package fieldcheck holds the rules for what a visitor types that more than
// one API applies the same way: an e-mail address, a phone number, and text
// free of control characters. The account and form endpoints both use them,
// so an address that registers is an address a form accepts.
package fieldcheck

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
