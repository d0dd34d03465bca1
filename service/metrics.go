package service

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/service/jobs"
)

// depthTimeout bounds the queue depth read on a scrape.
const depthTimeout = 2 * time.Second

// Metrics are the service's Prometheus metrics, on a registry of their
// own.
type Metrics struct {
	reg         *prometheus.Registry
	jobs        *prometheus.CounterVec
	pages       *prometheus.CounterVec
	engine      *prometheus.HistogramVec
	escalations prometheus.Counter
	kills       *prometheus.CounterVec
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
}

// NewMetrics makes the metrics on reg (nil: a new registry with the Go
// and process collectors).
func NewMetrics(reg *prometheus.Registry) *Metrics {
	if reg == nil {
		reg = prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	m := &Metrics{
		reg: reg,
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "assay_jobs_total",
			Help: "Jobs by event: submitted, done, canceled."}, []string{"event"}),
		pages: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "assay_pages_total",
			Help: "Pages read by the workers of this process, by ledger status."}, []string{"status"}),
		engine: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "assay_engine_seconds",
			Help: "Time an engine spent on one page attempt.", Buckets: prometheus.ExponentialBuckets(0.005, 2.5, 12)}, []string{"engine"}),
		escalations: prometheus.NewCounter(prometheus.CounterOpts{Name: "assay_escalations_total",
			Help: "Page attempts beyond the first: pages sent on to the next engine of their chain."}),
		kills: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "assay_engine_kills_total",
			Help: "Page attempts that ended with the engine killed: past its deadline, or crashed."}, []string{"engine", "reason"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "assay_http_requests_total",
			Help: "HTTP requests by route and status code."}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "assay_http_request_seconds",
			Help: "HTTP request latency by route.", Buckets: prometheus.DefBuckets}, []string{"route"}),
	}
	reg.MustRegister(m.jobs, m.pages, m.engine, m.escalations, m.kills, m.requests, m.latency)
	return m
}

// queueDepth reports the batches waiting in q on every scrape.
func (m *Metrics) queueDepth(q *jobs.Queue) {
	if q == nil {
		return
	}
	_ = m.reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "assay_queue_depth",
		Help: "Page batches queued or being read."}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), depthTimeout)
		defer cancel()
		n, err := q.Depth(ctx)
		if err != nil {
			return -1
		}
		return float64(n)
	}))
}

// ObserveBatch counts a batch's pages, attempts, escalations and kills:
// a jobs.Worker's Observe.
func (m *Metrics) ObserveBatch(res *assay.Result) {
	for _, e := range res.Entries {
		m.pages.WithLabelValues(string(e.Status)).Inc()
		full := 0
		for _, a := range e.Attempts {
			if a.Engine != "" && a.Elapsed > 0 {
				m.engine.WithLabelValues(a.Engine).Observe(a.Elapsed.Seconds())
			}
			if !a.Regions {
				full++
			}
			switch {
			case a.Status == core.StatusTimeout:
				m.kills.WithLabelValues(a.Engine, "timeout").Inc()
			case errors.Is(a.Err, core.ErrEngineCrashed):
				m.kills.WithLabelValues(a.Engine, "crashed").Inc()
			}
		}
		if full > 1 {
			m.escalations.Add(float64(full - 1))
		}
	}
}

// JobDone counts a job a worker of this process finished.
func (m *Metrics) JobDone() { m.jobs.WithLabelValues("done").Inc() }

// Handler serves the metrics in Prometheus's text format (GET /metrics;
// assay worker --metrics-listen).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// instrument counts route's requests and times them.
func (m *Metrics) instrument(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(sw, r)
		m.requests.WithLabelValues(route, strconv.Itoa(sw.code)).Inc()
		m.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
	})
}

// statusWriter remembers the status code written.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach Flush.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
