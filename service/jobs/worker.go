package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/internal/tempdir"
)

// Defaults of a Worker.
const (
	// DefaultGrace is how long a stopping worker lets its batches finish
	// before it hands them back to the queue.
	DefaultGrace = 20 * time.Second
	// fetchWait is how long one pull waits for a batch; a stopping worker
	// notices within it.
	fetchWait = time.Second
	// retryPause is the pause after a pull that failed (the server is
	// restarting).
	retryPause = 500 * time.Millisecond
)

// Worker pulls page batches, extracts them and stores their results;
// the worker that stores a job's last batch joins the document.
type Worker struct {
	Queue     *Queue
	Extractor *assay.Extractor
	// Concurrency is how many batches it reads at once (default 1).
	Concurrency int
	// Grace: see DefaultGrace.
	Grace time.Duration
	// Observe, when set, is told of each batch read, with its result
	// (for metrics).
	Observe func(*assay.Result)
	// Finished, when set, is told of each job this worker marked done.
	Finished func(id string)
	Log      *slog.Logger
	// TempDir is where the worker makes the directory that holds each
	// batch's copy of its PDF ("": the system's). Directories left by
	// workers that were killed are removed when the next worker starts.
	TempDir string

	mu      sync.Mutex
	running map[string]map[*batchRun]bool // by job id
	scratch *tempdir.Dir
}

// batchRun is one batch being read, with the way to stop it.
type batchRun struct {
	cancel context.CancelCauseFunc
}

// errJobCanceled is the cause of a batch's context when its job is
// canceled, errStopping when the worker stops.
var (
	errJobCanceled = errors.New("the job was canceled")
	errStopping    = errors.New("the worker is stopping")
)

// Run works until ctx ends; then it stops pulling, lets the batches it
// holds finish for Grace, and hands back those that did not.
func (w *Worker) Run(ctx context.Context) error {
	if w.Log == nil {
		w.Log = slog.New(slog.DiscardHandler)
	}
	w.running = map[string]map[*batchRun]bool{}
	dir, err := tempdir.Open(w.TempDir, "assay-worker")
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	w.scratch = dir
	defer func() {
		if err := dir.Close(); err != nil {
			w.Log.Warn("removing the worker's files", "err", err)
		}
	}()
	sub, err := w.Queue.nc.Subscribe(cancelSubject+".*", func(m *nats.Msg) {
		w.cancelJob(m.Subject[len(cancelSubject)+1:])
	})
	if err != nil {
		return fmt.Errorf("jobs: listening for cancels: %w", err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	grace := w.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	// hard ends grace after ctx: what is still running then is handed back.
	hard, stopHard := context.WithCancelCause(context.WithoutCancel(ctx))
	defer stopHard(nil)
	go func() {
		select {
		case <-ctx.Done():
		case <-hard.Done():
			return
		}
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-t.C:
			stopHard(errStopping)
		case <-hard.Done():
		}
	}()
	var wg sync.WaitGroup
	for range max(1, w.Concurrency) {
		wg.Go(func() { w.pull(ctx, hard) })
	}
	wg.Wait()
	return nil
}

// pull takes one batch at a time until ctx ends.
func (w *Worker) pull(ctx, hard context.Context) {
	for ctx.Err() == nil {
		msgs, err := w.Queue.cons.Fetch(1, jetstream.FetchMaxWait(fetchWait))
		if err != nil {
			w.Log.Warn("pulling a batch", "err", err)
			pause(ctx, retryPause)
			continue
		}
		for m := range msgs.Messages() {
			w.handle(hard, m)
		}
		if err := msgs.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, nats.ErrTimeout) {
			w.Log.Warn("pulling a batch", "err", err)
			pause(ctx, retryPause)
		}
	}
}

func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// handle reads one batch and acknowledges it once its result is stored,
// or hands it back when the worker stops first.
func (w *Worker) handle(hard context.Context, m jetstream.Msg) {
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("jobs.Worker", r)
			w.Log.Error("a batch panicked; it goes back to the queue", "panic", r)
			_ = m.Nak()
		}
	}()
	var b batch
	if err := json.Unmarshal(m.Data(), &b); err != nil {
		w.Log.Error("dropping a batch message that is not one", "err", err)
		_ = m.Term()
		return
	}
	log := w.Log.With("job", b.Job, "batch", b.Index, "pages", fmt.Sprint(b.Pages))
	j, err := w.Queue.Job(hard, b.Job)
	switch {
	case errors.Is(err, core.ErrNotFound):
		log.Warn("dropping a batch of a job that is gone")
		_ = m.Term()
		return
	case err != nil:
		log.Warn("reading the job; the batch goes back", "err", err)
		_ = m.NakWithDelay(retryPause)
		return
	case j.Status.Final():
		_ = m.Ack()
		return
	case b.Index < 0 || b.Index >= j.Batches:
		_ = m.Term()
		return
	}
	if !j.Done[b.Index] {
		res, ok := w.read(hard, m, j, b, log)
		if !ok {
			return
		}
		if err := w.store(hard, j, b, res); err != nil {
			log.Error("storing the batch; it goes back", "err", err)
			_ = m.Nak()
			return
		}
	}
	done, err := w.Queue.finish(hard, j.ID)
	if err != nil {
		log.Error("joining the document; the batch goes back", "err", err)
		_ = m.Nak()
		return
	}
	if done && w.Finished != nil {
		w.Finished(j.ID)
	}
	if err := m.DoubleAck(hard); err != nil {
		log.Warn("acknowledging the batch", "err", err)
	}
}

// read extracts the batch, or records its pages as failed when it has
// already stopped MaxKills workers; false when it must not be stored
// (canceled, or handed back).
func (w *Worker) read(hard context.Context, m jetstream.Msg, j Job, b batch, log *slog.Logger) (*assay.Result, bool) {
	meta, err := m.Metadata()
	if err == nil && int(meta.NumDelivered) > w.Queue.cfg.MaxKills {
		log.Error("the batch stopped workers; its pages are recorded as failed", "deliveries", meta.NumDelivered)
		return assay.Failed(j.Spec.Name, b.Pages, fmt.Errorf("%w: the batch of pages %v stopped %d workers",
			core.ErrEngineCrashed, b.Pages, meta.NumDelivered-1)), true
	}
	ctx, run := w.start(hard, j.ID)
	defer w.end(j.ID, run)
	// A cancel sent before this worker listened for it is in the state.
	if now, err := w.Queue.Job(ctx, j.ID); err == nil && now.Status.Final() {
		_ = m.Ack()
		return nil, false
	}
	_, _ = w.Queue.update(ctx, j.ID, func(j *Job) error {
		if j.Status != StatusQueued {
			return errUnchanged
		}
		j.Status = StatusRunning
		return nil
	})
	stopBeat := w.heartbeat(ctx, m)
	start := time.Now()
	res, err := w.extract(ctx, j, b)
	stopBeat()
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, errJobCanceled):
		log.Info("batch stopped: the job was canceled")
		_ = m.Ack()
		return nil, false
	case errors.Is(cause, errStopping):
		log.Info("batch handed back: the worker is stopping")
		_ = m.Nak()
		return nil, false
	}
	if err != nil && res == nil {
		res = assay.Failed(j.Spec.Name, b.Pages, err)
	}
	log.Info("batch read", "status", res.Status, "ms", time.Since(start).Milliseconds())
	if w.Observe != nil {
		w.Observe(res)
	}
	return res, true
}

// extract fetches the input into a temporary file and reads the batch.
func (w *Worker) extract(ctx context.Context, j Job, b batch) (*assay.Result, error) {
	x, err := w.Extractor.Chain(j.Spec.Engines)
	if err != nil {
		return nil, err
	}
	f, err := w.scratch.CreateTemp("assay-job-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	path := f.Name()
	f.Close()
	defer os.Remove(path)
	if err := w.Queue.files.GetFile(ctx, inputName(j.ID), path); err != nil {
		return nil, fmt.Errorf("jobs: fetching the input of %s: %w", j.ID, err)
	}
	return x.ExtractPages(ctx, path, b.Pages)
}

// heartbeat tells the server, every third of the ack wait, that the
// batch is still being read.
func (w *Worker) heartbeat(ctx context.Context, m jetstream.Msg) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(max(w.Queue.cfg.AckWait/3, 10*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_ = m.InProgress()
			}
		}
	}()
	return func() { cancel(); <-done }
}

// start registers a batch of job as running, for cancels.
func (w *Worker) start(hard context.Context, job string) (context.Context, *batchRun) {
	ctx, cancel := context.WithCancelCause(hard)
	run := &batchRun{cancel: cancel}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.running[job] == nil {
		w.running[job] = map[*batchRun]bool{}
	}
	w.running[job][run] = true
	return ctx, run
}

func (w *Worker) end(job string, run *batchRun) {
	run.cancel(nil)
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.running[job], run)
	if len(w.running[job]) == 0 {
		delete(w.running, job)
	}
}

// cancelJob stops the batches of job this worker is reading: their
// engine processes are killed with the context.
func (w *Worker) cancelJob(job string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for run := range w.running[job] {
		run.cancel(errJobCanceled)
	}
}

// store saves the batch's result and marks its pages finished.
func (w *Worker) store(ctx context.Context, j Job, b batch, res *assay.Result) error {
	var buf bytes.Buffer
	if err := res.Encode(&buf); err != nil {
		return err
	}
	if _, err := w.Queue.files.PutBytes(ctx, batchName(j.ID, b.Index), buf.Bytes()); err != nil {
		return fmt.Errorf("jobs: storing batch %d of %s: %w", b.Index, j.ID, err)
	}
	_, err := w.Queue.update(ctx, j.ID, func(j *Job) error {
		if j.Done[b.Index] || j.Status.Final() {
			return errUnchanged
		}
		j.Done[b.Index] = true
		for _, e := range res.Entries {
			j.Finished = append(j.Finished, PageMark{Number: e.Number, Status: e.Status})
		}
		return nil
	})
	return err
}

// finish joins the document once every batch is stored, and marks the
// job done (true when this call did); it does nothing before, and is
// safe to repeat.
func (q *Queue) finish(ctx context.Context, id string) (bool, error) {
	j, err := q.Job(ctx, id)
	if err != nil || j.Status.Final() {
		return false, err
	}
	for _, d := range j.Done {
		if !d {
			return false, nil
		}
	}
	res, err := q.join(ctx, j, false)
	if err != nil {
		return false, err
	}
	var buf bytes.Buffer
	if err := res.Encode(&buf); err != nil {
		return false, err
	}
	if _, err := q.files.PutBytes(ctx, resultName(id), buf.Bytes()); err != nil {
		return false, fmt.Errorf("jobs: storing the result of %s: %w", id, err)
	}
	marked := false
	_, err = q.update(ctx, id, func(j *Job) error {
		if j.Status.Final() {
			return errUnchanged
		}
		j.Status, marked = StatusDone, true
		return nil
	})
	if err == nil && marked {
		q.cfg.Log.Info("job done", "job", id, "status", res.Status, "pages", len(res.Entries))
	}
	return marked, err
}
