package analytics

import (
	"net/http"
	"net/url"
	"strings"
)

// Counted reports whether a page answered with status was looked at by a
// person who lets it be counted: a GET answered 200 or 304 (the browser's
// own copy still current), opened as a document, not a prefetch or a
// prerender, from a browser that is no crawler or link preview and sends
// neither Do Not Track nor Global Privacy Control.
func Counted(r *http.Request, status int) bool {
	if r.Method != http.MethodGet || (status != http.StatusOK && status != http.StatusNotModified) {
		return false
	}
	h := r.Header
	if h.Get("Dnt") == "1" || h.Get("Sec-Gpc") == "1" {
		return false
	}
	if dest := h.Get("Sec-Fetch-Dest"); dest != "" && dest != "document" {
		return false
	}
	for _, name := range []string{"Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"} {
		if v := h.Get(name); v != "" && (containsFold(v, "prefetch") || containsFold(v, "preview") || containsFold(v, "prerender")) {
			return false
		}
	}
	return !crawler(h.Get("User-Agent"))
}

// crawlerMarks are what the names of crawlers, link previews, monitors and
// command-line clients contain; browsers' names contain none.
var crawlerMarks = []string{
	"bot", "crawl", "spider", "slurp", "facebookexternalhit", "preview", "embedly", "lighthouse",
	"pingdom", "uptime", "monitor", "curl", "wget", "python", "go-http-client", "java/", "httpclient",
	"node-fetch", "axios", "okhttp", "scrapy", "whatsapp", "telegram", "feed",
}

// crawler reports whether a User-Agent names a program, not a person's
// browser; a request without one is a program's.
func crawler(agent string) bool {
	if agent == "" || !strings.HasPrefix(agent, "Mozilla/") && !strings.HasPrefix(agent, "Opera/") {
		return true
	}
	lower := strings.ToLower(agent)
	for _, m := range crawlerMarks {
		if strings.Contains(lower, m) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains sub (lower-case ASCII) in any
// case, without allocating.
func containsFold(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for ; j < n; j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
		}
		if j == n {
			return true
		}
	}
	return false
}

// referrer is the domain of the page that linked to this one, without
// "www."; "" when there is none, it is the site itself or it is no web
// address.
func referrer(r *http.Request) string {
	ref := r.Header.Get("Referer")
	rest, ok := strings.CutPrefix(ref, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(ref, "http://"); !ok {
			return ""
		}
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if rest == "" || strings.EqualFold(rest, r.Host) {
		return ""
	}
	if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.Contains(rest[i:], "]") {
		rest = rest[:i]
	}
	return field(strings.TrimPrefix(strings.ToLower(rest), "www."))
}

// campaign is the campaign an address names, in lower case.
func campaign(q url.Values) (source, medium, name string) {
	return field(strings.ToLower(q.Get("utm_source"))), field(strings.ToLower(q.Get("utm_medium"))),
		field(strings.ToLower(q.Get("utm_campaign")))
}

// field trims a counted value to maxField bytes of printable text.
func field(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxField {
		s = s[:maxField]
	}
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == 0xfffd {
			return -1
		}
		return r
	}, s)
}
