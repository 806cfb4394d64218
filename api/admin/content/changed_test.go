package content

import (
	"strings"
	"testing"
)

func TestChangedFields(t *testing.T) {
	cases := []struct {
		before, after string
		want          string
	}{
		{`{"title":"A","body":["x"]}`, `{"title":"A","body":["x"]}`, ""},
		{`{"title":"A","body":["x"]}`, `{"body": ["x"], "title":"B"}`, "title"},
		{`{"title":"A","tags":["x"]}`, `{"title":"A","body":["y"]}`, "body,tags"},
		{`{"n":1}`, `{"n":1.0}`, ""},
	}
	for _, c := range cases {
		if got := strings.Join(changedFields(c.before, c.after), ","); got != c.want {
			t.Errorf("%s → %s: %q, want %q", c.before, c.after, got, c.want)
		}
	}
}
