package layoutml

import (
	"context"
	"image"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// The stages, in order. Each runs in its own goroutine; a bounded channel
// joins each to the next.
const (
	stagePreprocess = "preprocess"
	stageOCR        = "ocr"
	stageLayout     = "layout"
	stageTable      = "table"
	stageAssemble   = "assemble"
)

var stageNames = [...]string{stagePreprocess, stageOCR, stageLayout, stageTable, stageAssemble}

// Stage indexes, in stageNames.
const (
	iPreprocess = iota
	iOCR
	iLayout
	iTable
	iAssemble
)

// page is one page on its way through the pipeline. A stage that fails a
// page sets err; later stages pass it on untouched.
type page struct {
	seq     int       // index in the request: the page's id in this run
	n       int       // 1-based page number
	info    core.Page // number, size, rotation
	stats   map[string]float64
	cells   *nativetext.Cells
	image   image.Image
	untexed []core.BBox // images with no text over them (for OCR)
	regions []detect.Region
	blocks  []core.Block
	err     error
	spent   [len(stageNames)]time.Duration
	started time.Time
}

// stage does one stage's work on a batch of pages.
type stage func(ctx context.Context, batch []*page)

// pipeline is one Extract call's stages and channels; nothing in it
// outlives the call.
type pipeline struct {
	stages [len(stageNames)]stage
	batch  [len(stageNames)]int
	queue  int
}

// run feeds pages until feedCtx is done, pushes them through the stages
// under ctx and sends each finished page to out, which it closes at the
// end. It returns when every goroutine it started has returned.
func (p *pipeline) run(ctx, feedCtx context.Context, pages []int, out chan<- *page) error {
	g, ctx := errgroup.WithContext(ctx)
	first := make(chan *page, p.queue)
	g.Go(func() error { return feed(ctx, feedCtx, pages, first) })
	var src <-chan *page = first
	for i := range stageNames {
		if i == len(stageNames)-1 {
			in := src
			g.Go(func() error { return p.runStage(ctx, i, in, out) })
			break
		}
		in, next := src, make(chan *page, p.queue)
		g.Go(func() error { return p.runStage(ctx, i, in, next) })
		src = next
	}
	return g.Wait()
}

// feed sends the pages in request order until feedCtx is done (the
// document timeout), then closes in.
func feed(ctx, feedCtx context.Context, pages []int, in chan<- *page) error {
	defer close(in)
	for i, n := range pages {
		if feedCtx.Err() != nil {
			return nil
		}
		pg := &page{seq: i, n: n, started: time.Now()}
		select {
		case in <- pg:
		case <-feedCtx.Done():
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// runStage runs stage i over batches from in until in is closed, then
// closes out.
func (p *pipeline) runStage(ctx context.Context, i int, in <-chan *page, out chan<- *page) error {
	defer close(out)
	for {
		batch, open, err := collect(ctx, in, p.batch[i])
		if err != nil {
			return err
		}
		if len(batch) > 0 {
			p.work(ctx, i, batch)
			for _, pg := range batch {
				select {
				case out <- pg:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		}
		if !open {
			return nil
		}
	}
}

// work runs stage i on the pages of batch that have not failed. The
// stage charges each page its own time (see timed and charge).
func (p *pipeline) work(ctx context.Context, i int, batch []*page) {
	live := batch[:0:0]
	for _, pg := range batch {
		if pg.err == nil {
			live = append(live, pg)
		}
	}
	if len(live) > 0 {
		p.stages[i](ctx, live)
	}
}

// timed runs f for one page and charges it the time to stage i.
func timed(i int, pg *page, f func()) {
	start := time.Now()
	f()
	pg.spent[i] += time.Since(start)
}

// charge shares the time since start among the pages of a batch that was
// worked on as one (a model run) in stage i.
func charge(i int, batch []*page, start time.Time) {
	share := time.Since(start) / time.Duration(max(1, len(batch)))
	for _, pg := range batch {
		pg.spent[i] += share
	}
}

// collect waits for one page, then takes up to size-1 more that are ready
// without waiting. open is false once in is closed and drained.
func collect(ctx context.Context, in <-chan *page, size int) (batch []*page, open bool, err error) {
	select {
	case pg, ok := <-in:
		if !ok {
			return nil, false, nil
		}
		batch = append(batch, pg)
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	for len(batch) < size {
		select {
		case pg, ok := <-in:
			if !ok {
				return batch, false, nil
			}
			batch = append(batch, pg)
		case <-ctx.Done():
			return nil, false, ctx.Err()
		default:
			return batch, true, nil
		}
	}
	return batch, true, nil
}
