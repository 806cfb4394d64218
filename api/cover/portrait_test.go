package cover

import (
	"bytes"
	"strings"
	"testing"
)

// motifOf is a drawing's shapes after its ground and glow, without their numbers.
func motifOf(t *testing.T, svg []byte) string {
	t.Helper()
	return strings.Join(elements(t, svg)[8:], " ")
}

func TestItemsTakeTheirMotifFromTheirSubject(t *testing.T) {
	office := SVG("/resources/news/a", "Cairo office moves to New Cairo")
	auditors := SVG("/resources/news/b", "Six consultants qualify as ISO/IEC 42001 lead auditors")
	plain := SVG("/resources/news/c", "")
	if motifOf(t, office) == motifOf(t, auditors) || motifOf(t, auditors) == motifOf(t, plain) {
		t.Error("stories on different subjects draw the same motif")
	}
	if !bytes.Contains(office, []byte(themeOf("/resources/news/a").palette.accent)) {
		t.Error("a story's motif is not in its collection's colours")
	}
}

func TestOfficesHaveScenesOfTheirOwn(t *testing.T) {
	seen := map[string]string{}
	for _, route := range []string{"/contact-us/london", "/contact-us/dubai", "/contact-us/cairo", "/about-us", "/forms", "/careers/jop-vacancies", "/"} {
		m := motifOf(t, SVG(route, ""))
		if other, dup := seen[m]; dup {
			t.Errorf("%s draws the picture of %s", route, other)
		}
		seen[m] = route
	}
	if themeOf("/careers/jop-vacancies/x").name != "vacancies" || themeOf("/careers/jop-vacancies").name != "careers" {
		t.Error("the careers page shares its vacancies' look")
	}
}

func TestPortraits(t *testing.T) {
	a := Portrait("Salma Al-Rashidi", "dubai")
	if !bytes.HasPrefix(a, []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"`)) {
		t.Fatalf("not a 160×160 SVG: %.100s", a)
	}
	elements(t, a)
	if !bytes.Contains(a, []byte(">SA</text>")) {
		t.Error("the portrait does not carry the initials")
	}
	if !bytes.Equal(a, Portrait("Salma Al-Rashidi", "dubai")) {
		t.Error("drawn differently twice")
	}
	if bytes.Equal(a, Portrait("Tom Ashcroft", "dubai")) || bytes.Equal(a, Portrait("Salma Al-Rashidi", "london")) {
		t.Error("two people, or two offices, draw the same portrait")
	}
	if got := Portrait(`<script>&"`, ""); bytes.Contains(got, []byte("<script")) {
		t.Errorf("a name is not escaped: %s", got)
	}
	elements(t, Portrait(`<b>&"x`, ""))
	if PortraitPath("client-1") != "/portraits/client-1.svg" {
		t.Error(PortraitPath("client-1"))
	}
}
