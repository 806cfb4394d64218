package forms

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// envelope is the API's one answer shape.
type envelope struct {
	IsSuccess bool              `json:"isSuccess"`
	Data      any               `json:"data"`
	Message   string            `json:"message,omitempty"`
	Errors    map[string]string `json:"errors,omitempty"`
}

// Body limits.
const (
	maxJSONBody = 64 << 10            // a JSON or form-encoded body
	maxCVBytes  = 5 << 20             // the CV file itself
	maxUpload   = maxCVBytes + 64<<10 // a multipart application: the CV plus the other fields
)

func answer(c echo.Context, status int, e envelope) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(status, e)
}

// ok answers success with data and a message.
func ok(c echo.Context, data any, message string) error {
	return answer(c, http.StatusOK, envelope{IsSuccess: true, Data: data, Message: message})
}

// fail answers a failure with a message.
func fail(c echo.Context, status int, message string) error {
	return answer(c, status, envelope{Message: message})
}

// invalid answers 400 with a message per field.
func invalid(c echo.Context, m *messages, errs map[string]string) error {
	return answer(c, http.StatusBadRequest, envelope{Message: m.FixFields, Errors: errs})
}

// tooMany answers 429 with Retry-After.
func tooMany(c echo.Context, message string, retry time.Duration) error {
	secs := int((retry + time.Second - 1) / time.Second)
	c.Response().Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	return fail(c, http.StatusTooManyRequests, message)
}

// errDecode is a body the server cannot read; errTooLarge one over the limit.
var (
	errDecode   = errors.New("forms: unreadable body")
	errTooLarge = errors.New("forms: body too large")
)

// decode reads a JSON or form-encoded body of at most 64 KB into dst, a
// pointer to a struct of string, flexBool and stringList fields named by
// their json tags. Unknown fields are ignored.
func decode(c echo.Context, dst any) error {
	r := c.Request()
	if r.ContentLength > maxJSONBody {
		return errTooLarge
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxJSONBody)
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mediaType {
	case "application/x-www-form-urlencoded", "multipart/form-data":
		var err error
		if mediaType == "multipart/form-data" {
			err = r.ParseMultipartForm(maxJSONBody)
		} else {
			err = r.ParseForm()
		}
		if err != nil {
			return bodyError(err)
		}
		fillFromForm(dst, r.PostForm)
		if r.MultipartForm != nil {
			fillFromForm(dst, r.MultipartForm.Value)
		}
		return nil
	default:
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return bodyError(err)
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return nil
		}
		if err := json.Unmarshal(body, dst); err != nil {
			return errDecode
		}
		return nil
	}
}

func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, errTooLarge) {
		return errTooLarge
	}
	return errDecode
}

// decodeFailed answers a decode error.
func decodeFailed(c echo.Context, m *messages, err error) error {
	if errors.Is(err, errTooLarge) {
		return fail(c, http.StatusRequestEntityTooLarge, m.BodyTooLarge)
	}
	return fail(c, http.StatusBadRequest, m.BadRequest)
}

// fillFromForm copies form values into the fields of dst named by their
// json tags; a list also takes the values of "name[]".
func fillFromForm(dst any, values map[string][]string) {
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
		case flexBool:
			if len(vals) > 0 {
				f.Set(reflect.ValueOf(parseFlexBool(vals[0])))
			}
		case stringList:
			all := append(append([]string{}, vals...), values[name+"[]"]...)
			if len(all) > 0 {
				f.Set(reflect.ValueOf(stringList(all)))
			}
		}
	}
}

// flexBool accepts true/false as JSON booleans or as the strings a form
// sends ("true", "on", "1").
type flexBool bool

// UnmarshalJSON reads a boolean, a string or a number.
func (b *flexBool) UnmarshalJSON(data []byte) error {
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
		*b = parseFlexBool(str)
	}
	return nil
}

func parseFlexBool(s string) flexBool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "on", "1", "yes":
		return true
	}
	return false
}

// stringList accepts a JSON array of strings or a single string.
type stringList []string

// UnmarshalJSON reads an array of strings, one string or null.
func (l *stringList) UnmarshalJSON(data []byte) error {
	if strings.TrimSpace(string(data)) == "null" {
		*l = nil
		return nil
	}
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = stringList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return err
	}
	*l = many
	return nil
}
