package content_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
)

// Every page with a text and every item may carry a search listing of its
// own; its texts are bounded, its noindex a boolean and its picture a
// reference to one the site holds.
func TestSearchListing(t *testing.T) {
	for _, c := range content.Collections() {
		fields, _ := content.ItemShape(c.Name)
		if !hasSEO(fields) {
			t.Errorf("items of %s have no search listing", c.Name)
		}
	}
	for _, route := range []string{"/about-us", "/services/cybersecurity-services", "/resources/news", "/contact-us/dubai", "/terms"} {
		if fields, _ := content.PageShapeOf(route); !hasSEO(fields) {
			t.Errorf("the page %s has no search listing", route)
		}
	}

	data, err := fs.ReadFile(content.SeedFS(), "collections/en/news/cairo-office-moves-to-new-cairo.json")
	if err != nil {
		t.Fatal(err)
	}
	with := func(seo any) []byte {
		t.Helper()
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		v["seo"] = seo
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cover := "cover:" + strings.Repeat("ab", 16)
	tests := []struct {
		name string
		seo  any
		path string // the field refused, "" for none
		code string
	}{
		{name: "a whole listing", seo: map[string]any{"title": "Dubai office moves", "description": "Where to find us.", "noindex": true, "image": cover}},
		{name: "an empty listing", seo: map[string]any{}},
		{name: "the site's picture", seo: map[string]any{"image": "site", "noindex": false}},
		{name: "a title of 200 characters", seo: map[string]any{"title": strings.Repeat("é", 200)}},
		{name: "a title too long", seo: map[string]any{"title": strings.Repeat("a", 201)}, path: "seo.title", code: content.ProblemTooLong},
		{name: "a description too long", seo: map[string]any{"description": strings.Repeat("a", 501)}, path: "seo.description", code: content.ProblemTooLong},
		{name: "a blank title", seo: map[string]any{"title": "  "}, path: "seo.title", code: content.ProblemEmpty},
		{name: "noindex as a word", seo: map[string]any{"noindex": "yes"}, path: "seo.noindex", code: content.ProblemBool},
		{name: "a picture by address", seo: map[string]any{"image": "https://example.com/a.jpg"}, path: "seo.image", code: content.ProblemSocial},
		{name: "a cover's bare id", seo: map[string]any{"image": strings.Repeat("ab", 16)}, path: "seo.image", code: content.ProblemSocial},
		{name: "a field of its own", seo: map[string]any{"keywords": "audit"}, path: "seo.keywords", code: content.ProblemUnknown},
		{name: "not an object", seo: "Dubai", path: "seo", code: content.ProblemObject},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems, err := content.CheckItemFile("news", with(tt.seo))
			if err != nil {
				t.Fatal(err)
			}
			if tt.path == "" {
				if len(problems) > 0 {
					t.Fatalf("refused: %v", problems)
				}
				return
			}
			if len(problems) != 1 || problems[0].Path != tt.path || problems[0].Code != tt.code {
				t.Fatalf("problems = %v, want %s at %s", problems, tt.code, tt.path)
			}
			if !strings.Contains(problems[0].String(), tt.path) {
				t.Errorf("the seed's sentence %q names no field", problems[0].String())
			}
		})
	}
	if _, problems, _ := content.CheckItemFile("news", with(map[string]any{"title": strings.Repeat("a", 201)})); problems[0].Value != content.MaxSearchTitle {
		t.Errorf("a title too long tells the bound %v", problems[0].Value)
	}
}

func hasSEO(fields []content.FieldSpec) bool {
	for _, f := range fields {
		if f.Name == "seo" && f.Optional && len(f.Fields) == 4 {
			return true
		}
	}
	return false
}
