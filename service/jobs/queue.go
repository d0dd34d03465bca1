package jobs

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
)

// Names of what the queue keeps in JetStream.
const (
	StreamName    = "ASSAY_BATCHES" // the work queue of page batches
	ConsumerName  = "assay-workers" // the durable consumer every worker pulls from
	JobsBucket    = "assay_jobs"    // job state, one key per job
	FilesBucket   = "assay_files"   // inputs, batch results and results
	batchSubject  = "assay.batch"   // assay.batch.<job>
	cancelSubject = "assay.cancel"  // assay.cancel.<job>, core NATS
)

// Defaults of Config.
const (
	DefaultAckWait  = 30 * time.Second
	DefaultMaxKills = 2
	DefaultKeep     = 24 * time.Hour
	// dedupWindow is how long the stream remembers a batch's message id,
	// so a submission retried after a lost answer queues each batch once.
	dedupWindow = 2 * time.Minute
	// casTries bounds the retries of a job update that lost a race.
	casTries = 100
	idBytes  = 12
)

// Status is a job's state.
type Status string

// Job statuses; done, failed and canceled are final.
const (
	StatusQueued   Status = "queued"
	StatusRunning  Status = "running"
	StatusDone     Status = "done"
	StatusFailed   Status = "failed"
	StatusCanceled Status = "canceled"
)

// Final reports a status a job does not leave.
func (s Status) Final() bool {
	return s == StatusDone || s == StatusFailed || s == StatusCanceled
}

// Config tunes a Queue; the zero value takes the defaults.
type Config struct {
	// AckWait is how long a batch may go without a sign of life from its
	// worker before it is delivered to another one. Workers signal every
	// third of it while they work, so it bounds how long a dead worker's
	// batch waits, not how long a batch may take.
	AckWait time.Duration
	// MaxKills is how many times a batch may be delivered to a worker
	// that never finishes it (it died, or lost its connection) before its
	// pages are recorded as failed.
	MaxKills int
	// Keep is how long jobs, inputs and results are kept.
	Keep time.Duration
	// Memory keeps everything in memory instead of files (tests).
	Memory bool
	Log    *slog.Logger
}

func (c Config) withDefaults() Config {
	if c.AckWait <= 0 {
		c.AckWait = DefaultAckWait
	}
	if c.MaxKills <= 0 {
		c.MaxKills = DefaultMaxKills
	}
	if c.Keep <= 0 {
		c.Keep = DefaultKeep
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	return c
}

// Error is why a job failed, as a code of core's (core.Code) and a
// message.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

// Is lets errors.Is find the sentinel of the code.
func (e *Error) Is(target error) bool { return target == core.Sentinel(e.Code) }

// ErrorOf is err as an Error.
func ErrorOf(err error) *Error {
	if err == nil {
		return nil
	}
	var je *Error
	if errors.As(err, &je) {
		return je
	}
	return &Error{Code: core.Code(err), Message: err.Error()}
}

// PageMark is one finished page of a job.
type PageMark struct {
	Number int         `json:"page"`
	Status core.Status `json:"status"`
}

// Spec is what a job is asked to do.
type Spec struct {
	// Name is the document's name: the result's source, and the base of
	// its chunk ids.
	Name string `json:"name"`
	// DocID names the document in chunk ids (assay.DocID).
	DocID string `json:"doc_id"`
	// Engines, when set, is the chain every page goes through.
	Engines []string `json:"engines,omitempty"`
	// Pages are the pages to extract, in order; PageCount the file's.
	Pages     []int `json:"pages"`
	PageCount int   `json:"page_count"`
	// Owner is the API key's name, for logs and limits.
	Owner string `json:"owner,omitempty"`
}

// Job is one job's state, as kept in the jobs bucket.
type Job struct {
	ID       string     `json:"id"`
	Status   Status     `json:"status"`
	Spec     Spec       `json:"spec"`
	Batches  int        `json:"batches"`
	Done     []bool     `json:"batches_done"`
	Finished []PageMark `json:"finished,omitempty"`
	Error    *Error     `json:"error,omitempty"`
	Created  time.Time  `json:"created"`
	Updated  time.Time  `json:"updated"`
}

// batch is the message of one page batch.
type batch struct {
	Job   string `json:"job"`
	Index int    `json:"index"`
	Pages []int  `json:"pages"`
}

// Queue is jobs on JetStream: a work-queue stream of page batches, a
// key-value bucket of job state, and an object store of inputs and
// results. It is safe for concurrent use.
type Queue struct {
	cfg   Config
	nc    *nats.Conn
	js    jetstream.JetStream
	str   jetstream.Stream
	cons  jetstream.Consumer
	kv    jetstream.KeyValue
	files jetstream.ObjectStore
}

// Open makes or joins the stream, consumer and buckets on nc's server.
// Every process of a deployment opens the same ones.
func Open(ctx context.Context, nc *nats.Conn, cfg Config) (*Queue, error) {
	cfg = cfg.withDefaults()
	q := &Queue{cfg: cfg, nc: nc}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	q.js = js
	storage := jetstream.FileStorage
	if cfg.Memory {
		storage = jetstream.MemoryStorage
	}
	if q.str, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: StreamName, Subjects: []string{batchSubject + ".>"}, Retention: jetstream.WorkQueuePolicy,
		Storage: storage, Duplicates: dedupWindow, MaxAge: cfg.Keep,
	}); err != nil {
		return nil, fmt.Errorf("jobs: the batch stream: %w", err)
	}
	if q.cons, err = js.CreateOrUpdateConsumer(ctx, StreamName, jetstream.ConsumerConfig{
		Durable: ConsumerName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: cfg.AckWait,
		// One delivery beyond the last a worker may die on, for the worker
		// that records the batch's pages as failed.
		MaxDeliver: cfg.MaxKills + 2,
	}); err != nil {
		return nil, fmt.Errorf("jobs: the workers' consumer: %w", err)
	}
	if q.kv, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: JobsBucket, Storage: storage, TTL: cfg.Keep}); err != nil {
		return nil, fmt.Errorf("jobs: the jobs bucket: %w", err)
	}
	if q.files, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: FilesBucket, Storage: storage, TTL: cfg.Keep}); err != nil {
		return nil, fmt.Errorf("jobs: the files bucket: %w", err)
	}
	return q, nil
}

func newID() string {
	b := make([]byte, idBytes)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func inputName(id string) string            { return id + "/input.pdf" }
func batchName(id string, index int) string { return id + "/batch/" + strconv.Itoa(index) }
func resultName(id string) string           { return id + "/result" }

// Submit stores the input, records the job queued, and queues its page
// batches.
func (q *Queue) Submit(ctx context.Context, spec Spec, input io.Reader) (Job, error) {
	if len(spec.Pages) == 0 {
		return Job{}, fmt.Errorf("jobs: %w: no pages to extract", core.ErrBadRequest)
	}
	now := time.Now().UTC()
	batches := assay.Batches(spec.Pages)
	j := Job{ID: newID(), Status: StatusQueued, Spec: spec, Batches: len(batches), Done: make([]bool, len(batches)), Created: now, Updated: now}
	if _, err := q.files.Put(ctx, jetstream.ObjectMeta{Name: inputName(j.ID)}, input); err != nil {
		return Job{}, fmt.Errorf("jobs: storing the input: %w", err)
	}
	data, err := json.Marshal(j)
	if err != nil {
		return Job{}, fmt.Errorf("jobs: %w", err)
	}
	if _, err := q.kv.Create(ctx, j.ID, data); err != nil {
		return Job{}, fmt.Errorf("jobs: recording the job: %w", err)
	}
	for i, pages := range batches {
		msg, _ := json.Marshal(batch{Job: j.ID, Index: i, Pages: pages})
		if _, err := q.js.Publish(ctx, batchSubject+"."+j.ID, msg, jetstream.WithMsgID(j.ID+"-"+strconv.Itoa(i))); err != nil {
			return Job{}, fmt.Errorf("jobs: queueing batch %d: %w", i, err)
		}
	}
	q.cfg.Log.Info("job queued", "job", j.ID, "name", spec.Name, "pages", len(spec.Pages), "batches", len(batches), "owner", spec.Owner)
	return j, nil
}

// Job is the job's state; core.ErrNotFound when there is no such job.
func (q *Queue) Job(ctx context.Context, id string) (Job, error) {
	j, _, err := q.get(ctx, id)
	return j, err
}

func (q *Queue) get(ctx context.Context, id string) (Job, uint64, error) {
	if !validID(id) {
		return Job{}, 0, fmt.Errorf("job %q: %w", id, core.ErrNotFound)
	}
	e, err := q.kv.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Job{}, 0, fmt.Errorf("job %s: %w", id, core.ErrNotFound)
	}
	if err != nil {
		return Job{}, 0, fmt.Errorf("jobs: reading job %s: %w", id, err)
	}
	var j Job
	if err := json.Unmarshal(e.Value(), &j); err != nil {
		return Job{}, 0, fmt.Errorf("jobs: job %s: %w", id, err)
	}
	return j, e.Revision(), nil
}

// validID reports an id newID could have made: hex digits only, so it
// is a valid key and subject token.
func validID(id string) bool {
	if len(id) != 2*idBytes {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// errUnchanged, from an update's change, leaves the job as it is.
var errUnchanged = errors.New("unchanged")

// update applies change to the job's state, again on the newest state
// whenever another process changed it first.
func (q *Queue) update(ctx context.Context, id string, change func(*Job) error) (Job, error) {
	for range casTries {
		j, rev, err := q.get(ctx, id)
		if err != nil {
			return j, err
		}
		if err := change(&j); err != nil {
			if errors.Is(err, errUnchanged) {
				return j, nil
			}
			return j, err
		}
		j.Updated = time.Now().UTC()
		data, err := json.Marshal(j)
		if err != nil {
			return j, fmt.Errorf("jobs: %w", err)
		}
		_, err = q.kv.Update(ctx, id, data, rev)
		if err == nil {
			return j, nil
		}
		if !errors.Is(err, jetstream.ErrKeyRevisionMismatch) && !errors.Is(err, jetstream.ErrKeyExists) {
			return j, fmt.Errorf("jobs: updating job %s: %w", id, err)
		}
	}
	return Job{}, fmt.Errorf("jobs: job %s: %w: too many concurrent updates", id, core.ErrInternal)
}

// Cancel marks the job canceled, drops its queued batches and tells the
// workers on it to stop. A final job stays as it is.
func (q *Queue) Cancel(ctx context.Context, id string) (Job, error) {
	j, err := q.update(ctx, id, func(j *Job) error {
		if j.Status.Final() {
			return errUnchanged
		}
		j.Status = StatusCanceled
		return nil
	})
	if err != nil || j.Status != StatusCanceled {
		return j, err
	}
	if err := q.nc.Publish(cancelSubject+"."+id, nil); err != nil {
		return j, fmt.Errorf("jobs: telling workers to cancel %s: %w", id, err)
	}
	if err := q.str.Purge(ctx, jetstream.WithPurgeSubject(batchSubject+"."+id)); err != nil {
		return j, fmt.Errorf("jobs: dropping the batches of %s: %w", id, err)
	}
	q.cfg.Log.Info("job canceled", "job", id)
	return j, nil
}

// Result is the job's document: the whole of it once the job is done;
// before, or after a cancel, the pages finished so far, the others
// recorded as not extracted (core.ErrCanceled after a cancel).
func (q *Queue) Result(ctx context.Context, id string) (*assay.Result, Job, error) {
	j, err := q.Job(ctx, id)
	if err != nil {
		return nil, j, err
	}
	if j.Status == StatusDone {
		data, err := q.files.GetBytes(ctx, resultName(id))
		if err == nil {
			res, err := assay.Decode(bytes.NewReader(data))
			return res, j, err
		}
		if !errors.Is(err, jetstream.ErrObjectNotFound) {
			return nil, j, fmt.Errorf("jobs: reading the result of %s: %w", id, err)
		}
	}
	res, err := q.join(ctx, j, true)
	return res, j, err
}

// join reads the job's batch results into its document; with partial,
// a batch not finished becomes failed pages (canceled or not yet read).
func (q *Queue) join(ctx context.Context, j Job, partial bool) (*assay.Result, error) {
	parts := make([]*assay.Result, 0, j.Batches)
	for i, pages := range assay.Batches(j.Spec.Pages) {
		if !j.Done[i] {
			if !partial {
				return nil, fmt.Errorf("jobs: job %s: batch %d is not done", j.ID, i)
			}
			why := fmt.Errorf("%w: the job was canceled before this page was read", core.ErrCanceled)
			if j.Status != StatusCanceled {
				why = fmt.Errorf("%w: the job is %s and this page is not read yet", core.ErrNotFound, j.Status)
			}
			parts = append(parts, assay.Failed(j.Spec.Name, pages, why))
			continue
		}
		data, err := q.files.GetBytes(ctx, batchName(j.ID, i))
		if err != nil {
			return nil, fmt.Errorf("jobs: reading batch %d of %s: %w", i, j.ID, err)
		}
		part, err := assay.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
	}
	return assay.Join(j.Spec.Name, j.Spec.PageCount, parts), nil
}

// Watch sends the job's state now and after every change until ctx ends
// or the job is final; the channel is closed then.
func (q *Queue) Watch(ctx context.Context, id string) (<-chan Job, error) {
	if _, err := q.Job(ctx, id); err != nil {
		return nil, err
	}
	w, err := q.kv.Watch(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("jobs: watching %s: %w", id, err)
	}
	out := make(chan Job)
	go func() {
		defer close(out)
		defer func() { _ = w.Stop() }()
		for {
			var e jetstream.KeyValueEntry
			select {
			case <-ctx.Done():
				return
			case e = <-w.Updates():
			}
			if e == nil {
				continue // the end of the initial values
			}
			var j Job
			if json.Unmarshal(e.Value(), &j) != nil {
				continue
			}
			select {
			case <-ctx.Done():
				return
			case out <- j:
			}
			if j.Status.Final() {
				return
			}
		}
	}()
	return out, nil
}

// Depth is how many batches wait for a worker or are being read.
func (q *Queue) Depth(ctx context.Context) (int, error) {
	info, err := q.str.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("jobs: %w", err)
	}
	return int(info.State.Msgs), nil
}

// Ping reports whether the queue's server answers.
func (q *Queue) Ping(ctx context.Context) error {
	_, err := q.js.AccountInfo(ctx)
	return err
}

// Conn is the queue's connection.
func (q *Queue) Conn() *nats.Conn { return q.nc }
