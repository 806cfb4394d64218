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

// Noindex reports whether staff asked search engines to leave the page out
// in a language: its text there (or the English it falls back to) says so.
func (c *Catalog) Noindex(p *Page, loc locale.Locale) bool {
	t, _ := c.lookup(p.Route, loc)
	return t != nil && t.noindex
}

// IndexedLanguages returns the languages of Languages whose text search
// engines may list: the addresses a sitemap and a page's alternates name.
func (c *Catalog) IndexedLanguages(p *Page) []locale.Locale {
	langs := c.Languages(p)
	out := make([]locale.Locale, 0, len(langs))
	for _, l := range langs {
		if !c.Noindex(p, l) {
			out = append(out, l)
		}
	}
	return out
}
