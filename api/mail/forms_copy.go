package mail

import "noorvale.example/site/api/locale"

// formLetters lay out the e-mails of the site's forms: the notification
// the firm's inbox receives and the confirmation each visitor receives.
var formLetters = map[Kind]layout{
	KindFormNotification: func(c *locale.Mail) letter {
		w := c.FormNotification
		return letter{Subject: w.Subject, Reason: w.Reason, Automated: w.Automated, Blocks: []block{
			{Text: w.Intro},
			{Pre: "fields"},
			{Text: w.Reference},
			{Text: w.HowToReply},
		}}
	},
	KindFormConfirmProposal: func(c *locale.Mail) letter { return confirmation(c.FormConfirmProposal) },
	KindFormConfirmInquiry:  func(c *locale.Mail) letter { return confirmation(c.FormConfirmInquiry) },
	KindFormConfirmContact:  func(c *locale.Mail) letter { return confirmation(c.FormConfirmContact) },
	KindFormConfirmApplication: func(c *locale.Mail) letter {
		w := c.FormConfirmApplication
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Thanks},
			{Text: w.Next},
			{Text: w.Retention},
		}}
	},
	KindFormConfirmWebinar: func(c *locale.Mail) letter {
		w := c.FormConfirmWebinar
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Thanks},
			{Text: w.When},
			{Text: w.Next},
		}}
	},
	KindFormConfirmPublication: func(c *locale.Mail) letter {
		w := c.FormConfirmPublication
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Thanks},
			{Button: w.Button, Link: "downloadLink"},
			{Text: w.Validity},
		}}
	},
}

// confirmation lays out a request's confirmation: thanks, then what
// happens next.
func confirmation(w locale.FormConfirmLetter) letter {
	return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
		{Text: w.Thanks},
		{Text: w.Next},
	}}
}

// replyLetters frame a staff member's answer to a submission: their subject
// and text, their name under the sign-off, and replies going to them.
var replyLetters = map[Kind]layout{
	KindInboxReply: func(c *locale.Mail) letter {
		w := c.InboxReply
		return letter{
			Subject:   "{topic}",
			Blocks:    []block{{Prose: "body"}},
			Signature: "signature",
			Reason:    w.Reason,
			Automated: w.Automated,
		}
	},
}
