package cover

import "strings"

// topics choose an item's motif from what it is about: the first topic with
// a word in the item's subject wins, so the list runs from the most telling
// words to the most general.
var topics = []struct {
	words []string
	motif func(c *canvas)
}{
	{[]string{"pci", "payment", "cardholder"}, card},
	{[]string{"ransomware", "incident", "tabletop", "penetration", "pentest"}, hexShield},
	{[]string{"continuity", "22301", "resilien", "dora"}, cycle},
	{[]string{"soc 2", "soc 1", "findings", "figures"}, report},
	{[]string{"cloud", "csa star", "saas"}, constellation},
	{[]string{"42001", "27001", "lead auditor", "certif", "surveillance"}, seal},
	{[]string{"pdpl", "privacy", "personal data"}, documents},
	{[]string{"nca", "regulat", "sama", "compliance"}, checklist},
	{[]string{"partner", "academy"}, bridge},
	{[]string{"office", "moves to", "opens"}, offices},
	{[]string{"forum", "sponsor", "conference", "summit"}, screen},
}

// topicMotif returns the motif of the first topic the subject speaks of,
// or nil when it speaks of none (or is empty: a page that is no item). The
// subject's first line, its title, is read before the rest: a partnership
// whose description mentions ISO/IEC 27001 is still a partnership.
func topicMotif(subject string) func(c *canvas) {
	s := strings.ToLower(subject)
	title, _, _ := strings.Cut(s, "\n")
	for _, text := range []string{title, s} {
		if text == "" {
			continue
		}
		for _, t := range topics {
			for _, w := range t.words {
				if strings.Contains(text, w) {
					return t.motif
				}
			}
		}
	}
	return nil
}
