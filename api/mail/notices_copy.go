package mail

import "noorvale.example/site/api/locale"

// noticeLetters lay out the staff's notifications: one about an item, with
// a button to it, or the day's in a digest.
var noticeLetters = map[Kind]layout{
	KindStaffNotice: func(c *locale.Mail) letter {
		w := c.StaffNotice
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: "{notice}"},
			{Button: w.Button, Link: "link"},
			{Text: w.Settings},
		}}
	},
	KindStaffDigest: func(c *locale.Mail) letter {
		w := c.StaffDigest
		return letter{Subject: w.Subject, Reason: w.Reason, Blocks: []block{
			{Text: w.Intro},
			{Pre: "lines"},
			{Button: w.Button, Link: "link"},
			{Text: w.Settings},
		}}
	},
}
