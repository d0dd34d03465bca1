package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/service/jobs"
)

// Defaults of Config.
const (
	DefaultMaxUpload      = 100 << 20
	DefaultMaxPages       = 2000
	DefaultPerKey         = 64
	DefaultSyncWait       = 60 * time.Second
	DefaultRequestTimeout = 120 * time.Second
	// eventsKeepAlive is how often an idle event stream gets a comment,
	// so proxies keep it open.
	eventsKeepAlive = 15 * time.Second
)

// Config is what a Server needs; the assay command fills it from its
// configuration.
type Config struct {
	Queue *jobs.Queue
	// Extractor counts pages on upload and lists the engines; workers
	// extract with theirs.
	Extractor *assay.Extractor
	// Output is how results are written unless the request names a
	// format: the CLI's settings, so results are the CLI's.
	Output assay.Output
	// Keys maps each API key (the bearer token) to a name for logs;
	// none: no authentication (the command then listens on loopback
	// only).
	Keys map[string]string
	// MaxUpload bounds an upload in bytes, MaxPages the pages of a job.
	MaxUpload int64
	MaxPages  int
	// PerKey bounds the extract and job requests one key has in flight.
	PerKey int
	// SyncWait bounds how long POST /v1/extract waits for its result.
	SyncWait time.Duration
	// RequestTimeout bounds every request but event streams.
	RequestTimeout time.Duration
	// TempDir holds uploads while they are checked ("": the system's).
	TempDir string
	Log     *slog.Logger
	Metrics *Metrics
}

func (c Config) withDefaults() Config {
	if c.MaxUpload <= 0 {
		c.MaxUpload = DefaultMaxUpload
	}
	if c.MaxPages <= 0 {
		c.MaxPages = DefaultMaxPages
	}
	if c.PerKey <= 0 {
		c.PerKey = DefaultPerKey
	}
	if c.SyncWait <= 0 {
		c.SyncWait = DefaultSyncWait
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Metrics == nil {
		c.Metrics = NewMetrics(nil)
	}
	return c
}

// Server answers assay's HTTP API. It is safe for concurrent use.
type Server struct {
	cfg     Config
	ready   atomic.Bool
	mu      sync.Mutex
	engines []assay.EngineInfo
	inUse   map[string]int // requests in flight per key name
	// drained ends when the server stops: long waits end with it.
	drained context.Context
	Drain   context.CancelFunc
}

// untilDrain is ctx, ended also by Drain.
func (s *Server) untilDrain(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(s.drained, cancel)
	return ctx, func() { stop(); cancel() }
}

// New makes a Server; it does no I/O (Warm starts the engines).
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, inUse: map[string]int{}}
	// Drain ends the event streams and the waits of synchronous extracts
	// (they answer 504 with the job to poll), for a server that stops.
	s.drained, s.Drain = context.WithCancel(context.Background())
	cfg.Metrics.queueDepth(cfg.Queue)
	return s
}

// Warm starts the engines and asks each to describe itself; the server
// is ready (GET /readyz) once it has.
func (s *Server) Warm(ctx context.Context) error {
	infos, err := s.cfg.Extractor.Engines(ctx)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.engines = infos
	s.mu.Unlock()
	s.ready.Store(true)
	return nil
}

// Handler is the API, every route of Routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range Routes {
		var h http.Handler = rt.handler(s)
		if rt.Auth {
			h = s.authenticate(h)
		}
		if !rt.Stream {
			h = http.TimeoutHandler(h, s.cfg.RequestTimeout, timeoutBody)
		}
		mux.Handle(rt.Method+" "+rt.Path, s.cfg.Metrics.instrument(rt.Method+" "+rt.Path, h))
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, fmt.Errorf("%w: no route %s %s", core.ErrNotFound, r.Method, r.URL.Path), "")
	})
	return s.recoverer(mux)
}

// recoverer answers a panic in a handler with a 500, and logs it.
func (s *Server) recoverer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.cfg.Log.Error("handler panic", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeError(w, fmt.Errorf("%w: %v", core.ErrInternal, v), "")
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// submit reads the upload, checks it and queues the job.
func (s *Server) submit(r *http.Request) (jobs.Job, jobOptions, error) {
	o, err := parseOptions(r)
	if err != nil {
		return jobs.Job{}, o, err
	}
	r.Body = http.MaxBytesReader(nil, r.Body, s.cfg.MaxUpload+1<<20) // room for a form's parts
	u, err := s.readUpload(r)
	if err != nil {
		return jobs.Job{}, o, err
	}
	defer u.remove()
	spec, err := s.spec(r, u, o, keyName(r.Context()))
	if err != nil {
		return jobs.Job{}, o, err
	}
	f, err := os.Open(u.path)
	if err != nil {
		return jobs.Job{}, o, fmt.Errorf("%w: %w", core.ErrInternal, err)
	}
	defer f.Close()
	j, err := s.cfg.Queue.Submit(r.Context(), spec, f)
	if err != nil {
		return j, o, err
	}
	s.cfg.Metrics.jobs.WithLabelValues("submitted").Inc()
	s.cfg.Log.Info("job submitted", "job", j.ID, "name", spec.Name, "bytes", u.size, "pages", len(spec.Pages), "key", spec.Owner)
	return j, o, nil
}

// postJob is POST /v1/jobs.
func (s *Server) postJob(w http.ResponseWriter, r *http.Request) {
	release, err := s.acquire(r.Context())
	if err != nil {
		refuse(w, err)
		return
	}
	defer release()
	j, _, err := s.submit(r)
	if err != nil {
		writeError(w, err, "")
		return
	}
	w.Header().Set("Location", "/v1/jobs/"+j.ID)
	writeJSON(w, http.StatusAccepted, map[string]string{"id": j.ID})
}

// postExtract is POST /v1/extract: a job, waited for.
func (s *Server) postExtract(w http.ResponseWriter, r *http.Request) {
	release, err := s.acquire(r.Context())
	if err != nil {
		refuse(w, err)
		return
	}
	defer release()
	j, o, err := s.submit(r)
	if err != nil {
		writeError(w, err, "")
		return
	}
	wait := min(s.cfg.SyncWait, s.cfg.RequestTimeout-time.Second)
	ctx, cancel := context.WithTimeout(r.Context(), wait)
	defer cancel()
	ctx, undrain := s.untilDrain(ctx)
	defer undrain()
	final, err := s.waitFinal(ctx, j.ID)
	if err != nil {
		writeError(w, newError(http.StatusGatewayTimeout, "timeout",
			"the job is not done after %s: poll /v1/jobs/%s", wait.Round(time.Second), j.ID), j.ID)
		return
	}
	s.writeResult(w, r, final.ID, o.format)
}

// waitFinal follows the job until it is final or ctx ends.
func (s *Server) waitFinal(ctx context.Context, id string) (jobs.Job, error) {
	ch, err := s.cfg.Queue.Watch(ctx, id)
	if err != nil {
		return jobs.Job{}, err
	}
	var last jobs.Job
	for j := range ch {
		last = j
	}
	if !last.Status.Final() {
		return last, context.Cause(ctx)
	}
	return last, nil
}

// jobView is GET /v1/jobs/{id}'s answer.
type jobView struct {
	ID         string      `json:"id"`
	Status     jobs.Status `json:"status"`
	PagesTotal int         `json:"pages_total"`
	PagesDone  int         `json:"pages_done"`
	Error      *jobs.Error `json:"error"`
}

func viewOf(j jobs.Job) jobView {
	return jobView{ID: j.ID, Status: j.Status, PagesTotal: len(j.Spec.Pages), PagesDone: len(j.Finished), Error: j.Error}
}

func (s *Server) getJob(w http.ResponseWriter, r *http.Request) {
	j, err := s.cfg.Queue.Job(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err, "")
		return
	}
	writeJSON(w, http.StatusOK, viewOf(j))
}

func (s *Server) deleteJob(w http.ResponseWriter, r *http.Request) {
	j, err := s.cfg.Queue.Cancel(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err, "")
		return
	}
	if j.Status == jobs.StatusCanceled {
		s.cfg.Metrics.jobs.WithLabelValues("canceled").Inc()
		s.cfg.Log.Info("job canceled", "job", j.ID)
	}
	writeJSON(w, http.StatusOK, viewOf(j))
}

func (s *Server) getResult(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if err := assay.CheckFormat(format); err != nil {
		writeError(w, fmt.Errorf("%w: %w", core.ErrBadRequest, err), "")
		return
	}
	s.writeResult(w, r, r.PathValue("id"), format)
}

// contentTypes of the formats.
var contentTypes = map[string]string{
	"": "text/markdown; charset=utf-8", "md": "text/markdown; charset=utf-8", "markdown": "text/markdown; charset=utf-8",
	"json": "application/json", "text": "text/plain; charset=utf-8", "txt": "text/plain; charset=utf-8",
	"chunks": "application/jsonl",
}

// writeResult answers the job's document in format: whole once done,
// the pages finished so far after a cancel.
func (s *Server) writeResult(w http.ResponseWriter, r *http.Request, id, format string) {
	res, j, err := s.cfg.Queue.Result(r.Context(), id)
	if err == nil && !j.Status.Final() {
		err = newError(http.StatusConflict, codeNotReady, "job %s is %s: %d of %d pages done", id, j.Status, len(j.Finished), len(j.Spec.Pages))
	}
	if err == nil && j.Status == jobs.StatusFailed {
		err = j.Error
	}
	if err != nil {
		writeError(w, err, "")
		return
	}
	o := s.cfg.Output
	if format != "" {
		o.Format = format
	}
	o.Chunks.DocID = j.Spec.DocID
	var buf bytes.Buffer
	if err := res.Write(&buf, o); err != nil {
		writeError(w, fmt.Errorf("%w: writing the result: %w", core.ErrInternal, err), "")
		return
	}
	w.Header().Set("Content-Type", contentTypes[o.Format])
	w.Header().Set("X-Assay-Job", id)
	w.Header().Set("X-Assay-Job-Status", string(j.Status))
	w.Header().Set("X-Assay-Status", string(res.Status))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// getEvents is GET /v1/jobs/{id}/events: one "page" event per finished
// page, then "end" with the job's final state.
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) {
	ctx, undrain := s.untilDrain(r.Context())
	defer undrain()
	ch, err := s.cfg.Queue.Watch(ctx, r.PathValue("id"))
	if err != nil {
		writeError(w, err, "")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	sent := 0
	tick := time.NewTicker(eventsKeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			_ = rc.Flush()
		case j, ok := <-ch:
			if !ok {
				return
			}
			for ; sent < len(j.Finished); sent++ {
				writeEvent(w, "page", j.Finished[sent])
			}
			if j.Status.Final() {
				writeEvent(w, "end", viewOf(j))
			}
			_ = rc.Flush()
			if j.Status.Final() {
				return
			}
		}
	}
}

func writeEvent(w http.ResponseWriter, event string, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n", event, bytes.TrimSpace(buf.Bytes()))
}

func (s *Server) getEngines(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	infos := s.engines
	s.mu.Unlock()
	if infos == nil {
		var err error
		if infos, err = s.cfg.Extractor.Engines(r.Context()); err != nil {
			writeError(w, err, "")
			return
		}
	}
	type row struct {
		core.Info
		Path    string `json:"path,omitempty"`
		Builtin bool   `json:"builtin"`
		Error   string `json:"error,omitempty"`
	}
	rows := make([]row, 0, len(infos))
	for _, e := range infos {
		rw := row{Info: e.Info, Path: e.Path, Builtin: e.Builtin}
		if e.Err != nil {
			rw.Error = oneLine(e.Err)
		}
		rows = append(rows, rw)
	}
	writeJSON(w, http.StatusOK, map[string]any{"engines": rows})
}

func (s *Server) getLivez(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// getReadyz: ready when the engines are started and the queue answers.
func (s *Server) getReadyz(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		writeError(w, newError(http.StatusServiceUnavailable, codeUnavailable, "the engines are starting"), "")
		return
	}
	if err := s.cfg.Queue.Ping(r.Context()); err != nil {
		writeError(w, newError(http.StatusServiceUnavailable, codeUnavailable, "the queue does not answer: %v", err), "")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

func (s *Server) getOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(openAPI)
}
