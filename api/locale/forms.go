package locale

// Forms holds what the site's request forms answer, and the words their
// confirmation e-mails, staff replies and publication PDFs write in the
// visitor's language.
type Forms struct {
	// Answers.
	ProposalDone    string `json:"proposalDone"`
	InquiryDone     string `json:"inquiryDone"`
	ContactDone     string `json:"contactDone"`
	ApplicationDone string `json:"applicationDone"`
	WebinarDone     string `json:"webinarDone"`
	PublicationDone string `json:"publicationDone"`
	CVTooLarge      string `json:"cvTooLarge"`
	CVBeforeFields  string `json:"cvBeforeFields"` // a CV sent before the consent and the captcha
	UploadsBusy     string `json:"uploadsBusy"`    // too many applications from one client at once
	RateLimited     string `json:"rateLimited"`
	NotFound        string `json:"notFound"`
	VacancyClosed   string `json:"vacancyClosed"`
	WebinarClosed   string `json:"webinarClosed"`
	DownloadInvalid string `json:"downloadInvalid"`
	DownloadLocked  string `json:"downloadLocked"`

	// Field errors.
	ConsentRequired string `json:"consentRequired"`
	ChoiceInvalid   string `json:"choiceInvalid"`
	ServiceUnknown  string `json:"serviceUnknown"`
	TooManyChoices  string `json:"tooManyChoices"` // %d choices
	DateInvalid     string `json:"dateInvalid"`
	DatePast        string `json:"datePast"`
	LinkedInInvalid string `json:"linkedInInvalid"`
	CVMissing       string `json:"cvMissing"`
	CVType          string `json:"cvType"`

	// Words the confirmation e-mails, the replies and the PDF use.
	Offices     Offices     `json:"offices"`
	ReplyTopics ReplyTopics `json:"replyTopics"`
	Months      [12]string  `json:"months"`
	DateFormat  string      `json:"dateFormat"` // %[1]d day, %[2]s month, %[3]d year
	TimeFormat  string      `json:"timeFormat"` // %[1]s date, %[2]d hour, %[3]d minute, %[4]s UTC offset
	PubTypes    PubTypes    `json:"pubTypes"`
	InThisPub   string      `json:"inThisPub"` // heading of a publication's highlights
	Page        string      `json:"page"`      // %d: page number in the PDF footer
}

// Offices names each office as a sentence continues it: "our London office".
type Offices struct {
	London string `json:"london"`
	Dubai  string `json:"dubai"`
	Cairo  string `json:"cairo"`
}

// ReplyTopics are the subjects of staff replies, by form; a contact
// message's has a %s for its office.
type ReplyTopics struct {
	Proposal    string `json:"proposal"`
	Inquiry     string `json:"inquiry"`
	Contact     string `json:"contact"`
	Application string `json:"application"`
	Webinar     string `json:"webinar"`
	Publication string `json:"publication"`
}

// PubTypes names the kinds of publication a PDF's heading shows.
type PubTypes struct {
	Guide      string `json:"guide"`
	WhitePaper string `json:"whitePaper"`
	Checklist  string `json:"checklist"`
	Report     string `json:"report"`
}
