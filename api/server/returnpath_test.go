package server

import "testing"

func TestSafeReturnPath(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"account", "/account", "/account"},
		{"localized with query", "/nl/account?tab=profile", "/nl/account?tab=profile"},
		{"root", "/", "/"},
		{"fragment", "/about-us#team", "/about-us#team"},
		{"empty", "", "/"},
		{"relative", "account", "/"},
		{"protocol relative", "//evil.example/x", "/"},
		{"backslash host", `/\evil.example`, "/"},
		{"backslash later", `/a\b`, "/"},
		{"absolute url", "https://evil.example/", "/"},
		{"javascript", "javascript:alert(1)", "/"},
		{"scheme after slash is a path", "/javascript:alert(1)", "/javascript:alert(1)"},
		{"encoded slash start", "/%2F%2Fevil.example", "/"},
		{"encoded backslash start", "/%5cevil.example", "/"},
		{"newline", "/account\nSet-Cookie: x=1", "/"},
		{"tab", "/acc\tount", "/"},
		{"nul", "/account\x00", "/"},
		{"del", "/account\x7f", "/"},
		{"too long", "/" + string(make([]byte, 3000)), "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SafeReturnPath(tt.in); got != tt.want {
				t.Fatalf("SafeReturnPath(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
