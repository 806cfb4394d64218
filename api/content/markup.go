package content

import (
	"html"
	"strings"

	xhtml "golang.org/x/net/html"
)

// markupTags are the only elements content text may carry: emphasis and
// line breaks, with no attributes. Anything else is dropped, keeping its text.
var markupTags = map[string]bool{"strong": true, "em": true, "b": true, "i": true, "br": true}

// SanitizeMarkup returns s with every element outside markupTags removed
// (its text kept, except the text of script and style, which is dropped),
// every attribute removed, tags balanced, and text escaped, so the result
// is safe to insert into a page as HTML.
func SanitizeMarkup(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	var open []string // elements of markupTags open at this point
	skip := 0         // depth inside script or style
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			for i := len(open) - 1; i >= 0; i-- {
				b.WriteString("</" + open[i] + ">")
			}
			return b.String()
		case xhtml.TextToken:
			if skip == 0 {
				b.WriteString(html.EscapeString(string(z.Text())))
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if tag == "script" || tag == "style" {
				if tt == xhtml.StartTagToken {
					skip++
				}
				continue
			}
			if skip > 0 || !markupTags[tag] {
				continue
			}
			if tag == "br" {
				b.WriteString("<br>")
				continue
			}
			if tt == xhtml.StartTagToken {
				open = append(open, tag)
				b.WriteString("<" + tag + ">")
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if tag == "script" || tag == "style" {
				if skip > 0 {
					skip--
				}
				continue
			}
			if skip > 0 || !markupTags[tag] || tag == "br" {
				continue
			}
			// Close up to the matching open element; a stray end tag is dropped.
			for i := len(open) - 1; i >= 0; i-- {
				if open[i] != tag {
					continue
				}
				for j := len(open) - 1; j >= i; j-- {
					b.WriteString("</" + open[j] + ">")
				}
				open = open[:i]
				break
			}
		}
	}
}

// markupProblems lists the elements and attributes in s that SanitizeMarkup
// would remove, so the seed can refuse text that would not show as written.
func markupProblems(s string) []string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var problems []string
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return problems
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
			name, hasAttr := z.TagName()
			if !markupTags[string(name)] {
				problems = append(problems, "<"+string(name)+"> is not allowed")
			} else if hasAttr {
				problems = append(problems, "<"+string(name)+"> may not have attributes")
			}
		}
	}
}
