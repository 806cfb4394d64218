package content_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// imageField names the content fields that hold a path under web/site/images.
var imageField = regexp.MustCompile(`^(image|hoverImage|backgroundImage|src)$`)

// TestContentImagesExist checks that every picture the content names is a
// drawing under web/site/images, where the web build picks it up: a typo
// would leave an empty space on the page.
func TestContentImagesExist(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "web", "site", "images"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range contentFiles(t, "pages") {
		walkStrings(f.value, "", func(path, s string) {
			if !imageField.MatchString(path[strings.LastIndex(path, ".")+1:]) {
				return
			}
			checked++
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(s))); err != nil {
				t.Errorf("%s: %s names %s, which is not under web/site/images", f.name, path, s)
			}
		})
	}
	if checked < 4*(1+2*5+43) {
		t.Fatalf("only %d image paths checked; the home pages name more", checked)
	}
}
