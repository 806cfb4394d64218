package endpoint

import (
	"strings"
	"testing"
)

func TestEmail(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"layla@example.com", true},
		{"o.khalil+news@mail.example.ae", true},
		{"layla@example", false},                   // no dot in the domain
		{"layla@.example.com", false},              // domain starts with a dot
		{"layla@example..com", false},              // empty label
		{"Layla <layla@example.com>", false},       // a display name
		{"layla@example.com\r\nBcc: x@y.z", false}, // header injection
		{"@example.com", false},
		{"a@b@example.com", false},
		{string(make([]byte, 65)) + "@example.com", false},
	} {
		if got := Email(tc.in); got != tc.want {
			t.Errorf("Email(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestPhone(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"+971 4 123 4567", true},
		{"+20-2-2555-0187", true},
		{"+4420794603", true},
		{"0501234567", false},        // no country code
		{"+971 4 12", false},         // too few digits
		{"+1234567890123456", false}, // too many digits
		{"+971 (4) 123 4567", false}, // brackets
		{"+971 4 123 4567 ext 2", false},
	} {
		if got := Phone(tc.in); got != tc.want {
			t.Errorf("Phone(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"Noorvale Assurance — نورفيل", true},
		{"line\nbreak", false},
		{"tab\there", false},
		{"nul\x00", false},
		{"separator\u2028", false},
		{"\xff\xfe", false},
	} {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// A name that carries invisible format characters is refused with its
// own message; letters of every script, and marks that show, pass.
func TestName(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{name: "Latin", in: "  Layla Haddad ", want: ""},
		{name: "Arabic", in: "ليلى حداد", want: ""},
		{name: "accents and apostrophe", in: "Zoë D’Arcy-Ngô", want: ""},
		{name: "right-to-left override", in: "Layla\u202egnp.exe", want: "invisible"},
		{name: "left-to-right embedding", in: "\u202aevil.example\u202c", want: "invisible"},
		{name: "right-to-left isolate", in: "Omar \u2067Saleh\u2069", want: "invisible"},
		{name: "first strong isolate", in: "\u2068Omar\u2069", want: "invisible"},
		{name: "right-to-left mark", in: "Omar\u200f", want: "invisible"},
		{name: "left-to-right mark", in: "\u200eOmar", want: "invisible"},
		{name: "Arabic letter mark", in: "عمر\u061c", want: "invisible"},
		{name: "zero-width space", in: "evil\u200b.example", want: "invisible"},
		{name: "zero-width joiner", in: "Om\u200dar", want: "invisible"},
		{name: "zero-width non-joiner", in: "Om\u200car", want: "invisible"},
		{name: "word joiner", in: "Om\u2060ar", want: "invisible"},
		{name: "byte-order mark", in: "\ufeffOmar", want: "invisible"},
		{name: "soft hyphen", in: "Om\u00adar", want: "invisible"},
		{name: "control character", in: "Om\u0007ar", want: "control"},
		{name: "line break", in: "Omar\nSaleh", want: "control"},
		{name: "empty", in: " \t", want: "required"},
		{name: "too long", in: "Layla Haddad Layla Haddad", want: "long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := For("en")
			v := NewChecker(m)
			got := v.Name("firstName", tc.in, 20)
			want := map[string]string{"": "", "invisible": m.InvisibleChars, "control": m.InvalidChars, "required": m.Required, "long": m.TooLongFor(20)}[tc.want]
			if v.Errs["firstName"] != want {
				t.Fatalf("Name(%q): %q, want %q", tc.in, v.Errs["firstName"], want)
			}
			if tc.want == "" && got != strings.TrimSpace(tc.in) {
				t.Fatalf("Name(%q) returned %q", tc.in, got)
			}
		})
	}
}
