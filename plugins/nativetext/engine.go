package nativetext

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/internal/textclean"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Name and Version identify the engine.
const (
	Name    = "nativetext"
	Version = "0.1.0"
)

// Default limits.
const (
	DefaultMaxStreamBytes = 64 << 20
	DefaultMaxOps         = 5_000_000
	DefaultMaxDepth       = 12
)

// Options are the engine's settings, read from Request.Options. Zero or
// missing fields take the defaults.
type Options struct {
	// MaxStreamBytes caps the decoded size of any one stream (and of a
	// page's joined content).
	MaxStreamBytes int64 `json:"max_stream_bytes,omitempty"`
	// MaxOps caps the operators run for one page, forms included.
	MaxOps int `json:"max_ops,omitempty"`
	// MaxDepth caps the nesting of Form XObjects.
	MaxDepth int `json:"max_depth,omitempty"`
	// FactsOnly answers each page with its facts (core.Fact*) and its
	// figure blocks, without laying out its text: the router's full
	// analysis, at the cost of interpreting the content alone.
	FactsOnly bool `json:"facts_only,omitempty"`
	// NoPictureCheck leaves pictures' pixels unexamined, so no figure is
	// marked TextFree: for readers that do not send pictures to OCR (the
	// layout and table engines, a plan without region steps), which need
	// not pay for decoding them.
	NoPictureCheck bool `json:"no_picture_check,omitempty"`
	// PictureCheckCoverage examines pictures only on pages whose images
	// cover at least this share of the page (core.FactImageCoverage): the
	// router sets it to the least coverage of a page its plan reads
	// pictures on, so that a photograph beside the text of an ordinary
	// page is not decoded for nobody.
	PictureCheckCoverage float64 `json:"picture_check_coverage,omitempty"`
}

// ParseOptions reads options JSON; empty input gives the defaults.
func ParseOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if len(bytes.TrimSpace(raw)) > 0 && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if err := json.Unmarshal(raw, &o); err != nil {
			return o, fmt.Errorf("%w: nativetext options: %w", core.ErrBadRequest, err)
		}
	}
	if o.MaxStreamBytes <= 0 {
		o.MaxStreamBytes = DefaultMaxStreamBytes
	}
	if o.MaxOps <= 0 {
		o.MaxOps = DefaultMaxOps
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxDepth > 64 {
		o.MaxDepth = 64
	}
	return o, nil
}

// Engine reads the text layer of born-digital PDFs. It is safe for
// concurrent use. Between requests it holds at most the one document
// CountPages opened, for the Extract that follows.
type Engine struct {
	opened handoff
	second secondReader // pdfium, for files pdfdoc cannot open
	turns  turns        // the cores, for pages, oldest call first
	calls  atomic.Uint64
}

var (
	_ core.Engine = (*Engine)(nil)
	_ core.Closer = (*Engine)(nil)
)

// Close stops the second reader's pdfium, if it was started.
func (e *Engine) Close() error { return e.second.close() }

// New returns an engine. It does no I/O.
func New() *Engine { return &Engine{} }

// heapFloor is what the text engine's process allocates before it first
// collects: 1/32 of the host's default data limit.
const heapFloor = 256 << 20

// HeapFloor asks the process that serves the engine (sdk.Serve) to
// allocate heapFloor bytes before its first collection. Reading a page
// allocates its glyphs, words and layout and keeps only the answer: 20
// ordinary documents (232 pages) allocate some 170 MB and keep about 30.
// Read without a collection, they took 4-5% less CPU, the host's floor
// included, for a peak some 90 MB higher; a longer run collects from the
// floor on as before.
func (e *Engine) HeapFloor() int64 { return heapFloor }

// Describe says what the engine is.
func (e *Engine) Describe(ctx context.Context) (core.Info, error) {
	return core.Info{
		Name:         Name,
		Version:      Version,
		Description:  "reads the text layer of born-digital PDFs (pure Go: pdfcpu objects, own content-stream interpreter)",
		Capabilities: []core.Capability{core.CapText, core.CapPageRange, core.CapConcurrentCalls, core.CapStableInfo},
		Cost:         1,
	}, nil
}

// Extract yields one PageResult per requested page, in the order pages
// finish. A document that cannot be opened yields one error and stops.
func (e *Engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		if req == nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: fmt.Errorf("%w: nil request", core.ErrBadRequest)})
			return
		}
		opts, err := ParseOptions(req.Options)
		if err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		if err := ctx.Err(); err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: pdfdoc.ContextError(err)})
			return
		}
		doc := e.opened.take(req.Source, opts)
		lent := doc != nil
		if !lent {
			doc, err = openDocument(ctx, req.Source, opts)
		}
		if err != nil {
			if canFallback(err) && ctx.Err() == nil {
				// The second parser, for files the first cannot open.
				fd, ferr := e.openFallback(ctx, req.Source)
				if ferr == nil {
					runFallback(ctx, fd, req, yield)
					return
				}
				err = fmt.Errorf("%w (%v)", err, ferr)
			}
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		more := false // whether the document has pages after those read
		if lent {
			// Given back however the call ends: a document lent and
			// never given back would be kept, and never evicted.
			defer func() { e.opened.done(doc, more) }()
		}
		pr := pageRun{doc: doc, req: req, opts: opts, turns: &e.turns, call: e.calls.Add(1)}
		more = pr.run(ctx, yield) && readsOn(doc, req)
		if !lent && more {
			e.opened.put(req.Source, opts, doc)
		}
	}
}

// readsOn reports whether the document has pages after those req asked
// for: the router asks for a long document a window of pages at a time
// (core.PageWindow), in order, and the next call should not parse the
// whole file again.
func readsOn(doc *document, req *core.Request) bool {
	return len(req.Pages) > 0 && slices.Max(req.Pages) < doc.NumPages()
}

// windowPages is how many pages are laid out before any of them is
// yielded: running headers and footers, and heading levels, are decided
// over a window, which bounds the memory held and still streams results.
const windowPages = core.PageWindow

// A pageRun is one call's reading of req's pages of doc.
type pageRun struct {
	doc   *document
	req   *core.Request
	opts  Options
	turns *turns // the engine's cores
	call  uint64 // the call's place in the order of arrival
}

// run reads the pages a window at a time, each page on a core when its
// turn comes (see turns), and yields them; it reports whether it yielded
// them all.
func (pr *pageRun) run(ctx context.Context, yield func(core.PageResult, error) bool) bool {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pages := pr.req.Pages
	for start := 0; start < len(pages); start += windowPages {
		if ctx.Err() != nil {
			return false
		}
		win := pages[start:min(start+windowPages, len(pages))]
		results := make([]core.PageResult, len(win))
		var wg sync.WaitGroup
		for i, n := range win {
			wg.Go(func() { results[i] = pr.page(ctx, uint64(start+i), n) })
		}
		wg.Wait()
		if !pr.opts.FactsOnly {
			DocumentPassResults(results)
		}
		for _, r := range results {
			if !yield(r, nil) {
				return false
			}
		}
	}
	return ctx.Err() == nil
}

// page reads page n, the k-th of the call, when a core is free for it.
func (pr *pageRun) page(ctx context.Context, k uint64, n int) core.PageResult {
	if err := pr.turns.acquire(ctx, pr.call, k); err != nil {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: pdfdoc.ContextError(err)})
	}
	defer pr.turns.release()
	working.Add(1)
	defer working.Add(-1)
	return extractPage(ctx, pr.doc, n, pr.opts, pr.req.PageTimeout)
}

// DocumentPassResults is DocumentPass over the pages of results that were
// read (ok or degraded), for engines that answer with nativetext's
// layout.
func DocumentPassResults(results []core.PageResult) {
	var pages []*core.Page
	for i := range results {
		if results[i].Status == core.StatusOK || results[i].Status == core.StatusDegraded {
			pages = append(pages, &results[i].Page)
		}
	}
	DocumentPass(pages)
}

// DocumentPass decides what needs more than one page, over pages laid out
// by Cells.Layout (in page order): running headers and footers, heading
// levels, footnotes at the feet of columns read after the page's text
// (moveFootnotes), paragraphs that run on in the next column (joinContinued),
// tables that continue on the next page (tableformer.JoinPages), and
// words broken at line ends (textclean.Hyphens).
// A panic leaves the pages as they are.
func DocumentPass(pages []*core.Page) {
	defer func() { recovered.Note("nativetext: document pass", recover()) }()
	markFurniture(pages)
	rankHeadings(pages)
	moveFootnotes(pages)
	joinContinued(pages)
	markRunOn(pages)
	tableformer.JoinPages(pages)
	mendHyphens(pages)
}

// mendHyphens joins the words broken at line ends, with the hyphen
// evidence of all the pages (textclean.Hyphens), and the lines of Chinese
// and Japanese, which break without a space (textclean.JoinUnspacedLines).
func mendHyphens(pages []*core.Page) {
	if slices.ContainsFunc(pages, mayBreak) {
		var h textclean.Hyphens
		for _, p := range pages {
			h.Count(p.Blocks)
		}
		for _, p := range pages {
			p.Blocks, _ = h.Mend(p.Blocks)
			h.MendCells(p.Blocks)
		}
	}
	for _, p := range pages {
		textclean.JoinUnspacedLines(p.Blocks)
	}
}

// mayBreak reports whether a page holds a word broken by a hyphen that
// Hyphens might mend: a line that ends with one, or a table cell with
// one. Without any in a window, counting the evidence of its words (a
// set of all of them) is work for nothing.
func mayBreak(p *core.Page) bool {
	for _, b := range p.Blocks {
		if b.Table != nil && slices.ContainsFunc(b.Table.Cells, func(c core.Cell) bool { return textclean.HasHyphen(c.Text) }) {
			return true
		}
		for _, l := range b.Lines {
			if n := len(l.Words); n > 0 && textclean.EndsWithHyphen(l.Words[n-1].Text) {
				return true
			}
		}
	}
	return false
}

// extractPage runs one page; a panic becomes a failed page.
func extractPage(ctx context.Context, doc *document, n int, opts Options, timeout time.Duration) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("nativetext: page", r)
			fmt.Fprintf(os.Stderr, "nativetext: panic on page %d: %v\n%s\n", n, r, firstLines(debug.Stack(), 24))
			err := fmt.Errorf("%w: panic: %v (the stack is in the engine's log)", core.ErrDamaged, r)
			res = core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: err})
		}
		res.Elapsed = time.Since(start)
	}()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	page, stats, err := doc.extract(ctx, n, opts)
	if err != nil {
		if ctx.Err() != nil {
			err = pdfdoc.ContextError(ctx.Err())
		}
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: err})
	}
	st := core.StatusOK
	if stats[core.FactLimitHit] > 0 {
		st = core.StatusDegraded
	}
	return core.PageResult{Page: *page, Status: st, Stats: stats}
}

func firstLines(b []byte, n int) string {
	lines := bytes.SplitN(b, []byte("\n"), n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

// extract interprets page n and lays out its glyphs.
func (d *document) extract(ctx context.Context, n int, opts Options) (*core.Page, map[string]float64, error) {
	c, err := d.cells(ctx, n, opts)
	if err != nil {
		return nil, nil, err
	}
	// The page's blocks are copies: its glyphs can serve the next page.
	defer func() { glyphRoom.give(c.glyphs); c.Release() }()
	page := c.Page
	if opts.FactsOnly {
		page.Blocks = figures(c.images, c.textFree, page.Box())
		return &page, c.Stats, nil
	}
	page.Blocks = c.Layout()
	return &page, c.Stats, nil
}

// cells interprets page n without laying it out.
func (d *document) cells(ctx context.Context, n int, opts Options) (*Cells, error) {
	p, err := d.Page(n)
	if err != nil {
		return nil, err
	}
	content, err := d.Contents(p)
	if err != nil {
		return nil, err
	}
	in := newInterp(ctx, d, p, opts)
	err = func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				recovered.Note("nativetext: content stream", r)
				err = fmt.Errorf("%w: panic in content stream: %v", core.ErrDamaged, r)
			}
		}()
		if err := in.run(content, p.Resources); err != nil {
			return err
		}
		return in.annotations()
	}()
	if err != nil && !limitHit(err) {
		if ctx.Err() != nil {
			return nil, pdfdoc.ContextError(ctx.Err())
		}
		if len(in.glyphs) == 0 {
			return nil, err
		}
	}
	if ctx.Err() != nil {
		return nil, pdfdoc.ContextError(ctx.Err())
	}
	in.finishFills()
	in.dropHidden()
	if in.invisible > 0 {
		plainLayerFaces(in.glyphs)
		in.glyphs = dropCoveredLayer(in.glyphs)
	}
	in.glyphs = append(in.glyphs, drawnBullets(in.glyphs, in.dots)...)
	d.glyphHint.Store(int64(len(in.glyphs)))
	c := &Cells{
		Page:   core.Page{Number: n, Width: p.Width, Height: p.Height, Rotation: p.Rotate},
		glyphs: in.glyphs,
		edges:  in.edges,
		images: in.images,
		drawn:  drawings(in.marks),
	}
	coverage := core.Coverage(in.images, c.Page.Box())
	if !opts.NoPictureCheck && coverage >= opts.PictureCheckCoverage {
		c.textFree = d.textFree(ctx, in.imageRefs, in.images, c.Page.Box())
	}
	c.Stats = in.facts(coverage)
	if in.hidden > 0 {
		// What was left out has a record in the page's ledger.
		c.Stats[core.NoteStatPrefix+fmt.Sprintf("left out %d glyphs of text the page does not show (white on the white page, or in optional content turned off)", in.hidden)] = 1
	}
	if in.limitHit || p.LimitHit {
		c.Stats[core.FactLimitHit] = 1
	}
	return c, nil
}

// facts are the page facts the interpreter counted (core.Fact*), with the
// images' coverage of the page.
func (in *interp) facts(coverage float64) map[string]float64 {
	return map[string]float64{
		core.FactTextOps:         float64(in.textOps),
		core.FactGlyphs:          float64(len(in.glyphs)),
		core.FactUnmappedGlyphs:  float64(in.unmapped),
		core.FactCIDGlyphs:       float64(in.cidGlyphs),
		core.FactInvisibleGlyphs: float64(in.invisible),
		core.FactHiddenGlyphs:    float64(in.hidden),
		core.FactBlankGlyphs:     float64(blankGlyphs(in.glyphs)),
		core.FactImages:          float64(in.imageCount),
		core.FactImageCoverage:   coverage,
		core.FactImageSamples:    in.imageSamples / 1e6,
		core.FactPathOps:         float64(in.pathOps),
		core.FactFills:           float64(in.fillOps),
		core.FactSmallFills:      float64(in.smallFills),
		"ops":                    float64(in.ops),
	}
}

// minFigureShare is the smallest share of the page an image must cover to
// become a figure block.
const minFigureShare = 0.01

// blankGlyphs counts the glyphs that draw no text (core.Blank): a space
// drawn between words, a soft hyphen.
func blankGlyphs(gs []glyph) int {
	n := 0
	for i := range gs {
		if gs[i].space || strings.IndexFunc(gs[i].text, func(r rune) bool { return !core.Blank(r) }) < 0 {
			n++
		}
	}
	return n
}

// figures turns the images drawn on a page into figure blocks (a box and
// no text), after the text blocks; textFree[i] marks image i TextFree.
func figures(images []core.BBox, textFree []bool, page core.BBox) []core.Block {
	area := page.Area()
	if area <= 0 || len(images) == 0 {
		return nil
	}
	var out []core.Block
	for i, b := range images {
		if b.Area() >= minFigureShare*area {
			free := i < len(textFree) && textFree[i]
			out = append(out, core.Block{Kind: core.KindFigure, BBox: clampBox(b, page), TextFree: free})
		}
	}
	return out
}
