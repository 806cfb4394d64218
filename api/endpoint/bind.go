package endpoint

import (
	"errors"

	"github.com/labstack/echo/v4"
)

// ErrAnswered is returned by a function that has answered the request
// itself, a refusal most often, so its caller returns at once: the
// server's error handler writes nothing more for it and logs nothing.
var ErrAnswered = errors.New("endpoint: request answered")

// Checked is a request body that checks its own fields, in the language of
// v's sentences, and keeps them as the handler uses them (trimmed,
// normalized).
type Checked interface {
	Check(v *Checker)
}

// Bind reads the body of c into a new T, as Decode reads it, and checks it
// in the visitor's language when *T is Checked. A body the route cannot
// take is answered as RefuseBody answers it, fields that fail their checks
// as Invalid answers them; either way Bind returns ErrAnswered.
func Bind[T any](c echo.Context) (T, error) { return BindIn[T](c, Lookup(c.Request())) }

// BindIn is Bind checking the fields with the sentences m: for an API that
// speaks fewer languages than the site (the back-office). A refused body is
// answered in the visitor's language all the same, as RefuseBody answers.
func BindIn[T any](c echo.Context, m *Messages) (T, error) {
	var req T
	if err := Decode(c, &req); err != nil {
		return req, Answered(RefuseBody(c, err))
	}
	if checked, ok := any(&req).(Checked); ok {
		v := NewChecker(m)
		checked.Check(v)
		if !v.OK() {
			return req, Answered(Invalid(c, v.Errs))
		}
	}
	return req, nil
}

// Answered is what a function that answered the request returns: the
// error of writing the answer, else ErrAnswered.
func Answered(err error) error {
	if err != nil {
		return err
	}
	return ErrAnswered
}
