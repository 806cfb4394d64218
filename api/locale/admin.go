package locale

// Admin holds what the back-office API answers, in one language: staff
// sign-in and second factors, staff management, the inbox, visitor
// accounts, erasure and content editing. The back-office speaks English
// and Arabic; a staff member whose browser asks for another language reads
// English.
type Admin struct {
	NotSignedIn     string `json:"notSignedIn"`
	SignInFailed    string `json:"signInFailed"`
	SignInLocked    string `json:"signInLocked"` // %d minutes
	SecondFactorDue string `json:"secondFactorDue"`
	EnrolDue        string `json:"enrolDue"`
	// EnrolByLink answers the right password of an account with no second
	// factor: only the link e-mailed to it starts an enrolment.
	EnrolByLink       string `json:"enrolByLink"`
	EnrolLinkInvalid  string `json:"enrolLinkInvalid"`
	CodeWrong         string `json:"codeWrong"`
	CodeFormat        string `json:"codeFormat"`
	TooManyCodes      string `json:"tooManyCodes"`
	FactorLocked      string `json:"factorLocked"`      // %d minutes
	FactorLockedHours string `json:"factorLockedHours"` // %d hours
	PasskeyFailed     string `json:"passkeyFailed"`
	PasskeyExpired    string `json:"passkeyExpired"`
	PasskeysOff       string `json:"passkeysOff"`
	// PasskeyCloned refuses a passkey whose signature counter did not move on
	// from its last use: another copy of it may exist.
	PasskeyCloned     string `json:"passkeyCloned"`
	Forbidden         string `json:"forbidden"`
	StepUp            string `json:"stepUp"`
	SignedOut         string `json:"signedOut"`
	InvitationInvalid string `json:"invitationInvalid"`
	InvitationExists  string `json:"invitationExists"`
	InvitationMade    string `json:"invitationMade"`
	InvitationGone    string `json:"invitationGone"`
	InvitationRevoked string `json:"invitationRevoked"`
	Joined            string `json:"joined"`
	FactorAdded       string `json:"factorAdded"`
	RoleChanged       string `json:"roleChanged"`
	Disabled          string `json:"disabled"`
	Enabled           string `json:"enabled"`
	NotFound          string `json:"notFound"`
	LastAdministrator string `json:"lastAdministrator"`
	NotYourself       string `json:"notYourself"`
	FactorResetSent   string `json:"factorResetSent"` // %s the address, %d hours
	ResetDisabled     string `json:"resetDisabled"`
	LastFactor        string `json:"lastFactor"`
	FactorRemoved     string `json:"factorRemoved"`
	PasskeyNotFound   string `json:"passkeyNotFound"`
	AppNotFound       string `json:"appNotFound"`
	CodesRenewed      string `json:"codesRenewed"`
	RoleInvalid       string `json:"roleInvalid"`
	LanguageInvalid   string `json:"languageInvalid"`
	LanguagesNeeded   string `json:"languagesNeeded"`
	OfficeInvalid     string `json:"officeInvalid"`
	DateInvalid       string `json:"dateInvalid"`
	PasswordShort     string `json:"passwordShort"` // %d characters
	PasswordLong      string `json:"passwordLong"`  // %d characters
	PasswordCommon    string `json:"passwordCommon"`
	PasswordPersonal  string `json:"passwordPersonal"`
	PasswordMismatch  string `json:"passwordMismatch"`
	RateLimited       string `json:"rateLimited"`
	Busy              string `json:"busy"`
	ItemNotFound      string `json:"itemNotFound"`
	KindInvalid       string `json:"kindInvalid"`
	StatusInvalid     string `json:"statusInvalid"`
	StatusChanged     string `json:"statusChanged"`
	AssigneeInvalid   string `json:"assigneeInvalid"`
	Assigned          string `json:"assigned"`
	NoteAdded         string `json:"noteAdded"`
	ReplySent         string `json:"replySent"`
	NotesErased       string `json:"notesErased"`
	ReplyNoAddress    string `json:"replyNoAddress"`
	ReplyRefused      string `json:"replyRefused"`
	CVMissing         string `json:"cvMissing"`
	CVLinkExpired     string `json:"cvLinkExpired"`

	VisitorNotFound         string `json:"visitorNotFound"`
	VisitorConfirmed        string `json:"visitorConfirmed"`
	VisitorMailCapped       string `json:"visitorMailCapped"`
	VisitorConfirmationSent string `json:"visitorConfirmationSent"`
	VisitorSessionsEnded    string `json:"visitorSessionsEnded"`
	VisitorAlreadyDisabled  string `json:"visitorAlreadyDisabled"`
	VisitorNotDisabled      string `json:"visitorNotDisabled"`
	VisitorDisabled         string `json:"visitorDisabled"`
	VisitorEnabled          string `json:"visitorEnabled"`
	VisitorDeleted          string `json:"visitorDeleted"`
	Erased                  string `json:"erased"`
	ErasureIncomplete       string `json:"erasureIncomplete"`

	ContentNotFound          string `json:"contentNotFound"`
	ContentLanguageForbidden string `json:"contentLanguageForbidden"`
	ContentConflict          string `json:"contentConflict"`
	ContentSaved             string `json:"contentSaved"`
	ContentPublished         string `json:"contentPublished"`
	ContentUnpublished       string `json:"contentUnpublished"`
	ContentRestored          string `json:"contentRestored"`
	ContentEnglishStays      string `json:"contentEnglishStays"`
	ContentNotLive           string `json:"contentNotLive"`
	ContentVersionNotFound   string `json:"contentVersionNotFound"`
	ContentScheduled         string `json:"contentScheduled"`
	ContentScheduleCancelled string `json:"contentScheduleCancelled"`
	ContentNotScheduled      string `json:"contentNotScheduled"`
	ContentSchedulePast      string `json:"contentSchedulePast"`
	ContentScheduleZone      string `json:"contentScheduleZone"`
	ContentScheduleAction    string `json:"contentScheduleAction"`
	// ContentProblems says what is wrong with a field, by content.Problem
	// code; an enumeration's takes its values (%s).
	ContentProblems map[string]string `json:"contentProblems"`

	Items   AdminItems   `json:"items"`   // creating, renaming, unpublishing and deleting items; the firm's settings
	Pages   AdminPages   `json:"pages"`   // adding pages to the site's tree and deleting them
	Preview AdminPreview `json:"preview"` // the banner and errors of a draft's preview
	Covers  AdminCovers  `json:"covers"`  // what a cover upload answers
	Media   AdminMedia   `json:"media"`   // what the media library answers

	Notifications AdminNotices `json:"notifications"` // a staff member's notifications and their settings

	Find      AdminFind      `json:"find"`      // what the search across the content answers
	Review    AdminReview    `json:"review"`    // review before publishing
	Presence  AdminPresence  `json:"presence"`  // who else has an item open, and taking it over
	Bulk      AdminBulk      `json:"bulk"`      // what an action on many items at once answers
	StaffCare AdminStaffCare `json:"staffCare"` // e-mailed invitations, forgotten passwords, translators' languages
	Choices   AdminChoices   `json:"choices"`   // the words for the codes a form stores

	Redirects AdminRedirects `json:"redirects"` // what the redirects manager answers
}

// AdminRedirects are what adding, deleting and importing redirects answer.
type AdminRedirects struct {
	FromInvalid          string `json:"fromInvalid"`
	FromReserved         string `json:"fromReserved"`
	FromLive             string `json:"fromLive"`
	FromExists           string `json:"fromExists"`
	ToInvalid            string `json:"toInvalid"`
	ToNotPage            string `json:"toNotPage"`
	ToInsecure           string `json:"toInsecure"`
	ToExternalForbidden  string `json:"toExternalForbidden"`
	Loop                 string `json:"loop"`
	StatusInvalid        string `json:"statusInvalid"`
	Added                string `json:"added"`
	Deleted              string `json:"deleted"`
	NotFound             string `json:"notFound"`
	ImportEmpty          string `json:"importEmpty"`
	ImportTooMany        string `json:"importTooMany"` // %d lines at most
	ImportLineFields     string `json:"importLineFields"`
	ImportLineUnreadable string `json:"importLineUnreadable"`
	ImportLineAdded      string `json:"importLineAdded"`
	Imported             string `json:"imported"` // %d added of %d lines
}

// AdminChoices are the words a person reads for the codes a form stores,
// by code: the company sizes and timelines a proposal offers.
type AdminChoices struct {
	CompanySizes map[string]string `json:"companySizes"`
	Timelines    map[string]string `json:"timelines"`
}

// AdminReview is what review before publishing answers: sending a
// language for review, approving it or asking for changes, the rules and
// the right to approve.
type AdminReview struct {
	Needed            string `json:"needed"`    // a direct publication refused: the language needs a review
	NotNeeded         string `json:"notNeeded"` // a review asked for where no rule applies
	Sent              string `json:"sent"`
	Approved          string `json:"approved"`          // and published
	ApprovedScheduled string `json:"approvedScheduled"` // and published at the time planned
	ChangesRequested  string `json:"changesRequested"`
	Stale             string `json:"stale"`     // the version is not the one waiting for review
	Own               string `json:"own"`       // nobody approves their own change
	Forbidden         string `json:"forbidden"` // no right to approve this language
	CommentRequired   string `json:"commentRequired"`
	TooLong           string `json:"tooLong"` // %d characters at most
	RulesSaved        string `json:"rulesSaved"`
	RulesInvalid      string `json:"rulesInvalid"`
	RightSaved        string `json:"rightSaved"`
}

// AdminFind is what the search across the content answers.
type AdminFind struct {
	FilterInvalid string `json:"filterInvalid"`
}

// AdminPresence is what the routes of the editors present on an item
// answer.
type AdminPresence struct {
	SessionInvalid string `json:"sessionInvalid"`
	TookOver       string `json:"tookOver"`
	NobodyElse     string `json:"nobodyElse"`
}

// AdminBulk is what an action on many items at once answers.
type AdminBulk struct {
	Empty   string `json:"empty"`
	TooMany string `json:"tooMany"` // %d items at most
	Done    string `json:"done"`    // %d done of %d
	// NothingToPublish refuses a language whose latest version is live
	// already, or that has no saved version.
	NothingToPublish string `json:"nothingToPublish"`
}

// AdminStaffCare are what e-mailed invitations, a staff member's forgotten
// password and a translator's languages answer.
type AdminStaffCare struct {
	InvitationSent       string `json:"invitationSent"`       // %s the address, %d hours
	InvitationResent     string `json:"invitationResent"`     // %s the address, %d hours
	TranslatorLanguage   string `json:"translatorLanguage"`   // a translator given English
	PasswordResetSent    string `json:"passwordResetSent"`    // %d minutes
	PasswordResetInvalid string `json:"passwordResetInvalid"` // a spent, expired or unknown link
	PasswordResetDone    string `json:"passwordResetDone"`
}

// AdminItems are what creating, renaming, unpublishing and deleting items
// and saving the firm's settings answer.
type AdminItems struct {
	SlugForm         string `json:"slugForm"`
	SlugTaken        string `json:"slugTaken"`
	SlugSame         string `json:"slugSame"`
	ItemCreated      string `json:"itemCreated"`
	ItemUnpublished  string `json:"itemUnpublished"`
	ItemNotLive      string `json:"itemNotLive"`
	ItemDeleted      string `json:"itemDeleted"`
	ItemRenamed      string `json:"itemRenamed"`
	SettingsSaved    string `json:"settingsSaved"`
	SettingsConflict string `json:"settingsConflict"`
	SettingsSameText string `json:"settingsSameText"`
}

// AdminPages are what adding a page to the site's tree and deleting one
// answer.
type AdminPages struct {
	KindChoice          string `json:"kindChoice"`
	ParentChoice        string `json:"parentChoice"`
	TitleEmpty          string `json:"titleEmpty"`
	TitleForm           string `json:"titleForm"`  // %d characters
	RouteTaken          string `json:"routeTaken"` // %s the address
	PageCreated         string `json:"pageCreated"`
	PageUnpublished     string `json:"pageUnpublished"`
	NotLive             string `json:"notLive"`
	PageDeleted         string `json:"pageDeleted"`
	PageDeletedRedirect string `json:"pageDeletedRedirect"` // %s the parent's address
	Shipped             string `json:"shipped"`
	HasChildren         string `json:"hasChildren"`
	Incomplete          string `json:"incomplete"`
}

// AdminPreview are the sentences of a preview.
type AdminPreview struct {
	Title        string            `json:"title"`
	Version      string            `json:"version"`
	NoVersion    string            `json:"noVersion"`
	Draft        string            `json:"draft"`
	Published    string            `json:"published"`
	NoText       string            `json:"noText"`
	NotLive      string            `json:"notLive"`
	Languages    map[string]string `json:"languages"`
	ThemeInvalid string            `json:"themeInvalid"`
	Unavailable  string            `json:"unavailable"`
}

// AdminMedia are what the media library answers: its uploads, edits and
// deletions.
type AdminMedia struct {
	Missing     string `json:"missing"`
	TooLarge    string `json:"tooLarge"` // %d MB
	Type        string `json:"type"`
	SVG         string `json:"svg"`
	Unreadable  string `json:"unreadable"`
	Pixels      string `json:"pixels"` // width, height, the most megapixels
	Demanding   string `json:"demanding"`
	PDFActive   string `json:"pdfActive"` // %s the names found
	PDFComplex  string `json:"pdfComplex"`
	AltRequired string `json:"altRequired"`
	Language    string `json:"language"`
	Focal       string `json:"focal"`
	Busy        string `json:"busy"`
	Uploaded    string `json:"uploaded"`
	Duplicate   string `json:"duplicate"`
	Saved       string `json:"saved"`
	Deleted     string `json:"deleted"`
	NotFound    string `json:"notFound"`
	InUse       string `json:"inUse"` // %s the places
	SortInvalid string `json:"sortInvalid"`
	KindInvalid string `json:"kindInvalid"`
}

// AdminCovers are what the cover upload answers.
type AdminCovers struct {
	Missing    string `json:"missing"`
	TooLarge   string `json:"tooLarge"`
	Type       string `json:"type"`
	Unreadable string `json:"unreadable"`
	Small      string `json:"small"`  // width, height, minimum width, minimum height
	Pixels     string `json:"pixels"` // width, height, the most megapixels
	Demanding  string `json:"demanding"`
	Busy       string `json:"busy"`
	Uploaded   string `json:"uploaded"`
	NotStored  string `json:"notStored"`
	// NotInLibrary: the library has no picture by the id a cover is made of.
	NotInLibrary string `json:"notInLibrary"`
	Chosen       string `json:"chosen"` // a library picture made the cover
}
