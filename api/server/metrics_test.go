package server

import (
	"bytes"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/metrics"
	"noorvale.example/site/api/render"
)

const metricsPagePath = "/services/cybersecurity-services/penetration-testing"

// metricsSite is a site of one cached page whose requests are counted.
func metricsSite(t *testing.T) (*Server, http.Handler) {
	t.Helper()
	e, err := render.NewEntry(http.StatusOK, bytes.Repeat([]byte("<p>Noorvale</p>"), 100))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	m := metrics.New(quiet)
	srv := New(Config{BaseURL: "http://localhost:8080", DistDir: fakeDist(t), Logger: quiet, Metrics: m},
		onePage{path: metricsPagePath, entry: e, catalog: cat}, noDB{})
	return srv, MetricsHandler(m)
}

// from sends a GET whose TCP peer is remote.
func from(srv http.Handler, remote, target string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.RemoteAddr = remote
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec
}

func parseMetrics(t *testing.T, rec *httptest.ResponseRecorder) map[string]*dto.MetricFamily {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics = %d", rec.Code)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	f, err := p.TextToMetricFamilies(rec.Body)
	if err != nil {
		t.Fatalf("metrics do not parse: %v", err)
	}
	return f
}

// sample returns the value of the counter whose labels include want; NaN for none.
func sample(f map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	fam := f[name]
	if fam == nil {
		return math.NaN()
	}
next:
	for _, m := range fam.Metric {
		for _, l := range m.Label {
			if v, ok := want[l.GetName()]; ok && v != l.GetValue() {
				continue next
			}
		}
		if m.Histogram != nil {
			return float64(m.Histogram.GetSampleCount())
		}
		return m.GetCounter().GetValue()
	}
	return math.NaN()
}

func TestMetricsByRoute(t *testing.T) {
	srv, scrape := metricsSite(t)
	local := "127.0.0.1:40000"
	etag := from(srv, local, metricsPagePath, nil).Header().Get("Etag")
	if rec := from(srv, local, metricsPagePath, map[string]string{"If-None-Match": etag}); rec.Code != http.StatusNotModified {
		t.Fatalf("conditional GET = %d", rec.Code)
	}
	from(srv, local, "/assets/missing-0123.js", nil)
	from(srv, local, "/assets/entry-client-abc123.js", nil)
	from(srv, local, "/no-such-page-xyz", nil)
	from(srv, local, "/healthz", nil)

	f := parseMetrics(t, from(scrape, local, "/metrics", nil))
	checks := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"site_http_requests_total", map[string]string{"route": metrics.CachedRoute, "code": "200"}, 1},
		{"site_http_requests_total", map[string]string{"route": metrics.CachedRoute, "code": "304"}, 1},
		{"site_http_requests_total", map[string]string{"route": "/assets/*", "code": "404"}, 1},
		{"site_http_requests_total", map[string]string{"route": "/assets/*", "code": "200"}, 1},
		{"site_http_requests_total", map[string]string{"route": "/*", "code": "404"}, 1},
		{"site_http_requests_total", map[string]string{"route": "/healthz", "method": "GET", "code": "200"}, 1},
		{"site_http_request_duration_seconds", map[string]string{"route": metrics.CachedRoute}, 2},
		{"site_page_cache_lookups_total", map[string]string{"result": "hit"}, 2},
		{"site_page_cache_lookups_total", map[string]string{"result": "miss"}, 1},
	}
	for _, c := range checks {
		if got := sample(f, c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
	for _, fam := range f {
		for _, m := range fam.Metric {
			for _, l := range m.Label {
				if l.GetName() == "route" && (strings.Contains(l.GetValue(), "missing") || strings.Contains(l.GetValue(), "xyz")) {
					t.Errorf("a raw path became a label: %s", l.GetValue())
				}
			}
		}
	}

	// Counters move between scrapes.
	from(srv, local, metricsPagePath, nil)
	f = parseMetrics(t, from(scrape, local, "/metrics", nil))
	if got := sample(f, "site_page_cache_lookups_total", map[string]string{"result": "hit"}); got != 3 {
		t.Errorf("hits after one more page = %v, want 3", got)
	}
}

// TestMetricsNeverOnTheSitePort: behind an ingress every request comes
// from the ingress, so no peer of the site's port, loopback included, reads
// the metrics there; MetricsHandler, on a port of its own, answers them
// and nothing else.
func TestMetricsNeverOnTheSitePort(t *testing.T) {
	srv, scrape := metricsSite(t)
	notFound := from(srv, "203.0.113.9:5000", "/no-such-page", nil)
	for _, remote := range []string{"127.0.0.1:5000", "[::1]:5000", "10.42.7.9:5000"} {
		rec := from(srv, remote, "/metrics", nil)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "site_http_requests_total") ||
			rec.Header().Get("Content-Type") != notFound.Header().Get("Content-Type") {
			t.Errorf("GET /metrics on the site's port from %s: %d %s", remote, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	rec := from(scrape, "10.42.7.9:5000", "/metrics", nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "site_http_requests_total") ||
		rec.Header().Get("Cache-Control") != "no-store" || rec.Header().Get("Cross-Origin-Resource-Policy") != "same-origin" {
		t.Fatalf("the metrics port: %d %v", rec.Code, rec.Header())
	}
	for _, path := range []string{"/", "/healthz", "/metrics/x", "/api/account"} {
		if rec := from(scrape, "10.42.7.9:5000", path, nil); rec.Code != http.StatusNotFound {
			t.Errorf("the metrics port answers %s with %d", path, rec.Code)
		}
	}
}

func TestNoMetricsRouteWithoutMetrics(t *testing.T) {
	s := newSite(t, siteOptions{renderer: propsRenderer{}})
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	req.RemoteAddr = "127.0.0.1:1"
	rec := httptest.NewRecorder()
	s.srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		t.Fatalf("GET /metrics without metrics = %d, want 404", rec.Code)
	}
}

// BenchmarkCachedPageMeasured is BenchmarkCachedPage with metrics on: the
// cost of counting a request on the hot path.
func BenchmarkCachedPageMeasured(b *testing.B) {
	srv, _ := benchPage(b)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv.metrics = metrics.New(quiet)
	req := httptest.NewRequest(http.MethodGet, "/services/cybersecurity-services/penetration-testing", nil)
	b.ReportAllocs()
	for b.Loop() {
		srv.ServeHTTP(&discardWriter{h: http.Header{}}, req)
	}
}
