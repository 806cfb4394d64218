package metrics

import (
	"database/sql"

	"github.com/prometheus/client_golang/prometheus"
)

// poolCollector reads sql.DBStats on each scrape. It mirrors
// client_golang's collectors.NewDBStatsCollector, which needs the *sql.DB
// itself; the store hands out only its statistics.
type poolCollector struct {
	stats func() sql.DBStats
	descs []*prometheus.Desc
}

type poolMetric struct {
	name, help string
	kind       prometheus.ValueType
	value      func(sql.DBStats) float64
}

var poolMetrics = []poolMetric{
	{"go_sql_max_open_connections", "Maximum number of open connections to the database.", prometheus.GaugeValue,
		func(s sql.DBStats) float64 { return float64(s.MaxOpenConnections) }},
	{"go_sql_open_connections", "The number of established connections both in use and idle.", prometheus.GaugeValue,
		func(s sql.DBStats) float64 { return float64(s.OpenConnections) }},
	{"go_sql_in_use_connections", "The number of connections currently in use.", prometheus.GaugeValue,
		func(s sql.DBStats) float64 { return float64(s.InUse) }},
	{"go_sql_idle_connections", "The number of idle connections.", prometheus.GaugeValue,
		func(s sql.DBStats) float64 { return float64(s.Idle) }},
	{"go_sql_wait_count_total", "The total number of connections waited for.", prometheus.CounterValue,
		func(s sql.DBStats) float64 { return float64(s.WaitCount) }},
	{"go_sql_wait_duration_seconds_total", "The total time blocked waiting for a new connection.", prometheus.CounterValue,
		func(s sql.DBStats) float64 { return s.WaitDuration.Seconds() }},
	{"go_sql_max_idle_closed_total", "The total number of connections closed due to SetMaxIdleConns.", prometheus.CounterValue,
		func(s sql.DBStats) float64 { return float64(s.MaxIdleClosed) }},
	{"go_sql_max_idle_time_closed_total", "The total number of connections closed due to SetConnMaxIdleTime.", prometheus.CounterValue,
		func(s sql.DBStats) float64 { return float64(s.MaxIdleTimeClosed) }},
	{"go_sql_max_lifetime_closed_total", "The total number of connections closed due to SetConnMaxLifetime.", prometheus.CounterValue,
		func(s sql.DBStats) float64 { return float64(s.MaxLifetimeClosed) }},
}

func newPoolCollector(driver string, stats func() sql.DBStats) *poolCollector {
	c := &poolCollector{stats: stats}
	labels := prometheus.Labels{"db_name": driver}
	for _, pm := range poolMetrics {
		c.descs = append(c.descs, prometheus.NewDesc(pm.name, pm.help, nil, labels))
	}
	return c
}

// Describe sends the descriptors of the pool metrics.
func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

// Collect reads the statistics once and sends every pool metric.
func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	for i, pm := range poolMetrics {
		ch <- prometheus.MustNewConstMetric(c.descs[i], pm.kind, pm.value(s))
	}
}
