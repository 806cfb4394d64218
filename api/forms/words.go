package forms

import (
	"fmt"
	"time"

	"noorvale.example/site/api/locale"
)

// The words of the catalogue's forms section that a key of this package
// picks: an office, a form, a kind of publication.

// officeName names an office as a sentence continues it, "" for an
// office the site does not have.
func officeName(m *locale.Forms, office string) string {
	switch office {
	case "london":
		return m.Offices.London
	case "dubai":
		return m.Offices.Dubai
	case "cairo":
		return m.Offices.Cairo
	}
	return ""
}

// replyTopic is the subject of a staff reply to a form of a kind; a contact
// message's has a %s for its office.
func replyTopic(m *locale.Forms, kind string) string {
	switch kind {
	case KindProposal:
		return m.ReplyTopics.Proposal
	case KindInquiry:
		return m.ReplyTopics.Inquiry
	case KindContact:
		return m.ReplyTopics.Contact
	case KindApplication:
		return m.ReplyTopics.Application
	case KindWebinar:
		return m.ReplyTopics.Webinar
	case KindPublication:
		return m.ReplyTopics.Publication
	}
	return ""
}

// pubType names a publication's type (the content's "Guide", "White
// paper", …), "" for a type the catalogue does not name.
func pubType(m *locale.Forms, typ string) string {
	switch typ {
	case "Guide":
		return m.PubTypes.Guide
	case "White paper":
		return m.PubTypes.WhitePaper
	case "Checklist":
		return m.PubTypes.Checklist
	case "Report":
		return m.PubTypes.Report
	}
	return ""
}

// date writes a day as the language writes it: "17 February 2027".
func date(m *locale.Forms, t time.Time) string {
	return fmt.Sprintf(m.DateFormat, t.Day(), m.Months[t.Month()-1], t.Year())
}

// dateTime writes a moment in its own time zone, with the UTC offset:
// "17 February 2027, 13:00 (UTC+3)".
func dateTime(m *locale.Forms, t time.Time) string {
	_, offset := t.Zone()
	zone := "UTC"
	if offset != 0 {
		sign := "+"
		if offset < 0 {
			sign, offset = "-", -offset
		}
		zone += sign + fmt.Sprint(offset/3600)
		if mins := offset % 3600 / 60; mins != 0 {
			zone += fmt.Sprintf(":%02d", mins)
		}
	}
	return fmt.Sprintf(m.TimeFormat, date(m, t), t.Hour(), t.Minute(), zone)
}
