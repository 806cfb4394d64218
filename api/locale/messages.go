package locale

// Messages holds the strings the Go server writes itself, in one language:
// the pages it answers when the renderer cannot, and API error messages.
type Messages struct {
	UnavailableTitle string // heading and title of the 503 page
	UnavailableBody  string // explanation on the 503 page
	Retry            string // link that reloads the page
	BackHome         string // link to the home page
	NotFoundTitle    string // heading of the fallback 404 page
	NotFoundBody     string // explanation on the fallback 404 page
	ErrorTitle       string // heading of the 500 page

	APINotFound         string // an API route or record that does not exist
	APIMethodNotAllowed string // a route that exists, with another method
	APIBadRequest       string // a request the server cannot read
	APITooManyRequests  string // a client over its rate limit
	APIInternal         string // anything that failed on the server's side
	APICrossSite        string // a state-changing request sent from another site
}

var catalogue = map[Locale]*Messages{
	En: {
		UnavailableTitle:    "This page is temporarily unavailable",
		UnavailableBody:     "This page is temporarily unavailable. Please try again in a moment.",
		Retry:               "Try again",
		BackHome:            "Go to the home page",
		NotFoundTitle:       "Page not found",
		NotFoundBody:        "The page you are looking for does not exist or has moved.",
		ErrorTitle:          "Something went wrong",
		APINotFound:         "The requested resource was not found.",
		APIMethodNotAllowed: "This method is not allowed for this address.",
		APIBadRequest:       "The request could not be understood. Please check what was sent.",
		APITooManyRequests:  "Too many requests. Please wait a moment and try again.",
		APIInternal:         "Something went wrong on our side. Please try again later.",
		APICrossSite:        "This request was refused because it was sent from another website.",
	},
	Nl: {
		UnavailableTitle:    "Deze pagina is tijdelijk niet beschikbaar",
		UnavailableBody:     "Deze pagina is tijdelijk niet beschikbaar. Probeer het over een ogenblik opnieuw.",
		Retry:               "Opnieuw proberen",
		BackHome:            "Naar de startpagina",
		NotFoundTitle:       "Pagina niet gevonden",
		NotFoundBody:        "De pagina die u zoekt bestaat niet of is verplaatst.",
		ErrorTitle:          "Er is iets misgegaan",
		APINotFound:         "De opgevraagde gegevens zijn niet gevonden.",
		APIMethodNotAllowed: "Deze methode is niet toegestaan voor dit adres.",
		APIBadRequest:       "Het verzoek kon niet worden gelezen. Controleer de verstuurde gegevens.",
		APITooManyRequests:  "Te veel verzoeken. Wacht even en probeer het dan opnieuw.",
		APIInternal:         "Er is bij ons iets misgegaan. Probeer het later opnieuw.",
		APICrossSite:        "Dit verzoek is geweigerd omdat het vanaf een andere website is verstuurd.",
	},
	Fr: {
		UnavailableTitle:    "Cette page est temporairement indisponible",
		UnavailableBody:     "Cette page est temporairement indisponible. Veuillez réessayer dans quelques instants.",
		Retry:               "Réessayer",
		BackHome:            "Retour à l’accueil",
		NotFoundTitle:       "Page introuvable",
		NotFoundBody:        "La page que vous cherchez n’existe pas ou a été déplacée.",
		ErrorTitle:          "Une erreur s’est produite",
		APINotFound:         "La ressource demandée est introuvable.",
		APIMethodNotAllowed: "Cette méthode n’est pas autorisée pour cette adresse.",
		APIBadRequest:       "La requête est illisible. Veuillez vérifier les données envoyées.",
		APITooManyRequests:  "Trop de requêtes. Veuillez patienter un instant avant de réessayer.",
		APIInternal:         "Une erreur s’est produite de notre côté. Veuillez réessayer plus tard.",
		APICrossSite:        "Cette requête a été refusée, car elle a été envoyée depuis un autre site web.",
	},
	Ar: {
		UnavailableTitle:    "هذه الصفحة غير متاحة مؤقتًا",
		UnavailableBody:     "هذه الصفحة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.",
		Retry:               "إعادة المحاولة",
		BackHome:            "الانتقال إلى الصفحة الرئيسية",
		NotFoundTitle:       "الصفحة غير موجودة",
		NotFoundBody:        "الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى عنوان آخر.",
		ErrorTitle:          "حدث خطأ ما",
		APINotFound:         "لم يُعثر على المورد المطلوب.",
		APIMethodNotAllowed: "هذه الطريقة غير مسموح بها لهذا العنوان.",
		APIBadRequest:       "تعذّرت قراءة الطلب. يُرجى التحقق من البيانات المرسلة.",
		APITooManyRequests:  "عدد الطلبات كبير جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
		APIInternal:         "حدث خطأ من جانبنا. يُرجى المحاولة لاحقًا.",
		APICrossSite:        "رُفض هذا الطلب لأنه أُرسل من موقع إلكتروني آخر.",
	},
}

// For returns the messages of a locale, English for an unknown one.
func For(l Locale) *Messages {
	if m, ok := catalogue[l]; ok {
		return m
	}
	return catalogue[Default]
}
