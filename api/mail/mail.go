// Package mail sends the site's e-mail: messages are sealed and queued in
// the database, and a background sender renders them in the recipient's
// language and hands them to SMTP or, in development, to an outbox readable
// at /dev/mail.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Kind names an e-mail the site sends.
type Kind string

// The e-mails the site sends, with the Data each one needs.
const (
	KindConfirmEmail      Kind = "confirm-email"      // Data: "link" (absolute URL of /{lang}/auth/confirm-email/{token}), "hours" ("24")
	KindAlreadyRegistered Kind = "already-registered" // Data: "loginLink", "resetLink" (absolute URLs)
	KindResetCode         Kind = "reset-code"         // Data: "code" (6 digits), "minutes" ("10")
	KindPasswordChanged   Kind = "password-changed"   // Data: "resetLink"
	KindAccountDeleted    Kind = "account-deleted"    // Data: none
	KindResetPaused       Kind = "reset-paused"       // Data: "hours" ("24")

	// A staff member's notice that their back-office account's second-factor
	// step was locked after wrong tries.
	KindStaffFactorLocked Kind = "staff-factor-locked" // Data: "tries" ("10"), "until" ("2026-11-25 09:15 UTC")
	// A staff member's one-time link to set up a second factor, after an
	// administrator reset theirs or for an account that has none.
	KindStaffEnrolLink Kind = "staff-enrol-link" // Data: "link" (absolute URL of /admin/enrol#{token}), "hours" ("24")
	// A staff member's notification about their work (a new lead, an
	// assignment, an outdated translation, a schedule), and the day's
	// notifications in one digest. They name items by number and title,
	// never by what a visitor wrote.
	KindStaffNotice Kind = "staff-notice" // Data: "notice" (the sentence, in the message's language), "link" (absolute URL of the item in the back-office)
	KindStaffDigest Kind = "staff-digest" // Data: "count", "lines" (a sentence and its link per notification, up to 64 KB), "link" (absolute URL of the notifications)
	// An invitation to join the back-office, and a staff member's one-time
	// link to choose a new password.
	KindStaffInvitation    Kind = "staff-invitation"     // Data: "link" (absolute URL of /admin/join#{token}), "inviter" (a name), "hours" ("48")
	KindStaffPasswordReset Kind = "staff-password-reset" // Data: "link" (absolute URL of /admin/password#{token}), "minutes" ("30")

	// Requests: a Completer writes the e-mail a request asks for, or finds
	// there is none to write, when the sender is about to send it rather
	// than when a visitor asks, so that asking costs the same whether or
	// not an account has the address.
	KindResetRequest   Kind = "reset-request"   // Data: "asked" (Unix milliseconds); becomes a KindResetCode, or nothing
	KindConfirmRequest Kind = "confirm-request" // Data: none; becomes a KindConfirmEmail, or nothing

	// The forms: a notification to the firm's inbox (always in English) and
	// a confirmation to the visitor in their language, one kind per form. A
	// confirmation goes to an address anyone may have typed, so it carries
	// nothing the visitor wrote (a subject, a message).
	KindFormNotification       Kind = "form-notification"             // Data: "form" (its English name), "reference", "fields" ("Label: value" lines, up to 64 KB)
	KindFormConfirmProposal    Kind = "form-confirmation-proposal"    // Data: none
	KindFormConfirmInquiry     Kind = "form-confirmation-inquiry"     // Data: none
	KindFormConfirmContact     Kind = "form-confirmation-contact"     // Data: "office" ("our London office", in the message's language)
	KindFormConfirmApplication Kind = "form-confirmation-application" // Data: "position"
	KindFormConfirmWebinar     Kind = "form-confirmation-webinar"     // Data: "webinar" (title), "when" (date and time as the reader writes them)
	KindFormConfirmPublication Kind = "form-confirmation-publication" // Data: "publication" (title), "downloadLink" (absolute URL)

	// A staff member's answer to a submission, written in the back-office:
	// from the office's or marketing's inbox, replies going to the staff
	// member. It carries only what the staff member wrote, never the
	// submitted text.
	KindInboxReply Kind = "inbox-reply" // Data: "topic" (the subject, in the message's language), "body" (the staff member's text, up to 64 KB), "signature" (the staff member's name)
)

// Kinds lists every kind of e-mail the site sends.
var Kinds = []Kind{KindConfirmEmail, KindAlreadyRegistered, KindResetCode, KindPasswordChanged, KindAccountDeleted, KindResetPaused,
	KindFormNotification, KindFormConfirmProposal, KindFormConfirmInquiry, KindFormConfirmContact,
	KindFormConfirmApplication, KindFormConfirmWebinar, KindFormConfirmPublication, KindInboxReply, KindStaffFactorLocked, KindStaffEnrolLink,
	KindStaffNotice, KindStaffDigest, KindStaffInvitation, KindStaffPasswordReset}

// requiredData lists the Data keys each kind needs.
var requiredData = map[Kind][]string{
	KindConfirmEmail:       {"link", "hours"},
	KindAlreadyRegistered:  {"loginLink", "resetLink"},
	KindResetCode:          {"code", "minutes"},
	KindPasswordChanged:    {"resetLink"},
	KindAccountDeleted:     nil,
	KindResetPaused:        {"hours"},
	KindStaffFactorLocked:  {"tries", "until"},
	KindStaffEnrolLink:     {"link", "hours"},
	KindStaffInvitation:    {"link", "inviter", "hours"},
	KindStaffPasswordReset: {"link", "minutes"},
	KindStaffNotice:        {"notice", "link"},
	KindStaffDigest:        {"count", "lines", "link"},
	KindResetRequest:       {"asked"},
	KindConfirmRequest:     nil,

	KindFormNotification:       {"form", "reference", "fields"},
	KindFormConfirmProposal:    nil,
	KindFormConfirmInquiry:     nil,
	KindFormConfirmContact:     {"office"},
	KindFormConfirmApplication: {"position"},
	KindFormConfirmWebinar:     {"webinar", "when"},
	KindFormConfirmPublication: {"publication", "downloadLink"},

	KindInboxReply: {"topic", "body", "signature"},
}

// IsRequest reports whether messages of kind k are requests, which a
// Completer turns into e-mail before they are sent.
func IsRequest(k Kind) bool { return k == KindResetRequest || k == KindConfirmRequest }

// Completer writes the e-mail a request asks for, just before it is sent:
// done is that e-mail, and send is false when there is none (no account
// needs it). *auth.Service is one.
type Completer interface {
	CompleteMail(ctx context.Context, request Message) (done Message, send bool, err error)
}

// longData are the Data keys that may hold up to maxLongValue bytes: the
// listing of a submitted form.
var longData = map[string]bool{"fields": true, "body": true, "lines": true}

// Message is one e-mail to send.
type Message struct {
	To      string // one address; CR/LF refused
	Name    string // recipient's display name, may be ""; CR/LF refused
	Locale  locale.Locale
	Kind    Kind
	Data    map[string]string
	ReplyTo string // one bare address answers go to, "" for none; CR/LF refused
	From    string // one bare address it is sent from, under the firm's name; "" for the site's MAIL_FROM
}

// Person is the address of the person a message is about, by whose keyed
// hash the queue finds it when that person's data is erased: its
// recipient, or, for a form's notification to the firm's inbox, the
// visitor it carries and answers to (its Reply-To).
func (m Message) Person() string {
	if m.Kind == KindFormNotification && m.ReplyTo != "" {
		return m.ReplyTo
	}
	return m.To
}

// Enqueuer accepts messages for sending; *Queue is one.
type Enqueuer interface {
	Enqueue(ctx context.Context, m Message) error
}

// Sealer seals messages that a caller stores with its own record in one
// transaction (store.CreateSubmission), and wakes the sender once they are
// committed; *Queue is one.
type Sealer interface {
	Seal(m Message) (store.OutgoingMail, error)
	Wake()
}

// ErrInvalidMessage is wrapped by the errors Enqueue returns for a message
// it refuses: an unknown kind, missing data, or a recipient that could
// break a header.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Limits on what reaches a header.
const (
	maxAddress = 254
	maxName    = 200
	maxValue   = 2048

	maxLongValue = 64 << 10
)

// validate checks a message and returns it with its locale made one the
// site has. Errors never quote the data, which holds codes and links.
func validate(m Message) (Message, error) {
	invalid := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidMessage, fmt.Sprintf(format, args...))
	}
	keys, ok := requiredData[m.Kind]
	if !ok {
		return m, invalid("unknown kind %q", m.Kind)
	}
	if strings.ContainsAny(m.To, "\r\n") || strings.ContainsAny(m.Name, "\r\n") || strings.ContainsAny(m.ReplyTo, "\r\n") || strings.ContainsAny(m.From, "\r\n") {
		return m, invalid("line break in the recipient")
	}
	for what, v := range map[string]string{"reply-to": m.ReplyTo, "from": m.From} {
		if v == "" {
			continue
		}
		addr, err := mail.ParseAddress(v)
		if err != nil || addr.Name != "" || addr.Address != v || len(v) > maxAddress {
			return m, invalid("%s is not one bare e-mail address", what)
		}
	}
	if m.To == "" || len(m.To) > maxAddress || !utf8.ValidString(m.To) {
		return m, invalid("recipient address missing or too long")
	}
	addr, err := mail.ParseAddress(m.To)
	if err != nil || addr.Name != "" || addr.Address != m.To {
		return m, invalid("recipient is not one bare e-mail address")
	}
	if len(m.Name) > maxName || !utf8.ValidString(m.Name) || strings.IndexFunc(m.Name, unicode.IsControl) >= 0 {
		return m, invalid("recipient name too long or with control characters")
	}
	for _, k := range keys {
		v := m.Data[k]
		if v == "" {
			return m, invalid("%s needs data %q", m.Kind, k)
		}
		limit := maxValue
		if longData[k] {
			limit = maxLongValue
		}
		if len(v) > limit || !utf8.ValidString(v) {
			return m, invalid("data %q too long or not UTF-8", k)
		}
		if strings.HasSuffix(strings.ToLower(k), "link") {
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				return m, invalid("data %q is not an absolute http(s) URL", k)
			}
		}
	}
	if l, ok := locale.Parse(string(m.Locale)); ok {
		m.Locale = l
	} else {
		m.Locale = locale.Default
	}
	return m, nil
}
