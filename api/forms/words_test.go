package forms

import (
	"testing"
	"time"

	"noorvale.example/site/api/locale"
)

// Every office, form and publication type the site has is named in every
// language, so no e-mail or PDF shows an empty word.
func TestEveryKeyHasItsWords(t *testing.T) {
	for _, l := range locale.All {
		m := &locale.For(l).Forms
		for office := range officeNames {
			if officeName(m, office) == "" {
				t.Errorf("%s: office %s has no name", l, office)
			}
		}
		for _, kind := range Kinds {
			if replyTopic(m, kind) == "" {
				t.Errorf("%s: form %s has no reply topic", l, kind)
			}
		}
		for _, typ := range []string{"Guide", "White paper", "Checklist", "Report"} {
			if pubType(m, typ) == "" {
				t.Errorf("%s: publication type %s has no name", l, typ)
			}
		}
	}
}

func TestDateTime(t *testing.T) {
	at := time.Date(2027, time.February, 17, 13, 5, 0, 0, time.FixedZone("", 3*3600+1800))
	tests := []struct {
		loc  locale.Locale
		want string
	}{
		{locale.En, "17 February 2027, 13:05 (UTC+3:30)"},
		{locale.Nl, "17 februari 2027, 13.05 uur (UTC+3:30)"},
		{locale.Fr, "17 février 2027 à 13\u00a0h\u00a005 (UTC+3:30)"},
		{locale.Ar, "17 فبراير 2027، الساعة 13:05 (UTC+3:30)"},
	}
	for _, tt := range tests {
		t.Run(string(tt.loc), func(t *testing.T) {
			if got := dateTime(&locale.For(tt.loc).Forms, at); got != tt.want {
				t.Fatalf("dateTime = %q, want %q", got, tt.want)
			}
		})
	}
}
