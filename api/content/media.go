package content

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"noorvale.example/site/api/locale"
)

// The media library's items as running text names them: a picture by its
// id in an image node, a document by the address of its file in a link.

// LibraryPath is where the library's files are served: LibraryPath + id +
// "/" + file.
const LibraryPath = "/media/library/"

// The kinds of library item running text may name.
const (
	MediaImage    = "image"
	MediaDocument = "document"
)

var (
	mediaIDPattern   = regexp.MustCompile(`^[a-z2-7]{24}$`)
	mediaFilePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,99}$`)
)

// ValidMediaID reports whether id has the form of a library item's id: 24
// lower-case letters and digits 2 to 7.
func ValidMediaID(id string) bool { return mediaIDPattern.MatchString(id) }

// ValidMediaFile reports whether name has the form of a library file's name.
func ValidMediaFile(name string) bool {
	return mediaFilePattern.MatchString(name) && !strings.Contains(name, "..")
}

// LibraryFile reads the item's id and the file's name from the address of
// a library file, "/media/library/<id>/<file>", with nothing after it.
func LibraryFile(href string) (id, file string, ok bool) {
	rest, found := strings.CutPrefix(href, LibraryPath)
	if !found {
		return "", "", false
	}
	id, file, found = strings.Cut(rest, "/")
	if !found || !ValidMediaID(id) || !ValidMediaFile(file) {
		return "", "", false
	}
	return id, file, true
}

// MediaRef is a library item a text names: at Path (the field, as a
// Problem names it), a picture (Kind MediaImage) or a document's File.
type MediaRef struct {
	Path string
	ID   string
	Kind string
	File string // a document's file; "" for a picture
}

// ProseMedia lists the library items the running text of a content body
// names, in the order they appear: the pictures of image nodes and the
// documents links point at. A body that is not JSON names none.
func ProseMedia(body string) []MediaRef {
	var v any
	if json.Unmarshal([]byte(body), &v) != nil {
		return nil
	}
	var out []MediaRef
	var walk func(path string, v any, inDoc bool)
	walk = func(path string, v any, inDoc bool) {
		switch x := v.(type) {
		case map[string]any:
			if !inDoc && x["type"] == "doc" {
				inDoc = true
			}
			if inDoc {
				out = append(out, nodeMedia(path, x)...)
				if list, ok := x["content"].([]any); ok {
					for _, el := range list {
						walk(path, el, true)
					}
				}
				return
			}
			for k, el := range x {
				walk(joinWhere(path, k), el, false)
			}
		case []any:
			for i, el := range x {
				walk(path+"["+strconv.Itoa(i)+"]", el, false)
			}
		}
	}
	walk("", v, false)
	return out
}

// nodeMedia is what one node of a document names.
func nodeMedia(path string, n map[string]any) []MediaRef {
	switch n["type"] {
	case "image":
		attrs, _ := n["attrs"].(map[string]any)
		if id, ok := attrs["media"].(string); ok {
			return []MediaRef{{Path: path, ID: id, Kind: MediaImage}}
		}
	case "text":
		marks, _ := n["marks"].([]any)
		for _, el := range marks {
			m, _ := el.(map[string]any)
			attrs, _ := m["attrs"].(map[string]any)
			href, _ := attrs["href"].(string)
			if id, file, ok := LibraryFile(href); m["type"] == "link" && ok {
				return []MediaRef{{Path: path, ID: id, Kind: MediaDocument, File: file}}
			}
		}
	}
	return nil
}

// MediaFile is one file of a picture as pages show it.
type MediaFile struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// Media is what a page needs of a library item its text names: for a
// picture its size, files and alt text by language; for a document its
// size in bytes.
type Media struct {
	Kind   string            `json:"kind" tstype:"'image' | 'document'"`
	Width  int               `json:"width,omitempty"`
	Height int               `json:"height,omitempty"`
	Bytes  int64             `json:"bytes"`
	Alt    map[string]string `json:"alt,omitempty"`
	Files  []MediaFile       `json:"files"`
}

// MediaIDs returns the ids of the library items the catalogue's texts
// name, each once.
func (c *Catalog) MediaIDs() []string {
	seen := map[string]bool{}
	var out []string
	for _, byLocale := range c.texts {
		for _, t := range byLocale {
			for _, id := range t.media {
				if !seen[id] {
					seen[id] = true
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// WithMedia returns the catalogue with the library items its texts name,
// by id, as the store describes them; an id missing from media is not
// shown.
func (c *Catalog) WithMedia(media map[string]Media) *Catalog {
	out := *c
	out.media = media
	return &out
}

// Media returns the library items a page's text in a language names (the
// English text's where the language has none), by id; nil when it names
// none that the library holds.
func (c *Catalog) Media(p *Page, loc locale.Locale) map[string]Media {
	t, _ := c.lookup(p.Route, loc)
	if t == nil {
		return nil
	}
	var out map[string]Media
	for _, id := range t.media {
		if m, ok := c.media[id]; ok {
			if out == nil {
				out = map[string]Media{}
			}
			out[id] = m
		}
	}
	return out
}
