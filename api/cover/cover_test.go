package cover

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
)

// elements parses a cover and returns its element names, failing on
// anything that is not well-formed XML.
func elements(t *testing.T, svg []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var names []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
		if start, ok := tok.(xml.StartElement); ok {
			names = append(names, start.Name.Local)
		}
	}
}

// TestEveryPartOfTheSiteHasItsOwnLook holds that the collections, and the
// service and standard families, each have a motif and an accent colour of
// their own, and that the pages of a part are told apart by their details.
func TestEveryPartOfTheSiteHasItsOwnLook(t *testing.T) {
	groups := map[string][]string{
		"collections": {"/resources/news/a", "/resources/blogs/a", "/resources/publications/a", "/resources/webinars/a", "/careers/jop-vacancies/a"},
		"families": {"/services/cybersecurity-services/a", "/services/compliance-and-audit-services/a", "/services/business-continuity-and-recovery/a",
			"/services/outsourcing-service", "/compliance/iso-standards/a", "/compliance/pci-standards/a", "/compliance/soc-reports/a",
			"/compliance/csa-star-level-1-and-2", "/about-us"},
	}
	for name, routes := range groups {
		t.Run(name, func(t *testing.T) {
			accents := map[string]string{}
			motifs := map[string]string{}
			for _, route := range routes {
				th := themeOf(route)
				if other, seen := accents[th.palette.accent]; seen {
					t.Errorf("%s has the accent of %s", route, other)
				}
				accents[th.palette.accent] = route
				// A motif is known by the shapes it draws after the ground and glow.
				shapes := strings.Join(elements(t, SVG(route, ""))[10:], " ")
				if other, seen := motifs[shapes]; seen {
					t.Errorf("%s draws the shapes of %s", route, other)
				}
				motifs[shapes] = route
			}
		})
	}
	for _, siblings := range [][2]string{
		{"/resources/news/new-dubai-office", "/resources/news/cairo-training-centre"},
		{"/compliance/iso-standards/iso-27001", "/compliance/iso-standards/iso-9001"},
		{"/services/cybersecurity-services", "/services/cybersecurity-services/penetration-testing"},
	} {
		if themeOf(siblings[0]).name != themeOf(siblings[1]).name {
			t.Errorf("%s and %s are of different parts", siblings[0], siblings[1])
		}
		if bytes.Equal(SVG(siblings[0], ""), SVG(siblings[1], "")) {
			t.Errorf("%s and %s have the same cover", siblings[0], siblings[1])
		}
	}
	if themeOf("/services/outsourcing-services-elsewhere").name != "firm" {
		t.Error("a route that only begins like a family's took its look")
	}
}

// TestCoversAreSafeStandaloneImages holds what a browser needs of a cover
// shown by <img> or opened on its own: a well-formed SVG document of the
// frame's size, the same every time, with nothing that runs or loads.
func TestCoversAreSafeStandaloneImages(t *testing.T) {
	for _, route := range []string{"/resources/news/a-story", "/careers/jop-vacancies/x", "/services/cybersecurity-services/asv", "/forms", "/about-us"} {
		svg := SVG(route, "")
		names := elements(t, svg)
		if names[0] != "svg" || !bytes.HasPrefix(svg, []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225" viewBox="0 0 400 225"`)) {
			t.Errorf("%s: does not open as a 400×225 SVG: %.120s", route, svg)
		}
		for _, name := range names {
			if name == "script" || name == "image" || name == "foreignObject" || name == "use" {
				t.Errorf("%s: holds a <%s>", route, name)
			}
		}
		if bytes.Contains(svg, []byte("href")) || bytes.Contains(svg, []byte("NaN")) || bytes.Contains(svg, []byte("Inf")) {
			t.Errorf("%s: holds a reference or a broken number", route)
		}
		if len(svg) > 12_000 {
			t.Errorf("%s: %d bytes", route, len(svg))
		}
		if !bytes.Equal(svg, SVG(route, "")) {
			t.Errorf("%s: drawn differently twice", route)
		}
	}
}

func TestShownAndPath(t *testing.T) {
	for kind, want := range map[string]bool{
		content.KindArticle: true, content.KindVacancy: true, content.KindStandard: true, content.KindLanding: true,
		content.KindHome: false, content.KindLegal: false, content.KindResources: false, content.KindLogin: false,
	} {
		if Shown(kind) != want {
			t.Errorf("Shown(%s) = %v", kind, !want)
		}
	}
	if got := Path("/resources/news/a-story"); got != "/covers/resources/news/a-story.svg" {
		t.Errorf("Path = %s", got)
	}
}
