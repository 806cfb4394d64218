package locale

// Accounts holds what the account API answers: registration, sign-in,
// password recovery, the profile, sessions and the profile picture.
type Accounts struct {
	// Answers.
	RegisterDone      string `json:"registerDone"`
	ConfirmDone       string `json:"confirmDone"`
	ConfirmInvalid    string `json:"confirmInvalid"`
	ConfirmChoose     string `json:"confirmChoose"`
	LoginDone         string `json:"loginDone"`
	LoginFailed       string `json:"loginFailed"`
	EmailNotConfirmed string `json:"emailNotConfirmed"`
	AccountDisabled   string `json:"accountDisabled"` // the right password for an account staff disabled
	TooManyAttempts   string `json:"tooManyAttempts"`
	RateLimited       string `json:"rateLimited"`
	Busy              string `json:"busy"` // 503: every hashing slot stayed taken
	ForgetDone        string `json:"forgetDone"`
	CodeAccepted      string `json:"codeAccepted"`
	CodeWrong         string `json:"codeWrong"`
	CodeDead          string `json:"codeDead"`
	ResetInvalid      string `json:"resetInvalid"`
	ResetDone         string `json:"resetDone"`
	LoggedOut         string `json:"loggedOut"`
	NotSignedIn       string `json:"notSignedIn"`
	ProfileSaved      string `json:"profileSaved"`
	PasswordChanged   string `json:"passwordChanged"`
	AccountDeleted    string `json:"accountDeleted"`
	ResendDone        string `json:"resendDone"`
	SessionEnded      string `json:"sessionEnded"`
	SessionNotFound   string `json:"sessionNotFound"`
	AvatarSaved       string `json:"avatarSaved"`
	AvatarRemoved     string `json:"avatarRemoved"`
	AvatarNotFound    string `json:"avatarNotFound"`
	AvatarTooLarge    string `json:"avatarTooLarge"`

	// Field errors; a password too long is API.TooLong.
	CodeFormat       string `json:"codeFormat"`
	PasswordShort    string `json:"passwordShort"` // %d characters
	PasswordCommon   string `json:"passwordCommon"`
	PasswordPersonal string `json:"passwordPersonal"`
	PasswordMismatch string `json:"passwordMismatch"`
	PasswordWrong    string `json:"passwordWrong"`
	AvatarMissing    string `json:"avatarMissing"`
	AvatarType       string `json:"avatarType"`
	AvatarDimensions string `json:"avatarDimensions"` // %d × %d pixels
	AvatarUnreadable string `json:"avatarUnreadable"`
	AvatarDemanding  string `json:"avatarDemanding"` // the picture would take too much memory to decode

	// Devices in the sessions list.
	DeviceOn      string `json:"deviceOn"` // "%s on %s": browser, system
	UnknownDevice string `json:"unknownDevice"`
}
