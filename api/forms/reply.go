package forms

import (
	"encoding/json"
	"errors"
	"fmt"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// ErrNoReplyAddress is returned for a submission that holds no address to
// answer: its personal data was erased.
var ErrNoReplyAddress = errors.New("forms: the submission has no address to reply to")

// Reply is a staff member's answer to the sender of a submission.
type Reply struct {
	Body       string // what the staff member wrote
	StaffName  string // signed under it
	StaffEmail string // where the sender's answers go
}

// SealReply seals the e-mail that answers a submission's sender, in the
// language they used, from the inbox the form notifies (the office's for
// an office contact, HR's for an application, marketing's otherwise), with
// replies going to the staff member. It carries only what the staff member
// wrote, never the submitted text. The caller stores it with its record of
// the reply and then calls WakeMail.
func (s *Service) SealReply(sub *store.Submission, r Reply) (store.OutgoingMail, error) {
	if s.mail == nil {
		return store.OutgoingMail{}, errors.New("forms: no mail queue")
	}
	var data map[string]any
	_ = json.Unmarshal([]byte(sub.Data), &data)
	email, _ := data["email"].(string)
	if email == "" || sub.Data == "" {
		return store.OutgoingMail{}, ErrNoReplyAddress
	}
	name, _ := data["name"].(string)
	loc, ok := locale.Parse(sub.Locale)
	if !ok {
		loc = locale.Default
	}
	m := locale.For(loc)
	topic := replyTopic(&m.Forms, sub.Kind)
	from := s.inboxes.Marketing
	switch sub.Kind {
	case KindContact:
		topic = fmt.Sprintf(topic, officeName(&m.Forms, sub.Target))
		if inbox := s.inboxes.Offices[sub.Target]; inbox != "" {
			from = inbox
		}
	case KindApplication:
		from = s.inboxes.HR
	}
	return s.mail.Seal(mail.Message{
		To: email, Name: name, Locale: loc, Kind: mail.KindInboxReply, From: from, ReplyTo: r.StaffEmail,
		Data: map[string]string{"topic": topic, "body": r.Body, "signature": r.StaffName},
	})
}

// WakeMail tells the mail sender that a sealed message was stored.
func (s *Service) WakeMail() {
	if s.mail != nil {
		s.mail.Wake()
	}
}

// PageName returns the name of the page at a route a form chose (a service
// or a standard), or "" when the site has none there.
func (s *Service) PageName(route string) string {
	if s.catalog == nil {
		return ""
	}
	if page := s.catalog().Page(route); page != nil {
		return page.Name
	}
	return ""
}
