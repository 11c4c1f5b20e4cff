package serve

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the service's Prometheus metrics, on a registry of its own.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	decisions *prometheus.CounterVec
	errors    *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	bundle    *prometheus.GaugeVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "recourse_requests_total",
			Help: "HTTP requests by endpoint and status code."}, []string{"endpoint", "code"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "recourse_decisions_total",
			Help: "Decisions by endpoint and value (allow, warn, escalate, block; for hooks also stop and ask)."}, []string{"endpoint", "decision"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "recourse_errors_total",
			Help: "Requests that could not be evaluated, by endpoint and error kind."}, []string{"endpoint", "kind"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "recourse_request_duration_seconds",
			Help:    "Time from request to response, by endpoint.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10}}, []string{"endpoint"}),
	}
	m.bundle = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "recourse_bundle_info",
		Help: "The active policy bundle: 1 for its revision."}, []string{"revision"})
	m.reg.MustRegister(m.requests, m.decisions, m.errors, m.latency, m.bundle,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// request counts a request and its latency.
func (m *metrics) request(endpoint string, code int, elapsed time.Duration) {
	m.requests.WithLabelValues(endpoint, strconv.Itoa(code)).Inc()
	if elapsed > 0 {
		m.latency.WithLabelValues(endpoint).Observe(elapsed.Seconds())
	}
}

func (m *metrics) decision(endpoint, decision string) {
	m.decisions.WithLabelValues(endpoint, decision).Inc()
}

func (m *metrics) failure(endpoint, kind string) {
	m.errors.WithLabelValues(endpoint, kind).Inc()
}

func (m *metrics) bundleRevision(rev string) {
	m.bundle.Reset()
	m.bundle.WithLabelValues(rev).Set(1)
}
