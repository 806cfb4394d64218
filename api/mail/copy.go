package mail

import "noorvale.example/site/api/locale"

// firm is the sender's name, in Latin script in every language.
const firm = "Noorvale Assurance"

// addressLine closes every e-mail.
const addressLine = "Noorvale Assurance · London · Dubai · Cairo"

// letter is one kind of e-mail in one language: its sentences, from the
// catalogue's mail section, laid out in blocks.
type letter struct {
	Subject string
	Blocks  []block
	Reason  string // why the recipient got it, shown in the footer
	// Automated replaces the shared note that replies are not read, for
	// a message whose replies do reach someone; {key} is replaced as in
	// a block's Text.
	Automated string
	// Signature is the Data key of a person's name signed under the
	// sign-off, above the team; "" for none.
	Signature string
}

// block is one piece of an e-mail body. In Text, {key} is replaced by the
// message's Data[key].
type block struct {
	Text   string // a paragraph
	Button string // the label of a button to Data[Link]
	Label  string // the label of a link to Data[Link], after Text
	Link   string // Data key of the URL of Button or Label
	Code   string // Data key of a code shown large
	Pre    string // Data key of lines shown as they are (a submitted form)
	Prose  string // Data key of a person's text: paragraphs split at blank lines, line breaks kept
}

// layout builds a letter from the mail section in the message's language.
type layout func(c *locale.Mail) letter

// letters lay out the account e-mails.
var letters = map[Kind]layout{
	KindConfirmEmail: func(c *locale.Mail) letter {
		w := c.ConfirmEmail
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Intro},
			{Button: w.Button, Link: "link"},
			{Text: w.Validity},
			{Text: w.Ignore},
		}}
	},
	KindAlreadyRegistered: func(c *locale.Mail) letter {
		w := c.AlreadyRegistered
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Intro},
			{Text: w.SignIn},
			{Button: w.Button, Link: "loginLink"},
			{Text: w.Forgotten, Label: w.NewPassword, Link: "resetLink"},
			{Text: w.Ignore},
		}}
	},
	KindResetCode: func(c *locale.Mail) letter {
		w := c.ResetCode
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Intro},
			{Code: "code"},
			{Text: w.Validity},
			{Text: w.Ignore},
		}}
	},
	KindPasswordChanged: func(c *locale.Mail) letter {
		w := c.PasswordChanged
		return letter{Subject: w.Subject, Reason: c.AccountNotice, Blocks: []block{
			{Text: w.Intro},
			{Text: w.IfYou},
			{Text: w.IfNotYou},
			{Button: w.Button, Link: "resetLink"},
		}}
	},
	KindAccountDeleted: func(c *locale.Mail) letter {
		w := c.AccountDeleted
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Intro},
			{Text: w.Thanks},
			{Text: w.IfNotYou},
		}}
	},
	KindResetPaused: func(c *locale.Mail) letter {
		w := c.ResetPaused
		return letter{Subject: w.Subject, Reason: c.AccountNotice, Blocks: []block{
			{Text: w.Intro},
			{Text: w.Unchanged},
			{Text: w.IfNotYou},
		}}
	},
	KindStaffFactorLocked: func(c *locale.Mail) letter {
		w := c.StaffFactorLocked
		return letter{Subject: w.Subject, Reason: c.AccountNotice, Blocks: []block{
			{Text: w.Intro},
			{Text: w.OnlyPassword},
			{Text: w.IfYou},
			{Text: w.IfNotYou},
		}}
	},
	KindStaffEnrolLink: func(c *locale.Mail) letter {
		w := c.StaffEnrolLink
		return letter{Subject: w.Subject, Reason: c.AccountNotice, Blocks: []block{
			{Text: w.Intro},
			{Button: w.Button, Link: "link"},
			{Text: w.Validity},
			{Text: w.IfNotYou},
		}}
	},
	KindStaffInvitation:    func(c *locale.Mail) letter { return staffLink(c.StaffInvitation, "") },
	KindStaffPasswordReset: func(c *locale.Mail) letter { return staffLink(c.StaffPasswordLink, c.AccountNotice) },
}

// staffLink lays out a letter that brings a one-time link into the
// back-office; reason is its footer, "" for none (an invitation goes to
// someone who has no account yet).
func staffLink(w locale.StaffLinkLetter, reason string) letter {
	return letter{Subject: w.Subject, Reason: reason, Blocks: []block{
		{Text: w.Intro},
		{Button: w.Button, Link: "link"},
		{Text: w.Validity},
		{Text: w.IfNotYou},
	}}
}
