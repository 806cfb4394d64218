package endpoint

import "testing"

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
