// Package endpoint is what every JSON API endpoint of the site shares: the
// answer envelope ({isSuccess, data, message, errors}, with requestId on a
// failure), the bodies a route accepts and how a handler opens on one
// (Bind: read, checked, or refused once), the field checker and its
// messages in the visitor's language, the per-address rate-limit keys and
// the captcha gate.
// The account, forms and captcha APIs and the server's error handler all
// answer through it, so a rule changed here changes for every endpoint.
package endpoint

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
)

// Envelope is the API's one answer shape.
type Envelope struct {
	IsSuccess bool              `json:"isSuccess"`
	Data      any               `json:"data"`
	Message   string            `json:"message,omitempty"`
	Errors    map[string]string `json:"errors,omitempty"`
	// RequestID names the request in the server's logs, on failures only:
	// what a visitor quotes when they report one.
	RequestID string `json:"requestId,omitempty"`
}

// Answer writes e with status. API answers are never cached, and a
// browser that navigates to one saves it as a file instead of showing it,
// so no answer, whatever a visitor put in it, is ever read as a page. A
// failure carries the request's id, which the server set in the
// X-Request-Id header before any handler ran.
func Answer(c echo.Context, status int, e Envelope) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", "attachment")
	if !e.IsSuccess && e.RequestID == "" {
		e.RequestID = h.Get("X-Request-Id")
	}
	return c.JSON(status, e)
}

// OK answers success with data and an optional message.
func OK(c echo.Context, data any, message string) error {
	return Answer(c, http.StatusOK, Envelope{IsSuccess: true, Data: data, Message: message})
}

// Fail answers a failure with a message.
func Fail(c echo.Context, status int, message string) error {
	return Answer(c, status, Envelope{Message: message})
}

// FailWith answers a failure with a message and data that tells the
// client what to show (flags such as captchaRequired).
func FailWith(c echo.Context, status int, message string, data any) error {
	return Answer(c, status, Envelope{Data: data, Message: message})
}

// Invalid answers 400 with a message per field.
func Invalid(c echo.Context, errs map[string]string) error {
	return InvalidWith(c, errs, nil)
}

// InvalidWith answers 400 with a message per field and data that tells the
// client what to show (flags such as captchaSpent).
func InvalidWith(c echo.Context, errs map[string]string, data any) error {
	return Answer(c, http.StatusBadRequest, Envelope{Data: data, Message: Lookup(c.Request()).FixFields, Errors: errs})
}

// TooMany answers 429 with message and Retry-After in whole seconds.
func TooMany(c echo.Context, message string, retry time.Duration) error {
	c.Response().Header().Set("Retry-After", RetryAfter(retry))
	return Fail(c, http.StatusTooManyRequests, message)
}

// UnavailableRetry is the Retry-After of an answer refused because the
// database did not answer: long enough for a restarted database or a
// released lock, short enough that a visitor who waits is not kept long.
const UnavailableRetry = 5 * time.Second

// Unavailable answers 503 with Retry-After: the database did not answer in
// time (store.Unavailable), so nothing was done and the same request may
// be sent again.
func Unavailable(c echo.Context) error {
	c.Response().Header().Set("Retry-After", RetryAfter(UnavailableRetry))
	return Fail(c, http.StatusServiceUnavailable, Lookup(c.Request()).Unavailable)
}

// RetryAfter writes a wait as the Retry-After header does: whole seconds,
// rounded up, at least one.
func RetryAfter(d time.Duration) string {
	secs := int((d + time.Second - 1) / time.Second)
	return strconv.Itoa(max(secs, 1))
}

// Flags is the data of a failure that tells the client what to show.
type Flags map[string]bool

// CaptchaRequired answers 400 asking for the captcha.
func CaptchaRequired(c echo.Context) error {
	m := Lookup(c.Request())
	return Answer(c, http.StatusBadRequest, Envelope{
		Data: Flags{"captchaRequired": true}, Message: m.CaptchaRequired,
		Errors: map[string]string{"captcha": m.CaptchaRequired},
	})
}

// Locale is the language of an answer: the lang query parameter, else the
// browser's Accept-Language.
func Locale(r *http.Request) locale.Locale {
	if l, ok := locale.Parse(r.URL.Query().Get("lang")); ok {
		return l
	}
	return locale.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// Messages is what every API answers the same way, in one language: the
// catalogue's API section.
type Messages = locale.API

// For returns the shared messages of a locale, English for an unknown one.
func For(l locale.Locale) *Messages { return &locale.For(l).API }

// Lookup returns the shared messages in the language of r.
func Lookup(r *http.Request) *Messages { return For(Locale(r)) }
