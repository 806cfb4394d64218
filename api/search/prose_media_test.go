package search

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// A picture in running text is found by its caption; its id and a
// document link's address are no words of the page.
func TestProsePicturesGiveOnlyTheirCaptions(t *testing.T) {
	var body map[string]any
	if err := json.Unmarshal([]byte(`{"body":{"type":"doc","content":[
		{"type":"image","attrs":{"media":"abcdefghijklmnopqrstuvwx","caption":"The Cairo audit room"}},
		{"type":"image","attrs":{"media":"bcdefghijklmnopqrstuvw23"}},
		{"type":"paragraph","content":[{"type":"text","text":"Read the guide","marks":[{"type":"link","attrs":{"href":"/media/library/cdefghijklmnopqrstuvw234/guide.pdf"}}]}]}]}}`), &body); err != nil {
		t.Fatal(err)
	}
	var got texts
	got.walk("", body)
	if want := []string{"The Cairo audit room", "Read the guide"}; !slices.Equal(got.body, want) {
		t.Fatalf("body text = %q, want %q", got.body, want)
	}
	all := strings.Join(append(append(got.body, got.headings...), got.tags...), " ")
	for _, id := range []string{"abcdefghijklmnopqrstuvwx", "bcdefghijklmnopqrstuvw23", "cdefghijklmnopqrstuvw234"} {
		if strings.Contains(all, id) {
			t.Errorf("the text holds the id %s", id)
		}
	}
}
