package content

import "noorvale.example/site/api/locale"

// Languages returns the languages a page is shown in with a text of its
// own, in locale.All's order: English always, and each translation that is
// published. A language without one (never translated, or unpublished by
// staff) shows the English text in its frame, which search engines should
// not be sent to as a translation. A page without any text (the sign-in
// pages, drawn from the interface's strings alone) is in every language.
func (c *Catalog) Languages(p *Page) []locale.Locale {
	texts := c.texts[p.Route]
	if len(texts) == 0 {
		return locale.All
	}
	out := make([]locale.Locale, 0, len(locale.All))
	for _, l := range locale.All {
		if l == locale.Default || texts[l] != nil {
			out = append(out, l)
		}
	}
	return out
}
