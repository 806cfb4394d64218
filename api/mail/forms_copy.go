package mail

import "noorvale.example/site/api/locale"

// formLetters are the e-mails of the site's forms: the notification the
// firm's inbox receives and the confirmation each visitor receives.
var formLetters = map[Kind]map[locale.Locale]letter{
	KindFormNotification: {
		locale.En: {
			Subject: "Website form: {form} ({reference})",
			Blocks: []block{
				{Text: "A visitor has sent the {form} form on the website. The details they submitted are below."},
				{Pre: "fields"},
				{Text: "Reference {reference}. The submission is stored in the website’s database; operators can export it as CSV with the command “server submissions export”."},
				{Text: "To answer the visitor, simply reply to this e-mail."},
			},
			Reason:    "You receive this e-mail because this address is the configured inbox for this website form.",
			Automated: "This message was sent automatically by the website.",
		},
		locale.Nl: {
			Subject: "Websiteformulier: {form} ({reference})",
			Blocks: []block{
				{Text: "Een bezoeker heeft op de website het formulier ‘{form}’ verstuurd. De ingevulde gegevens staan hieronder."},
				{Pre: "fields"},
				{Text: "Referentie {reference}. De inzending is opgeslagen in de database van de website; beheerders kunnen haar als CSV exporteren met het commando ‘server submissions export’."},
				{Text: "Beantwoord deze e-mail om de bezoeker rechtstreeks te antwoorden."},
			},
			Reason:    "U ontvangt deze e-mail omdat dit adres is ingesteld als inbox voor dit websiteformulier.",
			Automated: "Dit bericht is automatisch verstuurd door de website.",
		},
		locale.Fr: {
			Subject: "Formulaire du site\u00a0: {form} ({reference})",
			Blocks: []block{
				{Text: "Un visiteur a envoyé le formulaire «\u00a0{form}\u00a0» sur le site. Les informations transmises figurent ci-dessous."},
				{Pre: "fields"},
				{Text: "Référence {reference}. La demande est enregistrée dans la base de données du site\u00a0; les administrateurs peuvent l’exporter au format CSV avec la commande «\u00a0server submissions export\u00a0»."},
				{Text: "Pour répondre au visiteur, il suffit de répondre à cet e-mail."},
			},
			Reason:    "Vous recevez cet e-mail car cette adresse est la boîte de réception configurée pour ce formulaire du site.",
			Automated: "Ce message a été envoyé automatiquement par le site.",
		},
		locale.Ar: {
			Subject: "نموذج الموقع: {form} ({reference})",
			Blocks: []block{
				{Text: "أرسل أحد الزوار نموذج «{form}» عبر الموقع. تجد البيانات المُرسلة أدناه."},
				{Pre: "fields"},
				{Text: "المرجع {reference}. حُفظ الطلب في قاعدة بيانات الموقع، ويمكن للمسؤولين تصديره بصيغة CSV باستخدام الأمر «server submissions export»."},
				{Text: "للرد على الزائر مباشرةً، يكفي الرد على هذه الرسالة."},
			},
			Reason:    "تصلك هذه الرسالة لأن هذا العنوان هو صندوق الوارد المخصص لهذا النموذج على الموقع.",
			Automated: "أُرسلت هذه الرسالة تلقائيًا من الموقع.",
		},
	},

	KindFormConfirmProposal: {
		locale.En: {
			Subject: "We have received your request for a proposal",
			Blocks: []block{
				{Text: "Thank you for your request for a proposal. We have received it, and a consultant is now reviewing your requirements."},
				{Text: "What happens next: within one working day, one of our consultants will contact you to arrange a short scoping call. After that call, we will send you a written proposal setting out the scope, approach, timeline and fees."},
			},
			Reason: "You receive this e-mail because you requested a proposal on our website.",
		},
		locale.Nl: {
			Subject: "We hebben uw offerteaanvraag ontvangen",
			Blocks: []block{
				{Text: "Hartelijk dank voor uw offerteaanvraag. We hebben deze in goede orde ontvangen en een consultant bekijkt nu uw wensen."},
				{Text: "Hoe gaat het verder? Binnen één werkdag neemt een van onze consultants contact met u op voor een kort gesprek over de reikwijdte. Daarna ontvangt u een schriftelijk voorstel met de reikwijdte, de aanpak, de planning en de kosten."},
			},
			Reason: "U ontvangt deze e-mail omdat u via onze website een offerte hebt aangevraagd.",
		},
		locale.Fr: {
			Subject: "Nous avons bien reçu votre demande de proposition",
			Blocks: []block{
				{Text: "Merci pour votre demande de proposition. Nous l’avons bien reçue et un consultant étudie actuellement vos besoins."},
				{Text: "Prochaines étapes\u00a0: sous un jour ouvré, l’un de nos consultants vous contactera pour convenir d’un bref entretien de cadrage. À l’issue de cet échange, nous vous adresserons une proposition écrite précisant le périmètre, la démarche, le calendrier et les honoraires."},
			},
			Reason: "Vous recevez cet e-mail car vous avez demandé une proposition sur notre site.",
		},
		locale.Ar: {
			Subject: "تلقّينا طلبك للحصول على عرض",
			Blocks: []block{
				{Text: "شكرًا لك على طلب العرض. لقد تلقّينا طلبك، ويعمل أحد مستشارينا الآن على دراسة متطلباتك."},
				{Text: "الخطوات التالية: خلال يوم عمل واحد، سيتواصل معك أحد مستشارينا لتحديد موعد لمكالمة قصيرة نناقش فيها نطاق العمل. وبعد المكالمة سنرسل إليك عرضًا مكتوبًا يوضح النطاق والمنهجية والجدول الزمني والأتعاب."},
			},
			Reason: "تصلك هذه الرسالة لأنك طلبت عرضًا عبر موقعنا الإلكتروني.",
		},
	},

	KindFormConfirmInquiry: {
		locale.En: {
			Subject: "We have received your question",
			Blocks: []block{
				{Text: "Thank you for contacting Noorvale Assurance. We have received your message."},
				{Text: "What happens next: the right specialist will read it and reply to this e-mail address, normally within one working day."},
			},
			Reason: "You receive this e-mail because you sent us a question through our website.",
		},
		locale.Nl: {
			Subject: "We hebben uw vraag ontvangen",
			Blocks: []block{
				{Text: "Hartelijk dank dat u contact hebt opgenomen met Noorvale Assurance. We hebben uw bericht ontvangen."},
				{Text: "Hoe gaat het verder? De juiste specialist leest uw bericht en antwoordt naar dit e-mailadres, doorgaans binnen één werkdag."},
			},
			Reason: "U ontvangt deze e-mail omdat u ons via onze website een vraag hebt gestuurd.",
		},
		locale.Fr: {
			Subject: "Nous avons bien reçu votre question",
			Blocks: []block{
				{Text: "Merci d’avoir contacté Noorvale Assurance. Nous avons bien reçu votre message."},
				{Text: "Prochaines étapes\u00a0: le spécialiste concerné en prendra connaissance et vous répondra à cette adresse e-mail, en général sous un jour ouvré."},
			},
			Reason: "Vous recevez cet e-mail car vous nous avez posé une question depuis notre site.",
		},
		locale.Ar: {
			Subject: "تلقّينا استفسارك",
			Blocks: []block{
				{Text: "شكرًا لتواصلك مع Noorvale Assurance. لقد تلقّينا رسالتك."},
				{Text: "الخطوات التالية: سيطّلع عليها المختص المعني ويرد عليك على عنوان البريد الإلكتروني هذا، عادةً خلال يوم عمل واحد."},
			},
			Reason: "تصلك هذه الرسالة لأنك أرسلت إلينا استفسارًا عبر موقعنا الإلكتروني.",
		},
	},

	KindFormConfirmContact: {
		locale.En: {
			Subject: "Your message to {office}",
			Blocks: []block{
				{Text: "Thank you for your message to {office}. We have received it and passed it on to the team there."},
				{Text: "What happens next: a colleague from {office} will reply to this e-mail address, normally within one working day."},
			},
			Reason: "You receive this e-mail because you sent us a message through a contact form on our website.",
		},
		locale.Nl: {
			Subject: "Uw bericht aan {office}",
			Blocks: []block{
				{Text: "Hartelijk dank voor uw bericht aan {office}. We hebben het ontvangen en doorgestuurd naar het team daar."},
				{Text: "Hoe gaat het verder? Een collega van {office} antwoordt naar dit e-mailadres, doorgaans binnen één werkdag."},
			},
			Reason: "U ontvangt deze e-mail omdat u ons een bericht hebt gestuurd via een contactformulier op onze website.",
		},
		locale.Fr: {
			Subject: "Votre message à {office}",
			Blocks: []block{
				{Text: "Merci pour votre message à {office}. Nous l’avons bien reçu et transmis à l’équipe sur place."},
				{Text: "Prochaines étapes\u00a0: un collaborateur de {office} vous répondra à cette adresse e-mail, en général sous un jour ouvré."},
			},
			Reason: "Vous recevez cet e-mail car vous nous avez écrit via un formulaire de contact de notre site.",
		},
		locale.Ar: {
			Subject: "رسالتك إلى {office}",
			Blocks: []block{
				{Text: "شكرًا لرسالتك إلى {office}. لقد تلقّيناها وأحلناها إلى الفريق هناك."},
				{Text: "الخطوات التالية: سيرد عليك أحد زملائنا من {office} على عنوان البريد الإلكتروني هذا، عادةً خلال يوم عمل واحد."},
			},
			Reason: "تصلك هذه الرسالة لأنك أرسلت إلينا رسالة عبر أحد نماذج التواصل في موقعنا الإلكتروني.",
		},
	},

	KindFormConfirmApplication: {
		locale.En: {
			Subject: "We have received your application",
			Blocks: []block{
				{Text: "Thank you for applying for the position of {position}. We have received your application and your CV."},
				{Text: "What happens next: our recruitment team reviews every application carefully. If your profile matches the role, we will contact you within three weeks to arrange a first interview. Because of the number of applications we receive, we may not be able to reply individually if we do not take your application further."},
				{Text: "We keep your CV for a limited period only, in line with our privacy policy, after which it is deleted automatically."},
			},
			Reason: "You receive this e-mail because you applied for a position through our careers pages.",
		},
		locale.Nl: {
			Subject: "We hebben uw sollicitatie ontvangen",
			Blocks: []block{
				{Text: "Hartelijk dank voor uw sollicitatie naar de functie {position}. We hebben uw sollicitatie en uw cv in goede orde ontvangen."},
				{Text: "Hoe gaat het verder? Ons recruitmentteam bekijkt elke sollicitatie zorgvuldig. Past uw profiel bij de functie, dan nemen we binnen drie weken contact met u op voor een eerste gesprek. Vanwege het aantal sollicitaties kunnen we helaas niet iedereen persoonlijk berichten als we niet verder gaan."},
				{Text: "We bewaren uw cv slechts een beperkte tijd, in overeenstemming met ons privacybeleid; daarna wordt het automatisch verwijderd."},
			},
			Reason: "U ontvangt deze e-mail omdat u via onze vacaturepagina’s hebt gesolliciteerd.",
		},
		locale.Fr: {
			Subject: "Nous avons bien reçu votre candidature",
			Blocks: []block{
				{Text: "Merci pour votre candidature au poste de {position}. Nous avons bien reçu votre dossier et votre CV."},
				{Text: "Prochaines étapes\u00a0: notre équipe de recrutement examine chaque candidature avec attention. Si votre profil correspond au poste, nous vous contacterons dans un délai de trois semaines pour organiser un premier entretien. En raison du nombre de candidatures reçues, nous ne sommes malheureusement pas en mesure de répondre individuellement aux candidatures non retenues."},
				{Text: "Nous ne conservons votre CV que pendant une durée limitée, conformément à notre politique de confidentialité\u00a0; il est ensuite supprimé automatiquement."},
			},
			Reason: "Vous recevez cet e-mail car vous avez postulé depuis les pages carrières de notre site.",
		},
		locale.Ar: {
			Subject: "تلقّينا طلب التوظيف الخاص بك",
			Blocks: []block{
				{Text: "شكرًا لتقدّمك لشغل وظيفة {position}. لقد تلقّينا طلبك وسيرتك الذاتية."},
				{Text: "الخطوات التالية: يراجع فريق التوظيف لدينا كل طلب بعناية. وإذا كان ملفك مناسبًا للوظيفة، فسنتواصل معك خلال ثلاثة أسابيع لتحديد موعد المقابلة الأولى. ونظرًا إلى كثرة الطلبات التي نتلقاها، قد لا نتمكن من الرد على كل متقدّم لا نمضي في طلبه."},
				{Text: "نحتفظ بسيرتك الذاتية لمدة محدودة فقط وفقًا لسياسة الخصوصية لدينا، ثم تُحذف تلقائيًا."},
			},
			Reason: "تصلك هذه الرسالة لأنك تقدّمت لإحدى الوظائف عبر صفحات الوظائف في موقعنا.",
		},
	},

	KindFormConfirmWebinar: {
		locale.En: {
			Subject: "Your webinar registration is confirmed",
			Blocks: []block{
				{Text: "Thank you for registering for our webinar “{webinar}”."},
				{Text: "Date and time: {when}."},
				{Text: "What happens next: before the webinar starts, we will send the link to join it to this e-mail address."},
			},
			Reason: "You receive this e-mail because you registered for a webinar on our website.",
		},
		locale.Nl: {
			Subject: "Uw aanmelding voor het webinar is bevestigd",
			Blocks: []block{
				{Text: "Hartelijk dank voor uw aanmelding voor ons webinar ‘{webinar}’."},
				{Text: "Datum en tijd: {when}."},
				{Text: "Hoe gaat het verder? Voordat het webinar begint, sturen we u de link om deel te nemen naar dit e-mailadres."},
			},
			Reason: "U ontvangt deze e-mail omdat u zich via onze website hebt aangemeld voor een webinar.",
		},
		locale.Fr: {
			Subject: "Votre inscription au webinaire est confirmée",
			Blocks: []block{
				{Text: "Merci de votre inscription à notre webinaire «\u00a0{webinar}\u00a0»."},
				{Text: "Date et heure\u00a0: {when}."},
				{Text: "Prochaines étapes\u00a0: avant le début du webinaire, nous vous enverrons à cette adresse e-mail le lien pour y participer."},
			},
			Reason: "Vous recevez cet e-mail car vous vous êtes inscrit à un webinaire sur notre site.",
		},
		locale.Ar: {
			Subject: "تم تأكيد تسجيلك في الندوة الإلكترونية",
			Blocks: []block{
				{Text: "شكرًا لتسجيلك في ندوتنا الإلكترونية «{webinar}»."},
				{Text: "الموعد: {when}."},
				{Text: "الخطوات التالية: قبل بدء الندوة سنرسل إليك رابط المشاركة على عنوان البريد الإلكتروني هذا."},
			},
			Reason: "تصلك هذه الرسالة لأنك سجّلت في ندوة إلكترونية عبر موقعنا.",
		},
	},

	KindFormConfirmPublication: {
		locale.En: {
			Subject: "Your publication is ready to download",
			Blocks: []block{
				{Text: "Thank you for your interest in “{publication}”. You can download it with the button below."},
				{Button: "Download the PDF", Link: "downloadLink"},
				{Text: "This link is valid for 24 hours. After that, you can request the publication again on our website at any time."},
			},
			Reason: "You receive this e-mail because you requested a publication on our website.",
		},
		locale.Nl: {
			Subject: "Uw publicatie staat klaar om te downloaden",
			Blocks: []block{
				{Text: "Hartelijk dank voor uw interesse in ‘{publication}’. U kunt de publicatie downloaden met de knop hieronder."},
				{Button: "De pdf downloaden", Link: "downloadLink"},
				{Text: "Deze link is 24 uur geldig. Daarna kunt u de publicatie op onze website altijd opnieuw aanvragen."},
			},
			Reason: "U ontvangt deze e-mail omdat u via onze website een publicatie hebt aangevraagd.",
		},
		locale.Fr: {
			Subject: "Votre publication est prête à être téléchargée",
			Blocks: []block{
				{Text: "Merci de l’intérêt que vous portez à «\u00a0{publication}\u00a0». Vous pouvez la télécharger à l’aide du bouton ci-dessous."},
				{Button: "Télécharger le PDF", Link: "downloadLink"},
				{Text: "Ce lien est valable 24\u00a0heures. Vous pourrez ensuite redemander la publication à tout moment sur notre site."},
			},
			Reason: "Vous recevez cet e-mail car vous avez demandé une publication sur notre site.",
		},
		locale.Ar: {
			Subject: "إصدارك جاهز للتنزيل",
			Blocks: []block{
				{Text: "شكرًا لاهتمامك بإصدار «{publication}». يمكنك تنزيله باستخدام الزر أدناه."},
				{Button: "تنزيل ملف PDF", Link: "downloadLink"},
				{Text: "هذا الرابط صالح لمدة 24 ساعة، ويمكنك بعد ذلك طلب الإصدار مجددًا من موقعنا في أي وقت."},
			},
			Reason: "تصلك هذه الرسالة لأنك طلبت أحد إصداراتنا عبر موقعنا الإلكتروني.",
		},
	},
}

// replyLetters frame a staff member's answer to a submission: their text,
// their name under the sign-off, and replies going to them.
var replyLetters = map[Kind]map[locale.Locale]letter{
	KindInboxReply: {
		locale.En: {
			Subject:   "{topic}",
			Blocks:    []block{{Prose: "body"}},
			Signature: "signature",
			Reason:    "You receive this e-mail in answer to a form you sent through the Noorvale Assurance website.",
			Automated: "Reply to this e-mail to reach {signature} directly.",
		},
		locale.Nl: {
			Subject:   "{topic}",
			Blocks:    []block{{Prose: "body"}},
			Signature: "signature",
			Reason:    "U ontvangt deze e-mail als antwoord op een formulier dat u via de website van Noorvale Assurance hebt verstuurd.",
			Automated: "Beantwoord deze e-mail om {signature} rechtstreeks te bereiken.",
		},
		locale.Fr: {
			Subject:   "{topic}",
			Blocks:    []block{{Prose: "body"}},
			Signature: "signature",
			Reason:    "Vous recevez cet e-mail en réponse à un formulaire que vous avez envoyé depuis le site de Noorvale Assurance.",
			Automated: "Répondez à cet e-mail pour joindre directement {signature}.",
		},
		locale.Ar: {
			Subject:   "{topic}",
			Blocks:    []block{{Prose: "body"}},
			Signature: "signature",
			Reason:    "تصلك هذه الرسالة ردًّا على نموذج أرسلته عبر موقع Noorvale Assurance.",
			Automated: "للتواصل مع {signature} مباشرةً، يكفي الرد على هذه الرسالة.",
		},
	},
}
