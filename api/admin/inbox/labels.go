package inbox

import (
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
