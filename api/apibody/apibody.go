// Package apibody reads the bodies of the JSON API's requests: JSON,
// form-encoded or multipart, into a struct of plain fields named by their
// json tags, within a size limit. The legacy API sent form data where ours
// sends JSON, so every endpoint accepts both.
package apibody

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v4"
)

// MaxBytes is the largest body Decode reads.
const MaxBytes = 64 << 10

// ErrUnreadable is a body the server cannot read; ErrTooLarge one over the limit.
var (
	ErrUnreadable = errors.New("apibody: unreadable body")
	ErrTooLarge   = errors.New("apibody: body too large")
)

// Decode reads a JSON, form-encoded or multipart body of at most MaxBytes
// into dst, a pointer to a struct of string, Bool and List fields named by
// their json tags. Unknown fields are ignored; an empty body leaves dst as
// it is.
func Decode(c echo.Context, dst any) error {
	r := c.Request()
	if r.ContentLength > MaxBytes {
		return ErrTooLarge
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, MaxBytes)
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mediaType {
	case "application/x-www-form-urlencoded", "multipart/form-data":
		var err error
		if mediaType == "multipart/form-data" {
			err = r.ParseMultipartForm(MaxBytes)
		} else {
			err = r.ParseForm()
		}
		if err != nil {
			return Classify(err)
		}
		FillFromForm(dst, r.PostForm)
		if r.MultipartForm != nil {
			FillFromForm(dst, r.MultipartForm.Value)
		}
		return nil
	default:
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return Classify(err)
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return nil
		}
		if err := json.Unmarshal(body, dst); err != nil {
			return ErrUnreadable
		}
		return nil
	}
}

// Classify maps an error met while reading a body to ErrTooLarge (the
// limit was hit) or ErrUnreadable (anything else).
func Classify(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, ErrTooLarge) {
		return ErrTooLarge
	}
	return ErrUnreadable
}

// FillFromForm copies form values into the string, Bool and List fields of
// dst named by their json tags; a List also takes the values of "name[]".
func FillFromForm(dst any, values map[string][]string) {
	v := reflect.ValueOf(dst).Elem()
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		vals := values[name]
		f := v.Field(i)
		switch f.Interface().(type) {
		case string:
			if len(vals) > 0 {
				f.SetString(vals[0])
			}
		case Bool:
			if len(vals) > 0 {
				f.Set(reflect.ValueOf(ParseBool(vals[0])))
			}
		case List:
			all := append(append([]string{}, vals...), values[name+"[]"]...)
			if len(all) > 0 {
				f.Set(reflect.ValueOf(List(all)))
			}
		}
	}
}

// Bool accepts true/false as JSON booleans, numbers or the strings a form
// sends ("true", "on", "1", "yes").
type Bool bool

// UnmarshalJSON reads a boolean, a string or a number.
func (b *Bool) UnmarshalJSON(data []byte) error {
	switch s := strings.TrimSpace(string(data)); s {
	case "true", "1":
		*b = true
	case "false", "0", "null", `""`:
		*b = false
	default:
		var str string
		if err := json.Unmarshal(data, &str); err != nil {
			return err
		}
		*b = ParseBool(str)
	}
	return nil
}

// ParseBool reads a form's checkbox or boolean value.
func ParseBool(s string) Bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "on", "1", "yes":
		return true
	}
	return false
}

// List accepts a JSON array of strings or a single string.
type List []string

// UnmarshalJSON reads an array of strings, one string or null.
func (l *List) UnmarshalJSON(data []byte) error {
	if strings.TrimSpace(string(data)) == "null" {
		*l = nil
		return nil
	}
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = List{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return err
	}
	*l = many
	return nil
}
