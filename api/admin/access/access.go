// Package access is who is signed in to the back-office and what they may
// do: the roles and their permissions, the staff session behind its
// cookie, the middleware that asks for a sign-in stage, a permission or a
// freshly proven second factor, and the sentences the back-office answers
// in, in the reader's language.
package access

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// Messages are the back-office's sentences (locale.Admin) beside the ones
// every API answers with, in one language.
type Messages struct {
	*locale.Admin
	*endpoint.Messages
}

// In returns the sentences in l. The back-office speaks English and
// Arabic; a staff member whose browser asks for another language reads
// English, the API's general sentences too.
func In(l locale.Locale) *Messages {
	l = Lang(l)
	return &Messages{Admin: &locale.For(l).Admin, Messages: endpoint.For(l)}
}

// Text returns the sentences in the language of the request.
func Text(c echo.Context) *Messages { return In(endpoint.Locale(c.Request())) }

// Bind reads the request's body into a new T and checks it, with the
// sentences of the request's language, as endpoint.BindIn does; it returns
// the sentences too, for the rest of the answer.
func Bind[T any](c echo.Context) (T, *Messages, error) {
	m := Text(c)
	req, err := endpoint.BindIn[T](c, m.Messages)
	return req, m, err
}

// Lang is the language the back-office answers a reader of l in: Arabic
// or English.
func Lang(l locale.Locale) locale.Locale {
	if l == locale.Ar {
		return locale.Ar
	}
	return locale.En
}

// StaffLocale is the back-office language of a request, as stored on the account.
func StaffLocale(c echo.Context) string { return string(Lang(endpoint.Locale(c.Request()))) }

// Sprintf fills a sentence's one number.
func Sprintf(format string, n int) string { return fmt.Sprintf(format, n) }
