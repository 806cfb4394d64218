package metrics

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape answers the handler and parses the text format, failing the test
// when it does not parse.
func scrape(t *testing.T, m *Metrics) map[string]*dto.MetricFamily {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("metrics answered %d", rec.Code)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(rec.Body)
	if err != nil {
		t.Fatalf("the metrics do not parse: %v", err)
	}
	return families
}

// value returns the value of the sample of a family whose labels include
// want, or NaN when there is none.
func value(families map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	f := families[name]
	if f == nil {
		return math.NaN()
	}
next:
	for _, m := range f.Metric {
		labels := map[string]string{}
		for _, l := range m.Label {
			labels[l.GetName()] = l.GetValue()
		}
		for k, v := range want {
			if labels[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return math.NaN()
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

type fakeRenderer struct{ err error }

func (f fakeRenderer) Render(context.Context, any) (int, []byte, error) {
	return 200, []byte("<p>hi</p>"), f.err
}

func TestCountersMove(t *testing.T) {
	m := New(quiet())
	before := scrape(t, m)
	if v := value(before, "site_page_cache_lookups_total", map[string]string{"result": "hit"}); v != 0 {
		t.Fatalf("hits before any request = %v, want 0 (exported from the start)", v)
	}

	m.CachedPage(http.MethodGet, 200, 50*time.Microsecond)
	m.CachedPage(http.MethodGet, 304, 20*time.Microsecond)
	m.PageLookup(LookupMiss)
	m.Request("/api/account/avatar/:name", http.MethodGet, 404, time.Millisecond)
	r := m.Renderer(fakeRenderer{})
	if _, _, err := r.Render(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.Renderer(fakeRenderer{err: errors.New("down")}).Render(context.Background(), nil); err == nil {
		t.Fatal("the wrapper hid the renderer's error")
	}
	m.RendererStarted() // the first start is not a restart
	m.RendererStarted()
	m.RendererStarted()

	after := scrape(t, m)
	checks := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"site_page_cache_lookups_total", map[string]string{"result": "hit"}, 2},
		{"site_page_cache_lookups_total", map[string]string{"result": "miss"}, 1},
		{"site_http_requests_total", map[string]string{"route": CachedRoute, "method": "GET", "code": "200"}, 1},
		{"site_http_requests_total", map[string]string{"route": CachedRoute, "method": "GET", "code": "304"}, 1},
		{"site_http_requests_total", map[string]string{"route": "/api/account/avatar/:name", "code": "404"}, 1},
		{"site_http_request_duration_seconds", map[string]string{"route": CachedRoute}, 2},
		{"site_render_duration_seconds", map[string]string{"outcome": "ok"}, 1},
		{"site_render_duration_seconds", map[string]string{"outcome": "error"}, 1},
		{"site_renderer_restarts_total", nil, 2},
	}
	for _, c := range checks {
		if got := value(after, c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
	if after["go_goroutines"] == nil || after["process_resident_memory_bytes"] == nil {
		t.Error("the Go runtime and process collectors are missing")
	}
}

func TestPoolAndQueueReadAtScrape(t *testing.T) {
	m := New(quiet())
	stats := sql.DBStats{MaxOpenConnections: 20, OpenConnections: 3, InUse: 1, Idle: 2, WaitCount: 7, WaitDuration: 1500 * time.Millisecond}
	m.DatabasePool("postgres", func() sql.DBStats { return stats })
	statements := uint64(120)
	m.DatabaseStatements(func() uint64 { return statements })
	queued, fail := int64(4), false
	m.MailQueue(func(context.Context) (int64, error) {
		if fail {
			return 0, errors.New("database down")
		}
		return queued, nil
	})

	f := scrape(t, m)
	db := map[string]string{"db_name": "postgres"}
	for name, want := range map[string]float64{
		"go_sql_max_open_connections": 20, "go_sql_open_connections": 3, "go_sql_in_use_connections": 1,
		"go_sql_idle_connections": 2, "go_sql_wait_count_total": 7, "go_sql_wait_duration_seconds_total": 1.5,
	} {
		if got := value(f, name, db); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if got := value(f, "site_mail_queue_length", nil); got != 4 {
		t.Errorf("mail queue = %v, want 4", got)
	}
	if got := value(f, "site_db_statements_total", nil); got != 120 {
		t.Errorf("statements = %v, want 120", got)
	}

	queued, stats.InUse, statements = 9, 5, 135
	f = scrape(t, m)
	if got := value(f, "site_mail_queue_length", nil); got != 9 {
		t.Errorf("mail queue after more mail = %v, want 9 (counted on each scrape)", got)
	}
	if got := value(f, "go_sql_in_use_connections", db); got != 5 {
		t.Errorf("in-use connections = %v, want 5", got)
	}
	if got := value(f, "site_db_statements_total", nil); got != 135 {
		t.Errorf("statements after more work = %v, want 135", got)
	}

	fail = true
	f = scrape(t, m)
	if got := value(f, "site_mail_queue_length", nil); !math.IsNaN(got) {
		t.Errorf("mail queue when the count fails = %v, want NaN", got)
	}
	if f["go_sql_open_connections"] == nil {
		t.Error("a failed count took the other metrics with it")
	}
}
