package admin

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// messages are the back-office's sentences (locale.Admin) beside the ones
// every API answers with, in one language.
type messages struct {
	*locale.Admin
	*endpoint.Messages
}

// messagesIn returns the sentences in l. The back-office speaks English and
// Arabic; a staff member whose browser asks for another language reads
// English, the API's general sentences too.
func messagesIn(l locale.Locale) *messages {
	if l != locale.Ar {
		l = locale.En
	}
	return &messages{Admin: &locale.For(l).Admin, Messages: endpoint.For(l)}
}

// msgsOf returns the sentences in the language of the request.
func msgsOf(c echo.Context) *messages { return messagesIn(endpoint.Locale(c.Request())) }

func sprintf(format string, n int) string { return fmt.Sprintf(format, n) }
