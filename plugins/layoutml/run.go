package layoutml

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/plugins/tableformer/tablemodel"
)

// windowPages is how many pages, in request order, are held for their
// document pass (running headers and footers, heading levels) before they
// are answered: the same window as nativetext's, so both engines judge a
// document alike.
const windowPages = core.PageWindow

// run is one Extract call.
type run struct {
	opts        Options
	reader      *nativetext.Reader
	model       *detect.ONNX
	tables      *tablemodel.ONNX
	renderer    *render.Renderer
	rdoc        *render.Doc
	pageTimeout time.Duration
}

func (r *run) close() {
	if r.rdoc != nil {
		_ = r.rdoc.Close()
	}
}

// errNotFed marks pages the document timeout kept out of the pipeline.
var errNotFed = errors.New("document timeout: page not started")

// extract runs the pipeline and answers every requested page exactly
// once: finished pages window by window, then the pages never fed (or
// lost to cancellation) as timed out.
func (r *run) extract(ctx context.Context, pages []int, yield func(core.PageResult, error) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	feedCtx, stopFeed := ctx, context.CancelFunc(func() {})
	if d, ok := feedDeadline(ctx, r.opts, time.Now()); ok {
		feedCtx, stopFeed = context.WithDeadline(ctx, d)
	}
	defer stopFeed()
	r.extractWith(ctx, feedCtx, r.pipeline(), pages, yield)
}

// extractWith is extract over the stages of p.
func (r *run) extractWith(ctx, feedCtx context.Context, p *pipeline, pages []int, yield func(core.PageResult, error) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make(chan *page, r.opts.Queue)
	errc := make(chan error, 1)
	go func() { errc <- p.run(ctx, feedCtx, pages, out) }()
	w := &window{pages: pages, done: map[int]core.PageResult{}, yield: yield}
	for pg := range out {
		w.add(pg.seq, r.result(pg))
		if !w.flush(false) {
			cancel()
			for range out {
			}
			<-errc
			return
		}
	}
	err := <-errc
	w.finish(ctx, err)
}

// result is a finished page's answer, with its time in every stage.
func (r *run) result(pg *page) core.PageResult {
	if pg.err != nil {
		res := core.Failed(pg.n, &core.EngineError{Engine: Name, Page: pg.n, Err: pg.err})
		res.Elapsed = time.Since(pg.started)
		return res
	}
	res := core.PageResult{Page: pg.info, Status: core.StatusOK, Stats: pg.stats, Elapsed: time.Since(pg.started)}
	res.Page.Blocks = pg.blocks
	if res.Stats["limit_hit"] > 0 {
		res.Status = core.StatusDegraded
	}
	for i, s := range stageNames {
		res.Stats[core.StageStatPrefix+s] = float64(pg.spent[i].Microseconds()) / 1000
	}
	return res
}

// window answers pages in request order, a window at a time, after the
// document pass over the window.
type window struct {
	pages []int
	done  map[int]core.PageResult // by seq
	next  int                     // first seq not yet answered
	yield func(core.PageResult, error) bool
}

func (w *window) add(seq int, res core.PageResult) { w.done[seq] = res }

// flush answers the next window once all its pages are done (any pages
// done, with all set). It reports false when the consumer stopped.
func (w *window) flush(all bool) bool {
	for w.next < len(w.pages) {
		end := min(w.next+windowPages, len(w.pages))
		var batch []core.PageResult
		for s := w.next; s < end; s++ {
			res, ok := w.done[s]
			if !ok {
				if !all {
					return true
				}
				continue
			}
			batch = append(batch, res)
		}
		if !w.answer(batch) {
			return false
		}
		for s := w.next; s < end; s++ {
			delete(w.done, s)
		}
		w.next = end
		if all && len(w.done) == 0 {
			return true
		}
	}
	return true
}

// answer runs the document pass over a window's pages and yields them.
func (w *window) answer(batch []core.PageResult) bool {
	nativetext.DocumentPassResults(batch)
	for _, res := range batch {
		if !w.yield(res, nil) {
			return false
		}
	}
	return true
}

// finish answers what is left: finished pages, then every page that never
// came out of the pipeline, as timed out (the document timeout or the
// caller's deadline) or canceled.
func (w *window) finish(ctx context.Context, err error) {
	answered := map[int]bool{}
	for s := range w.done {
		answered[s] = true
	}
	start := w.next
	if !w.flush(true) {
		return
	}
	cause := fmt.Errorf("%w: %w", core.ErrTimeout, errNotFed)
	if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		cause = fmt.Errorf("%w: %w", core.ErrCanceled, ctx.Err())
	} else if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		cause = err
	}
	for s := start; s < len(w.pages); s++ {
		if answered[s] {
			continue
		}
		n := w.pages[s]
		if !w.yield(core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: cause}), nil) {
			return
		}
	}
}
