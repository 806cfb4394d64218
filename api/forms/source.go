package forms

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"noorvale.example/site/api/store"
)

// LeadSourceHeader carries, with a form, where the visit that sent it came
// from, as a query string: landing (the path the visit began on), referrer
// (that page's referring domain), utm_source, utm_medium, utm_campaign (its
// campaign) and from (the path of the page holding the form). The site's
// pages keep these in the tab's session storage until the form is sent.
const LeadSourceHeader = "Lead-Source"

// maxSourceField is the longest value of the lead source kept, in bytes.
const maxSourceField = 200

// leadSource reads the lead source a form was sent with; what is missing
// or malformed is left empty, as a visitor's browser may keep none.
func leadSource(r *http.Request) store.LeadSource {
	raw := r.Header.Get(LeadSourceHeader)
	if raw == "" || len(raw) > 8<<10 {
		return store.LeadSource{}
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return store.LeadSource{}
	}
	return store.LeadSource{
		LandingPage: sourcePath(q.Get("landing")),
		Referrer:    sourceText(strings.TrimPrefix(strings.ToLower(q.Get("referrer")), "www.")),
		UTMSource:   sourceText(strings.ToLower(q.Get("utm_source"))),
		UTMMedium:   sourceText(strings.ToLower(q.Get("utm_medium"))),
		UTMCampaign: sourceText(strings.ToLower(q.Get("utm_campaign"))),
		SentFrom:    sourcePath(q.Get("from")),
	}
}

// sourcePath keeps a path of the site, "/…", and nothing else.
func sourcePath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return ""
	}
	return sourceText(p)
}

// sourceText keeps one line of printable text of at most maxSourceField
// bytes.
func sourceText(s string) string {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return ""
	}
	for len(s) > maxSourceField {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}
