package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/service/jobs"
)

// system is an embedded server in a temporary directory, a queue on it,
// and an extractor with the text engine in process.
type system struct {
	q *jobs.Queue
	x *assay.Extractor
}

func newSystem(t *testing.T, cfg jobs.Config) *system {
	t.Helper()
	emb, err := jobs.StartEmbedded(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emb.Shutdown)
	nc, err := emb.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	q, err := jobs.Open(t.Context(), nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	x, err := assay.Open(assay.Config{Engines: []string{"nativetext"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return &system{q: q, x: x}
}

// work runs a worker until the test ends.
func (s *system) work(t *testing.T, concurrency int) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w := &jobs.Worker{Queue: s.q, Extractor: s.x, Concurrency: concurrency, Grace: time.Second}
		_ = w.Run(ctx)
	}()
	t.Cleanup(func() { cancel(); <-done })
}

func (s *system) submit(t *testing.T, path string) jobs.Job {
	t.Helper()
	n, err := s.x.Pages(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pages := make([]int, n)
	for i := range pages {
		pages[i] = i + 1
	}
	j, err := s.q.Submit(t.Context(), jobs.Spec{Name: path, Pages: pages, PageCount: n}, f)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// wait follows the job until it is final.
func (s *system) wait(t *testing.T, id string) jobs.Job {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	ch, err := s.q.Watch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var last jobs.Job
	for j := range ch {
		last = j
	}
	if !last.Status.Final() {
		t.Fatalf("job %s is still %s", id, last.Status)
	}
	return last
}

func TestJobsGiveTheWholeDocument(t *testing.T) {
	t.Parallel()
	s := newSystem(t, jobs.Config{Memory: true})
	s.work(t, 2)
	for _, path := range []string{pdftest.Report(70).Write(t), "../../testdata/pages.pdf", "../../testdata/columns.pdf"} {
		j := s.submit(t, path)
		final := s.wait(t, j.ID)
		if final.Status != jobs.StatusDone || len(final.Finished) != len(j.Spec.Pages) {
			t.Fatalf("%s: %s with %d of %d pages", path, final.Status, len(final.Finished), len(j.Spec.Pages))
		}
		got, _, err := s.q.Result(t.Context(), j.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.x.Extract(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []assay.Output{{Format: "md", PageMarkers: true}, {Format: "text"}} {
			var a, b bytes.Buffer
			_ = want.Write(&a, o)
			_ = got.Write(&b, o)
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s %s: the job's result differs from an extraction of the whole", path, o.Format)
			}
		}
	}
	if _, err := s.q.Job(t.Context(), "0123456789abcdef01234567"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("a job that is not there: %v", err)
	}
	if _, err := s.q.Job(t.Context(), "../x"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("a malformed id: %v", err)
	}
}

// TestBatchThatStopsWorkers takes a batch twice without finishing it, as
// two workers that died would, and checks that the next worker records
// its pages as failed and the job ends.
func TestBatchThatStopsWorkers(t *testing.T) {
	t.Parallel()
	const ackWait = 300 * time.Millisecond
	s := newSystem(t, jobs.Config{Memory: true, AckWait: ackWait, MaxKills: 2})
	j := s.submit(t, "../../testdata/pages.pdf")
	js, err := jetstream.New(s.q.Conn())
	if err != nil {
		t.Fatal(err)
	}
	cons, err := js.Consumer(t.Context(), jobs.StreamName, jobs.ConsumerName)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		m, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		if err != nil {
			t.Fatal(err)
		}
		_ = m // never acknowledged: its worker "died"
	}
	s.work(t, 1)
	final := s.wait(t, j.ID)
	if final.Status != jobs.StatusDone {
		t.Fatalf("job %s", final.Status)
	}
	res, _, err := s.q.Result(t.Context(), j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Entries) != 5 {
		t.Fatalf("%d pages, want 5", len(res.Entries))
	}
	for _, e := range res.Entries {
		if e.Status != core.StatusFailed || !errors.Is(e.Err, core.ErrEngineCrashed) {
			t.Errorf("page %d: %s %v, want failed with engine_crashed", e.Number, e.Status, e.Err)
		}
	}
}
