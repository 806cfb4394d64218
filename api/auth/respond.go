package auth

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/apibody"
)

// envelope is the API's one answer shape.
type envelope struct {
	IsSuccess bool              `json:"isSuccess"`
	Data      any               `json:"data"`
	Message   string            `json:"message,omitempty"`
	Errors    map[string]string `json:"errors,omitempty"`
}

// maxJSONBody is the largest body a JSON or form endpoint reads.
const maxJSONBody = apibody.MaxBytes

// flags is the data of a failure that tells the client what to show.
type flags map[string]bool

func answer(c echo.Context, status int, e envelope) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	return c.JSON(status, e)
}

// ok answers success with data and an optional message.
func ok(c echo.Context, data any, message string) error {
	return answer(c, http.StatusOK, envelope{IsSuccess: true, Data: data, Message: message})
}

// fail answers a failure with a message and, optionally, data.
func fail(c echo.Context, status int, message string, data any) error {
	return answer(c, status, envelope{Data: data, Message: message})
}

// invalid answers 400 with a message per field.
func invalid(c echo.Context, m *messages, errs map[string]string) error {
	return answer(c, http.StatusBadRequest, envelope{Message: m.FixFields, Errors: errs})
}

// tooMany answers 429 with Retry-After.
func tooMany(c echo.Context, message string, retry time.Duration) error {
	secs := int((retry + time.Second - 1) / time.Second)
	c.Response().Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	return fail(c, http.StatusTooManyRequests, message, nil)
}

// The request bodies are read by api/apibody; these names keep the
// handlers short.
type (
	flexBool   = apibody.Bool
	stringList = apibody.List
)

var (
	errDecode    = apibody.ErrUnreadable
	errTooLarge  = apibody.ErrTooLarge
	decode       = apibody.Decode
	bodyError    = apibody.Classify
	fillFromForm = apibody.FillFromForm
)

// decodeFailed answers a decode error.
func decodeFailed(c echo.Context, m *messages, err error) error {
	if errors.Is(err, errTooLarge) {
		return fail(c, http.StatusRequestEntityTooLarge, m.BodyTooLarge, nil)
	}
	return fail(c, http.StatusBadRequest, m.BadRequest, nil)
}
