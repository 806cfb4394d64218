package content

import (
	"reflect"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/locale"
)

// The cover messages say the same in every language the back-office
// speaks, none left empty.
func TestCoverCatalogueComplete(t *testing.T) {
	want := reflect.ValueOf(access.In("en").Covers)
	for _, lang := range []locale.Locale{locale.En, locale.Ar} {
		v := reflect.ValueOf(access.In(lang).Covers)
		for i := range v.NumField() {
			name, text := v.Type().Field(i).Name, v.Field(i).String()
			if text == "" {
				t.Errorf("%s: %s is empty", lang, name)
			}
			if got, en := strings.Count(text, "%d"), strings.Count(want.Field(i).String(), "%d"); got != en {
				t.Errorf("%s: %s has %d numbers, English %d", lang, name, got, en)
			}
		}
	}
	if access.In(locale.Ar).Covers == access.In(locale.En).Covers {
		t.Error("covers speak one language, the back-office two")
	}
}
