package endpoint

import (
	"fmt"

	"noorvale.example/site/api/locale"
)

// Messages holds the strings every API answers with the same way, in one
// language; each API's own catalogue embeds them.
type Messages struct {
	FixFields          string // 400 with a message per field
	BadRequest         string // a body that cannot be read
	BodyTooLarge       string // 413
	UnsupportedBody    string // 415
	CaptchaRequired    string // the captcha is missing or wrong
	CaptchaUnavailable string // a hosted captcha provider cannot be asked
	Unavailable        string // 503: the database did not answer in time

	// Field errors.
	Required       string
	TooLong        string // %d characters
	InvalidChars   string
	InvisibleChars string // a name with format characters
	EmailInvalid   string
	PhoneInvalid   string
}

var catalogue = map[locale.Locale]*Messages{
	locale.En: {
		FixFields:          "Please correct the highlighted fields.",
		BadRequest:         "The request could not be read. Please check the data you sent.",
		BodyTooLarge:       "The request is too large.",
		UnsupportedBody:    "This kind of request body is not accepted here. Please send the form again from the site.",
		CaptchaRequired:    "Please complete the security check and try again.",
		CaptchaUnavailable: "The security check is temporarily unavailable. Please try again in a few minutes.",
		Unavailable:        "This cannot be done right now because of a temporary problem on our side. Please try again in a few seconds.",
		Required:           "This field is required.",
		TooLong:            "Use at most %d characters.",
		InvalidChars:       "This field contains characters that are not allowed.",
		InvisibleChars:     "Remove the invisible formatting characters (such as direction marks or zero-width spaces) from this name.",
		EmailInvalid:       "Enter a valid e-mail address, such as name@example.com.",
		PhoneInvalid:       "Enter the number in international format, for example +971 4 123 4567.",
	},
	locale.Nl: {
		FixFields:          "Corrigeer de gemarkeerde velden.",
		BadRequest:         "Het verzoek kon niet worden gelezen. Controleer de verstuurde gegevens.",
		BodyTooLarge:       "Het verzoek is te groot.",
		UnsupportedBody:    "Dit soort verzoek wordt hier niet aanvaard. Verstuur het formulier opnieuw vanaf de site.",
		CaptchaRequired:    "Voltooi de beveiligingscontrole en probeer het opnieuw.",
		CaptchaUnavailable: "De beveiligingscontrole is tijdelijk niet beschikbaar. Probeer het over een paar minuten opnieuw.",
		Unavailable:        "Dit lukt nu niet door een tijdelijk probleem bij ons. Probeer het over een paar seconden opnieuw.",
		Required:           "Dit veld is verplicht.",
		TooLong:            "Gebruik maximaal %d tekens.",
		InvalidChars:       "Dit veld bevat tekens die niet zijn toegestaan.",
		InvisibleChars:     "Verwijder de onzichtbare opmaaktekens (zoals richtingstekens of spaties zonder breedte) uit deze naam.",
		EmailInvalid:       "Voer een geldig e-mailadres in, zoals naam@voorbeeld.nl.",
		PhoneInvalid:       "Voer het nummer in internationale notatie in, bijvoorbeeld +31 20 123 4567.",
	},
	locale.Fr: {
		FixFields:          "Veuillez corriger les champs signalés.",
		BadRequest:         "La requête est illisible. Veuillez vérifier les données envoyées.",
		BodyTooLarge:       "La requête est trop volumineuse.",
		UnsupportedBody:    "Ce type de requête n’est pas accepté ici. Veuillez renvoyer le formulaire depuis le site.",
		CaptchaRequired:    "Veuillez effectuer la vérification de sécurité, puis réessayer.",
		CaptchaUnavailable: "La vérification de sécurité est momentanément indisponible. Veuillez réessayer dans quelques minutes.",
		Unavailable:        "Cette opération est impossible pour le moment en raison d’un problème temporaire de notre côté. Veuillez réessayer dans quelques secondes.",
		Required:           "Ce champ est obligatoire.",
		TooLong:            "Utilisez %d caractères au maximum.",
		InvalidChars:       "Ce champ contient des caractères non autorisés.",
		InvisibleChars:     "Retirez de ce nom les caractères de mise en forme invisibles (marques de direction, espaces sans chasse, etc.).",
		EmailInvalid:       "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.",
		PhoneInvalid:       "Saisissez le numéro au format international, par exemple +33 1 23 45 67 89.",
	},
	locale.Ar: {
		FixFields:          "يُرجى تصحيح الحقول المشار إليها.",
		BadRequest:         "تعذّرت قراءة الطلب. يُرجى التحقق من البيانات المرسلة.",
		BodyTooLarge:       "حجم الطلب كبير جدًا.",
		UnsupportedBody:    "هذا النوع من الطلبات غير مقبول هنا. يُرجى إرسال النموذج مرة أخرى من الموقع.",
		CaptchaRequired:    "يُرجى إكمال التحقق الأمني ثم المحاولة مرة أخرى.",
		CaptchaUnavailable: "التحقق الأمني غير متاح مؤقتًا. يُرجى المحاولة بعد بضع دقائق.",
		Unavailable:        "يتعذّر إتمام هذا الطلب الآن بسبب مشكلة مؤقتة لدينا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.",
		Required:           "هذا الحقل مطلوب.",
		TooLong:            "استخدم %d حرفًا على الأكثر.",
		InvalidChars:       "يحتوي هذا الحقل على أحرف غير مسموح بها.",
		InvisibleChars:     "أزِل من هذا الاسم محارف التنسيق غير المرئية (مثل علامات الاتجاه والمسافات الصفرية العرض).",
		EmailInvalid:       "أدخل بريدًا إلكترونيًا صالحًا، مثل name@example.com.",
		PhoneInvalid:       "أدخل الرقم بالصيغة الدولية، مثل ‎+971 4 123 4567‎.",
	},
}

// For returns the messages of a locale, English for an unknown one.
func For(l locale.Locale) *Messages {
	if m, ok := catalogue[l]; ok {
		return m
	}
	return catalogue[locale.Default]
}

// TooLongFor is the TooLong message for a limit of n characters.
func (m *Messages) TooLongFor(n int) string { return fmt.Sprintf(m.TooLong, n) }
