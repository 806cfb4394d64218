package locale

// Mail holds the site's e-mails: the words every letter shares and each
// letter's own. In a letter, {key} is replaced by the message's data
// ({hours}, {office}, …); the mail package lays each letter out, placing its
// button, link or code between the paragraphs.
type Mail struct {
	Greeting       string `json:"greeting"`       // when the recipient's name is unknown
	GreetingNamed  string `json:"greetingNamed"`  // {name} is replaced by the recipient's name
	ButtonFallback string `json:"buttonFallback"` // under a button: the link for clients that cannot click it
	SignOff        string `json:"signOff"`
	Team           string `json:"team"`
	Automated      string `json:"automated"`     // this address does not read replies
	AccountNotice  string `json:"accountNotice"` // why a notice of a change to an account was sent, in its footer

	ConfirmEmail      ConfirmEmailLetter      `json:"confirmEmail"`
	AlreadyRegistered AlreadyRegisteredLetter `json:"alreadyRegistered"`
	ResetCode         ResetCodeLetter         `json:"resetCode"`
	PasswordChanged   PasswordChangedLetter   `json:"passwordChanged"`
	AccountDeleted    AccountDeletedLetter    `json:"accountDeleted"`
	ResetPaused       ResetPausedLetter       `json:"resetPaused"`
	StaffFactorLocked StaffFactorLockedLetter `json:"staffFactorLocked"`
	StaffEnrolLink    StaffEnrolLinkLetter    `json:"staffEnrolLink"`
	StaffNotice       StaffNoticeLetter       `json:"staffNotice"`
	StaffDigest       StaffDigestLetter       `json:"staffDigest"`
	Notices           NoticeWords             `json:"notices"`
	StaffInvitation   StaffLinkLetter         `json:"staffInvitation"`    // {inviter}, {hours}
	StaffPasswordLink StaffLinkLetter         `json:"staffPasswordReset"` // {minutes}

	FormNotification       FormNotificationLetter       `json:"formNotification"`
	FormConfirmProposal    FormConfirmLetter            `json:"formConfirmProposal"`
	FormConfirmInquiry     FormConfirmLetter            `json:"formConfirmInquiry"`
	FormConfirmContact     FormConfirmLetter            `json:"formConfirmContact"` // {office}
	FormConfirmApplication FormConfirmApplicationLetter `json:"formConfirmApplication"`
	FormConfirmWebinar     FormConfirmWebinarLetter     `json:"formConfirmWebinar"`
	FormConfirmPublication FormConfirmPublicationLetter `json:"formConfirmPublication"`

	InboxReply InboxReplyLetter `json:"inboxReply"`
}

// ConfirmEmailLetter asks a new account's owner to confirm the address.
type ConfirmEmailLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"`
	Button   string `json:"button"`
	Validity string `json:"validity"` // {hours}
	Ignore   string `json:"ignore"`
	Reason   string `json:"reason"` // why the recipient got it, in the footer
}

// AlreadyRegisteredLetter answers a registration for an address that
// already has an account.
type AlreadyRegisteredLetter struct {
	Subject     string `json:"subject"`
	Intro       string `json:"intro"`
	SignIn      string `json:"signIn"`
	Button      string `json:"button"`
	Forgotten   string `json:"forgotten"`   // followed by the NewPassword link
	NewPassword string `json:"newPassword"` // the link to choose a new password
	Ignore      string `json:"ignore"`
	Reason      string `json:"reason"`
}

// ResetCodeLetter carries a password reset code.
type ResetCodeLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"`    // followed by the code
	Validity string `json:"validity"` // {minutes}
	Ignore   string `json:"ignore"`
	Reason   string `json:"reason"`
}

// PasswordChangedLetter tells an account's owner its password changed; its
// footer is the AccountNotice.
type PasswordChangedLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"`
	IfYou    string `json:"ifYou"`
	IfNotYou string `json:"ifNotYou"` // followed by the button
	Button   string `json:"button"`
}

// AccountDeletedLetter confirms an account was deleted.
type AccountDeletedLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"`
	Thanks   string `json:"thanks"`
	IfNotYou string `json:"ifNotYou"`
	Reason   string `json:"reason"`
}

// ResetPausedLetter tells an account's owner that a connection entered ten
// wrong reset codes and may enter no more for a while; its footer is the
// AccountNotice.
type ResetPausedLetter struct {
	Subject   string `json:"subject"`
	Intro     string `json:"intro"` // {hours}
	Unchanged string `json:"unchanged"`
	IfNotYou  string `json:"ifNotYou"`
}

// StaffFactorLockedLetter tells a staff member that their second-factor
// step is locked after wrong tries; its footer is the AccountNotice.
type StaffFactorLockedLetter struct {
	Subject      string `json:"subject"`
	Intro        string `json:"intro"` // {tries}, {until}
	OnlyPassword string `json:"onlyPassword"`
	IfYou        string `json:"ifYou"`
	IfNotYou     string `json:"ifNotYou"`
}

// StaffEnrolLinkLetter brings a staff member the one-time link that sets
// up a second factor for their account; its footer is the AccountNotice.
type StaffEnrolLinkLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"` // followed by the button
	Button   string `json:"button"`
	Validity string `json:"validity"` // {hours}
	IfNotYou string `json:"ifNotYou"`
}

// StaffLinkLetter brings a person a one-time link into the back-office:
// an invitation to join it, or the way to choose a new password.
type StaffLinkLetter struct {
	Subject  string `json:"subject"`
	Intro    string `json:"intro"` // followed by the button
	Button   string `json:"button"`
	Validity string `json:"validity"`
	IfNotYou string `json:"ifNotYou"`
}

// FormNotificationLetter brings a submitted form to the firm's inbox.
type FormNotificationLetter struct {
	Subject    string `json:"subject"`   // {form}, {reference}
	Intro      string `json:"intro"`     // {form}; followed by the submitted fields
	Reference  string `json:"reference"` // {reference}
	HowToReply string `json:"howToReply"`
	Reason     string `json:"reason"`
	Automated  string `json:"automated"` // replaces Mail.Automated: replies reach the visitor
}

// FormConfirmLetter confirms a request to the visitor who sent it.
type FormConfirmLetter struct {
	Subject string `json:"subject"`
	Thanks  string `json:"thanks"`
	Next    string `json:"next"` // what happens next
	Reason  string `json:"reason"`
}

// FormConfirmApplicationLetter confirms a job application.
type FormConfirmApplicationLetter struct {
	Subject   string `json:"subject"`
	Thanks    string `json:"thanks"` // {position}
	Next      string `json:"next"`
	Retention string `json:"retention"` // how long the CV is kept
	Reason    string `json:"reason"`
}

// FormConfirmWebinarLetter confirms a webinar registration.
type FormConfirmWebinarLetter struct {
	Subject string `json:"subject"`
	Thanks  string `json:"thanks"` // {webinar}
	When    string `json:"when"`   // {when}
	Next    string `json:"next"`
	Reason  string `json:"reason"`
}

// FormConfirmPublicationLetter brings the link to a requested publication.
type FormConfirmPublicationLetter struct {
	Subject  string `json:"subject"`
	Thanks   string `json:"thanks"` // {publication}
	Button   string `json:"button"`
	Validity string `json:"validity"`
	Reason   string `json:"reason"`
}

// InboxReplyLetter frames a staff member's answer to a submission: the
// subject and the text are theirs.
type InboxReplyLetter struct {
	Reason    string `json:"reason"`
	Automated string `json:"automated"` // {signature}: replies reach the staff member
}
