package locale

import (
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name  string
		path  string
		loc   Locale
		route string
	}{
		{"root", "/", En, "/"},
		{"english page", "/about-us", En, "/about-us"},
		{"arabic home", "/ar", Ar, "/"},
		{"arabic page", "/ar/about-us", Ar, "/about-us"},
		{"dutch nested", "/nl/services/cybersecurity-services", Nl, "/services/cybersecurity-services"},
		{"french trailing slash", "/fr/", Fr, "/"},
		{"unknown prefix stays english", "/de/about-us", En, "/de/about-us"},
		{"explicit english prefix is not a prefix", "/en/about-us", En, "/en/about-us"},
		{"prefix-like word", "/arabic", En, "/arabic"},
		{"upper case prefix is not a prefix", "/AR/about-us", En, "/AR/about-us"},
		{"empty", "", En, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc, route := Split(tt.path)
			if loc != tt.loc || route != tt.route {
				t.Fatalf("Split(%q) = (%s, %q), want (%s, %q)", tt.path, loc, route, tt.loc, tt.route)
			}
		})
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		name  string
		loc   Locale
		route string
		want  string
	}{
		{"english home", En, "/", "/"},
		{"english page", En, "/about-us", "/about-us"},
		{"arabic home", Ar, "/", "/ar"},
		{"dutch page", Nl, "/about-us", "/nl/about-us"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Path(tt.loc, tt.route); got != tt.want {
				t.Fatalf("Path(%s, %q) = %q, want %q", tt.loc, tt.route, got, tt.want)
			}
			loc, route := Split(Path(tt.loc, tt.route))
			if loc != tt.loc || route != tt.route {
				t.Fatalf("round trip gave (%s, %q)", loc, route)
			}
		})
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	tests := []struct {
		name   string
		header string
		want   Locale
	}{
		{"empty", "", En},
		{"arabic region", "ar-SA,ar;q=0.9,en;q=0.8", Ar},
		{"quality order", "de-DE,de;q=0.9,fr;q=0.7,nl;q=0.8", Nl},
		{"only unknown", "de-DE,de;q=0.9", En},
		{"zero quality ignored", "fr;q=0,nl;q=0.1", Nl},
		{"bad quality ignored", "fr;q=abc, ar;q=0.2", Ar},
		{"wildcard", "*", En},
		{"upper case", "FR-be", Fr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromAcceptLanguage(tt.header); got != tt.want {
				t.Fatalf("FromAcceptLanguage(%q) = %s, want %s", tt.header, got, tt.want)
			}
		})
	}
}

func TestDirAndName(t *testing.T) {
	if Ar.Dir() != "rtl" || En.Dir() != "ltr" || Fr.Dir() != "ltr" {
		t.Fatal("wrong text direction")
	}
	for _, l := range All {
		if l.Name() == "" {
			t.Fatalf("%s has no name", l)
		}
	}
}
