package auth

import (
	"fmt"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// messages holds every string the account API answers with, in one language.
type messages struct {
	*endpoint.Messages

	// Answers.
	RegisterDone      string
	ConfirmDone       string
	ConfirmInvalid    string
	ConfirmChoose     string
	LoginDone         string
	LoginFailed       string
	EmailNotConfirmed string
	AccountDisabled   string // the right password for an account staff disabled
	TooManyAttempts   string
	RateLimited       string
	Busy              string // 503: every hashing slot stayed taken
	ForgetDone        string
	CodeAccepted      string
	CodeWrong         string
	CodeDead          string
	ResetInvalid      string
	ResetDone         string
	LoggedOut         string
	NotSignedIn       string
	ProfileSaved      string
	PasswordChanged   string
	AccountDeleted    string
	ResendDone        string
	SessionEnded      string
	SessionNotFound   string
	AvatarSaved       string
	AvatarRemoved     string
	AvatarNotFound    string
	AvatarTooLarge    string
	Internal          string

	// Field errors.
	CodeFormat       string
	PasswordShort    string // %d characters
	PasswordLong     string // %d characters
	PasswordCommon   string
	PasswordPersonal string
	PasswordMismatch string
	PasswordWrong    string
	AvatarMissing    string
	AvatarType       string
	AvatarDimensions string // %d × %d pixels
	AvatarUnreadable string
	AvatarDemanding  string // the picture would take too much memory to decode

	// Devices in the sessions list.
	DeviceOn      string // "%s on %s": browser, system
	UnknownDevice string
}

var catalogue = map[locale.Locale]*messages{
	locale.En: {
		Messages:          endpoint.For(locale.En),
		RegisterDone:      "Thank you. Check your inbox: we have sent an e-mail to this address with the next step.",
		ConfirmDone:       "Your e-mail address is confirmed. You can now log in.",
		ConfirmInvalid:    "This confirmation link is invalid, has expired or has already been used. You can ask for a new link on the login page.",
		ConfirmChoose:     "This address was registered more than once before it was confirmed. Choose the password for your account to confirm it.",
		LoginDone:         "You are now logged in.",
		LoginFailed:       "The e-mail address or password is incorrect.",
		EmailNotConfirmed: "Your e-mail address is not confirmed yet. Use the link in the e-mail we sent you, or ask us to send a new one.",
		AccountDisabled:   "This account has been disabled. If you think this is a mistake, please contact us.",
		TooManyAttempts:   "Too many failed attempts for this account. Please wait a little before trying again.",
		RateLimited:       "Too many requests from your network. Please wait a minute and try again.",
		Busy:              "We are handling a great many requests at the moment. Please try again in a few seconds.",
		ForgetDone:        "If an account uses this address, we have sent it a 6-digit code. The code is valid for 10 minutes.",
		CodeAccepted:      "The code is correct. You can now choose a new password.",
		CodeWrong:         "This code is incorrect or has expired.",
		CodeDead:          "Too many incorrect codes. Please request a new code.",
		ResetInvalid:      "This password reset has expired or has already been used. Please request a new code.",
		ResetDone:         "Your password has been changed and you have been logged out everywhere. You can now log in with your new password.",
		LoggedOut:         "You have been logged out.",
		NotSignedIn:       "Please log in to continue.",
		ProfileSaved:      "Your profile has been saved.",
		PasswordChanged:   "Your password has been changed. Your other sessions have been logged out.",
		AccountDeleted:    "Your account has been deleted.",
		ResendDone:        "If an account with this address is waiting for confirmation, we have sent it a new link.",
		SessionEnded:      "The session has been ended.",
		SessionNotFound:   "This session does not exist or has already ended.",
		AvatarSaved:       "Your profile picture has been updated.",
		AvatarRemoved:     "Your profile picture has been removed.",
		AvatarNotFound:    "This image was not found.",
		AvatarTooLarge:    "The image is too large: the limit is 2 MB.",
		Internal:          "Something went wrong on our side. Please try again later.",

		CodeFormat:       "Enter the 6-digit code from the e-mail.",
		PasswordShort:    "Use at least %d characters.",
		PasswordLong:     "Use at most %d characters.",
		PasswordCommon:   "This password is too common and easy to guess. Choose another one.",
		PasswordPersonal: "Do not use your e-mail address or your name as your password.",
		PasswordMismatch: "The passwords do not match.",
		PasswordWrong:    "The password is incorrect.",
		AvatarMissing:    "Choose an image to upload.",
		AvatarType:       "Upload a PNG, JPEG or WebP image.",
		AvatarDimensions: "The image is too large: at most %d × %d pixels.",
		AvatarUnreadable: "This image could not be read. Try another file.",
		AvatarDemanding:  "This image takes too much memory to process. Please upload a smaller picture: 1024 × 1024 pixels is plenty.",

		DeviceOn:      "%s on %s",
		UnknownDevice: "Unknown device",
	},
	locale.Nl: {
		Messages:          endpoint.For(locale.Nl),
		RegisterDone:      "Bedankt. Kijk in uw inbox: we hebben een e-mail naar dit adres gestuurd met de volgende stap.",
		ConfirmDone:       "Uw e-mailadres is bevestigd. U kunt nu inloggen.",
		ConfirmInvalid:    "Deze bevestigingslink is ongeldig, verlopen of al gebruikt. Op de inlogpagina kunt u een nieuwe link aanvragen.",
		ConfirmChoose:     "Dit adres is meer dan eens geregistreerd voordat het werd bevestigd. Kies het wachtwoord voor uw account om het te bevestigen.",
		LoginDone:         "U bent ingelogd.",
		LoginFailed:       "Het e-mailadres of wachtwoord is onjuist.",
		EmailNotConfirmed: "Uw e-mailadres is nog niet bevestigd. Gebruik de link in de e-mail die we u stuurden, of vraag een nieuwe aan.",
		AccountDisabled:   "Dit account is uitgeschakeld. Neem contact met ons op als u denkt dat dit een vergissing is.",
		TooManyAttempts:   "Te veel mislukte pogingen voor dit account. Wacht even voordat u het opnieuw probeert.",
		RateLimited:       "Te veel verzoeken vanaf uw netwerk. Wacht een minuut en probeer het opnieuw.",
		Busy:              "We verwerken op dit moment erg veel verzoeken. Probeer het over een paar seconden opnieuw.",
		ForgetDone:        "Als er een account met dit adres bestaat, hebben we er een code van 6 cijfers naartoe gestuurd. De code is 10 minuten geldig.",
		CodeAccepted:      "De code is juist. U kunt nu een nieuw wachtwoord kiezen.",
		CodeWrong:         "Deze code is onjuist of verlopen.",
		CodeDead:          "Te veel onjuiste codes. Vraag een nieuwe code aan.",
		ResetInvalid:      "Deze wachtwoordherstelling is verlopen of al gebruikt. Vraag een nieuwe code aan.",
		ResetDone:         "Uw wachtwoord is gewijzigd en u bent overal uitgelogd. U kunt nu inloggen met uw nieuwe wachtwoord.",
		LoggedOut:         "U bent uitgelogd.",
		NotSignedIn:       "Log in om verder te gaan.",
		ProfileSaved:      "Uw profiel is opgeslagen.",
		PasswordChanged:   "Uw wachtwoord is gewijzigd. Uw andere sessies zijn uitgelogd.",
		AccountDeleted:    "Uw account is verwijderd.",
		ResendDone:        "Als er een account met dit adres op bevestiging wacht, hebben we er een nieuwe link naartoe gestuurd.",
		SessionEnded:      "De sessie is beëindigd.",
		SessionNotFound:   "Deze sessie bestaat niet of is al beëindigd.",
		AvatarSaved:       "Uw profielfoto is bijgewerkt.",
		AvatarRemoved:     "Uw profielfoto is verwijderd.",
		AvatarNotFound:    "Deze afbeelding is niet gevonden.",
		AvatarTooLarge:    "De afbeelding is te groot: het maximum is 2 MB.",
		Internal:          "Er is bij ons iets misgegaan. Probeer het later opnieuw.",

		CodeFormat:       "Voer de code van 6 cijfers uit de e-mail in.",
		PasswordShort:    "Gebruik minstens %d tekens.",
		PasswordLong:     "Gebruik maximaal %d tekens.",
		PasswordCommon:   "Dit wachtwoord komt te vaak voor en is makkelijk te raden. Kies een ander wachtwoord.",
		PasswordPersonal: "Gebruik uw e-mailadres of uw naam niet als wachtwoord.",
		PasswordMismatch: "De wachtwoorden komen niet overeen.",
		PasswordWrong:    "Het wachtwoord is onjuist.",
		AvatarMissing:    "Kies een afbeelding om te uploaden.",
		AvatarType:       "Upload een PNG-, JPEG- of WebP-afbeelding.",
		AvatarDimensions: "De afbeelding is te groot: maximaal %d × %d pixels.",
		AvatarUnreadable: "Deze afbeelding kon niet worden gelezen. Probeer een ander bestand.",
		AvatarDemanding:  "Deze afbeelding vraagt te veel geheugen om te verwerken. Upload een kleinere afbeelding: 1024 × 1024 pixels is ruim voldoende.",

		DeviceOn:      "%s op %s",
		UnknownDevice: "Onbekend apparaat",
	},
	locale.Fr: {
		Messages:          endpoint.For(locale.Fr),
		RegisterDone:      "Merci. Consultez votre boîte de réception : nous avons envoyé à cette adresse un e-mail indiquant la marche à suivre.",
		ConfirmDone:       "Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.",
		ConfirmInvalid:    "Ce lien de confirmation est invalide, a expiré ou a déjà été utilisé. Vous pouvez demander un nouveau lien depuis la page de connexion.",
		ConfirmChoose:     "Cette adresse a été inscrite plusieurs fois avant d’être confirmée. Choisissez le mot de passe de votre compte pour la confirmer.",
		LoginDone:         "Vous êtes connecté.",
		LoginFailed:       "L’adresse e-mail ou le mot de passe est incorrect.",
		EmailNotConfirmed: "Votre adresse e-mail n’est pas encore confirmée. Utilisez le lien de l’e-mail que nous vous avons envoyé, ou demandez-en un nouveau.",
		AccountDisabled:   "Ce compte a été désactivé. Si vous pensez qu’il s’agit d’une erreur, contactez-nous.",
		TooManyAttempts:   "Trop de tentatives infructueuses pour ce compte. Veuillez patienter un peu avant de réessayer.",
		RateLimited:       "Trop de requêtes depuis votre réseau. Veuillez patienter une minute, puis réessayer.",
		Busy:              "Nous traitons actuellement un très grand nombre de demandes. Veuillez réessayer dans quelques secondes.",
		ForgetDone:        "Si un compte utilise cette adresse, nous lui avons envoyé un code à 6 chiffres. Ce code est valable 10 minutes.",
		CodeAccepted:      "Le code est correct. Vous pouvez maintenant choisir un nouveau mot de passe.",
		CodeWrong:         "Ce code est incorrect ou a expiré.",
		CodeDead:          "Trop de codes incorrects. Veuillez demander un nouveau code.",
		ResetInvalid:      "Cette réinitialisation du mot de passe a expiré ou a déjà été utilisée. Veuillez demander un nouveau code.",
		ResetDone:         "Votre mot de passe a été modifié et vous avez été déconnecté partout. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
		LoggedOut:         "Vous avez été déconnecté.",
		NotSignedIn:       "Veuillez vous connecter pour continuer.",
		ProfileSaved:      "Votre profil a été enregistré.",
		PasswordChanged:   "Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.",
		AccountDeleted:    "Votre compte a été supprimé.",
		ResendDone:        "Si un compte associé à cette adresse attend une confirmation, nous lui avons envoyé un nouveau lien.",
		SessionEnded:      "La session a été fermée.",
		SessionNotFound:   "Cette session n’existe pas ou a déjà été fermée.",
		AvatarSaved:       "Votre photo de profil a été mise à jour.",
		AvatarRemoved:     "Votre photo de profil a été supprimée.",
		AvatarNotFound:    "Cette image est introuvable.",
		AvatarTooLarge:    "L’image est trop volumineuse : la limite est de 2 Mo.",
		Internal:          "Une erreur s’est produite de notre côté. Veuillez réessayer plus tard.",

		CodeFormat:       "Saisissez le code à 6 chiffres reçu par e-mail.",
		PasswordShort:    "Utilisez au moins %d caractères.",
		PasswordLong:     "Utilisez %d caractères au maximum.",
		PasswordCommon:   "Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre.",
		PasswordPersonal: "N’utilisez ni votre adresse e-mail ni votre nom comme mot de passe.",
		PasswordMismatch: "Les mots de passe ne correspondent pas.",
		PasswordWrong:    "Le mot de passe est incorrect.",
		AvatarMissing:    "Choisissez une image à envoyer.",
		AvatarType:       "Envoyez une image PNG, JPEG ou WebP.",
		AvatarDimensions: "L’image est trop grande : %d × %d pixels au maximum.",
		AvatarUnreadable: "Cette image est illisible. Essayez un autre fichier.",
		AvatarDemanding:  "Cette image demande trop de mémoire pour être traitée. Envoyez une image plus petite : 1024 × 1024 pixels suffisent largement.",

		DeviceOn:      "%s sur %s",
		UnknownDevice: "Appareil inconnu",
	},
	locale.Ar: {
		Messages:          endpoint.For(locale.Ar),
		RegisterDone:      "شكرًا لك. تفقّد بريدك الوارد: أرسلنا إلى هذا العنوان رسالة تتضمن الخطوة التالية.",
		ConfirmDone:       "تم تأكيد بريدك الإلكتروني. يمكنك الآن تسجيل الدخول.",
		ConfirmInvalid:    "رابط التأكيد هذا غير صالح أو منتهي الصلاحية أو سبق استخدامه. يمكنك طلب رابط جديد من صفحة تسجيل الدخول.",
		ConfirmChoose:     "سُجِّل هذا العنوان أكثر من مرة قبل تأكيده. اختر كلمة المرور لحسابك لتأكيده.",
		LoginDone:         "تم تسجيل دخولك.",
		LoginFailed:       "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
		EmailNotConfirmed: "لم يتم تأكيد بريدك الإلكتروني بعد. استخدم الرابط الوارد في الرسالة التي أرسلناها إليك، أو اطلب رابطًا جديدًا.",
		AccountDisabled:   "تم تعطيل هذا الحساب. إذا كنت تعتقد أن ذلك خطأ، فيُرجى التواصل معنا.",
		TooManyAttempts:   "محاولات فاشلة كثيرة لهذا الحساب. يُرجى الانتظار قليلًا قبل المحاولة مرة أخرى.",
		RateLimited:       "طلبات كثيرة جدًا من شبكتك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
		Busy:              "نتعامل حاليًا مع عدد كبير جدًا من الطلبات. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.",
		ForgetDone:        "إذا كان هناك حساب يستخدم هذا العنوان، فقد أرسلنا إليه رمزًا من 6 أرقام صالحًا لمدة 10 دقائق.",
		CodeAccepted:      "الرمز صحيح. يمكنك الآن اختيار كلمة مرور جديدة.",
		CodeWrong:         "هذا الرمز غير صحيح أو منتهي الصلاحية.",
		CodeDead:          "أُدخلت رموز غير صحيحة مرات كثيرة. يُرجى طلب رمز جديد.",
		ResetInvalid:      "انتهت صلاحية طلب إعادة تعيين كلمة المرور هذا أو سبق استخدامه. يُرجى طلب رمز جديد.",
		ResetDone:         "تم تغيير كلمة المرور وتسجيل خروجك من جميع الأجهزة. يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.",
		LoggedOut:         "تم تسجيل خروجك.",
		NotSignedIn:       "يُرجى تسجيل الدخول للمتابعة.",
		ProfileSaved:      "تم حفظ ملفك الشخصي.",
		PasswordChanged:   "تم تغيير كلمة المرور وتسجيل الخروج من جلساتك الأخرى.",
		AccountDeleted:    "تم حذف حسابك.",
		ResendDone:        "إذا كان هناك حساب بهذا العنوان بانتظار التأكيد، فقد أرسلنا إليه رابطًا جديدًا.",
		SessionEnded:      "تم إنهاء الجلسة.",
		SessionNotFound:   "هذه الجلسة غير موجودة أو انتهت بالفعل.",
		AvatarSaved:       "تم تحديث صورة ملفك الشخصي.",
		AvatarRemoved:     "تمت إزالة صورة ملفك الشخصي.",
		AvatarNotFound:    "لم يُعثر على هذه الصورة.",
		AvatarTooLarge:    "حجم الصورة كبير جدًا: الحد الأقصى 2 ميغابايت.",
		Internal:          "حدث خطأ من جانبنا. يُرجى المحاولة لاحقًا.",

		CodeFormat:       "أدخل الرمز المكوّن من 6 أرقام الوارد في الرسالة.",
		PasswordShort:    "استخدم %d حرفًا على الأقل.",
		PasswordLong:     "استخدم %d حرفًا على الأكثر.",
		PasswordCommon:   "كلمة المرور هذه شائعة جدًا ويسهل تخمينها. اختر كلمة مرور أخرى.",
		PasswordPersonal: "لا تستخدم بريدك الإلكتروني أو اسمك كلمةً للمرور.",
		PasswordMismatch: "كلمتا المرور غير متطابقتين.",
		PasswordWrong:    "كلمة المرور غير صحيحة.",
		AvatarMissing:    "اختر صورة لرفعها.",
		AvatarType:       "ارفع صورة بصيغة PNG أو JPEG أو WebP.",
		AvatarDimensions: "أبعاد الصورة كبيرة جدًا: الحد الأقصى %d × %d بكسل.",
		AvatarUnreadable: "تعذّرت قراءة هذه الصورة. جرّب ملفًا آخر.",
		AvatarDemanding:  "تتطلب معالجة هذه الصورة ذاكرة كبيرة جدًا. يُرجى رفع صورة أصغر: تكفي صورة بأبعاد 1024 × 1024 بكسل.",

		DeviceOn:      "%s على %s",
		UnknownDevice: "جهاز غير معروف",
	},
}

// msgs returns the catalogue of a locale, English for an unknown one.
func msgs(l locale.Locale) *messages {
	if m, ok := catalogue[l]; ok {
		return m
	}
	return catalogue[locale.Default]
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
