package search

import (
	"context"
	"strings"
	"sync"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Counts is where searched words are counted; *store.Store is one.
type Counts interface {
	AddSearchCounts(ctx context.Context, counts []store.SearchCount) error
}

// flushEvery is how often the searched words are written to the store:
// counting in memory keeps a database write off every keystroke.
const flushEvery = 30 * time.Second

// maxCounted is the longest query counted, in characters, and maxPending
// how many distinct queries are held between two writes; beyond it new
// ones wait for the next.
const (
	maxCounted = 100
	maxPending = 10000
)

type countKey struct {
	day, locale, words string
}

// tally counts searches in memory until they are written.
type tally struct {
	mu     sync.Mutex
	counts map[countKey]*store.SearchCount
}

func newTally() *tally { return &tally{counts: map[countKey]*store.SearchCount{}} }

// add counts one search of text in a language at now. Only the words are
// kept, folded to lower case with single spaces, never who searched.
func (t *tally) add(now time.Time, l locale.Locale, text string, found bool) {
	words, _ := cut(strings.Join(strings.Fields(strings.ToLower(text)), " "), maxCounted)
	if words == "" {
		return
	}
	k := countKey{day: now.UTC().Format(time.DateOnly), locale: string(l), words: words}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.counts[k]
	if c == nil {
		if len(t.counts) >= maxPending {
			return
		}
		c = &store.SearchCount{Day: k.day, Locale: k.locale, Words: k.words}
		t.counts[k] = c
	}
	c.Searches++
	if !found {
		c.Misses++
	}
}

// take returns the counts held and forgets them.
func (t *tally) take() []store.SearchCount {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]store.SearchCount, 0, len(t.counts))
	for _, c := range t.counts {
		out = append(out, *c)
	}
	t.counts = map[countKey]*store.SearchCount{}
	return out
}

// putBack returns counts that could not be written, to be written next time.
func (t *tally) putBack(counts []store.SearchCount) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range counts {
		k := countKey{day: c.Day, locale: c.Locale, words: c.Words}
		if held := t.counts[k]; held != nil {
			held.Searches += c.Searches
			held.Misses += c.Misses
		} else if len(t.counts) < maxPending {
			c := c
			t.counts[k] = &c
		}
	}
}

// Flush writes the searches counted so far to the store.
func (s *Service) Flush(ctx context.Context) error {
	if s.cfg.Counts == nil {
		s.tally.take()
		return nil
	}
	counts := s.tally.take()
	if err := s.cfg.Counts.AddSearchCounts(ctx, counts); err != nil {
		s.tally.putBack(counts)
		return err
	}
	return nil
}

func (s *Service) flush(ctx context.Context) {
	if err := s.Flush(ctx); err != nil {
		s.log.Warn("searched words not counted yet; trying again later", "err", err)
	}
}
