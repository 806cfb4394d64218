package endpoint

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

// Body is a kind of request body an endpoint may accept.
type Body uint8

// The bodies an endpoint may declare.
const (
	JSON      Body = 1 << iota // application/json
	Form                       // application/x-www-form-urlencoded
	Multipart                  // multipart/form-data
)

// ErrUnreadable is a body the server cannot read; ErrTooLarge one over the
// limit; ErrUnsupported one of a type the endpoint does not take.
var (
	ErrUnreadable  = errors.New("endpoint: unreadable body")
	ErrTooLarge    = errors.New("endpoint: body too large")
	ErrUnsupported = errors.New("endpoint: unsupported body type")
)

const acceptsKey = "endpoint.accepts"

// Accepts declares the bodies a route takes. A request with a body of
// another type (or of no declared type at all) is answered 415 before
// anything else runs, so a cross-site text/plain post or an XML body never
// reaches a handler. A request without a body passes.
func Accepts(kinds ...Body) echo.MiddlewareFunc {
	var set Body
	for _, k := range kinds {
		set |= k
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if _, err := bodyKind(c.Request(), set); err != nil {
				return RefuseBody(c, err)
			}
			c.Set(acceptsKey, set)
			return next(c)
		}
	}
}

// bodyKind returns the kind of r's body if set allows it, 0 for no body.
func bodyKind(r *http.Request, set Body) (Body, error) {
	ct := r.Header.Get("Content-Type")
	if ct == "" && r.ContentLength == 0 {
		return 0, nil
	}
	mediaType, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return 0, ErrUnsupported
	}
	var kind Body
	switch mediaType {
	case "application/json":
		kind = JSON
	case "application/x-www-form-urlencoded":
		kind = Form
	case "multipart/form-data":
		kind = Multipart
	default:
		return 0, ErrUnsupported
	}
	if set&kind == 0 {
		return 0, ErrUnsupported
	}
	return kind, nil
}

// accepted returns the bodies the route declared with Accepts.
func accepted(c echo.Context) Body {
	set, _ := c.Get(acceptsKey).(Body)
	return set
}

// Decode reads a body of a kind the route declared with Accepts, of at
// most MaxBytes, into dst, a pointer to a struct of string, Bool and List
// fields named by their json tags. Unknown fields are ignored; an empty
// body leaves dst as it is.
func Decode(c echo.Context, dst any) error {
	r := c.Request()
	kind, err := bodyKind(r, accepted(c))
	if err != nil {
		return err
	}
	if r.ContentLength > MaxBytes {
		return ErrTooLarge
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, MaxBytes)
	switch kind {
	case Form, Multipart:
		if kind == Multipart {
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
// limit was hit), ErrUnsupported, or ErrUnreadable (anything else: a body
// cut short among them).
func Classify(err error) error {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || errors.Is(err, ErrTooLarge):
		return ErrTooLarge
	case errors.Is(err, ErrUnsupported):
		return ErrUnsupported
	}
	return ErrUnreadable
}

// RefuseBody answers an error of Decode: 413, 415 or 400, in the
// visitor's language. A body cut short because its client went away is
// answered 400 too, and recorded as such (see Gone).
func RefuseBody(c echo.Context, err error) error {
	m := Lookup(c.Request())
	switch Classify(err) {
	case ErrTooLarge:
		return Fail(c, http.StatusRequestEntityTooLarge, m.BodyTooLarge)
	case ErrUnsupported:
		return Fail(c, http.StatusUnsupportedMediaType, m.UnsupportedBody)
	}
	if ClientGone(c.Request()) {
		return Gone(c, m.BadRequest)
	}
	return Fail(c, http.StatusBadRequest, m.BadRequest)
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
