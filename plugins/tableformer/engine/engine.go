package engine

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Name and Version identify the engine.
const (
	Name    = "tableformer"
	Version = "0.1.0"
)

// windowPages is how many pages are read before any is yielded: the
// document pass (headers, footers, tables over pages) looks at a window
// at a time, as nativetext's does.
const windowPages = core.PageWindow

// Engine rebuilds table structure over the text layer. It is safe for
// concurrent use; it holds no state between requests.
type Engine struct{}

var _ core.Engine = (*Engine)(nil)

// New returns an engine. It does no I/O.
func New() *Engine { return &Engine{} }

// Describe says what the engine is.
func (e *Engine) Describe(ctx context.Context) (core.Info, error) {
	return core.Info{
		Name:         Name,
		Version:      Version,
		Description:  "table structure (rows, columns, spans, header rows, tables over pages) from the text layer and rulings; whole pages, or the table regions another engine found",
		Capabilities: []core.Capability{core.CapText, core.CapTables, core.CapRegions, core.CapPageRange},
		Cost:         1,
	}, nil
}

// Extract yields one PageResult per requested page, a window of pages at
// a time. A document that cannot be opened yields one error and stops.
func (e *Engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		fail := func(err error) { yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err}) }
		if req == nil {
			fail(fmt.Errorf("%w: nil request", core.ErrBadRequest))
			return
		}
		opts, err := ParseOptions(req.Options)
		if err != nil {
			fail(err)
			return
		}
		if err := ctx.Err(); err != nil {
			fail(pdfdoc.ContextError(err))
			return
		}
		text := opts.Text
		text.NoPictureCheck = true // tables are read from the text layer, never from pictures
		r, err := nativetext.Open(ctx, req.Source, text)
		if err != nil {
			fail(err)
			return
		}
		run(ctx, r, req, opts, yield)
	}
}

// run reads the requested pages window by window and yields them.
func run(ctx context.Context, r *nativetext.Reader, req *core.Request, opts Options, yield func(core.PageResult, error) bool) {
	for start := 0; start < len(req.Pages); start += windowPages {
		if ctx.Err() != nil {
			return
		}
		win := req.Pages[start:min(start+windowPages, len(req.Pages))]
		results := make([]core.PageResult, len(win))
		var g errgroup.Group
		g.SetLimit(max(1, runtime.GOMAXPROCS(0)))
		for i, n := range win {
			g.Go(func() error {
				results[i] = onePage(ctx, r, n, opts, req.PageTimeout)
				return nil
			})
		}
		_ = g.Wait()
		if opts.Mode == ModePage {
			nativetext.DocumentPassResults(results)
		}
		for _, res := range results {
			if !yield(res, nil) {
				return
			}
		}
	}
}

// onePage reads page n in the options' mode; a panic or an error fails
// the page.
func onePage(ctx context.Context, r *nativetext.Reader, n int, opts Options, timeout time.Duration) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			recovered.Note("tableformer: page", p)
			res = core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: panic: %v", core.ErrDamaged, p)})
		}
		res.Elapsed = time.Since(start)
	}()
	if err := ctx.Err(); err != nil {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: pdfdoc.ContextError(err)})
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	c, err := r.Cells(ctx, n)
	if err != nil {
		if ctx.Err() != nil {
			err = pdfdoc.ContextError(ctx.Err())
		}
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: err})
	}
	page := c.Page
	stats := c.Stats
	if opts.Mode == ModeRegions {
		boxes := opts.Regions[strconv.Itoa(n)]
		page.Blocks = regionTables(c, boxes)
		stats["regions"] = float64(len(boxes))
		stats["tables"] = float64(len(page.Blocks))
	} else {
		page.Blocks = c.Layout()
	}
	st := core.StatusOK
	if stats["limit_hit"] > 0 {
		st = core.StatusDegraded
	}
	return core.PageResult{Page: page, Status: st, Stats: stats}
}

// regionTables builds a table block in each box that holds one.
func regionTables(c *nativetext.Cells, boxes []core.BBox) []core.Block {
	if len(boxes) == 0 {
		return nil
	}
	words := c.Words()
	rulings := c.Rulings()
	page := c.Page.Box()
	var out []core.Block
	for _, box := range boxes {
		box = box.Intersect(page)
		if box.Empty() {
			continue
		}
		var in []core.Word
		for _, w := range words {
			cx, cy := (w.BBox.X0+w.BBox.X1)/2, (w.BBox.Y0+w.BBox.Y1)/2
			if cx >= box.X0 && cx <= box.X1 && cy >= box.Y0 && cy <= box.Y1 {
				in = append(in, w)
			}
		}
		if t := tableformer.Structure(tableformer.Input{Words: in, Rulings: rulings, Region: box}); t != nil {
			out = append(out, core.Block{Kind: core.KindTable, BBox: box, Table: t})
		}
	}
	return out
}
