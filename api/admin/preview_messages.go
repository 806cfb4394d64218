package admin

import (
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// previewMessages are the strings of a preview, in one language.
type previewMessages struct {
	Title        string
	Version      string
	NoVersion    string
	Draft        string
	Published    string
	NoText       string
	NotLive      string
	Languages    map[string]string
	ThemeInvalid string
	Unavailable  string
}

var previewCatalogue = map[locale.Locale]*previewMessages{
	locale.En: {
		Title:     "Preview",
		Version:   "version",
		NoVersion: "text from the content files",
		Draft:     "draft",
		Published: "as published",
		NoText:    "no text in this language: the English is shown",
		NotLive: "Not live: visitors see the published text until this version is published. " +
			"Scripts and forms are off here; links lead to the live site.",
		Languages:    map[string]string{"en": "English", "nl": "Dutch", "fr": "French", "ar": "Arabic"},
		ThemeInvalid: "The theme is light or dark.",
		Unavailable:  "The preview cannot be drawn right now. Try again in a moment.",
	},
	locale.Ar: {
		Title:     "معاينة",
		Version:   "النسخة",
		NoVersion: "النص من ملفات المحتوى",
		Draft:     "مسودة",
		Published: "كما نُشرت",
		NoText:    "لا نص بهذه اللغة: يظهر النص الإنجليزي",
		NotLive: "ليست منشورة: يرى الزوار النص المنشور حتى تُنشر هذه النسخة. " +
			"النصوص البرمجية والنماذج معطلة هنا، والروابط تؤدي إلى الموقع المنشور.",
		Languages:    map[string]string{"en": "الإنجليزية", "nl": "الهولندية", "fr": "الفرنسية", "ar": "العربية"},
		ThemeInvalid: "السمة فاتحة أو داكنة.",
		Unavailable:  "لا يمكن عرض المعاينة الآن. حاول مرة أخرى بعد قليل.",
	},
}

// previewMsgsOf returns the preview's strings in the staff member's language.
func previewMsgsOf(c echo.Context) *previewMessages {
	if m, ok := previewCatalogue[endpoint.Locale(c.Request())]; ok {
		return m
	}
	return previewCatalogue[locale.En]
}
