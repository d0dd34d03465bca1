package layoutml

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"sync"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/plugins/tableformer/tablemodel"
)

// Name and Version identify the engine.
const (
	Name    = "layoutml"
	Version = "0.1.0"
)

// Engine is the layout pipeline as a core.Engine. Models load in
// Configure, once per process, and are shared read-only by every run.
type Engine struct {
	mu       sync.Mutex
	opts     Options
	models   string // modelKey of the options the models were loaded for
	model    *detect.ONNX
	tables   *tablemodel.ONNX
	renderer *render.Renderer
}

var (
	_ core.Engine     = (*Engine)(nil)
	_ core.Configurer = (*Engine)(nil)
	_ core.Closer     = (*Engine)(nil)
)

// New makes an engine with the geometric layout; it does no I/O.
func New() *Engine {
	o, _ := ParseOptions(nil)
	return &Engine{opts: o}
}

// Describe says what the engine is, and which layout detector and
// execution provider it uses.
func (e *Engine) Describe(ctx context.Context) (core.Info, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	desc := "layout pipeline (preprocess, ocr, layout, table, assemble); detector: geometric"
	if e.model != nil {
		desc = fmt.Sprintf("layout pipeline (preprocess, ocr, layout, table, assemble); detector: %s on %s",
			e.model.Format(), e.model.Provider())
	}
	if e.tables != nil {
		desc += fmt.Sprintf("; table model: %s on %s", tablemodel.FormatSLANet, e.tables.Provider())
	}
	info := core.Info{
		Name:         Name,
		Version:      Version,
		Description:  desc,
		Capabilities: []core.Capability{core.CapText, core.CapLayout, core.CapTables, core.CapPageRange},
		Cost:         2,
	}
	if e.model == nil && e.tables == nil {
		// Without a model the layout, tables included, is nativetext's
		// own (see the package doc): a reading the router need not ask for
		// again. That answer reads no file, so a host may keep it.
		info.SameAs = nativetext.Name
		info.Capabilities = append(info.Capabilities, core.CapStableInfo)
	}
	return info, nil
}

// Configure reads the options and, when they name model files, loads
// them (replacing models loaded before). Options whose model settings
// have not changed (modelKey) cost nothing.
func (e *Engine) Configure(ctx context.Context, raw json.RawMessage) error {
	o, err := ParseOptions(raw)
	if err != nil {
		return &core.EngineError{Engine: Name, Err: err}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	loaded := (e.model != nil || o.Model.Model == "") && (e.tables != nil || !o.TableModel.Enabled())
	if o.modelKey() == e.models && loaded {
		e.opts = o
		return nil
	}
	e.closeModels()
	if err := e.loadModels(ctx, o); err != nil {
		e.closeModels()
		return &core.EngineError{Engine: Name, Err: err}
	}
	e.opts, e.models = o, o.modelKey()
	return nil
}

// loadModels loads the models o names.
func (e *Engine) loadModels(ctx context.Context, o Options) error {
	if o.Model.Model != "" {
		m := detect.NewONNX(o.Model)
		if err := m.Load(ctx); err != nil {
			return err
		}
		e.model = m
	}
	if o.TableModel.Enabled() {
		t := tablemodel.NewONNX(o.TableModel)
		if err := t.Load(ctx); err != nil {
			return err
		}
		e.tables = t
	}
	return nil
}

// closeModels frees the models; the first error is returned.
func (e *Engine) closeModels() error {
	var err error
	if e.model != nil {
		err = e.model.Close()
		e.model = nil
	}
	if e.tables != nil {
		if cerr := e.tables.Close(); err == nil {
			err = cerr
		}
		e.tables = nil
	}
	return err
}

// Close frees the models and the renderer.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	err := e.closeModels()
	if e.renderer != nil {
		if cerr := e.renderer.Close(); err == nil {
			err = cerr
		}
		e.renderer = nil
	}
	return err
}

// Extract runs the pipeline over the requested pages. Every call is one
// run with its own channels and goroutines; pages are answered in windows
// of request order, each window after its document pass.
func (e *Engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		if req == nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: fmt.Errorf("%w: nil request", core.ErrBadRequest)})
			return
		}
		if len(req.Options) > 0 {
			if err := e.Configure(ctx, req.Options); err != nil {
				yield(core.PageResult{}, err)
				return
			}
		}
		r, err := e.newRun(ctx, req)
		if err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		defer r.close()
		r.extract(ctx, req.Pages, yield)
	}
}

// newRun opens the document for one Extract call.
func (e *Engine) newRun(ctx context.Context, req *core.Request) (*run, error) {
	e.mu.Lock()
	opts, model, tables := e.opts, e.model, e.tables
	e.mu.Unlock()
	reader, err := nativetext.Open(ctx, req.Source, nativetext.Options{NoPictureCheck: true})
	if err != nil {
		return nil, err
	}
	r := &run{opts: opts, reader: reader, pageTimeout: req.PageTimeout, tables: tables}
	if model != nil {
		r.model = model
	}
	if model != nil || tables != nil {
		ren, err := e.startRenderer(ctx)
		if err != nil {
			return nil, err
		}
		if r.rdoc, err = ren.LoadFile(ctx, req.Source); err != nil {
			return nil, err
		}
		r.renderer = ren
	}
	return r, nil
}

// startRenderer starts pdfium once per process, when a model needs pixels.
func (e *Engine) startRenderer(ctx context.Context) (*render.Renderer, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.renderer == nil {
		r := render.New(render.Config{})
		if err := r.Open(ctx); err != nil {
			return nil, err
		}
		e.renderer = r
	}
	return e.renderer, nil
}

// feedDeadline is when the run stops feeding new pages: the document
// timeout, else a share of the time to the caller's deadline.
func feedDeadline(ctx context.Context, o Options, now time.Time) (time.Time, bool) {
	if o.DocumentTimeout > 0 {
		return now.Add(time.Duration(o.DocumentTimeout)), true
	}
	if d, ok := ctx.Deadline(); ok {
		return now.Add(time.Duration(float64(d.Sub(now)) * defaultDocShare)), true
	}
	return time.Time{}, false
}
