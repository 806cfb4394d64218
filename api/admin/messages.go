package admin

import (
	"fmt"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// messages holds every string the back-office API answers with, in one
// language. The back-office speaks English and Arabic; a staff member
// whose browser asks for another language reads English.
type messages struct {
	*endpoint.Messages

	NotSignedIn       string
	SignInFailed      string
	SignInLocked      string // %d minutes
	SecondFactorDue   string
	EnrolDue          string
	CodeWrong         string
	CodeFormat        string
	TooManyCodes      string
	FactorLocked      string // %d minutes
	FactorLockedHours string // %d hours
	PasskeyFailed     string
	PasskeyExpired    string
	PasskeysOff       string
	Forbidden         string
	StepUp            string
	SignedOut         string
	InvitationInvalid string
	InvitationExists  string
	InvitationMade    string
	InvitationGone    string
	InvitationRevoked string
	Joined            string
	FactorAdded       string
	RoleChanged       string
	Disabled          string
	Enabled           string
	NotFound          string
	LastAdministrator string
	NotYourself       string
	LastFactor        string
	FactorRemoved     string
	PasskeyNotFound   string
	AppNotFound       string
	CodesRenewed      string
	RoleInvalid       string
	LanguageInvalid   string
	LanguagesNeeded   string
	OfficeInvalid     string
	DateInvalid       string
	PasswordShort     string // %d characters
	PasswordLong      string // %d characters
	PasswordCommon    string
	PasswordPersonal  string
	PasswordMismatch  string
	RateLimited       string
	Busy              string
	ItemNotFound      string
	KindInvalid       string
	StatusInvalid     string
	StatusChanged     string
	AssigneeInvalid   string
	Assigned          string
	NoteAdded         string
	ReplySent         string
	NotesErased       string
	ReplyNoAddress    string
	ReplyRefused      string
	CVMissing         string
	CVLinkExpired     string

	VisitorNotFound         string
	VisitorConfirmed        string
	VisitorMailCapped       string
	VisitorConfirmationSent string
	VisitorSessionsEnded    string
	VisitorAlreadyDisabled  string
	VisitorNotDisabled      string
	VisitorDisabled         string
	VisitorEnabled          string
	VisitorDeleted          string
	Erased                  string
	ErasureIncomplete       string

	ContentNotFound          string
	ContentLanguageForbidden string
	ContentConflict          string
	ContentSaved             string
	ContentPublished         string
	ContentUnpublished       string
	ContentRestored          string
	ContentEnglishStays      string
	ContentNotLive           string
	ContentVersionNotFound   string
	ContentScheduled         string
	ContentScheduleCancelled string
	ContentNotScheduled      string
	ContentSchedulePast      string
	ContentScheduleZone      string
	ContentScheduleAction    string
	// ContentProblems says what is wrong with a field, by content.Problem
	// code; an enumeration's takes its values (%s).
	ContentProblems map[string]string
}

var catalogue = map[locale.Locale]*messages{
	locale.En: {
		Messages:          endpoint.For(locale.En),
		NotSignedIn:       "Please sign in to the back-office.",
		SignInFailed:      "The e-mail address or password is not right, or the account is disabled.",
		SignInLocked:      "Too many failed sign-ins from your network for this address. Please try again in %d minutes.",
		SecondFactorDue:   "Confirm your sign-in with your passkey or a code from your authenticator app.",
		EnrolDue:          "Set up a passkey or an authenticator app before you continue.",
		CodeWrong:         "That code is not right, or it was already used. Please try the current code.",
		CodeFormat:        "Enter the 6-digit code from your app, or a recovery code such as abcde-fghij.",
		TooManyCodes:      "Too many wrong codes. Please sign in again.",
		FactorLocked:      "Too many wrong codes for this account in a row, so its second factor is locked for now. Please try again in %d minutes; we have sent you an e-mail about it.",
		FactorLockedHours: "Too many wrong codes for this account in a row, so its second factor is locked for now. Please try again in %d hours; we have sent you an e-mail about it.",
		PasskeyFailed:     "The passkey could not be checked. Please try again, or use your authenticator app.",
		PasskeyExpired:    "The passkey request expired. Please try again.",
		PasskeysOff:       "Passkeys cannot be used at this address. Please use an authenticator app.",
		Forbidden:         "Your role does not allow this.",
		StepUp:            "Confirm it is you: use your passkey or a code from your authenticator app.",
		SignedOut:         "You have signed out.",
		InvitationInvalid: "This invitation link is not valid: it may have been used already or have expired. Ask an administrator for a new one.",
		InvitationExists:  "A staff account already has this e-mail address.",
		InvitationMade:    "Invitation created. Send the link to the person you invited; it works once, for 48 hours.",
		InvitationGone:    "This invitation is no longer pending: it was used, revoked or replaced, or it expired.",
		InvitationRevoked: "The invitation was revoked. Its link no longer works.",
		Joined:            "Welcome. Now set up your second factor.",
		FactorAdded:       "Your second factor is set up. Keep your recovery codes somewhere safe.",
		RoleChanged:       "The role was changed.",
		Disabled:          "The account was disabled and signed out everywhere.",
		Enabled:           "The account was enabled again.",
		NotFound:          "This staff member does not exist.",
		LastAdministrator: "The back-office must keep at least one active administrator.",
		NotYourself:       "You cannot do this to your own account.",
		LastFactor:        "Keep at least one passkey or authenticator app: add another before you remove this one.",
		FactorRemoved:     "Removed. It can no longer confirm your sign-in.",
		PasskeyNotFound:   "This passkey is not on your account.",
		AppNotFound:       "There is no authenticator app on your account.",
		CodesRenewed:      "Here are your new recovery codes. The old ones no longer work.",
		RoleInvalid:       "Choose one of the roles.",
		LanguageInvalid:   "Choose languages the site is published in.",
		LanguagesNeeded:   "A translator needs at least one language.",
		OfficeInvalid:     "Choose one of the offices, or none.",
		DateInvalid:       "Enter a date such as 2026-11-25.",
		PasswordShort:     "Use at least %d characters.",
		PasswordLong:      "Use at most %d characters.",
		PasswordCommon:    "This password is too common. Choose one that is harder to guess.",
		PasswordPersonal:  "Do not use your name or e-mail address as the password.",
		PasswordMismatch:  "The passwords do not match.",
		RateLimited:       "Too many requests from your network. Please wait a minute and try again.",
		Busy:              "The server is busy. Please try again in a few seconds.",
		ItemNotFound:      "This submission does not exist, or your role does not cover it.",
		KindInvalid:       "Choose one of the kinds of form.",
		StatusInvalid:     "Choose one of the statuses.",
		StatusChanged:     "The status was changed.",
		AssigneeInvalid:   "Choose a staff member whose role covers this submission, or nobody.",
		Assigned:          "The assignee was changed.",
		NoteAdded:         "The note was added.",
		ReplySent:         "Your reply is on its way to the sender.",
		NotesErased:       "This submission's personal data was erased: no note can be added to it any more.",
		ReplyNoAddress:    "This submission no longer holds an address to reply to.",
		ReplyRefused:      "The sender's address or name cannot be used for an e-mail, so no reply was sent.",
		CVMissing:         "This application has no CV, or it was deleted at the end of its retention period.",
		CVLinkExpired:     "This link to the CV has expired. Open the CV again from the application.",

		VisitorNotFound:         "This visitor account does not exist, or it was deleted.",
		VisitorConfirmed:        "This account's address is already confirmed.",
		VisitorMailCapped:       "This address has had its account e-mails for this hour. Please try again later.",
		VisitorConfirmationSent: "A new confirmation link is on its way to the account's address.",
		VisitorSessionsEnded:    "The account was signed out everywhere.",
		VisitorAlreadyDisabled:  "This account is already disabled.",
		VisitorNotDisabled:      "This account is not disabled.",
		VisitorDisabled:         "The account was disabled and signed out everywhere.",
		VisitorEnabled:          "The account was enabled again.",
		VisitorDeleted:          "The account was deleted with its sessions and profile picture.",
		Erased:                  "Everything the site held about this address was erased.",
		ErasureIncomplete:       "Some of it could not be erased: a stored CV could not be deleted. What could be erased was; please try again.",

		ContentNotFound:          "This item does not exist.",
		ContentLanguageForbidden: "Your account may not change this language.",
		ContentConflict:          "Someone else saved this language since you opened it. Nothing of yours was saved: load their version, or save yours again on top of it.",
		ContentSaved:             "Draft saved. The site shows it once it is published.",
		ContentPublished:         "Published. The site shows it in this language within seconds.",
		ContentUnpublished:       "Unpublished. The page now shows the English text in this language.",
		ContentRestored:          "The version was restored as a new draft.",
		ContentEnglishStays:      "The English text cannot be unpublished: it is what every other language falls back to.",
		ContentNotLive:           "This language is not published.",
		ContentVersionNotFound:   "This version does not exist for this language.",
		ContentScheduled:         "Scheduled. It is carried out within a minute of the time chosen.",
		ContentScheduleCancelled: "The schedule was cancelled.",
		ContentNotScheduled:      "Nothing is scheduled for this language.",
		ContentSchedulePast:      "Choose a time that is still to come.",
		ContentScheduleZone:      "Choose a time zone from the list.",
		ContentScheduleAction:    "Choose to publish or to unpublish.",
		ContentProblems: map[string]string{
			content.ProblemMissing: "This field is required.", content.ProblemUnknown: "This field is not part of this kind of item.",
			content.ProblemString: "Enter text.", content.ProblemEmpty: "This field is required.",
			content.ProblemControl: "Remove the invisible control characters.", content.ProblemTexts: "Enter a list of texts.",
			content.ProblemEmptyList: "Add at least one entry.", content.ProblemDate: "Enter a date such as 2026-11-25.",
			content.ProblemDateTime: "Enter a date and time with its offset from UTC, such as 2026-12-09T10:00:00+04:00.",
			content.ProblemCount:    "Enter a whole number above zero.", content.ProblemImage: "Enter an image path such as logos/clients/name.svg.",
			content.ProblemMarkup: "Only bold, italic and line breaks are allowed here.", content.ProblemRating: "Enter a whole number from 1 to 5.",
			content.ProblemAffix: "Use at most 3 characters.", content.ProblemEnum: "Choose one of: %s.",
			content.ProblemObject: "This entry is not in the right form.", content.ProblemObjects: "Enter a list of entries.",
			content.ProblemRoutes: "Enter a list of page addresses.", content.ProblemRoute: "Enter a page address such as /about-us.",
			content.ProblemRouteTexts: "Enter a text per page address.", content.ProblemRouteKey: "Enter a page address such as /about-us.",
			content.ProblemCover: "Upload the cover again.",
			content.ProblemURL:   "Enter a web address such as https://example.com/page.", content.ProblemEmail: "Enter an e-mail address such as info@example.com.",
			content.ProblemOfficeKey: "Enter a key of lower-case words joined by hyphens, used by no other office.",
			content.ProblemProse:     "Use only paragraphs, headings, lists, links, bold and italic.",
			content.ProblemHeading:   "Use second- or third-level headings only.",
			content.ProblemLink:      "Link only to an address starting with https:// or http://, or to a page of this site starting with /.",
			content.ProblemProseSize: "This text is too long or its lists are nested too deeply.",
		},
	},
	locale.Ar: {
		Messages:          endpoint.For(locale.Ar),
		NotSignedIn:       "يُرجى تسجيل الدخول إلى لوحة الإدارة.",
		SignInFailed:      "البريد الإلكتروني أو كلمة المرور غير صحيحة، أو الحساب معطّل.",
		SignInLocked:      "محاولات دخول فاشلة كثيرة من شبكتك لهذا العنوان. يُرجى المحاولة بعد %d دقيقة.",
		SecondFactorDue:   "أكّد تسجيل دخولك بمفتاح المرور أو برمز من تطبيق المصادقة.",
		EnrolDue:          "أعِدّ مفتاح مرور أو تطبيق مصادقة قبل المتابعة.",
		CodeWrong:         "هذا الرمز غير صحيح أو سبق استخدامه. يُرجى تجربة الرمز الحالي.",
		CodeFormat:        "أدخل الرمز المكوّن من 6 أرقام من تطبيقك، أو رمز استرداد مثل abcde-fghij.",
		TooManyCodes:      "رموز خاطئة كثيرة. يُرجى تسجيل الدخول من جديد.",
		FactorLocked:      "أُدخلت رموز خاطئة كثيرة متتالية لهذا الحساب، فأُقفل عامل التحقق الثاني مؤقتًا. يُرجى المحاولة بعد %d دقيقة، وقد أرسلنا إليك رسالة بريد إلكتروني بذلك.",
		FactorLockedHours: "أُدخلت رموز خاطئة كثيرة متتالية لهذا الحساب، فأُقفل عامل التحقق الثاني مؤقتًا. يُرجى المحاولة بعد %d ساعة، وقد أرسلنا إليك رسالة بريد إلكتروني بذلك.",
		PasskeyFailed:     "تعذّر التحقق من مفتاح المرور. يُرجى المحاولة مرة أخرى أو استخدام تطبيق المصادقة.",
		PasskeyExpired:    "انتهت صلاحية طلب مفتاح المرور. يُرجى المحاولة مرة أخرى.",
		PasskeysOff:       "لا يمكن استخدام مفاتيح المرور على هذا العنوان. يُرجى استخدام تطبيق المصادقة.",
		Forbidden:         "دورك لا يسمح بهذا الإجراء.",
		StepUp:            "أكّد هويتك: استخدم مفتاح المرور أو رمزًا من تطبيق المصادقة.",
		SignedOut:         "تم تسجيل خروجك.",
		InvitationInvalid: "رابط الدعوة هذا غير صالح: ربما استُخدم من قبل أو انتهت صلاحيته. اطلب رابطًا جديدًا من أحد المسؤولين.",
		InvitationExists:  "يوجد حساب موظف بهذا البريد الإلكتروني.",
		InvitationMade:    "أُنشئت الدعوة. أرسل الرابط إلى الشخص المدعو؛ يعمل مرة واحدة خلال 48 ساعة.",
		InvitationGone:    "لم تعد هذه الدعوة معلّقة: فقد استُخدمت أو أُلغيت أو استُبدلت بغيرها، أو انتهت صلاحيتها.",
		InvitationRevoked: "أُلغيت الدعوة، ولم يعد رابطها يعمل.",
		Joined:            "أهلًا بك. أعِدّ الآن عامل التحقق الثاني.",
		FactorAdded:       "تم إعداد عامل التحقق الثاني. احفظ رموز الاسترداد في مكان آمن.",
		RoleChanged:       "تم تغيير الدور.",
		Disabled:          "تم تعطيل الحساب وتسجيل خروجه من كل الأجهزة.",
		Enabled:           "تمت إعادة تفعيل الحساب.",
		NotFound:          "هذا الموظف غير موجود.",
		LastAdministrator: "يجب أن يبقى في لوحة الإدارة مسؤول نشط واحد على الأقل.",
		NotYourself:       "لا يمكنك القيام بذلك على حسابك.",
		LastFactor:        "احتفظ بمفتاح مرور أو تطبيق مصادقة واحد على الأقل: أضف غيره قبل إزالة هذا.",
		FactorRemoved:     "تمت الإزالة. لم يعد بالإمكان استخدامه لتأكيد تسجيل دخولك.",
		PasskeyNotFound:   "مفتاح المرور هذا ليس في حسابك.",
		AppNotFound:       "لا يوجد تطبيق مصادقة في حسابك.",
		CodesRenewed:      "هذه رموز الاسترداد الجديدة. لم تعد الرموز القديمة صالحة.",
		RoleInvalid:       "اختر أحد الأدوار.",
		LanguageInvalid:   "اختر لغات ينشر بها الموقع.",
		LanguagesNeeded:   "يحتاج المترجم إلى لغة واحدة على الأقل.",
		OfficeInvalid:     "اختر أحد المكاتب أو لا شيء.",
		DateInvalid:       "أدخل تاريخًا مثل 2026-11-25.",
		PasswordShort:     "استخدم %d حرفًا على الأقل.",
		PasswordLong:      "استخدم %d حرفًا على الأكثر.",
		PasswordCommon:    "كلمة المرور هذه شائعة جدًا. اختر كلمة يصعب تخمينها.",
		PasswordPersonal:  "لا تستخدم اسمك أو بريدك الإلكتروني كلمةً للمرور.",
		PasswordMismatch:  "كلمتا المرور غير متطابقتين.",
		RateLimited:       "طلبات كثيرة من شبكتك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
		Busy:              "الخادم مشغول. يُرجى المحاولة بعد بضع ثوانٍ.",
		ItemNotFound:      "هذا الطلب غير موجود، أو لا يشمله دورك.",
		KindInvalid:       "اختر أحد أنواع النماذج.",
		StatusInvalid:     "اختر إحدى الحالات.",
		StatusChanged:     "تم تغيير الحالة.",
		AssigneeInvalid:   "اختر موظفًا يشمل دوره هذا الطلب، أو لا أحد.",
		Assigned:          "تم تغيير المسؤول عن الطلب.",
		NoteAdded:         "تمت إضافة الملاحظة.",
		ReplySent:         "ردّك في طريقه إلى المرسِل.",
		NotesErased:       "مُحيت البيانات الشخصية لهذا الطلب، فلم تعد إضافة ملاحظات إليه ممكنة.",
		ReplyNoAddress:    "لم يعد هذا الطلب يحتوي على عنوان للرد عليه.",
		ReplyRefused:      "لا يمكن استخدام عنوان المرسِل أو اسمه في رسالة بريد إلكتروني، لذا لم يُرسَل أي رد.",
		CVMissing:         "لا توجد سيرة ذاتية لهذا الطلب، أو حُذفت بانتهاء مدة الاحتفاظ بها.",
		CVLinkExpired:     "انتهت صلاحية رابط السيرة الذاتية. افتحها من جديد من صفحة الطلب.",

		VisitorNotFound:         "حساب الزائر هذا غير موجود، أو حُذف.",
		VisitorConfirmed:        "عنوان هذا الحساب مؤكَّد من قبل.",
		VisitorMailCapped:       "تلقّى هذا العنوان رسائل الحساب المسموح بها في هذه الساعة. يُرجى المحاولة لاحقًا.",
		VisitorConfirmationSent: "رابط تأكيد جديد في طريقه إلى عنوان الحساب.",
		VisitorSessionsEnded:    "تم تسجيل خروج الحساب من كل الأجهزة.",
		VisitorAlreadyDisabled:  "هذا الحساب معطّل من قبل.",
		VisitorNotDisabled:      "هذا الحساب غير معطّل.",
		VisitorDisabled:         "تم تعطيل الحساب وتسجيل خروجه من كل الأجهزة.",
		VisitorEnabled:          "تمت إعادة تفعيل الحساب.",
		VisitorDeleted:          "تم حذف الحساب مع جلساته وصورته الشخصية.",
		Erased:                  "مُحي كل ما كان الموقع يحتفظ به عن هذا العنوان.",
		ErasureIncomplete:       "تعذّر محو جزء منه: لم يمكن حذف سيرة ذاتية محفوظة. مُحي ما أمكن محوه؛ يُرجى المحاولة مرة أخرى.",

		ContentNotFound:          "هذا العنصر غير موجود.",
		ContentLanguageForbidden: "لا يسمح حسابك بتغيير هذه اللغة.",
		ContentConflict:          "حفظ شخص آخر هذه اللغة منذ أن فتحتها. لم يُحفظ شيء من تعديلاتك: حمّل نسخته، أو احفظ نسختك مرة أخرى فوقها.",
		ContentSaved:             "حُفظت المسودة. سيعرضها الموقع بعد نشرها.",
		ContentPublished:         "نُشرت. سيعرضها الموقع بهذه اللغة خلال ثوانٍ.",
		ContentUnpublished:       "أُلغي النشر. تعرض الصفحة الآن النص الإنجليزي بهذه اللغة.",
		ContentRestored:          "استُعيدت النسخة كمسودة جديدة.",
		ContentEnglishStays:      "لا يمكن إلغاء نشر النص الإنجليزي: إليه ترجع كل اللغات الأخرى.",
		ContentNotLive:           "هذه اللغة غير منشورة.",
		ContentVersionNotFound:   "هذه النسخة غير موجودة لهذه اللغة.",
		ContentScheduled:         "جُدول. يُنفَّذ خلال دقيقة من الموعد المختار.",
		ContentScheduleCancelled: "أُلغيت الجدولة.",
		ContentNotScheduled:      "لا شيء مجدول لهذه اللغة.",
		ContentSchedulePast:      "اختر موعدًا لم يأتِ بعد.",
		ContentScheduleZone:      "اختر منطقة زمنية من القائمة.",
		ContentScheduleAction:    "اختر النشر أو إلغاء النشر.",
		ContentProblems: map[string]string{
			content.ProblemMissing: "هذا الحقل مطلوب.", content.ProblemUnknown: "هذا الحقل ليس من حقول هذا النوع من العناصر.",
			content.ProblemString: "أدخل نصًا.", content.ProblemEmpty: "هذا الحقل مطلوب.",
			content.ProblemControl: "احذف محارف التحكم غير المرئية.", content.ProblemTexts: "أدخل قائمة من النصوص.",
			content.ProblemEmptyList: "أضف مدخلًا واحدًا على الأقل.", content.ProblemDate: "أدخل تاريخًا مثل 2026-11-25.",
			content.ProblemDateTime: "أدخل تاريخًا ووقتًا مع فرقه عن التوقيت العالمي، مثل 2026-12-09T10:00:00+04:00.",
			content.ProblemCount:    "أدخل عددًا صحيحًا أكبر من صفر.", content.ProblemImage: "أدخل مسار صورة مثل logos/clients/name.svg.",
			content.ProblemMarkup: "لا يُسمح هنا إلا بالخط العريض والمائل وفواصل الأسطر.", content.ProblemRating: "أدخل عددًا صحيحًا من 1 إلى 5.",
			content.ProblemAffix: "استخدم 3 محارف على الأكثر.", content.ProblemEnum: "اختر واحدًا مما يلي: %s.",
			content.ProblemObject: "هذا المدخل ليس بالشكل الصحيح.", content.ProblemObjects: "أدخل قائمة من المدخلات.",
			content.ProblemRoutes: "أدخل قائمة من عناوين الصفحات.", content.ProblemRoute: "أدخل عنوان صفحة مثل /about-us.",
			content.ProblemRouteTexts: "أدخل نصًا لكل عنوان صفحة.", content.ProblemRouteKey: "أدخل عنوان صفحة مثل /about-us.",
			content.ProblemCover: "ارفع الغلاف من جديد.",
			content.ProblemURL:   "أدخل عنوان ويب مثل https://example.com/page.", content.ProblemEmail: "أدخل عنوان بريد إلكتروني مثل info@example.com.",
			content.ProblemOfficeKey: "أدخل مفتاحًا من كلمات بأحرف لاتينية صغيرة تصل بينها شرطات، لا يستخدمه مكتب آخر.",
			content.ProblemProse:     "استخدم الفقرات والعناوين والقوائم والروابط والخط العريض والمائل فقط.",
			content.ProblemHeading:   "استخدم عناوين من المستوى الثاني أو الثالث فقط.",
			content.ProblemLink:      "اربط فقط بعنوان يبدأ بـ https:// أو http://، أو بصفحة من هذا الموقع تبدأ بـ /.",
			content.ProblemProseSize: "هذا النص طويل جدًا أو قوائمه متداخلة أكثر من اللازم.",
		},
	},
}

// msgs returns the back-office messages in l, English unless l is Arabic.
func msgs(l locale.Locale) *messages {
	if m, ok := catalogue[l]; ok {
		return m
	}
	return catalogue[locale.En]
}

func sprintf(format string, n int) string { return fmt.Sprintf(format, n) }
