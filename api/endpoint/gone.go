package endpoint

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// StatusClientGone is what the access log and the metrics record for a
// request whose client went away before it was answered (nginx's 499). The
// client, if it still reads, is answered 400: 499 is no HTTP status.
const StatusClientGone = 499

const goneKey = "endpoint.clientGone"

// ClientGone reports whether the client of r closed or half-closed its
// connection: the server cancels a request's context when it reads the end
// of the connection, and nothing else cancels it while a handler runs. A
// deadline the server set passing is not the client going.
func ClientGone(r *http.Request) bool { return errors.Is(r.Context().Err(), context.Canceled) }

// Gone answers a request whose client went away: 400 with the message of
// an unreadable request, recorded as StatusClientGone. Nothing failed on
// the server's side, so nothing is logged as an error.
func Gone(c echo.Context, message string) error {
	MarkGone(c)
	return Fail(c, http.StatusBadRequest, message)
}

// MarkGone records c as a request whose client went away, for an answer
// written otherwise than by Gone (a page).
func MarkGone(c echo.Context) { c.Set(goneKey, true) }

// RecordedStatus is the status the logs and metrics record for c, once
// answered: StatusClientGone when Gone answered it, else the status sent.
func RecordedStatus(c echo.Context) int {
	if gone, _ := c.Get(goneKey).(bool); gone {
		return StatusClientGone
	}
	return c.Response().Status
}
