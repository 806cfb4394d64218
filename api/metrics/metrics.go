// Package metrics keeps the figures an operator watches and answers them in
// the Prometheus text format: requests and latency by route, page-cache
// lookups, renders and renderer restarts, the database pool, the e-mail
// queue, and the Go runtime and process.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// CachedRoute is the route label of pages answered from the page cache,
// before routing; routed requests carry their Echo route pattern.
const CachedRoute = "page-cache"

// Page-cache lookup results.
const (
	LookupHit   = "hit"   // answered from memory
	LookupMiss  = "miss"  // not in the cache: rendered now, redirected or not found
	LookupGated = "gated" // in the cache, served after a look at the session
)

// latencyBuckets reach down to the tens of microseconds a cached page takes
// and up to the seconds a slow render might.
var latencyBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Metrics is the site's registry. Its methods are safe for concurrent use.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	lookups  *prometheus.CounterVec
	hits     prometheus.Counter
	// The hot path's series, resolved once: a page from memory, GET 200 or 304.
	cachedLatency prometheus.Observer
	cachedGet200  prometheus.Counter
	cachedGet304  prometheus.Counter
	renders       *prometheus.HistogramVec
	restarts      prometheus.Counter
	starts        atomic.Int64
	log           *slog.Logger
	handler       http.Handler
}

// New returns a registry with the site's metrics and the Go runtime and
// process collectors.
func New(logger *slog.Logger) *Metrics {
	if logger == nil {
		logger = slog.Default()
	}
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		log: logger,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "site_http_requests_total",
			Help: "HTTP requests answered, by route pattern (page-cache for pages served from memory), method and status code (499: the client went away before the answer).",
		}, []string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "site_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern (page-cache for pages served from memory).",
			Buckets: latencyBuckets,
		}, []string{"route"}),
		lookups: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "site_page_cache_lookups_total",
			Help: "Page requests by page-cache result: hit (served from memory), miss (not cached), private (cached, but rendered for a visitor who may be signed in).",
		}, []string{"result"}),
		renders: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "site_render_duration_seconds",
			Help:    "Time the Node renderer took per document, by outcome (ok or error).",
			Buckets: []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5},
		}, []string{"outcome"}),
		restarts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "site_renderer_restarts_total",
			Help: "Times a new renderer process became healthy after the first.",
		}),
	}
	m.hits = m.lookups.WithLabelValues(LookupHit)
	m.cachedLatency = m.latency.WithLabelValues(CachedRoute)
	m.cachedGet200 = m.requests.WithLabelValues(CachedRoute, http.MethodGet, "200")
	m.cachedGet304 = m.requests.WithLabelValues(CachedRoute, http.MethodGet, "304")
	for _, r := range []string{LookupHit, LookupMiss, LookupGated} {
		m.lookups.WithLabelValues(r) // exported at zero from the start
	}
	for _, o := range []string{"ok", "error"} {
		m.renders.WithLabelValues(o)
	}
	m.reg.MustRegister(m.requests, m.latency, m.lookups, m.renders, m.restarts,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorHandling: promhttp.ContinueOnError,
		ErrorLog:      slogPrinter{m.log},
		Registry:      m.reg, // counts failed scrapes in promhttp_metric_handler_errors_total
	})
	return m
}

// Handler answers the metrics in the Prometheus exposition format. A
// collector that fails is logged and left out; the rest are still answered.
func (m *Metrics) Handler() http.Handler { return m.handler }

// slogPrinter adapts the logger to promhttp's error log.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) { p.log.Warn("metrics: collection failed", "err", v) }

// statusText avoids formatting the common status codes on every request.
func statusText(code int) string {
	switch code {
	case 200:
		return "200"
	case 304:
		return "304"
	case 404:
		return "404"
	}
	return strconv.Itoa(code)
}

// Request counts one answered request under its route pattern.
func (m *Metrics) Request(route, method string, code int, took time.Duration) {
	m.requests.WithLabelValues(route, method, statusText(code)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
}

// CachedPage counts a page answered from the page cache: a hit, and a
// request under CachedRoute.
func (m *Metrics) CachedPage(method string, code int, took time.Duration) {
	m.hits.Inc()
	m.cachedLatency.Observe(took.Seconds())
	switch {
	case method == http.MethodGet && code == http.StatusOK:
		m.cachedGet200.Inc()
	case method == http.MethodGet && code == http.StatusNotModified:
		m.cachedGet304.Inc()
	default:
		m.requests.WithLabelValues(CachedRoute, method, statusText(code)).Inc()
	}
}

// PageLookup counts a page request that the cache did not answer, with
// LookupMiss or LookupGated.
func (m *Metrics) PageLookup(result string) { m.lookups.WithLabelValues(result).Inc() }

// RendererStarted records that a renderer process became healthy; every
// start after the first is a restart. Register it with the supervisor's
// OnScriptHashes, which is called on each healthy start.
func (m *Metrics) RendererStarted() {
	if m.starts.Add(1) > 1 {
		m.restarts.Inc()
	}
}

// Renderer is the render call the page cache makes.
type Renderer interface {
	Render(ctx context.Context, props any) (status int, html []byte, err error)
}

// Renderer returns r timed: each call is observed in site_render_duration_seconds.
func (m *Metrics) Renderer(r Renderer) Renderer { return timedRenderer{r: r, m: m} }

type timedRenderer struct {
	r Renderer
	m *Metrics
}

func (t timedRenderer) Render(ctx context.Context, props any) (int, []byte, error) {
	start := time.Now()
	status, html, err := t.r.Render(ctx, props)
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	t.m.renders.WithLabelValues(outcome).Observe(time.Since(start).Seconds())
	return status, html, err
}

// MailQueue exports the e-mail queue's length, counted on each scrape by
// count (a COUNT over a partial index); a failed count reads NaN.
func (m *Metrics) MailQueue(count func(context.Context) (int64, error)) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "site_mail_queue_length",
		Help: "E-mail messages queued and neither sent nor abandoned, counted at scrape time.",
	}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := count(ctx)
		if err != nil {
			m.log.Warn("metrics: cannot count the mail queue", "err", err)
			return math.NaN()
		}
		return float64(n)
	}))
}

// DatabaseStatements exports how many SQL statements the store has run, as
// read by count.
func (m *Metrics) DatabaseStatements(count func() uint64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "site_db_statements_total",
		Help: "SQL statements the database was sent by this process.",
	}, func() float64 { return float64(count()) }))
}

// DatabasePool exports the connection pool's statistics as read by stats
// (the store's sql.DBStats), under the go_sql_* names client_golang uses.
func (m *Metrics) DatabasePool(driver string, stats func() sql.DBStats) {
	m.reg.MustRegister(newPoolCollector(driver, stats))
}
