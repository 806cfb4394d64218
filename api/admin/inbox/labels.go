package inbox

import (
	"strings"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/forms"
)

// targetCollections names the collection whose item each form that is
// about an item names by its slug.
var targetCollections = map[string]string{
	forms.KindApplication: "vacancies",
	forms.KindWebinar:     "webinars",
	forms.KindPublication: "publications",
}

// targetName is the title of the vacancy, webinar or publication a
// submission is about, as the site names its page; "" for the other forms
// or an item the site no longer has.
func (s *Service) targetName(kind, target string) string {
	collection, ok := targetCollections[kind]
	if !ok || target == "" || s.forms == nil {
		return ""
	}
	route, ok := content.ItemRoute(collection, target)
	if !ok {
		return ""
	}
	return s.forms.PageName(route)
}

// codedColumns are the export's columns whose stored codes a person reads
// as words; each is followed by a column of its own, named with "Code",
// that keeps the codes for whoever sorts or matches on them.
var codedColumns = []string{"target", "companySize", "timeline", "services"}

// wordsFor names what a stored cell holds, for the export's reader: a
// proposal's company size and timeline in the reader's sentences m, the
// title of the item a form is about, the names of the pages a proposal
// chose (each of a list joined with "; "); the code itself where it has
// no name.
func (s *Service) wordsFor(m *access.Messages) func(kind, col, cell string) string {
	return func(kind, col, cell string) string {
		if cell == "" {
			return ""
		}
		word := ""
		switch col {
		case "companySize":
			word = m.Choices.CompanySizes[cell]
		case "timeline":
			word = m.Choices.Timelines[cell]
		case "target":
			word = s.targetName(kind, cell)
		case "services":
			if s.forms == nil {
				break
			}
			routes := strings.Split(cell, "; ")
			for i, r := range routes {
				if name := s.forms.PageName(r); name != "" {
					routes[i] = name
				}
			}
			word = strings.Join(routes, "; ")
		}
		if word == "" {
			return cell
		}
		return word
	}
}
