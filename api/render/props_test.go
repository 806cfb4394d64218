package render_test

import (
	"encoding/json"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
)

func propsInput(t *testing.T) render.PropsInput {
	t.Helper()
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	settings, err := content.SeedSettings()
	if err != nil {
		t.Fatal(err)
	}
	site, err := content.SiteFromSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	return render.PropsInput{Catalog: cat, Site: site, BaseURL: "https://www.noorvale.example", Year: 2031}
}

func TestBuildProps(t *testing.T) {
	in := propsInput(t)
	page := in.Catalog.Page("/about-us")
	p := render.BuildProps(in, page, locale.Ar)
	if p.Status != 200 || p.Locale != locale.Ar || p.Dir != "rtl" || p.Year != 2031 || p.User != nil {
		t.Fatalf("props = %+v", p)
	}
	if p.Page.Route != "/about-us" || p.Page.Path != "/ar/about-us" || p.Page.Kind != "about" || p.Page.TranslationKey != "aboutUs" {
		t.Fatalf("page = %+v", p.Page)
	}
	if p.Canonical != "https://www.noorvale.example/ar/about-us" {
		t.Fatalf("canonical = %s", p.Canonical)
	}
	want := []render.Alternate{
		{Hreflang: "en", Href: "https://www.noorvale.example/about-us"},
		{Hreflang: "nl", Href: "https://www.noorvale.example/nl/about-us"},
		{Hreflang: "fr", Href: "https://www.noorvale.example/fr/about-us"},
		{Hreflang: "ar", Href: "https://www.noorvale.example/ar/about-us"},
		{Hreflang: "x-default", Href: "https://www.noorvale.example/about-us"},
	}
	if len(p.Alternates) != len(want) {
		t.Fatalf("alternates = %+v", p.Alternates)
	}
	for i := range want {
		if p.Alternates[i] != want[i] {
			t.Fatalf("alternate %d = %+v, want %+v", i, p.Alternates[i], want[i])
		}
	}
	if len(p.Languages) != 4 || p.Languages[3].Code != locale.Ar || p.Languages[3].Name != "العربية" {
		t.Fatalf("languages = %+v", p.Languages)
	}

	home := render.BuildProps(in, in.Catalog.Page("/"), locale.Nl)
	if home.Page.Path != "/nl" || home.Canonical != "https://www.noorvale.example/nl" || home.Alternates[0].Href != "https://www.noorvale.example/" {
		t.Fatalf("home = %+v", home)
	}

	nf := render.BuildProps(in, in.Catalog.NotFound(), locale.Fr)
	if nf.Status != 404 || nf.Canonical != "" || len(nf.Alternates) != 0 || nf.Page.Route != "" || nf.Page.Kind != "not-found" || nf.Page.TranslationKey != "notFound" {
		t.Fatalf("not found = %+v", nf)
	}
}

func TestPropsJSONShape(t *testing.T) {
	in := propsInput(t)
	data, err := json.Marshal(render.BuildProps(in, in.Catalog.NotFound(), locale.En))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{`"user":null`, `"alternates":[]`, `"canonical":""`, `"children":[]`, `"baseUrl":"https://www.noorvale.example"`,
		`"captchaSiteKey":""`, `"shortName":"Noorvale"`, `"footer":[{"translationKey":"services"`} {
		if !strings.Contains(s, want) {
			t.Errorf("props JSON lacks %s", want)
		}
	}
	var generic map[string]any
	if err := json.Unmarshal(data, &generic); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"status", "locale", "dir", "year", "baseUrl", "page", "alternates", "canonical", "site", "nav", "footer", "languages", "user"} {
		if _, ok := generic[key]; !ok {
			t.Errorf("props lack %s", key)
		}
	}
}
