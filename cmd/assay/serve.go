package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/internal/tempdir"
	"github.com/assay-pdf/assay/service"
	"github.com/assay-pdf/assay/service/jobs"
)

// ServeConfig is assay serve's and assay worker's part of the
// configuration (the "serve" section; ASSAY_SERVE__...).
type ServeConfig struct {
	// Listen is the HTTP address; without Keys it must be loopback.
	Listen string `koanf:"listen"`
	// DataDir holds the embedded NATS server's files ("" for the user's
	// cache directory).
	DataDir string `koanf:"data_dir"`
	// NATS is an external server's URL; "" embeds one.
	NATS string `koanf:"nats"`
	// NATSListen lets workers of other processes reach the embedded
	// server ("" serves this process only).
	NATSListen string `koanf:"nats_listen"`
	// Keys maps names to API keys: a request needs
	// "Authorization: Bearer KEY" with one of them.
	Keys map[string]string `koanf:"keys"`
	// MaxUploadMB bounds an upload, MaxPages the pages of a job.
	MaxUploadMB int `koanf:"max_upload_mb"`
	MaxPages    int `koanf:"max_pages"`
	// PerKeyConcurrency bounds the extract and job requests a key has in
	// flight.
	PerKeyConcurrency int           `koanf:"per_key_concurrency"`
	SyncWait          time.Duration `koanf:"sync_wait"`
	RequestTimeout    time.Duration `koanf:"request_timeout"`
	// AckWait: a batch whose worker shows no sign of life for this long
	// goes to another worker. MaxKills: deliveries a batch may stop
	// before its pages are recorded as failed.
	AckWait  time.Duration `koanf:"ack_wait"`
	MaxKills int           `koanf:"max_kills"`
	// Keep is how long jobs and results are kept.
	Keep time.Duration `koanf:"keep"`
	// Workers is how many page batches this process reads at once; for
	// assay serve, -1 means the top-level workers setting with the
	// embedded server and none with an external one.
	Workers int `koanf:"workers"`
	// Grace is how long a stopping process lets work in progress finish
	// before it hands it back to the queue.
	Grace time.Duration `koanf:"grace"`
	// LogFormat is text or json.
	LogFormat string `koanf:"log_format"`
	// MetricsListen is where assay worker serves GET /metrics ("": not
	// at all; assay serve has its own on --listen).
	MetricsListen string `koanf:"metrics_listen"`
}

func defaultServe() ServeConfig {
	return ServeConfig{
		Listen:            "127.0.0.1:8080",
		Keys:              map[string]string{},
		MaxUploadMB:       service.DefaultMaxUpload >> 20,
		MaxPages:          service.DefaultMaxPages,
		PerKeyConcurrency: service.DefaultPerKey,
		SyncWait:          service.DefaultSyncWait,
		RequestTimeout:    service.DefaultRequestTimeout,
		AckWait:           jobs.DefaultAckWait,
		MaxKills:          jobs.DefaultMaxKills,
		Keep:              jobs.DefaultKeep,
		Workers:           -1,
		Grace:             jobs.DefaultGrace,
		LogFormat:         "text",
	}
}

func (s ServeConfig) validate() error {
	if s.LogFormat != "text" && s.LogFormat != "json" {
		return fmt.Errorf("config: serve.log_format %q: want text or json", s.LogFormat)
	}
	if s.MaxUploadMB < 1 || s.MaxPages < 1 || s.PerKeyConcurrency < 1 || s.MaxKills < 1 {
		return errors.New("config: serve.max_upload_mb, max_pages, per_key_concurrency and max_kills must be at least 1")
	}
	return nil
}

// serveFlags parses the flags shared by serve and worker into the
// config's keys.
func serveFlags(name string, args []string, stderr io.Writer) (Config, bool) {
	fl := flag.NewFlagSet(name, flag.ContinueOnError)
	fl.SetOutput(stderr)
	configPath := fl.String("config", "", "config `FILE` (default ./assay.yaml when present)")
	listen := fl.String("listen", "", "HTTP `ADDR` (default 127.0.0.1:8080; loopback only unless API keys are configured)")
	dataDir := fl.String("data-dir", "", "`DIR` of the embedded NATS server's files (default: the user's cache directory)")
	natsURL := fl.String("nats", "", "`URL` of an external NATS server with JetStream (default: embedded)")
	natsListen := fl.String("nats-listen", "", "with the embedded server, also accept workers of other processes at `ADDR`")
	workers := fl.Int("workers", 0, "page batches this process reads at once (serve: default the workers setting when embedded, 0 with --nats)")
	logFormat := fl.String("log-format", "", "log format: text or json")
	metricsListen := fl.String("metrics-listen", "", "worker: serve Prometheus metrics at `ADDR`/metrics")
	if err := fl.Parse(args); err != nil {
		return Config{}, false
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "assay %s: unexpected argument %q\n", name, fl.Arg(0))
		return Config{}, false
	}
	set := map[string]any{}
	fl.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "listen":
			set["serve.listen"] = *listen
		case "data-dir":
			set["serve.data_dir"] = *dataDir
		case "nats":
			set["serve.nats"] = *natsURL
		case "nats-listen":
			set["serve.nats_listen"] = *natsListen
		case "workers":
			set["serve.workers"] = *workers
		case "log-format":
			set["serve.log_format"] = *logFormat
		case "metrics-listen":
			set["serve.metrics_listen"] = *metricsListen
		}
	})
	cfg, err := LoadConfig(*configPath, set)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return Config{}, false
	}
	return cfg, true
}

func newLogger(format string, w io.Writer) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// queueConn connects to the configured NATS, starting the embedded
// server when there is no URL; stop closes both.
func queueConn(sc ServeConfig, log *slog.Logger) (nc *nats.Conn, stop func(), err error) {
	if sc.NATS != "" {
		nc, err := jobs.Connect(sc.NATS)
		if err != nil {
			return nil, nil, err
		}
		return nc, func() { _ = nc.Drain() }, nil
	}
	dir := sc.DataDir
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return nil, nil, fmt.Errorf("no --data-dir and no cache directory: %w", err)
		}
		dir = filepath.Join(cache, "assay", "serve")
	}
	emb, err := jobs.StartEmbedded(dir, sc.NATSListen)
	if err != nil {
		return nil, nil, err
	}
	if nc, err = emb.Connect(); err != nil {
		emb.Shutdown()
		return nil, nil, err
	}
	log.Info("embedded NATS server started", "dir", dir, "url", emb.URL())
	return nc, func() { nc.Close(); emb.Shutdown() }, nil
}

// extractor is the configured Extractor, with the CLI's engines; save
// keeps the engine time estimates it learnt.
func extractor(cfg Config, log *slog.Logger) (x *assay.Extractor, save func(), err error) {
	rc, err := cfg.Router()
	if err != nil {
		return nil, nil, err
	}
	host, err := newHost(cfg)
	if err != nil {
		return nil, nil, err
	}
	save = func() {
		if err := rc.Estimates.Save(); err != nil {
			log.Warn("saving engine time estimates", "err", err)
		}
	}
	return assay.New(rc, host), save, nil
}

func queueConfig(sc ServeConfig, log *slog.Logger) jobs.Config {
	return jobs.Config{AckWait: sc.AckWait, MaxKills: sc.MaxKills, Keep: sc.Keep, Log: log}
}

// isLoopback reports an address only this machine can reach.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveCmd is "assay serve": the HTTP API, and with the embedded server,
// workers, in one process.
func serveCmd(ctx context.Context, args []string, stderr io.Writer) int {
	cfg, ok := serveFlags("serve", args, stderr)
	if !ok {
		return exitUsage
	}
	sc := cfg.Serve
	if len(sc.Keys) == 0 && !isLoopback(sc.Listen) {
		fmt.Fprintf(stderr, "assay serve: --listen %s is not loopback: configure API keys (serve.keys) to listen there\n", sc.Listen)
		return exitUsage
	}
	if sc.Workers < 0 {
		sc.Workers = cfg.Workers
		if sc.NATS != "" {
			sc.Workers = 0
		}
	}
	log := newLogger(sc.LogFormat, stderr)
	if err := runServe(ctx, cfg, sc, log); err != nil {
		log.Error("assay serve stopped", "err", err)
		return exitFailed
	}
	return exitOK
}

func runServe(ctx context.Context, cfg Config, sc ServeConfig, log *slog.Logger) error {
	nc, closeNATS, err := queueConn(sc, log)
	if err != nil {
		return err
	}
	defer closeNATS()
	q, err := jobs.Open(ctx, nc, queueConfig(sc, log))
	if err != nil {
		return err
	}
	x, save, err := extractor(cfg, log)
	if err != nil {
		return err
	}
	defer x.Close()
	defer save()
	// Uploads wait in a directory of this server's own, so that those of
	// a server that was killed are removed when the next one starts.
	uploads, err := tempdir.Open("", "assay-serve")
	if err != nil {
		return err
	}
	defer uploads.Close()
	metrics := service.NewMetrics(nil)
	scfg := serviceConfig(cfg, sc, q, x, metrics, log)
	scfg.TempDir = uploads.Path()
	srv := service.New(scfg)
	ln, err := net.Listen("tcp", sc.Listen)
	if err != nil {
		return err
	}
	// ReadTimeout bounds a slow upload too; no WriteTimeout, which would
	// cut event streams (the service bounds each other route).
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: sc.RequestTimeout, IdleTimeout: idleTimeout,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	// Event streams and waits for results end when shutdown begins;
	// uploads in flight finish.
	hs.RegisterOnShutdown(srv.Drain)
	var wg sync.WaitGroup
	defer wg.Wait()
	workCtx, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	defer stopWork()
	wg.Go(func() {
		if err := srv.Warm(ctx); err != nil {
			log.Error("starting the engines", "err", err)
			return
		}
		log.Info("engines started")
	})
	if sc.Workers > 0 {
		w := &jobs.Worker{Queue: q, Extractor: x, Concurrency: sc.Workers, Grace: sc.Grace, Observe: metrics.ObserveBatch,
			Finished: func(string) { metrics.JobDone() }, Log: log}
		wg.Go(func() {
			if err := w.Run(workCtx); err != nil {
				log.Error("the workers could not start: jobs wait for another worker", "err", err)
			}
		})
	}
	log.Info("assay serve listening", "addr", ln.Addr().String(), "workers", sc.Workers, "nats", sc.NATS != "")
	err = serveUntil(ctx, hs, ln, sc.Grace, log)
	stopWork()
	return err
}

// serviceConfig is the service's view of the configuration.
func serviceConfig(cfg Config, sc ServeConfig, q *jobs.Queue, x *assay.Extractor, m *service.Metrics, log *slog.Logger) service.Config {
	keys := make(map[string]string, len(sc.Keys))
	for name, key := range sc.Keys {
		keys[key] = name
	}
	return service.Config{
		Queue: q, Extractor: x, Output: cfg.Output(), Keys: keys, MaxUpload: int64(sc.MaxUploadMB) << 20, MaxPages: sc.MaxPages,
		PerKey: sc.PerKeyConcurrency, SyncWait: sc.SyncWait, RequestTimeout: sc.RequestTimeout, Log: log, Metrics: m,
	}
}

// serveUntil serves HTTP until ctx ends, then stops taking requests and
// waits up to grace for those in flight.
func serveUntil(ctx context.Context, hs *http.Server, ln net.Listener, grace time.Duration, log *slog.Logger) error {
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("stopping: no new requests; work in progress finishes or goes back to the queue", "grace", grace)
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		_ = hs.Close()
	}
	<-served
	return nil
}

// HTTP server timeouts (request bodies and handlers are bounded by the
// service's own limits).
const (
	readHeaderTimeout = 10 * time.Second
	idleTimeout       = 2 * time.Minute
)

// workerCmd is "assay worker": pulls page batches from the queue at
// --nats until SIGTERM.
func workerCmd(ctx context.Context, args []string, stderr io.Writer) int {
	cfg, ok := serveFlags("worker", args, stderr)
	if !ok {
		return exitUsage
	}
	sc := cfg.Serve
	if sc.NATS == "" {
		fmt.Fprintln(stderr, "assay worker: name the queue's server with --nats URL")
		return exitUsage
	}
	if sc.Workers <= 0 {
		sc.Workers = cfg.Workers
	}
	log := newLogger(sc.LogFormat, stderr)
	nc, closeNATS, err := queueConn(sc, log)
	if err != nil {
		log.Error("assay worker", "err", err)
		return exitFailed
	}
	defer closeNATS()
	q, err := jobs.Open(ctx, nc, queueConfig(sc, log))
	if err != nil {
		log.Error("assay worker", "err", err)
		return exitFailed
	}
	x, save, err := extractor(cfg, log)
	if err != nil {
		log.Error("assay worker", "err", err)
		return exitFailed
	}
	defer x.Close()
	defer save()
	metrics := service.NewMetrics(nil)
	if sc.MetricsListen != "" {
		stop, err := serveMetrics(sc.MetricsListen, metrics, log)
		if err != nil {
			log.Error("assay worker: metrics", "err", err)
			return exitFailed
		}
		defer stop()
	}
	log.Info("assay worker pulling", "nats", sc.NATS, "concurrency", sc.Workers)
	w := &jobs.Worker{Queue: q, Extractor: x, Concurrency: sc.Workers, Grace: sc.Grace, Log: log,
		Observe: metrics.ObserveBatch, Finished: func(string) { metrics.JobDone() }}
	if err := w.Run(ctx); err != nil {
		log.Error("assay worker", "err", err)
		return exitFailed
	}
	log.Info("assay worker stopped")
	return exitOK
}

// serveMetrics serves GET /metrics at addr until stop.
func serveMetrics(addr string, m *service.Metrics, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: readHeaderTimeout, IdleTimeout: idleTimeout}
	done := make(chan struct{})
	go func() { defer close(done); _ = hs.Serve(ln) }()
	log.Info("metrics listening", "addr", ln.Addr().String())
	return func() { _ = hs.Close(); <-done }, nil
}
