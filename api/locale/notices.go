package locale

// StaffNoticeLetter brings a staff member one notification about their
// work: {notice} is the notification's sentence and the button opens the
// item in the back-office.
type StaffNoticeLetter struct {
	Subject  string `json:"subject"` // {notice}
	Button   string `json:"button"`
	Settings string `json:"settings"` // where the reader chooses what they are e-mailed
	Reason   string `json:"reason"`
}

// StaffDigestLetter brings a staff member the day's notifications in one
// e-mail: {count} of them, listed one a line with their links.
type StaffDigestLetter struct {
	Subject  string `json:"subject"` // {count}
	Intro    string `json:"intro"`   // {count}, followed by the list
	Button   string `json:"button"`
	Settings string `json:"settings"`
	Reason   string `json:"reason"`
}

// NoticeWords are the sentences of the staff's notifications, in the
// reader's language. {reference} is a submission's number, {form} its
// form's name, {item} a content item's English title, {language} the
// language's name, {action} what a schedule does and {person} who took
// over an item.
type NoticeWords struct {
	NewLead         string            `json:"newLead"`         // {form}, {reference}
	Assigned        string            `json:"assigned"`        // {form}, {reference}
	Outdated        string            `json:"outdated"`        // {item}, {language}
	ScheduleDone    string            `json:"scheduleDone"`    // {action}, {item}, {language}
	ScheduleFailed  string            `json:"scheduleFailed"`  // {action}, {item}, {language}
	ReviewRequested string            `json:"reviewRequested"` // {item}, {language}
	ReviewChanges   string            `json:"reviewChanges"`   // {item}, {language}
	ScheduleHeld    string            `json:"scheduleHeld"`    // {item}, {language}
	TakenOver       string            `json:"takenOver"`       // {person}, {item}, {language}
	Forms           map[string]string `json:"forms"`           // by form kind
	Languages       map[string]string `json:"languages"`       // by locale
	Actions         map[string]string `json:"actions"`         // publish, unpublish
}

// AdminNotices are the back-office API's sentences about notifications
// and their settings.
type AdminNotices struct {
	Read            string `json:"read"`
	AllRead         string `json:"allRead"`
	Saved           string `json:"saved"`
	DeliveryInvalid string `json:"deliveryInvalid"`
	HourInvalid     string `json:"hourInvalid"`
	TimeZoneInvalid string `json:"timeZoneInvalid"`
}
