package admin

import (
	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// itemMessages are what creating, renaming, unpublishing and deleting
// items and saving the firm's settings answer, in the reader's language.
type itemMessages struct {
	SlugForm         string
	SlugTaken        string
	SlugSame         string
	ItemCreated      string
	ItemUnpublished  string
	ItemNotLive      string
	ItemDeleted      string
	ItemRenamed      string
	SettingsSaved    string
	SettingsConflict string
	SettingsSameText string
}

var itemCatalogue = map[locale.Locale]*itemMessages{
	locale.En: {
		SlugForm:         "Enter an address of lower-case letters and digits in words joined by hyphens, such as cloud-security-review, at most 80 characters.",
		SlugTaken:        "An item of this collection already has this address. Choose another.",
		SlugSame:         "This is the item's address already.",
		ItemCreated:      "Item created as an English draft. It appears on the site once its English is published.",
		ItemUnpublished:  "The item was taken off the site in every language. Publishing its English brings it back.",
		ItemNotLive:      "This item is not on the site in any language.",
		ItemDeleted:      "The item was deleted everywhere.",
		ItemRenamed:      "The address was changed. The old address leads to the new one in every language.",
		SettingsSaved:    "The firm's settings were saved. Every page shows them within seconds.",
		SettingsConflict: "Someone else saved the settings since you opened them. Nothing of yours was saved: load theirs, or save yours again on top of them.",
		SettingsSameText: "Nothing changed.",
	},
	locale.Ar: {
		SlugForm:         "أدخل عنوانًا من أحرف لاتينية صغيرة وأرقام في كلمات تصل بينها شرطات، مثل cloud-security-review، بحد أقصى 80 محرفًا.",
		SlugTaken:        "يوجد عنصر في هذه المجموعة بهذا العنوان. اختر عنوانًا آخر.",
		SlugSame:         "هذا هو عنوان العنصر الحالي.",
		ItemCreated:      "أُنشئ العنصر مسودةً بالإنجليزية. يظهر على الموقع بعد نشر نصه الإنجليزي.",
		ItemUnpublished:  "أُزيل العنصر من الموقع بكل اللغات. يعيده نشرُ نصه الإنجليزي.",
		ItemNotLive:      "هذا العنصر غير منشور بأي لغة.",
		ItemDeleted:      "حُذف العنصر من كل مكان.",
		ItemRenamed:      "تغيّر العنوان. يقود العنوان القديم إلى الجديد بكل اللغات.",
		SettingsSaved:    "حُفظت إعدادات الشركة. تعرضها كل الصفحات خلال ثوانٍ.",
		SettingsConflict: "حفظ شخص آخر الإعدادات منذ أن فتحتها. لم يُحفظ شيء من تعديلاتك: حمّل نسخته، أو احفظ نسختك مرة أخرى فوقها.",
		SettingsSameText: "لم يتغير شيء.",
	},
}

// itemMsgsOf returns the messages in the reader's language.
func itemMsgsOf(c echo.Context) *itemMessages {
	if m, ok := itemCatalogue[endpoint.Locale(c.Request())]; ok {
		return m
	}
	return itemCatalogue[locale.En]
}
