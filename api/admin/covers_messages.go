package admin

import (
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// coverMessages are what the cover upload answers, in one language.
type coverMessages struct {
	Missing    string
	TooLarge   string
	Type       string
	Unreadable string
	Small      string // width, height, minimum width, minimum height
	Pixels     string // width, height, the most megapixels
	Demanding  string
	Busy       string
	Uploaded   string
	NotStored  string
}

var coverCatalogue = map[locale.Locale]*coverMessages{
	locale.En: {
		Missing:    "Choose a picture to upload.",
		TooLarge:   "The picture is larger than 15 MB. Upload a smaller file.",
		Type:       "Upload a JPEG, PNG, WebP or AVIF picture.",
		Unreadable: "The picture cannot be read. Save it again as JPEG, PNG, WebP or AVIF and upload it.",
		Small:      "The picture is %d × %d pixels; a cover needs at least %d × %d.",
		Pixels:     "The picture is %d × %d pixels; a cover may have at most %d megapixels (8000 × 5000, say). Scale it down and upload it again.",
		Demanding:  "The picture needs too much memory to process. Scale it down (2400 × 1350 is plenty for a cover) and upload it again.",
		Busy:       "Pictures cannot be processed at the moment. Try again in a minute.",
		Uploaded:   "The cover is uploaded. Save the item to keep it.",
		NotStored:  "This cover is not stored. Upload it again.",
	},
	locale.Ar: {
		Missing:    "اختر صورة لرفعها.",
		TooLarge:   "حجم الصورة أكبر من 15 ميغابايت. ارفع ملفًا أصغر.",
		Type:       "ارفع صورة بصيغة JPEG أو PNG أو WebP أو AVIF.",
		Unreadable: "تعذّرت قراءة الصورة. احفظها من جديد بصيغة JPEG أو PNG أو WebP أو AVIF ثم ارفعها.",
		Small:      "أبعاد الصورة %d × %d بكسل، ويحتاج الغلاف إلى %d × %d بكسل على الأقل.",
		Pixels:     "أبعاد الصورة %d × %d بكسل، ولا يتجاوز الغلاف %d ميغابكسل (8000 × 5000 مثلًا). صغّرها ثم ارفعها من جديد.",
		Demanding:  "تحتاج معالجة الصورة إلى ذاكرة أكبر مما يمكن. صغّرها (يكفي الغلافَ 2400 × 1350 بكسل) ثم ارفعها من جديد.",
		Busy:       "لا يمكن معالجة الصور الآن. حاول مرة أخرى بعد دقيقة.",
		Uploaded:   "رُفع الغلاف. احفظ العنصر للاحتفاظ به.",
		NotStored:  "هذا الغلاف غير محفوظ. ارفعه من جديد.",
	},
}

// coverMsgs returns the cover messages in the staff member's language,
// English unless it is Arabic.
func coverMsgs(c echo.Context) *coverMessages {
	if m, ok := coverCatalogue[endpoint.Locale(c.Request())]; ok {
		return m
	}
	return coverCatalogue[locale.En]
}
