package mail

import "noorvale.example/site/api/locale"

// firm is the sender's name, in Latin script in every language.
const firm = "Noorvale Assurance"

// addressLine closes every e-mail.
const addressLine = "Noorvale Assurance · London · Dubai · Cairo"

// frame holds the words every e-mail of one language shares.
type frame struct {
	Greeting       string // when the recipient's name is unknown
	GreetingNamed  string // {name} is replaced by the recipient's name
	ButtonFallback string // under a button: the link for clients that cannot click it
	SignOff        string
	Team           string
	Automated      string // this address does not read replies
}

// letter is one kind of e-mail in one language.
type letter struct {
	Subject string
	Blocks  []block
	Reason  string // why the recipient got it, shown in the footer
	// Automated replaces the frame's note that replies are not read, for
	// a message whose replies do reach someone; {key} is replaced as in
	// a block's Text.
	Automated string
	// Signature is the Data key of a person's name signed under the
	// sign-off, above the team; "" for none.
	Signature string
}

// block is one piece of an e-mail body. In Text, {key} is replaced by the
// message's Data[key].
type block struct {
	Text   string // a paragraph
	Button string // the label of a button to Data[Link]
	Label  string // the label of a link to Data[Link], after Text
	Link   string // Data key of the URL of Button or Label
	Code   string // Data key of a code shown large
	Pre    string // Data key of lines shown as they are (a submitted form)
	Prose  string // Data key of a person's text: paragraphs split at blank lines, line breaks kept
}

var frames = map[locale.Locale]frame{
	locale.En: {
		Greeting:       "Hello,",
		GreetingNamed:  "Dear {name},",
		ButtonFallback: "If the button does not work, copy this address into your browser:",
		SignOff:        "Kind regards,",
		Team:           "The Noorvale Assurance team",
		Automated:      "This message was sent automatically; replies to this address are not read.",
	},
	locale.Nl: {
		Greeting:       "Geachte heer, mevrouw,",
		GreetingNamed:  "Beste {name},",
		ButtonFallback: "Werkt de knop niet? Kopieer dan dit adres naar uw browser:",
		SignOff:        "Met vriendelijke groet,",
		Team:           "Het team van Noorvale Assurance",
		Automated:      "Dit bericht is automatisch verstuurd; antwoorden op dit adres worden niet gelezen.",
	},
	locale.Fr: {
		Greeting:       "Bonjour,",
		GreetingNamed:  "Bonjour {name},",
		ButtonFallback: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:",
		SignOff:        "Cordialement,",
		Team:           "L’équipe Noorvale Assurance",
		Automated:      "Ce message a été envoyé automatiquement\u00a0; les réponses à cette adresse ne sont pas lues.",
	},
	locale.Ar: {
		Greeting:       "مرحبًا،",
		GreetingNamed:  "مرحبًا {name}،",
		ButtonFallback: "إذا لم يعمل الزر، فانسخ هذا العنوان والصقه في متصفحك:",
		SignOff:        "مع أطيب التحيات،",
		Team:           "فريق Noorvale Assurance",
		Automated:      "أُرسلت هذه الرسالة تلقائيًا، ولا تُقرأ الردود على هذا العنوان.",
	},
}

var letters = map[Kind]map[locale.Locale]letter{
	KindConfirmEmail: {
		locale.En: {
			Subject: "Confirm your e-mail address",
			Blocks: []block{
				{Text: "Thank you for creating an account with Noorvale Assurance. To activate it, please confirm your e-mail address."},
				{Button: "Confirm my e-mail address", Link: "link"},
				{Text: "This link is valid for {hours} hours."},
				{Text: "If you did not create this account, you can safely ignore this e-mail: the account will not be activated."},
			},
			Reason: "You are receiving this e-mail because this address was used to create an account on the Noorvale Assurance website.",
		},
		locale.Nl: {
			Subject: "Bevestig uw e-mailadres",
			Blocks: []block{
				{Text: "Bedankt voor het aanmaken van een account bij Noorvale Assurance. Bevestig uw e-mailadres om uw account te activeren."},
				{Button: "E-mailadres bevestigen", Link: "link"},
				{Text: "Deze link is {hours} uur geldig."},
				{Text: "Hebt u geen account aangemaakt? Dan kunt u deze e-mail negeren; het account wordt niet geactiveerd."},
			},
			Reason: "U ontvangt deze e-mail omdat dit adres is gebruikt om een account aan te maken op de website van Noorvale Assurance.",
		},
		locale.Fr: {
			Subject: "Confirmez votre adresse e-mail",
			Blocks: []block{
				{Text: "Merci d’avoir créé un compte chez Noorvale Assurance. Pour l’activer, veuillez confirmer votre adresse e-mail."},
				{Button: "Confirmer mon adresse e-mail", Link: "link"},
				{Text: "Ce lien est valable {hours}\u00a0heures."},
				{Text: "Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail\u00a0: le compte ne sera pas activé."},
			},
			Reason: "Vous recevez cet e-mail parce que cette adresse a été utilisée pour créer un compte sur le site de Noorvale Assurance.",
		},
		locale.Ar: {
			Subject: "أكِّد عنوان بريدك الإلكتروني",
			Blocks: []block{
				{Text: "شكرًا لإنشائك حسابًا لدى Noorvale Assurance. لتفعيل الحساب، يُرجى تأكيد عنوان بريدك الإلكتروني."},
				{Button: "تأكيد البريد الإلكتروني", Link: "link"},
				{Text: "هذا الرابط صالح لمدة {hours} ساعة."},
				{Text: "إذا لم تُنشئ هذا الحساب، فيمكنك تجاهل هذه الرسالة، ولن يُفعَّل الحساب."},
			},
			Reason: "تصلك هذه الرسالة لأن عنوان البريد هذا استُخدم لإنشاء حساب على موقع Noorvale Assurance.",
		},
	},
	KindAlreadyRegistered: {
		locale.En: {
			Subject: "You already have an account with us",
			Blocks: []block{
				{Text: "Someone, probably you, has just tried to register on the Noorvale Assurance website with this e-mail address. An account already exists for it, so no new account was created."},
				{Text: "You can sign in with your existing password:"},
				{Button: "Sign in", Link: "loginLink"},
				{Text: "Forgotten your password?", Label: "Choose a new one", Link: "resetLink"},
				{Text: "If you did not try to register, you can ignore this e-mail. Nothing has changed in your account."},
			},
			Reason: "You are receiving this e-mail because someone tried to register with this address on the Noorvale Assurance website.",
		},
		locale.Nl: {
			Subject: "U hebt al een account bij ons",
			Blocks: []block{
				{Text: "Iemand, waarschijnlijk u, heeft zich zojuist met dit e-mailadres willen registreren op de website van Noorvale Assurance. Er bestaat al een account voor dit adres, dus er is geen nieuw account aangemaakt."},
				{Text: "U kunt inloggen met uw bestaande wachtwoord:"},
				{Button: "Inloggen", Link: "loginLink"},
				{Text: "Wachtwoord vergeten?", Label: "Kies een nieuw wachtwoord", Link: "resetLink"},
				{Text: "Hebt u niet geprobeerd u te registreren? Dan kunt u deze e-mail negeren. Er is niets aan uw account veranderd."},
			},
			Reason: "U ontvangt deze e-mail omdat iemand zich met dit adres heeft willen registreren op de website van Noorvale Assurance.",
		},
		locale.Fr: {
			Subject: "Vous avez déjà un compte chez nous",
			Blocks: []block{
				{Text: "Quelqu’un, sans doute vous-même, vient d’essayer de s’inscrire sur le site de Noorvale Assurance avec cette adresse e-mail. Un compte existe déjà pour cette adresse\u00a0; aucun nouveau compte n’a donc été créé."},
				{Text: "Vous pouvez vous connecter avec votre mot de passe actuel\u00a0:"},
				{Button: "Me connecter", Link: "loginLink"},
				{Text: "Mot de passe oublié\u00a0?", Label: "Choisissez-en un nouveau", Link: "resetLink"},
				{Text: "Si vous n’avez pas tenté de vous inscrire, ignorez simplement cet e-mail. Votre compte n’a pas été modifié."},
			},
			Reason: "Vous recevez cet e-mail parce que quelqu’un a tenté de s’inscrire avec cette adresse sur le site de Noorvale Assurance.",
		},
		locale.Ar: {
			Subject: "لديك حساب لدينا بالفعل",
			Blocks: []block{
				{Text: "حاول أحدهم، وربما أنت، التسجيل للتو في موقع Noorvale Assurance بعنوان البريد الإلكتروني هذا. ولأن لهذا العنوان حسابًا قائمًا بالفعل، لم يُنشأ حساب جديد."},
				{Text: "يمكنك تسجيل الدخول بكلمة المرور الحالية:"},
				{Button: "تسجيل الدخول", Link: "loginLink"},
				{Text: "هل نسيت كلمة المرور؟", Label: "اختر كلمة مرور جديدة", Link: "resetLink"},
				{Text: "إذا لم تحاول التسجيل، فيمكنك تجاهل هذه الرسالة؛ لم يطرأ أي تغيير على حسابك."},
			},
			Reason: "تصلك هذه الرسالة لأن أحدهم حاول التسجيل بهذا العنوان في موقع Noorvale Assurance.",
		},
	},
	KindResetCode: {
		locale.En: {
			Subject: "Your password reset code",
			Blocks: []block{
				{Text: "We received a request to reset the password of your Noorvale Assurance account. Enter this code to continue:"},
				{Code: "code"},
				{Text: "The code is valid for {minutes} minutes. Do not share it with anyone: Noorvale Assurance staff will never ask you for it."},
				{Text: "If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is."},
			},
			Reason: "You are receiving this e-mail because a password reset was requested for this address on the Noorvale Assurance website.",
		},
		locale.Nl: {
			Subject: "Uw code voor een nieuw wachtwoord",
			Blocks: []block{
				{Text: "We hebben een verzoek ontvangen om het wachtwoord van uw account bij Noorvale Assurance opnieuw in te stellen. Voer deze code in om verder te gaan:"},
				{Code: "code"},
				{Text: "De code is {minutes} minuten geldig. Deel hem met niemand: medewerkers van Noorvale Assurance zullen er nooit om vragen."},
				{Text: "Hebt u dit niet aangevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd."},
			},
			Reason: "U ontvangt deze e-mail omdat voor dit adres een nieuw wachtwoord is aangevraagd op de website van Noorvale Assurance.",
		},
		locale.Fr: {
			Subject: "Votre code de réinitialisation",
			Blocks: []block{
				{Text: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Noorvale Assurance. Saisissez ce code pour continuer\u00a0:"},
				{Code: "code"},
				{Text: "Ce code est valable {minutes}\u00a0minutes. Ne le communiquez à personne\u00a0: le personnel de Noorvale Assurance ne vous le demandera jamais."},
				{Text: "Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail\u00a0; votre mot de passe reste inchangé."},
			},
			Reason: "Vous recevez cet e-mail parce qu’une réinitialisation du mot de passe a été demandée pour cette adresse sur le site de Noorvale Assurance.",
		},
		locale.Ar: {
			Subject: "رمز إعادة تعيين كلمة المرور",
			Blocks: []block{
				{Text: "تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك لدى Noorvale Assurance. أدخل الرمز التالي للمتابعة:"},
				{Code: "code"},
				{Text: "هذا الرمز صالح لمدة {minutes} دقائق. لا تُطلع أحدًا عليه، فموظفو Noorvale Assurance لن يطلبوه منك أبدًا."},
				{Text: "إذا لم تطلب إعادة تعيين كلمة المرور، فيمكنك تجاهل هذه الرسالة، وستبقى كلمة المرور كما هي."},
			},
			Reason: "تصلك هذه الرسالة لأن طلبًا لإعادة تعيين كلمة المرور قُدِّم لهذا العنوان على موقع Noorvale Assurance.",
		},
	},
	KindPasswordChanged: {
		locale.En: {
			Subject: "Your password has been changed",
			Blocks: []block{
				{Text: "The password of your Noorvale Assurance account has just been changed, and every device that was signed in has been signed out."},
				{Text: "If you made this change, there is nothing more to do."},
				{Text: "If you did not, someone else may know your password. Reset it straight away:"},
				{Button: "Reset my password", Link: "resetLink"},
			},
			Reason: "You are receiving this e-mail because we let you know about important changes to your account.",
		},
		locale.Nl: {
			Subject: "Uw wachtwoord is gewijzigd",
			Blocks: []block{
				{Text: "Het wachtwoord van uw account bij Noorvale Assurance is zojuist gewijzigd. Alle apparaten waarop u was ingelogd, zijn afgemeld."},
				{Text: "Hebt u dit zelf gedaan? Dan hoeft u verder niets te doen."},
				{Text: "Was u het niet? Dan kent iemand anders mogelijk uw wachtwoord. Stel het meteen opnieuw in:"},
				{Button: "Wachtwoord opnieuw instellen", Link: "resetLink"},
			},
			Reason: "U ontvangt deze e-mail omdat wij u op de hoogte houden van belangrijke wijzigingen in uw account.",
		},
		locale.Fr: {
			Subject: "Votre mot de passe a été modifié",
			Blocks: []block{
				{Text: "Le mot de passe de votre compte Noorvale Assurance vient d’être modifié, et tous les appareils connectés à ce compte ont été déconnectés."},
				{Text: "Si vous êtes à l’origine de ce changement, vous n’avez rien d’autre à faire."},
				{Text: "Dans le cas contraire, quelqu’un d’autre connaît peut-être votre mot de passe. Réinitialisez-le sans attendre\u00a0:"},
				{Button: "Réinitialiser mon mot de passe", Link: "resetLink"},
			},
			Reason: "Vous recevez cet e-mail parce que nous vous informons des modifications importantes apportées à votre compte.",
		},
		locale.Ar: {
			Subject: "تم تغيير كلمة المرور",
			Blocks: []block{
				{Text: "تم للتو تغيير كلمة المرور لحسابك لدى Noorvale Assurance، وسُجِّل الخروج من جميع الأجهزة التي كانت متصلة بالحساب."},
				{Text: "إذا كنت أنت من أجرى هذا التغيير، فلا حاجة إلى أي إجراء آخر."},
				{Text: "وإن لم تكن أنت، فقد يكون شخص آخر على علم بكلمة المرور الخاصة بك. أعد تعيينها فورًا:"},
				{Button: "إعادة تعيين كلمة المرور", Link: "resetLink"},
			},
			Reason: "تصلك هذه الرسالة لأننا نُطلعك على التغييرات المهمة في حسابك.",
		},
	},
	KindAccountDeleted: {
		locale.En: {
			Subject: "Your account has been deleted",
			Blocks: []block{
				{Text: "As you requested, your Noorvale Assurance account and the personal data attached to it have been deleted."},
				{Text: "Thank you for your interest in our services. You are welcome to create a new account at any time."},
				{Text: "If you did not ask for this, please contact us as soon as possible through the contact page of our website."},
			},
			Reason: "You are receiving this e-mail to confirm that your account was deleted. It is the last e-mail we will send to this address.",
		},
		locale.Nl: {
			Subject: "Uw account is verwijderd",
			Blocks: []block{
				{Text: "Zoals u hebt gevraagd, zijn uw account bij Noorvale Assurance en de bijbehorende persoonsgegevens verwijderd."},
				{Text: "Bedankt voor uw interesse in onze diensten. U kunt altijd opnieuw een account aanmaken."},
				{Text: "Hebt u hier niet om gevraagd? Neem dan zo snel mogelijk contact met ons op via de contactpagina van onze website."},
			},
			Reason: "U ontvangt deze e-mail ter bevestiging dat uw account is verwijderd. Dit is de laatste e-mail die wij naar dit adres sturen.",
		},
		locale.Fr: {
			Subject: "Votre compte a été supprimé",
			Blocks: []block{
				{Text: "Comme vous l’avez demandé, votre compte Noorvale Assurance et les données personnelles qui y étaient associées ont été supprimés."},
				{Text: "Merci de l’intérêt que vous avez porté à nos services. Vous pouvez créer un nouveau compte à tout moment."},
				{Text: "Si vous n’êtes pas à l’origine de cette demande, contactez-nous au plus vite depuis la page Contact de notre site."},
			},
			Reason: "Vous recevez cet e-mail pour confirmer la suppression de votre compte. C’est le dernier message que nous enverrons à cette adresse.",
		},
		locale.Ar: {
			Subject: "تم حذف حسابك",
			Blocks: []block{
				{Text: "بناءً على طلبك، حُذف حسابك لدى Noorvale Assurance والبيانات الشخصية المرتبطة به."},
				{Text: "نشكرك على اهتمامك بخدماتنا، ويسعدنا أن تُنشئ حسابًا جديدًا في أي وقت."},
				{Text: "إذا لم تطلب ذلك، فيُرجى التواصل معنا في أقرب وقت عبر صفحة «اتصل بنا» في موقعنا."},
			},
			Reason: "تصلك هذه الرسالة تأكيدًا لحذف حسابك، وهي آخر رسالة نرسلها إلى هذا العنوان.",
		},
	},
	KindResetPaused: {
		locale.En: {
			Subject: "Password reset paused on your account",
			Blocks: []block{
				{Text: "Someone entered ten wrong password reset codes for your Noorvale Assurance account within a day. To protect the account, no new reset code will be sent for {hours} hours."},
				{Text: "Your password has not changed, and you can still log in with it as usual."},
				{Text: "If you were not trying to reset your password, someone else may be trying to take over your account: use a password you use nowhere else."},
			},
			Reason: "You are receiving this e-mail because we let you know about important changes to your account.",
		},
		locale.Nl: {
			Subject: "Nieuw wachtwoord instellen tijdelijk geblokkeerd",
			Blocks: []block{
				{Text: "Iemand heeft binnen een dag tien verkeerde codes ingevoerd om het wachtwoord van uw account bij Noorvale Assurance opnieuw in te stellen. Ter bescherming van uw account sturen we de komende {hours} uur geen nieuwe code."},
				{Text: "Uw wachtwoord is niet gewijzigd en u kunt er gewoon mee inloggen."},
				{Text: "Probeerde u niet zelf uw wachtwoord opnieuw in te stellen? Dan probeert iemand anders mogelijk uw account over te nemen: gebruik een wachtwoord dat u nergens anders gebruikt."},
			},
			Reason: "U ontvangt deze e-mail omdat wij u op de hoogte houden van belangrijke wijzigingen in uw account.",
		},
		locale.Fr: {
			Subject: "Réinitialisation du mot de passe suspendue",
			Blocks: []block{
				{Text: "Quelqu’un a saisi dix codes de réinitialisation erronés pour votre compte Noorvale Assurance en une journée. Pour protéger votre compte, aucun nouveau code ne sera envoyé pendant {hours} heures."},
				{Text: "Votre mot de passe n’a pas changé et vous pouvez toujours vous connecter avec lui."},
				{Text: "Si vous n’avez pas tenté de réinitialiser votre mot de passe, quelqu’un essaie peut-être de prendre le contrôle de votre compte : utilisez un mot de passe que vous n’utilisez nulle part ailleurs."},
			},
			Reason: "Vous recevez cet e-mail parce que nous vous informons des modifications importantes apportées à votre compte.",
		},
		locale.Ar: {
			Subject: "إيقاف إعادة تعيين كلمة المرور مؤقتًا",
			Blocks: []block{
				{Text: "أدخل أحدهم عشرة رموز خاطئة لإعادة تعيين كلمة المرور لحسابك لدى Noorvale Assurance خلال يوم واحد. لحماية حسابك، لن نرسل رمزًا جديدًا لمدة {hours} ساعة."},
				{Text: "لم تتغيّر كلمة المرور، ويمكنك تسجيل الدخول بها كالمعتاد."},
				{Text: "إذا لم تكن أنت من حاول إعادة تعيين كلمة المرور، فربما يحاول شخص آخر الاستيلاء على حسابك: استخدم كلمة مرور لا تستخدمها في أي مكان آخر."},
			},
			Reason: "تصلك هذه الرسالة لأننا نُطلعك على التغييرات المهمة في حسابك.",
		},
	},
	KindStaffFactorLocked: {
		locale.En: {
			Subject: "Your back-office sign-in is paused",
			Blocks: []block{
				{Text: "Someone entered a wrong second factor {tries} times in a row (codes from an authenticator app, recovery codes or passkeys) while signing in to your Noorvale Assurance back-office account. To protect the account, its second-factor step is locked until {until}."},
				{Text: "Only someone who knows your password can get as far as this step."},
				{Text: "If it was you, wait until then and use the current code from your authenticator app, or one of your recovery codes."},
				{Text: "If it was not you, someone else knows your password: tell an administrator straight away, so they can disable the account until it is safe again."},
			},
			Reason: "You are receiving this e-mail because we let you know about important changes to your account.",
		},
		locale.Nl: {
			Subject: "Inloggen op de back-office tijdelijk geblokkeerd",
			Blocks: []block{
				{Text: "Bij het inloggen op uw back-officeaccount van Noorvale Assurance is {tries} keer na elkaar een verkeerde tweede factor ingevoerd (codes uit een authenticator-app, herstelcodes of passkeys). Ter bescherming van het account is de stap van de tweede factor geblokkeerd tot {until}."},
				{Text: "Alleen wie uw wachtwoord kent, komt tot deze stap."},
				{Text: "Was u het zelf? Wacht dan tot dat tijdstip en gebruik de actuele code uit uw authenticator-app of een van uw herstelcodes."},
				{Text: "Was u het niet? Dan kent iemand anders uw wachtwoord. Waarschuw meteen een beheerder, zodat die het account kan uitschakelen tot het weer veilig is."},
			},
			Reason: "U ontvangt deze e-mail omdat wij u op de hoogte houden van belangrijke wijzigingen in uw account.",
		},
		locale.Fr: {
			Subject: "Connexion à l’espace d’administration suspendue",
			Blocks: []block{
				{Text: "Quelqu’un a saisi {tries}\u00a0fois de suite un second facteur erroné (codes d’une application d’authentification, codes de récupération ou clés d’accès) en se connectant à votre compte d’administration Noorvale Assurance. Pour protéger ce compte, l’étape du second facteur est verrouillée jusqu’au {until}."},
				{Text: "Seule une personne qui connaît votre mot de passe peut atteindre cette étape."},
				{Text: "Si c’était vous, attendez cette heure-là, puis utilisez le code actuel de votre application d’authentification ou l’un de vos codes de récupération."},
				{Text: "Si ce n’était pas vous, quelqu’un d’autre connaît votre mot de passe\u00a0: prévenez sans attendre un administrateur, afin qu’il désactive le compte jusqu’à ce qu’il soit de nouveau sûr."},
			},
			Reason: "Vous recevez cet e-mail parce que nous vous informons des modifications importantes apportées à votre compte.",
		},
		locale.Ar: {
			Subject: "إيقاف تسجيل دخولك إلى لوحة الإدارة مؤقتًا",
			Blocks: []block{
				{Text: "أدخل أحدهم عامل تحقق ثانيًا خاطئًا {tries} مرات متتالية (رموز تطبيق المصادقة أو رموز الاسترداد أو مفاتيح المرور) أثناء تسجيل الدخول إلى حسابك في لوحة إدارة Noorvale Assurance. لحماية الحساب، أُقفلت خطوة عامل التحقق الثاني حتى {until}."},
				{Text: "لا يصل إلى هذه الخطوة إلا من يعرف كلمة المرور الخاصة بك."},
				{Text: "إذا كنت أنت، فانتظر حتى ذلك الوقت ثم استخدم الرمز الحالي من تطبيق المصادقة أو أحد رموز الاسترداد."},
				{Text: "وإن لم تكن أنت، فشخص آخر يعرف كلمة المرور الخاصة بك: أبلغ أحد المسؤولين فورًا ليعطّل الحساب إلى أن يصبح آمنًا من جديد."},
			},
			Reason: "تصلك هذه الرسالة لأننا نُطلعك على التغييرات المهمة في حسابك.",
		},
	},
}
