package nativetext

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
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
		Description:  "reads the text layer of born-digital PDFs (pure Go: pdfcpu objects, own content-stream interpreter)",
		Capabilities: []core.Capability{core.CapText, core.CapPageRange},
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
		doc, err := openDocument(ctx, req.Source, opts)
		if err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		runPages(ctx, doc, req, opts, yield)
	}
}

func runPages(ctx context.Context, doc *document, req *core.Request, opts Options, yield func(core.PageResult, error) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan core.PageResult)
	var g errgroup.Group
	g.SetLimit(max(1, runtime.GOMAXPROCS(0)))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, n := range req.Pages {
			n := n
			if ctx.Err() != nil {
				break
			}
			g.Go(func() error {
				r := extractPage(ctx, doc, n, opts, req.PageTimeout)
				select {
				case results <- r:
				case <-ctx.Done():
				}
				return nil
			})
		}
		_ = g.Wait()
		close(results)
	}()
	stopped := false
	for r := range results {
		if stopped {
			continue
		}
		if !yield(r, nil) {
			stopped = true
			cancel()
		}
	}
	<-done
}

// extractPage runs one page; a panic becomes a failed page.
func extractPage(ctx context.Context, doc *document, n int, opts Options, timeout time.Duration) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			err := fmt.Errorf("%w: panic: %v\n%s", core.ErrDamaged, r, firstLines(debug.Stack(), 12))
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
	if stats["limit_hit"] > 0 {
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
	p, err := d.Page(n)
	if err != nil {
		return nil, nil, err
	}
	content, err := d.Contents(p)
	if err != nil {
		return nil, nil, err
	}
	in := newInterp(ctx, d, p, opts)
	err = func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%w: panic in content stream: %v", core.ErrDamaged, r)
			}
		}()
		return in.run(content, p.Resources)
	}()
	if err != nil && !errors.Is(err, errOpsLimit) && !errors.Is(err, errGlyphLimit) {
		if ctx.Err() != nil {
			return nil, nil, pdfdoc.ContextError(ctx.Err())
		}
		if len(in.glyphs) == 0 {
			return nil, nil, err
		}
	}
	if ctx.Err() != nil {
		return nil, nil, pdfdoc.ContextError(ctx.Err())
	}
	page := &core.Page{Number: n, Width: p.Width, Height: p.Height, Rotation: p.Rotate}
	page.Blocks = layout(in.glyphs, page.Box())
	stats := map[string]float64{
		"glyphs":           float64(len(in.glyphs)),
		"unmapped_glyphs":  float64(in.unmapped),
		"invisible_glyphs": float64(in.invisible),
		"ops":              float64(in.ops),
	}
	if in.limitHit || p.LimitHit {
		stats["limit_hit"] = 1
	}
	return page, stats, nil
}
