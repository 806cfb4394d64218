package content_test

import (
	"encoding/json"
	"io/fs"
	"testing"

	"noorvale.example/site/api/content"
)

// A vacancy's pay range is optional, in a listed currency, a month or a
// year, and never runs downwards.
func TestCheckItemPayRange(t *testing.T) {
	data, err := fs.ReadFile(content.SeedFS(), "collections/en/vacancies/iso-lead-implementer-dubai.json")
	if err != nil {
		t.Fatal(err)
	}
	with := func(salary any) []byte {
		t.Helper()
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if salary == nil {
			delete(v, "baseSalary")
		} else {
			v["baseSalary"] = salary
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	pay := func(currency string, low, high int, unit string) map[string]any {
		return map[string]any{"currency": currency, "min": low, "max": high, "unit": unit}
	}
	tests := []struct {
		name   string
		body   []byte
		path   string // the field refused, "" for none
		reason string
	}{
		{name: "the seeded range", body: data},
		{name: "no range", body: with(nil)},
		{name: "one figure", body: with(pay("GBP", 9000, 9000, "month"))},
		{name: "a range running downwards", body: with(pay("AED", 38000, 30000, "month")), path: "baseSalary.max", reason: content.ProblemRange},
		{name: "a week", body: with(pay("AED", 3000, 4000, "week")), path: "baseSalary.unit", reason: content.ProblemEnum},
		{name: "a currency not listed", body: with(pay("XYZ", 3000, 4000, "year")), path: "baseSalary.currency", reason: content.ProblemEnum},
		{name: "no upper figure", body: with(map[string]any{"currency": "EGP", "min": 1, "unit": "year"}), path: "baseSalary.max", reason: content.ProblemMissing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems, err := content.CheckItemFile("vacancies", tt.body)
			if err != nil {
				t.Fatal(err)
			}
			if tt.path == "" {
				if len(problems) > 0 {
					t.Fatalf("refused: %v", problems)
				}
				return
			}
			if len(problems) != 1 || problems[0].Path != tt.path || problems[0].Code != tt.reason {
				t.Fatalf("problems %v, want %s at %s", problems, tt.reason, tt.path)
			}
		})
	}
}
