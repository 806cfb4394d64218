package content

import (
	"bytes"
	"encoding/json"
	"errors"
)

// FieldSpec describes one field of a collection item's shape for an
// editor: the same shape the seed and the back-office check bodies with,
// so a field added to a shape is edited without code of its own.
type FieldSpec struct {
	Name     string      `json:"name"`
	Kind     string      `json:"kind" tstype:"FieldKind"` // text, texts, date, dateTime, count, enum, object, objects, routes, routeTexts, image, markup, rating, affix, cover, prose, boolean, socialImage
	Optional bool        `json:"optional,omitempty"`
	Values   []string    `json:"values,omitempty"` // an enumeration's values
	Fields   []FieldSpec `json:"fields,omitempty"` // an object's fields, or each object's in a list
	Max      int         `json:"max,omitempty"`    // a text's greatest length in characters
}

var kindNames = map[fieldKind]string{
	kindText: "text", kindTexts: "texts", kindDate: "date", kindDateTime: "dateTime", kindCount: "count",
	kindEnum: "enum", kindObject: "object", kindObjects: "objects", kindRoutes: "routes",
	kindRouteTexts: "routeTexts", kindImage: "image", kindMarkup: "markup", kindRating: "rating", kindAffix: "affix", kindCover: "cover", kindProse: "prose",
	kindBool: "boolean", kindSocial: "socialImage",
}

func (s shape) describe() []FieldSpec {
	out := make([]FieldSpec, len(s))
	for i, f := range s {
		out[i] = FieldSpec{Name: f.name, Kind: kindNames[f.kind], Optional: f.optional, Values: f.values, Max: f.max}
		if len(f.fields) > 0 {
			out[i].Fields = f.fields.describe()
		}
	}
	return out
}

// ItemShape describes the fields of an item of a collection; ok is false
// for a name that is not a collection.
func ItemShape(collection string) (fields []FieldSpec, ok bool) {
	s, ok := itemShapes[collection]
	if !ok {
		return nil, false
	}
	return s.describe(), true
}

// IsCollection reports whether name is one of the site's collections.
func IsCollection(name string) bool { return collectionNamed(name) != nil }

// ValidSlug reports whether slug has the form of an item's slug.
func ValidSlug(slug string) bool { return len(slug) <= maxSlug && slugPattern.MatchString(slug) }

// ErrNotAnObject is returned by CheckItem for a body that is not one JSON object.
var ErrNotAnObject = errors.New("content: the body is not a JSON object")

// CheckItem checks an item's body against its collection's shape, as the
// seed checks a file, and returns it compacted with what is wrong with it.
func CheckItem(collection string, body []byte) (compact string, problems []Problem, err error) {
	s, ok := itemShapes[collection]
	if !ok {
		return "", nil, errors.New("content: no such collection: " + collection)
	}
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil || v == nil {
		return "", nil, ErrNotAnObject
	}
	if problems := s.check(v); len(problems) > 0 {
		return "", problems, nil
	}
	if problems := rangeProblems(v); len(problems) > 0 {
		return "", problems, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, body); err != nil {
		return "", nil, ErrNotAnObject
	}
	return buf.String(), nil, nil
}

// CheckItemFile checks an item's body as a content file holds it, where
// running text may keep its short form (a list of paragraphs, or a blog's
// sections), and returns it compacted with that text as document trees,
// as the seed stores it.
func CheckItemFile(collection string, body []byte) (compact string, problems []Problem, err error) {
	s, ok := itemShapes[collection]
	if !ok {
		return "", nil, errors.New("content: no such collection: " + collection)
	}
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil || v == nil {
		return "", nil, ErrNotAnObject
	}
	s.normalizeProse(v)
	tree, err := json.Marshal(v)
	if err != nil {
		return "", nil, ErrNotAnObject
	}
	return CheckItem(collection, tree)
}

// rangeProblems finds what a shape cannot say of a checked body: a pay
// range whose upper figure is below its lower one, or a verification link
// that points nowhere a reader may be sent.
func rangeProblems(v map[string]any) []Problem {
	if link, ok := v["verification"].(string); ok && !SafeHref(link) {
		return []Problem{{Path: "verification", Code: ProblemLink, Value: link}}
	}
	salary, ok := v["baseSalary"].(map[string]any)
	if !ok {
		return nil
	}
	low, _ := salary["min"].(float64)
	high, _ := salary["max"].(float64)
	if high < low {
		return []Problem{{Path: "baseSalary.max", Code: ProblemRange, Value: salary["max"]}}
	}
	return nil
}
