package server

import (
	"encoding/json"
	"os"
	"testing"
)

// localPathCase is one case of testdata/local-paths.json, the table the
// browser's normalizeLocalPath is tested against too: out is null for a
// value that is not a local path.
type localPathCase struct {
	In  string  `json:"in"`
	Out *string `json:"out"`
	Why string  `json:"why"`
}

func loadLocalPathCases(t *testing.T) []localPathCase {
	t.Helper()
	data, err := os.ReadFile("testdata/local-paths.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []localPathCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Fatalf("only %d cases in testdata/local-paths.json", len(cases))
	}
	return cases
}

func TestNormalizeLocalPath(t *testing.T) {
	for _, tc := range loadLocalPathCases(t) {
		t.Run(tc.Why, func(t *testing.T) {
			got, ok := NormalizeLocalPath(tc.In)
			switch {
			case tc.Out == nil && ok:
				t.Fatalf("NormalizeLocalPath(%q) = %q, want it refused", tc.In, got)
			case tc.Out != nil && (!ok || got != *tc.Out):
				t.Fatalf("NormalizeLocalPath(%q) = %q, %v; want %q", tc.In, got, ok, *tc.Out)
			}
			want := "/"
			if tc.Out != nil {
				want = *tc.Out
			}
			if got := SafeReturnPath(tc.In); got != want {
				t.Fatalf("SafeReturnPath(%q) = %q, want %q", tc.In, got, want)
			}
			// Normal is a fixed point.
			if ok {
				if again, ok := NormalizeLocalPath(got); !ok || again != got {
					t.Fatalf("NormalizeLocalPath(%q) = %q, %v: a normal path changed", got, again, ok)
				}
			}
		})
	}
}
