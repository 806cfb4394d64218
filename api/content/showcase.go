package content

import (
	"encoding/json"
	"slices"
	"time"

	"noorvale.example/site/api/locale"
)

// Credential is what a page shows of one of the firm's accreditations,
// certifications or memberships: the facts a reader checks and the emblem
// the site draws for it.
type Credential struct {
	Slug         string `json:"slug"`
	Route        string `json:"route"` // locale-free route of its own page
	Title        string `json:"title"`
	Description  string `json:"description"`
	Issuer       string `json:"issuer"`
	Scope        string `json:"scope"`
	Since        string `json:"since"` // ISO date it was first granted
	Verification string `json:"verification"`
	EmblemShape  string `json:"emblemShape" tstype:"'shield' | 'seal' | 'hexagon' | 'ribbon'"`
	EmblemMark   string `json:"emblemMark"`
}

// decodeCredential reads the credential an accreditation's body describes;
// s is the summary already read from it.
func decodeCredential(body string, s ItemSummary) *Credential {
	var f struct {
		Issuer       string `json:"issuer"`
		Scope        string `json:"scope"`
		Verification string `json:"verification"`
		EmblemShape  string `json:"emblemShape"`
		EmblemMark   string `json:"emblemMark"`
	}
	_ = json.Unmarshal([]byte(body), &f)
	if !SafeHref(f.Verification) {
		f.Verification = ""
	}
	return &Credential{
		Slug: s.Slug, Route: s.Route, Title: s.Title, Description: s.Description,
		Issuer: f.Issuer, Scope: f.Scope, Since: s.Date, Verification: f.Verification,
		EmblemShape: f.EmblemShape, EmblemMark: f.EmblemMark,
	}
}

// Credentials returns the accreditations a page shows, in a language: every
// one on their list page, and on any other page that is no item those that
// name its route among the pages they are shown on.
func (c *Catalog) Credentials(p *Page, loc locale.Locale) []Credential {
	var out []Credential
	for _, it := range c.credentials(p) {
		t, _ := it.text(loc)
		if t.credential != nil {
			out = append(out, *t.credential)
		}
	}
	return out
}

// Stories returns the client stories a page that is no item links to, in a
// language: those that name its route among the pages they are shown on.
func (c *Catalog) Stories(p *Page, loc locale.Locale) []ItemSummary {
	if p.Slug != "" {
		return nil
	}
	return summaries(c.shownOn(p, "case-studies"), loc, time.Time{})
}

func (c *Catalog) credentials(p *Page) []*listedItem {
	switch {
	case p.Slug != "":
		return nil
	case p.Collection == "accreditations":
		return c.lists["accreditations"]
	}
	return c.shownOn(p, "accreditations")
}

// shownOn returns the items of a collection whose English text names the
// page's route among the pages that show them, in list order.
func (c *Catalog) shownOn(p *Page, collection string) []*listedItem {
	var out []*listedItem
	for _, it := range c.lists[collection] {
		if en := it.texts[locale.Default]; en != nil && slices.Contains(en.shownOn, p.Route) {
			out = append(out, it)
		}
	}
	return out
}
