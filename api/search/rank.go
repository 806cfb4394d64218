package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"

	"noorvale.example/site/api/locale"
)

// typeWeights say how likely a page of each type is the one a visitor
// means when several match alike: someone who types "iso27001" or
// "penetration testing" is looking for the standard or the service, and
// the articles about it come after.
var typeWeights = map[string]float64{
	TypeService:     1.6,
	TypeStandard:    1.6,
	TypeOffice:      1.2,
	TypeOther:       1,
	TypePublication: 0.8,
	TypeWebinar:     0.8,
	TypeCaseStudy:   0.8,
	TypeBlog:        0.75,
	TypeNews:        0.7,
	TypeVacancy:     0.6,
}

// rankName is what ranking compares a query with: the tokens of a page's
// title and of its code, by the language's analyzer (stems) and as written.
type rankName struct {
	title, code map[string]bool
	titleLen    int // how many tokens the title has
}

// nameOf analyses d's title and code for ranking.
func (ix *Index) nameOf(d *document) rankName {
	a := ix.analyzer[locale.Locale(d.Lang)]
	n := rankName{title: map[string]bool{}, code: map[string]bool{}}
	for _, t := range a.Analyze([]byte(d.Title)) {
		n.title[string(t.Term)] = true
		n.titleLen++
	}
	for _, t := range ix.wordsA.Analyze([]byte(d.Title)) {
		n.title[string(t.Term)] = true
	}
	for _, text := range []string{d.Code} {
		for _, t := range a.Analyze([]byte(text)) {
			n.code[string(t.Term)] = true
		}
		for _, t := range ix.wordsA.Analyze([]byte(text)) {
			n.code[string(t.Term)] = true
		}
	}
	return n
}

// has reports whether set holds every token of t, stemmed or as written
// ("pci-dss" is two): each the same, one it starts when t is the word
// being typed, or, for a long word, one a letter or two away.
func has(set map[string]bool, t term, last bool) bool {
	return hasAll(set, t.tokens, last) || hasAll(set, t.raw, last)
}

func hasAll(set map[string]bool, toks []string, last bool) bool {
	if len(toks) == 0 {
		return false
	}
	for _, tok := range toks {
		if !hasToken(set, tok, last) {
			return false
		}
	}
	return true
}

func hasToken(set map[string]bool, tok string, last bool) bool {
	if set[tok] {
		return true
	}
	fz := fuzziness(tok)
	for s := range set {
		if last && utf8.RuneCountInString(tok) >= 2 && strings.HasPrefix(s, tok) {
			return true
		}
		if fz > 0 && within(s, tok, fz) {
			return true
		}
	}
	return false
}

// rankScore is how well d answers terms, given the index's score of it
// and the best score of the query's hits. The index's score (word
// frequencies) says how much a page is about the words; the title, the
// code and the page's type say whether it is the page of that name:
//   - every word in the code ("27001" for ISO 27001) weighs most, the
//     title's share of the words next, then the share of the title the
//     words are (a title that is just the words is that page);
//   - the type weight last (typeWeights).
func rankScore(d *document, terms []term, score, best float64) float64 {
	if best <= 0 {
		best = 1
	}
	inTitle, inCode := 0, 0
	for i, t := range terms {
		last := i == len(terms)-1
		if has(d.name.title, t, last) {
			inTitle++
		}
		if len(d.name.code) > 0 && has(d.name.code, t, last) {
			inCode++
		}
	}
	n := float64(len(terms))
	r := (0.3 + 0.7*score/best) * (1 + 2*float64(inTitle)/n)
	if inTitle == len(terms) && d.name.titleLen > 0 {
		r *= 1 + min(n/float64(d.name.titleLen), 1)
	}
	if inCode == len(terms) {
		r *= 2.5
	}
	return r * typeWeights[d.Type]
}

// rank orders hits by rankScore, ties by the index's order.
func (ix *Index) rank(hits search.DocumentMatchCollection, terms []term) []*document {
	type ranked struct {
		d     *document
		score float64
		i     int
	}
	best := 0.0
	for _, h := range hits {
		best = max(best, h.Score)
	}
	out := make([]ranked, 0, len(hits))
	for i, h := range hits {
		if d := ix.docs[h.ID]; d != nil {
			out = append(out, ranked{d, rankScore(d, terms, h.Score, best), i})
		}
	}
	slices.SortStableFunc(out, func(a, b ranked) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	docs := make([]*document, len(out))
	for i, r := range out {
		docs[i] = r.d
	}
	return docs
}
