package forms

import (
	"fmt"
	"time"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// messages holds every string the forms answer with, in one language.
type messages struct {
	*endpoint.Messages

	// Answers.
	ProposalDone    string
	InquiryDone     string
	ContactDone     string
	ApplicationDone string
	WebinarDone     string
	PublicationDone string
	CVTooLarge      string
	CVBeforeFields  string // a CV sent before the consent and the captcha
	UploadsBusy     string // too many applications from one client at once
	RateLimited     string
	NotFound        string
	VacancyClosed   string
	WebinarClosed   string
	DownloadInvalid string
	DownloadLocked  string

	// Field errors.
	ConsentRequired string
	ChoiceInvalid   string
	ServiceUnknown  string
	TooManyChoices  string // %d choices
	DateInvalid     string
	DatePast        string
	LinkedInInvalid string
	CVMissing       string
	CVType          string

	// Words the confirmation e-mails and the PDF use.
	Offices map[string]string // office key: "our London office", as a sentence continues it
	// ReplyTopics are the subjects of staff replies, by form; a contact
	// message's has a %s for its office.
	ReplyTopics map[string]string
	Months      [12]string
	DateFormat  string // %[1]d day, %[2]s month, %[3]d year
	TimeFormat  string // %[1]s date, %[2]02d hour, %[3]02d minute, %[4]s UTC offset
	PubTypes    map[string]string
	InThisPub   string // heading of a publication's highlights
	Page        string // %d: page number in the PDF footer
}

var catalogue = map[locale.Locale]*messages{
	locale.En: {
		Messages:        endpoint.For(locale.En),
		ProposalDone:    "Thank you. We have received your request for a proposal and will contact you within one working day. A confirmation is on its way to your inbox.",
		InquiryDone:     "Thank you. We have received your question and will reply within one working day. A confirmation is on its way to your inbox.",
		ContactDone:     "Thank you. Your message has been passed on to the office, which will reply within one working day.",
		ApplicationDone: "Thank you for your application. We have received it with your CV and have sent you a confirmation by e-mail.",
		WebinarDone:     "You are registered. We have sent a confirmation with the date and time to your inbox.",
		PublicationDone: "Thank you. Your download is ready, and we have also e-mailed you the link. It is valid for 24 hours.",
		CVTooLarge:      "Your CV is too large: the limit is 5 MB.",
		CVBeforeFields:  "Send the fields of the form, with the consent and the security check, before the CV file.",
		UploadsBusy:     "Other uploads from your network are still in progress. Please wait for them to finish, then try again.",
		RateLimited:     "You have sent this form too many times from your network. Please try again later.",
		NotFound:        "We could not find what this form refers to. It may have been removed.",
		VacancyClosed:   "This vacancy is closed and no longer accepts applications.",
		WebinarClosed:   "Registration for this webinar has closed.",
		DownloadInvalid: "This download link is invalid or has expired. Please fill in the form again to receive a new link.",
		DownloadLocked:  "Please leave your details in the form, or log in, to download this publication.",

		ConsentRequired: "Please agree to the privacy policy so that we can process your request.",
		ChoiceInvalid:   "Choose one of the options in the list.",
		ServiceUnknown:  "Choose services from the list.",
		TooManyChoices:  "Choose at most %d options.",
		DateInvalid:     "Enter a valid date.",
		DatePast:        "Choose today or a later date.",
		LinkedInInvalid: "Enter the address of your LinkedIn profile, starting with https://www.linkedin.com/in/.",
		CVMissing:       "Attach your CV.",
		CVType:          "Upload your CV as a PDF or Word (.docx) file.",

		Offices:     map[string]string{"london": "our London office", "dubai": "our Dubai office", "cairo": "our Cairo office"},
		ReplyTopics: map[string]string{"proposal": "Your request for a proposal", "inquiry": "Your question to Noorvale Assurance", "contact": "Your message to %s", "application": "Your application to Noorvale Assurance", "webinar": "Your webinar registration", "publication": "Your download from Noorvale Assurance"},
		Months:      [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		DateFormat:  "%[1]d %[2]s %[3]d",
		TimeFormat:  "%[1]s, %02[2]d:%02[3]d (%[4]s)",
		PubTypes:    map[string]string{"Guide": "Guide", "White paper": "White paper", "Checklist": "Checklist", "Report": "Report"},
		InThisPub:   "In this publication",
		Page:        "Page %d",
	},
	locale.Nl: {
		Messages:        endpoint.For(locale.Nl),
		ProposalDone:    "Bedankt. We hebben uw offerteaanvraag ontvangen en nemen binnen één werkdag contact met u op. U ontvangt een bevestiging per e-mail.",
		InquiryDone:     "Bedankt. We hebben uw vraag ontvangen en antwoorden binnen één werkdag. U ontvangt een bevestiging per e-mail.",
		ContactDone:     "Bedankt. Uw bericht is doorgestuurd naar het kantoor, dat binnen één werkdag antwoordt.",
		ApplicationDone: "Bedankt voor uw sollicitatie. We hebben die met uw cv ontvangen en u een bevestiging per e-mail gestuurd.",
		WebinarDone:     "U bent aangemeld. We hebben u een bevestiging met de datum en tijd gestuurd.",
		PublicationDone: "Bedankt. Uw download staat klaar en we hebben u de link ook per e-mail gestuurd. De link is 24 uur geldig.",
		CVTooLarge:      "Uw cv is te groot: het maximum is 5 MB.",
		CVBeforeFields:  "Verstuur de velden van het formulier, met de toestemming en de beveiligingscontrole, vóór het cv-bestand.",
		UploadsBusy:     "Er lopen nog andere uploads vanaf uw netwerk. Wacht tot ze klaar zijn en probeer het dan opnieuw.",
		RateLimited:     "U hebt dit formulier te vaak verstuurd vanaf uw netwerk. Probeer het later opnieuw.",
		NotFound:        "We konden niet vinden waar dit formulier over gaat. Misschien is het verwijderd.",
		VacancyClosed:   "Deze vacature is gesloten en neemt geen sollicitaties meer aan.",
		WebinarClosed:   "De aanmelding voor dit webinar is gesloten.",
		DownloadInvalid: "Deze downloadlink is ongeldig of verlopen. Vul het formulier opnieuw in om een nieuwe link te ontvangen.",
		DownloadLocked:  "Laat uw gegevens achter in het formulier, of log in, om deze publicatie te downloaden.",

		ConsentRequired: "Ga akkoord met het privacybeleid, zodat we uw aanvraag kunnen verwerken.",
		ChoiceInvalid:   "Kies een van de opties uit de lijst.",
		ServiceUnknown:  "Kies diensten uit de lijst.",
		TooManyChoices:  "Kies maximaal %d opties.",
		DateInvalid:     "Voer een geldige datum in.",
		DatePast:        "Kies vandaag of een latere datum.",
		LinkedInInvalid: "Voer het adres van uw LinkedIn-profiel in, beginnend met https://www.linkedin.com/in/.",
		CVMissing:       "Voeg uw cv toe.",
		CVType:          "Upload uw cv als pdf- of Word-bestand (.docx).",

		Offices:     map[string]string{"london": "ons kantoor in Londen", "dubai": "ons kantoor in Dubai", "cairo": "ons kantoor in Caïro"},
		ReplyTopics: map[string]string{"proposal": "Uw offerteaanvraag", "inquiry": "Uw vraag aan Noorvale Assurance", "contact": "Uw bericht aan %s", "application": "Uw sollicitatie bij Noorvale Assurance", "webinar": "Uw aanmelding voor het webinar", "publication": "Uw download bij Noorvale Assurance"},
		Months:      [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		DateFormat:  "%[1]d %[2]s %[3]d",
		TimeFormat:  "%[1]s, %02[2]d.%02[3]d uur (%[4]s)",
		PubTypes:    map[string]string{"Guide": "Gids", "White paper": "Whitepaper", "Checklist": "Checklist", "Report": "Rapport"},
		InThisPub:   "In deze publicatie",
		Page:        "Pagina %d",
	},
	locale.Fr: {
		Messages:        endpoint.For(locale.Fr),
		ProposalDone:    "Merci. Nous avons bien reçu votre demande de proposition et vous contacterons sous un jour ouvré. Une confirmation vous a été envoyée par e-mail.",
		InquiryDone:     "Merci. Nous avons bien reçu votre question et vous répondrons sous un jour ouvré. Une confirmation vous a été envoyée par e-mail.",
		ContactDone:     "Merci. Votre message a été transmis au bureau concerné, qui vous répondra sous un jour ouvré.",
		ApplicationDone: "Merci pour votre candidature. Nous l’avons bien reçue avec votre CV et vous avons envoyé une confirmation par e-mail.",
		WebinarDone:     "Votre inscription est enregistrée. Nous vous avons envoyé une confirmation indiquant la date et l’heure.",
		PublicationDone: "Merci. Votre téléchargement est prêt et nous vous avons également envoyé le lien par e-mail. Il est valable 24\u00a0heures.",
		CVTooLarge:      "Votre CV est trop volumineux\u00a0: la limite est de 5\u00a0Mo.",
		CVBeforeFields:  "Envoyez les champs du formulaire, avec le consentement et la vérification de sécurité, avant le fichier du CV.",
		UploadsBusy:     "D’autres envois depuis votre réseau sont encore en cours. Veuillez attendre qu’ils se terminent, puis réessayer.",
		RateLimited:     "Ce formulaire a été envoyé trop de fois depuis votre réseau. Veuillez réessayer plus tard.",
		NotFound:        "Nous ne trouvons pas l’élément auquel ce formulaire se rapporte. Il a peut-être été retiré.",
		VacancyClosed:   "Cette offre d’emploi est close et n’accepte plus de candidatures.",
		WebinarClosed:   "Les inscriptions à ce webinaire sont closes.",
		DownloadInvalid: "Ce lien de téléchargement est invalide ou a expiré. Veuillez remplir à nouveau le formulaire pour recevoir un nouveau lien.",
		DownloadLocked:  "Veuillez renseigner le formulaire, ou vous connecter, pour télécharger cette publication.",

		ConsentRequired: "Veuillez accepter la politique de confidentialité afin que nous puissions traiter votre demande.",
		ChoiceInvalid:   "Choisissez l’une des options de la liste.",
		ServiceUnknown:  "Choisissez des services dans la liste.",
		TooManyChoices:  "Choisissez %d options au maximum.",
		DateInvalid:     "Saisissez une date valide.",
		DatePast:        "Choisissez la date du jour ou une date ultérieure.",
		LinkedInInvalid: "Saisissez l’adresse de votre profil LinkedIn, commençant par https://www.linkedin.com/in/.",
		CVMissing:       "Joignez votre CV.",
		CVType:          "Envoyez votre CV au format PDF ou Word (.docx).",

		Offices:     map[string]string{"london": "notre bureau de Londres", "dubai": "notre bureau de Dubaï", "cairo": "notre bureau du Caire"},
		ReplyTopics: map[string]string{"proposal": "Votre demande de proposition", "inquiry": "Votre question à Noorvale Assurance", "contact": "Votre message à %s", "application": "Votre candidature chez Noorvale Assurance", "webinar": "Votre inscription au webinaire", "publication": "Votre téléchargement chez Noorvale Assurance"},
		Months:      [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		DateFormat:  "%[1]d %[2]s %[3]d",
		TimeFormat:  "%[1]s à %[2]d\u00a0h\u00a0%02[3]d (%[4]s)",
		PubTypes:    map[string]string{"Guide": "Guide", "White paper": "Livre blanc", "Checklist": "Liste de contrôle", "Report": "Rapport"},
		InThisPub:   "Dans cette publication",
		Page:        "Page %d",
	},
	locale.Ar: {
		Messages:        endpoint.For(locale.Ar),
		ProposalDone:    "شكرًا لك. تلقّينا طلبك للحصول على عرض، وسنتواصل معك خلال يوم عمل واحد. أرسلنا إليك رسالة تأكيد بالبريد الإلكتروني.",
		InquiryDone:     "شكرًا لك. تلقّينا استفسارك وسنرد عليك خلال يوم عمل واحد. أرسلنا إليك رسالة تأكيد بالبريد الإلكتروني.",
		ContactDone:     "شكرًا لك. أحلنا رسالتك إلى المكتب المعني، وسيرد عليك خلال يوم عمل واحد.",
		ApplicationDone: "شكرًا لتقدّمك. تلقّينا طلبك وسيرتك الذاتية، وأرسلنا إليك رسالة تأكيد بالبريد الإلكتروني.",
		WebinarDone:     "تم تسجيلك. أرسلنا إليك رسالة تأكيد تتضمن التاريخ والوقت.",
		PublicationDone: "شكرًا لك. ملفك جاهز للتنزيل، وأرسلنا إليك الرابط بالبريد الإلكتروني أيضًا. الرابط صالح لمدة 24 ساعة.",
		CVTooLarge:      "حجم سيرتك الذاتية كبير جدًا: الحد الأقصى 5 ميغابايت.",
		CVBeforeFields:  "أرسل حقول النموذج، ومعها الموافقة والتحقق الأمني، قبل ملف السيرة الذاتية.",
		UploadsBusy:     "لا تزال عمليات رفع أخرى من شبكتك قيد التنفيذ. يُرجى الانتظار حتى تنتهي ثم المحاولة مرة أخرى.",
		RateLimited:     "أُرسل هذا النموذج مرات كثيرة من شبكتك. يُرجى المحاولة لاحقًا.",
		NotFound:        "لم نعثر على ما يخص هذا النموذج، وربما أُزيل.",
		VacancyClosed:   "هذه الوظيفة مغلقة ولم تعد تستقبل طلبات.",
		WebinarClosed:   "أُغلق باب التسجيل في هذه الندوة الإلكترونية.",
		DownloadInvalid: "رابط التنزيل هذا غير صالح أو منتهي الصلاحية. يُرجى تعبئة النموذج مجددًا للحصول على رابط جديد.",
		DownloadLocked:  "يُرجى تعبئة بياناتك في النموذج، أو تسجيل الدخول، لتنزيل هذا الإصدار.",

		ConsentRequired: "يُرجى الموافقة على سياسة الخصوصية حتى نتمكن من معالجة طلبك.",
		ChoiceInvalid:   "اختر أحد الخيارات من القائمة.",
		ServiceUnknown:  "اختر الخدمات من القائمة.",
		TooManyChoices:  "اختر %d خيارًا على الأكثر.",
		DateInvalid:     "أدخل تاريخًا صالحًا.",
		DatePast:        "اختر تاريخ اليوم أو تاريخًا لاحقًا.",
		LinkedInInvalid: "أدخل عنوان ملفك الشخصي على LinkedIn، بحيث يبدأ بـ https://www.linkedin.com/in/.",
		CVMissing:       "أرفق سيرتك الذاتية.",
		CVType:          "ارفع سيرتك الذاتية بصيغة PDF أو Word (‎.docx).",

		Offices:     map[string]string{"london": "مكتبنا في لندن", "dubai": "مكتبنا في دبي", "cairo": "مكتبنا في القاهرة"},
		ReplyTopics: map[string]string{"proposal": "طلبك للحصول على عرض", "inquiry": "استفسارك إلى Noorvale Assurance", "contact": "رسالتك إلى %s", "application": "طلب التوظيف الذي قدّمته إلى Noorvale Assurance", "webinar": "تسجيلك في الندوة عبر الإنترنت", "publication": "تنزيلك من Noorvale Assurance"},
		Months:      [12]string{"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"},
		DateFormat:  "%[1]d %[2]s %[3]d",
		TimeFormat:  "%[1]s، الساعة %02[2]d:%02[3]d (%[4]s)",
		PubTypes:    map[string]string{"Guide": "دليل", "White paper": "ورقة بيضاء", "Checklist": "قائمة تحقق", "Report": "تقرير"},
		InThisPub:   "في هذا الإصدار",
		Page:        "الصفحة %d",
	},
}

// msgs returns the catalogue of a locale, English for an unknown one.
func msgs(l locale.Locale) *messages {
	if m, ok := catalogue[l]; ok {
		return m
	}
	return catalogue[locale.Default]
}

// date writes a day as the language writes it: "17 February 2027".
func (m *messages) date(t time.Time) string {
	return fmt.Sprintf(m.DateFormat, t.Day(), m.Months[t.Month()-1], t.Year())
}

// dateTime writes a moment in its own time zone, with the UTC offset:
// "17 February 2027, 13:00 (UTC+3)".
func (m *messages) dateTime(t time.Time) string {
	_, offset := t.Zone()
	zone := "UTC"
	if offset != 0 {
		sign := "+"
		if offset < 0 {
			sign, offset = "-", -offset
		}
		zone += sign + fmt.Sprint(offset/3600)
		if mins := offset % 3600 / 60; mins != 0 {
			zone += fmt.Sprintf(":%02d", mins)
		}
	}
	return fmt.Sprintf(m.TimeFormat, m.date(t), t.Hour(), t.Minute(), zone)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
