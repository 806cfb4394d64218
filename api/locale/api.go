package locale

import "fmt"

// API holds what every JSON API answers the same way: the general answers
// and the messages under a field that fails a shared rule. The account,
// forms and back-office APIs all use it, so a field is "required" in the
// same words everywhere.
type API struct {
	FixFields          string `json:"fixFields"`          // 400 with a message per field
	BadRequest         string `json:"badRequest"`         // a body that cannot be read
	BodyTooLarge       string `json:"bodyTooLarge"`       // 413
	UnsupportedBody    string `json:"unsupportedBody"`    // 415
	CaptchaRequired    string `json:"captchaRequired"`    // the captcha is missing or wrong
	CaptchaUnavailable string `json:"captchaUnavailable"` // a hosted captcha provider cannot be asked
	Unavailable        string `json:"unavailable"`        // 503: the database did not answer in time

	// Field errors.
	Required       string `json:"required"`
	TooLong        string `json:"tooLong"` // %d characters
	InvalidChars   string `json:"invalidChars"`
	InvisibleChars string `json:"invisibleChars"` // a name with format characters
	EmailInvalid   string `json:"emailInvalid"`
	PhoneInvalid   string `json:"phoneInvalid"`
}

// TooLongFor is the TooLong message for a limit of n characters.
func (m *API) TooLongFor(n int) string { return fmt.Sprintf(m.TooLong, n) }
