package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
)

// fields are the analysed fields of a document, with the weight a match
// in each carries.
var fields = []struct {
	name  string
	boost float64
}{
	{"title", 4}, {"tags", 2.5}, {"headings", 2}, {"summary", 1.5}, {"body", 1},
}

// Index is the searchable text of every public page in every language,
// held in memory. A change of content is applied to it in place (Apply):
// only the pages whose text changed are analysed again, so a publish is
// found as soon as its pages are current, however large the site.
type Index struct {
	mu       sync.RWMutex // held for reading by each search and while Apply writes a batch, for writing while Apply changes docs and vocab, and by Close
	closed   bool
	bleve    bleve.Index
	docs     map[string]*document // by id
	wordsA   analysis.Analyzer
	vocab    map[locale.Locale]map[string]int // every word of a language's texts, folded, with its count: what "did you mean" proposes
	analyzer map[locale.Locale]analysis.Analyzer
	tokens   sync.Map // language and a word of a page → its tokens, for snippets: pages hold far fewer distinct words than searches read
}

// newMapping is the index's mapping: one document type per language, whose
// text fields use that language's analyzer; lang, type and path are kept
// as they are.
func newMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	if err := addAnalyzers(m); err != nil {
		return nil, err
	}
	m.TypeField = "lang"
	m.DefaultAnalyzer = keyword.Name
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	for _, l := range locale.All {
		dm := bleve.NewDocumentStaticMapping()
		for _, f := range fields {
			fm := bleve.NewTextFieldMapping()
			fm.Analyzer = analyzerName(l)
			fm.Store = false
			fm.IncludeInAll = false
			fm.DocValues = false
			fm.IncludeTermVectors = false
			dm.AddFieldMappingsAt(f.name, fm)
		}
		wm := bleve.NewTextFieldMapping()
		wm.Analyzer = wordsAnalyzer
		wm.Store, wm.IncludeInAll, wm.DocValues, wm.IncludeTermVectors = false, false, false, false
		dm.AddFieldMappingsAt("words", wm)
		dm.AddFieldMappingsAt("titleWords", wm)
		for _, name := range []string{"lang", "type"} {
			fm := bleve.NewKeywordFieldMapping()
			fm.Store = false
			fm.IncludeInAll = false
			fm.DocValues = false
			dm.AddFieldMappingsAt(name, fm)
		}
		m.AddDocumentMapping(string(l), dm)
	}
	return m, nil
}

// Build indexes every public page of cat in every language.
func Build(cat *content.Catalog) (*Index, error) {
	return build(documents(cat, nil))
}

func build(docs []document) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("search: mapping: %w", err)
	}
	b, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("search: new index: %w", err)
	}
	ix := &Index{bleve: b, docs: make(map[string]*document, len(docs)), vocab: map[locale.Locale]map[string]int{}, wordsA: m.AnalyzerNamed(wordsAnalyzer), analyzer: map[locale.Locale]analysis.Analyzer{}}
	for _, l := range locale.All {
		ix.analyzer[l] = m.AnalyzerNamed(analyzerName(l))
		if ix.analyzer[l] == nil {
			return nil, fmt.Errorf("search: no analyzer for %s", l)
		}
		ix.vocab[l] = map[string]int{}
	}
	batch := b.NewBatch()
	for i := range docs {
		d := &docs[i]
		if err := ix.add(batch, d); err != nil {
			return nil, err
		}
	}
	if err := b.Batch(batch); err != nil {
		return nil, fmt.Errorf("search: index: %w", err)
	}
	return ix, nil
}

// add puts d in batch and in the index's own records: its document, its
// ranking name and its words for suggestions.
func (ix *Index) add(batch *bleve.Batch, d *document) error {
	d.name = ix.nameOf(d)
	if err := batch.Index(d.ID, d); err != nil {
		return fmt.Errorf("search: index %s: %w", d.ID, err)
	}
	ix.docs[d.ID] = d
	ix.count(d, 1)
	return nil
}

// count adds n to the suggestion counts of d's words.
func (ix *Index) count(d *document, n int) {
	vocab := ix.vocab[locale.Locale(d.Lang)]
	for _, text := range []string{d.Title, d.Headings, d.Tags, d.Body} {
		for _, w := range words(text) {
			if utf8.RuneCountInString(w) < 3 {
				continue
			}
			if vocab[w] += n; vocab[w] <= 0 {
				delete(vocab, w)
			}
		}
	}
}

// Apply makes the index hold cat's pages: the pages whose text changed
// are indexed again, new ones added and removed ones deleted, in one
// batch; the others are left as they are. It answers how many documents
// changed. Searches go on while the batch is written and wait only while
// the index's own records follow it. Apply is not to be called by two
// goroutines at once (the service calls it from its one loop).
func (ix *Index) Apply(cat *content.Catalog) (int, error) {
	return ix.apply(documents(cat, ix.docs))
}

func (ix *Index) apply(docs []document) (int, error) {
	// Only this goroutine changes ix.docs, and only below, under the lock:
	// reading it here, beside searches that read it too, is safe.
	batch := ix.bleve.NewBatch()
	seen := make(map[string]bool, len(docs))
	var changed []*document
	for i := range docs {
		d := &docs[i]
		seen[d.ID] = true
		if old := ix.docs[d.ID]; old != nil && sameText(old, d) {
			continue
		}
		d.name = ix.nameOf(d)
		if err := batch.Index(d.ID, d); err != nil {
			return 0, fmt.Errorf("search: index %s: %w", d.ID, err)
		}
		changed = append(changed, d)
	}
	var removed []string
	for id := range ix.docs {
		if !seen[id] {
			batch.Delete(id)
			removed = append(removed, id)
		}
	}
	if len(changed)+len(removed) == 0 {
		return 0, nil
	}

	ix.mu.RLock() // held against Close, beside the searches
	if ix.closed {
		ix.mu.RUnlock()
		return 0, ErrClosed
	}
	err := ix.bleve.Batch(batch)
	ix.mu.RUnlock()
	if err != nil {
		return 0, fmt.Errorf("search: index: %w", err)
	}

	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, d := range changed {
		if old := ix.docs[d.ID]; old != nil {
			ix.count(old, -1)
		}
		ix.docs[d.ID] = d
		ix.count(d, 1)
	}
	for _, id := range removed {
		ix.count(ix.docs[id], -1)
		delete(ix.docs, id)
	}
	return len(changed) + len(removed), nil
}

// sameText reports whether a and b are indexed alike.
func sameText(a, b *document) bool {
	return a.Lang == b.Lang && a.Type == b.Type && a.Code == b.Code && a.Path == b.Path &&
		a.Title == b.Title && a.Headings == b.Headings && a.Body == b.Body && a.Tags == b.Tags &&
		a.Summary == b.Summary && a.Words == b.Words && a.TitleOf == b.TitleOf
}

// ErrClosed is returned by a search of an index that has been closed:
// the service has a newer one.
var ErrClosed = errors.New("search: index closed")

// Close lets go of the index once the searches reading it are done.
func (ix *Index) Close() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.closed {
		return nil
	}
	ix.closed = true
	return ix.bleve.Close()
}

// Len returns how many documents the index holds.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.docs)
}

// words splits text into folded, lower-case words.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(fold(text)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
}

// Query is what a visitor searches for.
type Query struct {
	Text    string
	Lang    locale.Locale
	Type    string // one of Types, or "" for every type
	Page    int    // from 1
	PerPage int
}

// Hit is one page found.
type Hit struct {
	Title   string    `json:"title"`
	Type    string    `json:"type"`
	Path    string    `json:"path"`
	Lang    string    `json:"lang"`
	Snippet []Segment `json:"snippet"`
}

// Segment is a piece of a snippet: plain text, marked when it is a word
// the query matched. A client renders the pieces as text, so nothing in a
// page or a query can inject markup.
type Segment struct {
	Text string `json:"text"`
	Mark bool   `json:"mark,omitempty"`
}

// Results is one page of what a query found.
type Results struct {
	Hits     []Hit
	Total    int
	Fallback bool   // the hits are English: the language asked for has none
	Suggest  string // a query that may find something, when this one found nothing
}

// terms is an analysed query word: the tokens the analyzer made of it and
// the word as typed, folded.
type term struct {
	tokens []string
	raw    []string // the word's tokens unstemmed, as the words field holds them
	word   string
}

// maxTerms is how many words of a query are searched for: enough for any
// question a visitor asks, few enough that a query of two hundred
// characters stays as cheap as a short one.
const maxTerms = 8

// analyse splits a query into words and each word into its index tokens
// in a language; words the analyzer drops (stop words) are left out.
func (ix *Index) analyse(text string, l locale.Locale) []term {
	var out []term
	for _, w := range strings.Fields(text) {
		if len(out) == maxTerms {
			break
		}
		var toks []string
		for _, t := range ix.analyzer[l].Analyze([]byte(w)) {
			toks = append(toks, string(t.Term))
		}
		if len(toks) == 0 {
			continue
		}
		var raw []string
		for _, t := range ix.wordsA.Analyze([]byte(w)) {
			raw = append(raw, string(t.Term))
		}
		out = append(out, term{tokens: toks, raw: raw, word: strings.ToLower(fold(w))})
	}
	return out
}

// fuzziness is how many letters a word may have wrong: none below five
// letters, where one letter changes the word; one up to seven; two above.
func fuzziness(token string) int {
	switch n := utf8.RuneCountInString(token); {
	case n < 5:
		return 0
	case n < 8:
		return 1
	}
	return 2
}

// textQuery matches every word of terms in some field: exactly, by
// prefix for the last word (what is being typed), or with a letter or
// two wrong in a long word.
func textQuery(terms []term) query.Query {
	must := make([]query.Query, 0, len(terms))
	for i, t := range terms {
		for _, tok := range t.tokens {
			var any []query.Query
			for _, f := range fields {
				tq := query.NewTermQuery(tok)
				tq.SetField(f.name)
				tq.SetBoost(f.boost * 2)
				any = append(any, tq)
				if i == len(terms)-1 && utf8.RuneCountInString(tok) >= 2 {
					pq := query.NewPrefixQuery(tok)
					pq.SetField(f.name)
					pq.SetBoost(f.boost)
					any = append(any, pq)
				}
			}
			for _, w := range t.raw {
				if fz := fuzziness(w); fz > 0 {
					for field, boost := range map[string]float64{"words": 0.5, "titleWords": 2} {
						fq := query.NewFuzzyQuery(w)
						fq.SetField(field)
						fq.SetFuzziness(fz)
						fq.SetPrefix(1)
						fq.SetBoost(boost)
						any = append(any, fq)
					}
				}
			}
			must = append(must, query.NewDisjunctionQuery(any))
		}
	}
	return query.NewConjunctionQuery(must)
}

// candidates is how many of a query's best matches by the index's score
// are ranked (see rank.go), at least: a page the visitor means has its
// words in its title, so it is always among them.
const candidates = 100

// find runs a query in one language: its first candidates, or as many as
// the page asked for needs.
func (ix *Index) find(q Query, l locale.Locale, terms []term) (*bleve.SearchResult, error) {
	lq := query.NewTermQuery(string(l))
	lq.SetField("lang")
	parts := []query.Query{textQuery(terms), lq}
	if q.Type != "" {
		tq := query.NewTermQuery(q.Type)
		tq.SetField("type")
		parts = append(parts, tq)
	}
	req := bleve.NewSearchRequestOptions(query.NewConjunctionQuery(parts), max(candidates, q.Page*q.PerPage), 0, false)
	req.SortBy([]string{"-_score", "_id"})
	return ix.bleve.Search(req)
}

// Search answers q: the pages in its language, or, when that language has
// none, the English ones marked as a fallback; and when nothing is found,
// a suggestion built from the words of the index.
func (ix *Index) Search(q Query) (Results, error) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return Results{}, ErrClosed
	}
	if q.Page < 1 {
		q.Page = 1
	}
	if q.PerPage < 1 {
		q.PerPage = 10
	}
	terms := ix.analyse(q.Text, q.Lang)
	if len(terms) == 0 {
		return Results{Hits: []Hit{}}, nil
	}
	res, err := ix.find(q, q.Lang, terms)
	if err != nil {
		return Results{}, fmt.Errorf("search: %w", err)
	}
	out := Results{Hits: []Hit{}}
	lang := q.Lang
	if res.Total == 0 && q.Lang != locale.Default {
		enTerms := ix.analyse(q.Text, locale.Default)
		if len(enTerms) > 0 {
			en, err := ix.find(q, locale.Default, enTerms)
			if err != nil {
				return Results{}, fmt.Errorf("search: %w", err)
			}
			if en.Total > 0 {
				res, terms, lang, out.Fallback = en, enTerms, locale.Default, true
			}
		}
	}
	out.Total = int(res.Total)
	ranked := ix.rank(res.Hits, terms)
	from := min((q.Page-1)*q.PerPage, len(ranked))
	for _, d := range ranked[from:min(from+q.PerPage, len(ranked))] {
		out.Hits = append(out.Hits, Hit{Title: d.Title, Type: d.Type, Path: d.Path, Lang: d.Lang, Snippet: ix.snippet(d, lang, terms)})
	}
	if out.Total == 0 {
		out.Suggest = ix.suggest(q.Text, q.Lang)
	}
	return out, nil
}

// snippetWords is about how many words a snippet shows, and snippetScan
// how many words of a page are read to choose them: a long page's best
// passage is rarely further down, and reading it all would cost more than
// the search.
const (
	snippetWords = 28
	snippetScan  = 1500
)

// snippet is the passage of d that best shows why it matched: the first
// stretch of its summary, headings or body with the most matched words,
// each matched word marked. A line that only repeats the title (a hero's
// heading, a summary that is the title again) is never the passage: the
// title is shown above the snippet.
func (ix *Index) snippet(d *document, l locale.Locale, terms []term) []Segment {
	want := map[string]bool{}
	var prefixes []string
	for i, t := range terms {
		for _, tok := range t.tokens {
			want[tok] = true
			if i == len(terms)-1 {
				prefixes = append(prefixes, tok)
			}
		}
	}
	a := ix.analyzer[l]
	seen := map[string]bool{}
	matches := func(w string) bool {
		if m, ok := seen[w]; ok {
			return m
		}
		m := matchesWord(ix.tokensOf(l, a, w), want, prefixes)
		seen[w] = m
		return m
	}
	best, bestScore := []string(nil), -1
	var bestMarks []bool
	scanned := 0
	title := strings.Fields(d.Title)
	for _, text := range []string{d.Summary, d.Headings, d.Body} {
		for _, line := range strings.Split(text, "\n") {
			if scanned > snippetScan {
				return segments(best, bestMarks)
			}
			ws := strings.Fields(line)
			scanned += len(ws)
			if slices.EqualFunc(ws, title, strings.EqualFold) {
				continue
			}
			for start := 0; start < len(ws); start += snippetWords / 2 {
				end := min(start+snippetWords, len(ws))
				marks := make([]bool, end-start)
				score := 0
				for i, w := range ws[start:end] {
					if matches(w) {
						marks[i] = true
						score++
					}
				}
				if score > bestScore {
					best, bestScore, bestMarks = slices.Clone(ws[start:end]), score, marks
					if start > 0 {
						best = append([]string{"…"}, best...)
						bestMarks = append([]bool{false}, bestMarks...)
					}
					if end < len(ws) {
						best = append(best, "…")
						bestMarks = append(bestMarks, false)
					}
				}
				if end == len(ws) {
					break
				}
			}
			if bestScore >= len(want) && bestScore > 0 {
				return segments(best, bestMarks)
			}
		}
	}
	return segments(best, bestMarks)
}

// matchesWord reports whether a word of a page, analysed by a, is one the
// query asked for: the same token, one it starts (the word being typed),
// or one a letter or two away in a long word.
func matchesWord(tokens []string, want map[string]bool, prefixes []string) bool {
	for _, tok := range tokens {
		if want[tok] {
			return true
		}
		for _, p := range prefixes {
			if strings.HasPrefix(tok, p) {
				return true
			}
		}
		for wt := range want {
			if fz := fuzziness(wt); fz > 0 && within(tok, wt, fz) {
				return true
			}
		}
	}
	return false
}

// tokensOf returns the tokens a makes of a word of a page in language l,
// analysing it only the first time.
func (ix *Index) tokensOf(l locale.Locale, a analysis.Analyzer, w string) []string {
	key := string(l) + "\x00" + w
	if v, ok := ix.tokens.Load(key); ok {
		return v.([]string)
	}
	var out []string
	for _, t := range a.Analyze([]byte(w)) {
		out = append(out, string(t.Term))
	}
	ix.tokens.Store(key, out)
	return out
}

// segments joins words into segments, each run of marked or unmarked
// words one segment.
func segments(ws []string, marks []bool) []Segment {
	out := []Segment{}
	for i, w := range ws {
		text := w
		if i > 0 {
			if n := len(out); n > 0 && out[n-1].Mark == marks[i] {
				out[n-1].Text += " " + w
				continue
			}
			if !marks[i] {
				text = " " + w
			} else {
				out[len(out)-1].Text += " "
			}
		}
		out = append(out, Segment{Text: text, Mark: marks[i]})
	}
	return out
}

// suggest proposes the query with each word the index lacks replaced by
// the most frequent close word it has, "" when there is none.
func (ix *Index) suggest(text string, l locale.Locale) string {
	vocab := ix.vocab[l]
	ws := strings.Fields(strings.ToLower(fold(text)))
	changed := false
	for i, w := range ws {
		if vocab[w] > 0 || utf8.RuneCountInString(w) < 3 {
			continue
		}
		limit := 1
		if utf8.RuneCountInString(w) >= 5 {
			limit = 2
		}
		best, bestDist, bestCount := "", limit+1, 0
		for cand, n := range vocab {
			if d := distance(w, cand, limit); d <= limit && (d < bestDist || (d == bestDist && (n > bestCount || (n == bestCount && cand < best)))) {
				best, bestDist, bestCount = cand, d, n
			}
		}
		if best != "" {
			ws[i], changed = best, true
		}
	}
	if !changed {
		return ""
	}
	return strings.Join(ws, " ")
}

// within reports whether a and b are at most n edits apart.
func within(a, b string, n int) bool { return distance(a, b, n) <= n }

// distance is the Levenshtein distance of a and b, or more than limit
// when it is more than limit (found without filling the whole table).
func distance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
