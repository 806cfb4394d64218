package search

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Limits of a query.
const (
	MaxQuery = 200 // characters searched; the rest is cut
	PerPage  = 10  // results per page
	MaxPage  = 50  // the furthest page answered
)

// BuildingRetry is the Retry-After of a search refused while the index is
// being built: a first build takes a few seconds.
const BuildingRetry = 5 * time.Second

// Pages is the page cache as the search follows it: it tells each new
// catalogue as it plans the pass that renders it (render.Cache.OnCurrent).
type Pages interface {
	OnCurrent(func(*content.Catalog))
}

// Config configures a Service.
type Config struct {
	Limiter endpoint.Limiter // counts searches per client for the rate limit
	Counts  Counts           // where searched words are counted; none when nil
	Logger  *slog.Logger
	Now     func() time.Time // time.Now
}

// Service keeps the index current and answers searches.
type Service struct {
	cfg   Config
	log   *slog.Logger
	index atomic.Pointer[Index]

	mu      sync.Mutex
	pending *content.Catalog // the newest catalogue not yet indexed
	wake    chan struct{}
	tally   *tally
}

// New returns a service with no index yet: it answers 503 until Run has
// built the first.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Limiter.Now == nil {
		cfg.Limiter.Now = cfg.Now
	}
	return &Service{cfg: cfg, log: cfg.Logger.With("component", "search"), wake: make(chan struct{}, 1), tally: newTally()}
}

// Ready reports whether the service has an index to search.
func (s *Service) Ready() bool { return s.index.Load() != nil }

// Index returns the current index, nil before the first is built.
func (s *Service) Index() *Index { return s.index.Load() }

// Follow has the index follow the pages' catalogue: it is built again in
// the background after each pass of the page cache that changed it.
func (s *Service) Follow(pages Pages) { pages.OnCurrent(s.Update) }

// Update hands the service a catalogue to index; Run indexes the newest
// it was handed. It never blocks.
func (s *Service) Update(cat *content.Catalog) {
	s.mu.Lock()
	s.pending = cat
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run builds the index of each catalogue Update hands over until ctx ends,
// and writes the searched words to the store every flushEvery and at the
// end.
func (s *Service) Run(ctx context.Context) {
	flush := time.NewTicker(flushEvery)
	defer flush.Stop()
	var built *content.Catalog
	for {
		select {
		case <-ctx.Done():
			s.flush(context.WithoutCancel(ctx))
			return
		case <-flush.C:
			s.flush(ctx)
		case <-s.wake:
			s.mu.Lock()
			cat := s.pending
			s.mu.Unlock()
			if cat == nil || cat == built {
				continue
			}
			if err := s.rebuild(cat); err != nil {
				s.log.Error("search index not built; searches use the previous one", "err", err)
				continue
			}
			built = cat
		}
	}
}

// rebuild brings the index to cat: the first catalogue builds it whole,
// each later one is applied to it, only its changed pages analysed again.
// A failed change is retried on a whole new index, put in service once
// built while the previous one is closed when the searches reading it are
// done.
func (s *Service) rebuild(cat *content.Catalog) error {
	started := time.Now()
	if ix := s.index.Load(); ix != nil {
		changed, err := ix.Apply(cat)
		if err == nil {
			s.log.Info("search index updated", "changed", changed, "documents", ix.Len(), "took", time.Since(started).Round(time.Millisecond))
			return nil
		}
		s.log.Warn("search index not updated in place; building it again", "err", err)
	}
	ix, err := Build(cat)
	if err != nil {
		return err
	}
	if old := s.index.Swap(ix); old != nil {
		if err := old.Close(); err != nil {
			s.log.Warn("previous search index not closed", "err", err)
		}
	}
	s.log.Info("search index built", "documents", ix.Len(), "took", time.Since(started).Round(time.Millisecond))
	return nil
}

// RateLimit is the search API's limit per client: as-you-type searching
// sends a query every few keystrokes.
func (s *Service) RateLimit() echo.MiddlewareFunc {
	return s.cfg.Limiter.Middleware("search", 120, time.Minute, func(r *http.Request) string {
		return locale.For(endpoint.Locale(r)).Search.RateLimited
	})
}

// PageRateLimit is the search page's limit per client: a page for each
// search a visitor settles on, far fewer than the keystrokes. A client
// over it is answered by refuse, a page of the site rather than the API's
// envelope, told how long the client must wait.
func (s *Service) PageRateLimit(refuse func(c echo.Context, wait time.Duration) error) echo.MiddlewareFunc {
	return s.cfg.Limiter.Gate("search-page", 60, time.Minute, refuse)
}

// Answer is the data of a search's answer.
type Answer struct {
	Query      string `json:"query"` // what was searched, after cutting
	Lang       string `json:"lang"`  // the language asked for
	Type       string `json:"type,omitempty"`
	Results    []Hit  `json:"results"`
	Total      int    `json:"total"`
	Page       int    `json:"page"`
	PerPage    int    `json:"perPage"`
	Fallback   bool   `json:"fallback"`             // the results are in English: the language asked for has none
	Truncated  bool   `json:"truncated"`            // the query was cut to MaxQuery characters
	Suggestion string `json:"suggestion,omitempty"` // a query that may find something, when this one found nothing
}

// Handle answers GET /api/search?q=…&lang=…&type=…&page=…&final=1. Only
// a search marked final (the visitor pressed Enter) is counted: the
// searches made as the visitor types are not what they were looking for.
func (s *Service) Handle(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := &locale.For(loc).Search
	params := r.URL.Query()
	page, _ := strconv.Atoi(params.Get("page"))
	out, err := s.Ask(Ask{Text: params.Get("q"), Lang: loc, Type: params.Get("type"), Page: page, Final: params.Get("final") == "1"})
	switch {
	case errors.Is(err, ErrBadQuery):
		return endpoint.Fail(c, http.StatusBadRequest, m.ControlChars)
	case errors.Is(err, ErrUnknownType):
		return endpoint.Fail(c, http.StatusBadRequest, m.TypeUnknown)
	case errors.Is(err, ErrNoIndex):
		c.Response().Header().Set("Retry-After", endpoint.RetryAfter(BuildingRetry))
		return endpoint.Fail(c, http.StatusServiceUnavailable, m.Building)
	case err != nil:
		return err
	}
	var messages []string
	if out.Truncated {
		messages = append(messages, m.TruncatedFor(MaxQuery))
	}
	if out.Fallback {
		messages = append(messages, m.Fallback)
	}
	return endpoint.OK(c, out, strings.Join(messages, " "))
}

// Ask is a search as a visitor asks it, before it is checked.
type Ask struct {
	Text  string
	Lang  locale.Locale
	Type  string // "" for every type
	Page  int    // from 1; anything less is the first
	Final bool   // what the visitor settled on, counted for the dashboard
}

// Errors of Ask.
var (
	ErrBadQuery    = errors.New("search: control characters in the query")
	ErrUnknownType = errors.New("search: unknown type")
	ErrNoIndex     = errors.New("search: no index yet")
)

// Ask checks and answers a search, for the API and the search page alike:
// a query with control characters or of an unknown type is refused, one
// longer than MaxQuery is cut, and an empty one answers no results.
func (s *Service) Ask(a Ask) (Answer, error) {
	if !validQuery(a.Text) {
		return Answer{}, ErrBadQuery
	}
	text, truncated := cut(a.Text, MaxQuery)
	if a.Type != "" && !knownType(a.Type) {
		return Answer{}, ErrUnknownType
	}
	page := min(max(a.Page, 1), MaxPage)
	out := Answer{Query: text, Lang: string(a.Lang), Type: a.Type, Results: []Hit{}, Page: page, PerPage: PerPage, Truncated: truncated}
	if strings.TrimSpace(text) == "" {
		return out, nil
	}
	res, err := s.search(Query{Text: text, Lang: a.Lang, Type: a.Type, Page: page, PerPage: PerPage})
	if err != nil {
		return Answer{}, err
	}
	out.Results, out.Total, out.Fallback, out.Suggestion = res.Hits, res.Total, res.Fallback, res.Suggest
	if a.Final && page == 1 && a.Type == "" {
		s.tally.add(s.cfg.Now(), a.Lang, text, res.Total > 0)
	}
	return out, nil
}

// search runs q on the current index; when that index is replaced and
// closed during the search, on its successor.
func (s *Service) search(q Query) (Results, error) {
	for {
		ix := s.index.Load()
		if ix == nil {
			return Results{}, ErrNoIndex
		}
		res, err := ix.Search(q)
		if errors.Is(err, ErrClosed) {
			continue
		}
		return res, err
	}
}

// validQuery reports whether a query may be searched: valid UTF-8 without
// control characters (NUL, line breaks, escapes).
func validQuery(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// cut returns s cut to n characters, and whether it was.
func cut(s string, n int) (string, bool) {
	if utf8.RuneCountInString(s) <= n {
		return s, false
	}
	return string([]rune(s)[:n]), true
}

func knownType(t string) bool {
	for _, k := range Types {
		if k == t {
			return true
		}
	}
	return false
}

// ForSite builds the service as the server runs it: following pages,
// counting searched words in st, limiting each client with keys under
// secret. Its Run builds the first index and keeps it current.
func ForSite(pages Pages, st *store.Store, secret string, log *slog.Logger) *Service {
	s := New(Config{Limiter: endpoint.Limiter{Counters: st, Keys: endpoint.NewKeys(secret)}, Counts: st, Logger: log})
	s.Follow(pages)
	return s
}
