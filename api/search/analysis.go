package search

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/custom" // the "custom" analyzer type addAnalyzers declares
	"github.com/blevesearch/bleve/v2/analysis/lang/ar"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	unicodetok "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	"golang.org/x/text/unicode/norm"

	"noorvale.example/site/api/locale"
)

// foldName is the char filter every analyzer starts with (see fold).
const foldName = "noorvale_fold"

func init() {
	// Bleve finds char filters by name in a process-wide registry; this is
	// the one registration the package makes, of a filter without state.
	if err := registry.RegisterCharFilter(foldName, func(map[string]any, *registry.Cache) (analysis.CharFilter, error) {
		return foldFilter{}, nil
	}); err != nil {
		panic(err)
	}
}

// foldFilter is fold as a Bleve char filter.
type foldFilter struct{}

func (foldFilter) Filter(in []byte) []byte { return []byte(fold(string(in))) }

// fold writes text the way people type it when they search, so both sides
// of a match meet on the same letters:
//   - Latin letters lose their accents and diaereses (é → e, ë → e), so
//     "securite" finds "sécurité" and "geïntegreerd" is found as "geintegreerd";
//   - Arabic loses its diacritics, the tatweel and the superscript alef, and
//     writes every hamza carrier, alef with madda, alef wasla, taa marbuta
//     and alef maqsura as the plain letter (أ إ آ ٱ → ا, ؤ → و, ئ → ي,
//     ة → ه, ى → ي), which Bleve's Arabic normalization does only in part;
//   - letters and digits written together are parted ("iso27001" →
//     "iso 27001", "soc2" → "soc 2"), so a standard's code matches however
//     it is typed, with or without a space, slash or hyphen.
//
// Apostrophes stay: the French elision filter needs "d'intrusion" whole.
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	prev := rune(0) // the last letter or digit written, 0 after anything else
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
		case unicode.Is(unicode.Mn, r) && r < 0x0600:
			continue // a combining accent, as a decomposed é is written
		case r >= 0x064B && r <= 0x065F, r == 0x0670, r == 0x0640:
			continue // Arabic harakat, combining hamza and madda, superscript alef, tatweel
		default:
			r = plainLetter(r)
			if r == 0 {
				continue
			}
		}
		isDigit := unicode.IsDigit(r)
		isLetter := unicode.IsLetter(r)
		if prev != 0 && ((isDigit && unicode.IsLetter(prev)) || (isLetter && unicode.IsDigit(prev))) {
			b.WriteByte(' ')
		}
		if isDigit || isLetter {
			prev = r
		} else {
			prev = 0
		}
		b.WriteRune(r)
	}
	return b.String()
}

// latinBases maps each accented Latin letter to its letter without the
// accent (é → e, Ë → E, ï → i), as its canonical decomposition begins.
// It is a table made once, so fold reads a map instead of normalizing
// whole texts: the analysis of every page runs through it.
var latinBases = sync.OnceValue(func() map[rune]rune {
	out := map[rune]rune{}
	for _, block := range [][2]rune{{0x00C0, 0x024F}, {0x1E00, 0x1EFF}} {
		for r := block[0]; r <= block[1]; r++ {
			d := []rune(norm.NFD.String(string(r)))
			if len(d) > 1 && d[0] < utf8.RuneSelf {
				out[r] = d[0]
			}
		}
	}
	return out
})

// plainLetter is the letter a non-ASCII letter is searched as, 0 for one
// left out.
func plainLetter(r rune) rune {
	if r < 0x0600 || (r >= 0x1E00 && r <= 0x1EFF) {
		if base, ok := latinBases()[r]; ok {
			return base
		}
		return r
	}
	return arabicLetter(r)
}

// arabicLetter is the plain letter an Arabic variant is searched as. A
// hamza or madda written apart, as a combining mark (U+0653–U+0655), is
// dropped by fold.
func arabicLetter(r rune) rune {
	switch r {
	case 'أ', 'إ', 'آ', 'ٱ':
		return 'ا'
	case 'ؤ':
		return 'و'
	case 'ئ', 'ى':
		return 'ي'
	case 'ة':
		return 'ه'
	case 'ء':
		return 0 // a hamza on its own is often left out in typing
	}
	return r
}

// wordsAnalyzer is the analyzer of the words field (see addAnalyzers).
const wordsAnalyzer = "noorvale_words"

// analyzerName is the name of the analyzer of a language's text.
func analyzerName(l locale.Locale) string { return "noorvale_" + string(l) }

// addAnalyzers declares the four languages' analyzers on m: Bleve's own
// tokenizer and filters for each, after fold.
//   - en: possessives, lower case, English stop words, Porter stemming;
//   - nl: lower case, Dutch stop words, Snowball stemming;
//   - fr: lower case, elisions (l', d', qu'…), French stop words, light stemming;
//   - ar: lower case, NFKC, Arabic stop words, Arabic normalization, light stemming.
func addAnalyzers(m *mapping.IndexMappingImpl) error {
	filters := map[locale.Locale][]string{
		"en": {en.PossessiveName, lowercase.Name, en.StopName, porter.Name},
		"nl": {lowercase.Name, nl.StopName, nl.SnowballStemmerName},
		"fr": {lowercase.Name, fr.ElisionName, fr.StopName, fr.LightStemmerName},
		"ar": {lowercase.Name, ar.StopName, ar.NormalizeName, ar.StemmerName},
	}
	// The words as written, folded but not stemmed: what a misspelt word
	// is compared with, since a stem is no longer the word a visitor
	// misspells ("penetraton" is two letters from "penetration" but four
	// from its stem "penetr").
	if err := m.AddCustomAnalyzer(wordsAnalyzer, map[string]any{
		"type":          "custom",
		"char_filters":  []any{foldName},
		"tokenizer":     unicodetok.Name,
		"token_filters": []any{lowercase.Name},
	}); err != nil {
		return err
	}
	for _, l := range locale.All {
		names := make([]any, 0, 4)
		for _, f := range filters[l] {
			names = append(names, f)
		}
		err := m.AddCustomAnalyzer(analyzerName(l), map[string]any{
			"type":          "custom",
			"char_filters":  []any{foldName},
			"tokenizer":     unicodetok.Name,
			"token_filters": names,
		})
		if err != nil {
			return err
		}
	}
	return nil
}
