package ocr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"iter"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/internal/textclean"
)

// Name is the engine's name.
const Name = "ocr"

// Version of the engine.
const Version = "0.1.0"

// checkBand is the part of the page height that mode "check" reads.
var checkBand = [2]float64{0.3, 0.7}

// Engine is the OCR engine. Make it with New; it is safe for concurrent
// use once configured.
type Engine struct {
	mu         sync.Mutex
	opt        Options // validated
	configured bool
	closed     bool
	renderer   *render.Renderer
	tess       *tesseract
	tessErr    error
	paddle     *paddle
	paddleErr  error
	inflight   sync.WaitGroup // page work, waited for by Close
}

// New makes an engine; it does no I/O. Configure loads the backends.
func New() *Engine { return &Engine{} }

// Describe says what the engine is.
func (e *Engine) Describe(ctx context.Context) (core.Info, error) {
	e.mu.Lock()
	dir := e.opt.TessdataDir
	e.mu.Unlock()
	desc := "OCR of pdfium renders with Tesseract or PaddleOCR PP-OCRv4, by page, by region, or a check band"
	if scripts, langs := installedData(findData(tessdataDir(dir))); len(scripts)+len(langs) > 0 {
		desc += fmt.Sprintf("; Tesseract scripts: %s; languages: %s", orNone(scripts), orNone(langs))
	}
	return core.Info{
		Name:         Name,
		Version:      Version,
		Description:  desc,
		Capabilities: []core.Capability{core.CapOCR, core.CapRegions, core.CapPageRange},
		Cost:         20,
	}, nil
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, " ")
}

// Configure validates the options and loads the backends they ask for
// ("auto" loads what is installed). Missing libraries or models give an
// error wrapping core.ErrUnsupported that names what to install.
func (e *Engine) Configure(ctx context.Context, options json.RawMessage) error {
	o, err := parseOptions(options)
	if err != nil {
		return err
	}
	o, err = o.validate()
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("ocr: engine closed: %w", core.ErrBadRequest)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	// A new configuration replaces the backends.
	e.freeBackends()
	e.opt = o
	e.configured = true
	if e.renderer == nil {
		e.renderer = render.New(render.Config{})
	}
	return e.loadBackends(o)
}

// loadBackends loads what o.Backend needs; e.mu is held.
func (e *Engine) loadBackends(o Options) error {
	wantT := o.Backend != BackendPaddle
	wantP := o.Backend != BackendTesseract
	if wantT && e.tess == nil {
		e.tess, e.tessErr = newTesseract(o)
	}
	if wantP && e.paddle == nil {
		e.paddle, e.paddleErr = newPaddle(o)
	}
	switch o.Backend {
	case BackendTesseract:
		return e.tessErr
	case BackendPaddle:
		return e.paddleErr
	}
	if e.tess == nil && e.paddle == nil {
		return fmt.Errorf("ocr: no backend available: %w", errors.Join(e.tessErr, e.paddleErr))
	}
	return nil
}

func (e *Engine) freeBackends() {
	if e.tess != nil {
		e.tess.close()
	}
	if e.paddle != nil {
		e.paddle.close()
	}
	e.tess, e.paddle, e.tessErr, e.paddleErr = nil, nil, nil, nil
}

// Close waits for page work still running and frees the backends and the
// renderer.
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	e.closed = true
	e.mu.Unlock()
	e.inflight.Wait()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.freeBackends()
	if e.renderer != nil {
		return e.renderer.Close()
	}
	return nil
}

// job is what one Extract call needs, fixed at its start.
type job struct {
	opt    Options
	tess   *tesseract
	paddle *paddle
	r      *render.Renderer
	doc    *render.Doc
}

// prepare resolves the request's options and backends.
func (e *Engine) prepare(ctx context.Context, req *core.Request) (*job, error) {
	if req == nil {
		return nil, fmt.Errorf("ocr: nil request: %w", core.ErrBadRequest)
	}
	ro, err := parseOptions(req.Options)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, fmt.Errorf("ocr: engine closed: %w", core.ErrBadRequest)
	}
	if !e.configured {
		o, err := Options{}.validate()
		if err != nil {
			return nil, err
		}
		o.Workers = runtime.NumCPU()
		e.opt, e.configured = o, true
		e.renderer = render.New(render.Config{})
	}
	o, err := e.opt.merge(ro).validate()
	if err != nil {
		return nil, err
	}
	if err := e.loadBackends(o); err != nil {
		return nil, err
	}
	return &job{opt: o, tess: e.tess, paddle: e.paddle, r: e.renderer}, nil
}

// Extract OCRs the requested pages, yielding each as it finishes.
func (e *Engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		j, err := e.prepare(ctx, req)
		if err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		doc, err := j.r.LoadFile(ctx, req.Source)
		if err != nil {
			yield(core.PageResult{}, &core.EngineError{Engine: Name, Err: err})
			return
		}
		defer doc.Close()
		j.doc = doc

		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		results := make(chan core.PageResult)
		g := new(errgroup.Group)
		g.SetLimit(max(1, j.opt.Workers))
		e.inflight.Add(1)
		go func() {
			defer e.inflight.Done()
			defer close(results)
			for _, p := range req.Pages {
				if ctx.Err() != nil {
					break
				}
				g.Go(func() error {
					res := j.page(ctx, p, req.PageTimeout)
					select {
					case results <- res:
					case <-ctx.Done():
					}
					return nil
				})
			}
			g.Wait()
		}()
		answered := map[int]bool{}
		for {
			select {
			case res, ok := <-results:
				if !ok {
					// Pages not reached because ctx ended.
					for _, p := range req.Pages {
						if !answered[p] {
							answered[p] = true
							if !yield(core.Failed(p, ctxErr(ctx)), nil) {
								return
							}
						}
					}
					return
				}
				answered[res.Page.Number] = true
				if !yield(res, nil) {
					return
				}
			case <-ctx.Done():
				// Leave promptly; the workers finish in the background and
				// Close waits for them.
				for _, p := range req.Pages {
					if !answered[p] {
						answered[p] = true
						if !yield(core.Failed(p, ctxErr(ctx)), nil) {
							return
						}
					}
				}
				return
			}
		}
	}
}

func ctxErr(ctx context.Context) error {
	err := ctx.Err()
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("ocr: %w: %w", core.ErrTimeout, err)
	}
	if err == nil {
		err = context.Canceled
	}
	return fmt.Errorf("ocr: %w: %w", core.ErrCanceled, err)
}

// page OCRs one page; panics become a failed page.
func (j *job) page(ctx context.Context, p int, timeout time.Duration) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "ocr: panic on page %d: %v\n%s\n", p, r, debug.Stack())
			res = core.Failed(p, &core.EngineError{Engine: Name, Page: p,
				Err: fmt.Errorf("%w: panic: %v (the stack is in the engine's log)", core.ErrInternal, r)})
		}
		res.Elapsed = time.Since(start)
	}()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	pg, stats, err := j.ocrPage(ctx, p)
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%v)", ctxErr(ctx), err)
		}
		return core.Failed(p, &core.EngineError{Engine: Name, Page: p, Err: err})
	}
	res = core.PageResult{Page: pg, Status: core.StatusOK, Stats: stats}
	if stats["words"] > 0 && stats["mean_confidence"] < 0.6 {
		res.Status = core.StatusDegraded
	}
	return res
}

// mendHyphens joins the words a scanned page breaks at line ends, by the
// text layer's rules (textclean.Hyphens), with the page's own words as
// evidence.
func mendHyphens(blocks []core.Block) []core.Block {
	var h textclean.Hyphens
	h.Count(blocks)
	blocks, _ = h.Mend(blocks)
	return blocks
}

// ocrPage renders and reads one page in the job's mode.
func (j *job) ocrPage(ctx context.Context, p int) (core.Page, map[string]float64, error) {
	if p < 1 || p > j.doc.NumPages() {
		return core.Page{}, nil, fmt.Errorf("page %d of %d: %w", p, j.doc.NumPages(), core.ErrNoSuchPage)
	}
	pi, err := j.r.PageInfo(ctx, j.doc, p)
	if err != nil {
		return core.Page{}, nil, err
	}
	page := core.Page{Number: p, Width: pi.Width, Height: pi.Height, Rotation: pi.Rotation}
	stats := map[string]float64{}
	opt := render.Options{DPI: j.opt.DPI, Gray: true}
	dpi := int(math.Round(j.opt.DPI))

	switch j.opt.Mode {
	case ModeRegions:
		boxes := j.opt.Regions[strconv.Itoa(p)]
		stats["regions"] = float64(len(boxes))
		blocks, err := j.readRegions(ctx, p, boxes, opt, stats)
		if err != nil {
			return page, nil, err
		}
		page.Blocks = blocks
	case ModeCheck:
		band := core.BBox{X0: 0, Y0: pi.Height * checkBand[0], X1: pi.Width, Y1: pi.Height * checkBand[1]}
		img, tr, err := j.r.RenderRegion(ctx, j.doc, p, band, opt)
		if err != nil {
			return page, nil, err
		}
		blocks, backend, err := j.read(ctx, toGray(img), dpi, false, false, stats)
		if err != nil {
			return page, nil, err
		}
		stats["backend_"+backend] = 1
		page.Blocks = buildBlocks(blocks, tr.ToPage)
		stats["band_y0"], stats["band_y1"] = band.Y0, band.Y1
		if chars, err := j.r.Chars(ctx, j.doc, p); err == nil {
			layer := render.TextIn(chars, band)
			stats["textlayer_chars"] = float64(len([]rune(strings.TrimSpace(layer))))
			stats["textlayer_agreement"] = wordAgreement(layer, page.Text())
		}
	default:
		img, tr, err := j.r.RenderPage(ctx, j.doc, p, opt)
		if err != nil {
			return page, nil, err
		}
		blocks, backend, err := j.read(ctx, toGray(img), dpi, j.opt.orientation(), true, stats)
		if err != nil {
			return page, nil, err
		}
		stats["backend_"+backend] = 1
		page.Blocks = mendHyphens(buildBlocks(blocks, tr.ToPage))
	}
	n, sum := 0, 0.0
	for _, b := range page.Blocks {
		for _, l := range b.Lines {
			for _, w := range l.Words {
				n++
				sum += w.Confidence
			}
		}
	}
	stats["words"] = float64(n)
	if n > 0 {
		stats["mean_confidence"] = sum / float64(n)
	}
	return page, stats, nil
}

// read turns g upright (when orient is set) and straight (when page is
// set: a whole page, where skew can be measured and margins hold page
// headers and footers), removes ruling lines, picks the backend and the
// languages, reads the image and lays the result out in blocks. Boxes are
// in g's pixels.
func (j *job) read(ctx context.Context, g *image.Gray, dpi int, orient, page bool, stats map[string]float64) ([]pxBlock, string, error) {
	rot := 0
	script := ""
	var tw *tessWorker
	if j.tess != nil {
		w, err := j.tess.acquire(ctx)
		if err != nil {
			return nil, "", err
		}
		tw = w
		defer j.tess.release(w)
		if orient || len(j.opt.Languages) == 0 {
			if r, err := w.detect(j.tess, g, dpi); err == nil {
				if orient && r.OrientConf > 1.5 {
					rot = r.Rotate
				}
				if r.ScriptConf > 0.5 {
					script = r.Script
				}
				stats["osd_orientation_conf"] = r.OrientConf
				stats["osd_script_conf"] = r.ScriptConf
			}
		}
	} else if orient && j.paddle != nil {
		r, err := j.paddle.orientation(ctx, g)
		if err != nil {
			return nil, "", err
		}
		rot = r
	}
	stats["rotation_applied"] = float64(rot)
	up := g
	if rot != 0 {
		up = rotateCW(g, rot)
	}
	flat, frame := up, newSkewFrame(0, up.Rect.Dx(), up.Rect.Dy())
	if page {
		if deg := estimateSkew(up); math.Abs(deg) >= minSkewDeg {
			flat, frame = straighten(up, deg)
			stats["skew_deg"] = deg
		}
	}
	cleaned, rules := removeRules(flat, dpi)
	if len(rules) > 0 {
		stats["rules"] = float64(len(rules))
	}
	backend := j.opt.Backend
	if backend == BackendAuto {
		backend = BackendTesseract
		if j.tess == nil || (j.paddle != nil && (script == "Han" || script == "HanS" || script == "HanT")) {
			backend = BackendPaddle
		}
	}
	var items []pxWord
	var err error
	switch backend {
	case BackendPaddle:
		if j.paddle == nil {
			return nil, "", fmt.Errorf("ocr: paddle backend not loaded: %w", core.ErrUnsupported)
		}
		items, err = j.paddle.read(ctx, cleaned)
	default:
		if tw == nil {
			return nil, "", fmt.Errorf("ocr: tesseract backend not loaded: %w", core.ErrUnsupported)
		}
		langs, missing := j.tess.modelsFor(script, j.opt.Languages)
		if missing != "" {
			stats[core.NoteStatPrefix+fmt.Sprintf("no Tesseract model for the %s script is installed: install the Debian package %s", script, missing)] = 1
		}
		items, err = j.tess.recognize(ctx, tw, cleaned, dpi, langs)
	}
	if err != nil {
		return nil, "", err
	}
	pageH := 0
	if page {
		pageH = flat.Rect.Dy()
	}
	blocks := layoutPage(items, rules, pageH)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	mapBlocks(blocks, func(r image.Rectangle) image.Rectangle {
		return unrotateRect(frame.rectToOriginal(r, up.Rect), rot, w, h)
	})
	return blocks, backend, nil
}

// mapBlocks splits detector pieces into words and maps every box with f.
func mapBlocks(blocks []pxBlock, f func(image.Rectangle) image.Rectangle) {
	words := func(ws []pxWord) []pxWord {
		var out []pxWord
		for _, w := range ws {
			for _, p := range splitLine(w) {
				p.box = f(p.box)
				out = append(out, p)
			}
		}
		return out
	}
	for i := range blocks {
		b := &blocks[i]
		for k, ln := range b.lines {
			b.lines[k] = words(ln)
		}
		if b.table != nil {
			for k := range b.table.cells {
				b.table.cells[k].words = words(b.table.cells[k].words)
			}
		}
	}
}

// wordAgreement is the share of OCR words that the text layer also has
// (multiset, case-folded): near 1 when the text layer says what the page
// shows, near 0 when it is garbage or missing.
func wordAgreement(layer, ocr string) float64 {
	norm := func(s string) []string {
		var out []string
		for _, f := range strings.Fields(strings.ToLower(s)) {
			f = strings.Trim(f, ".,;:!?\"'()[]{}")
			if f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	have := map[string]int{}
	for _, w := range norm(layer) {
		have[w]++
	}
	ws := norm(ocr)
	if len(ws) == 0 {
		if len(have) == 0 {
			return 1
		}
		return 0
	}
	hit := 0
	for _, w := range ws {
		if have[w] > 0 {
			have[w]--
			hit++
		}
	}
	return float64(hit) / float64(len(ws))
}
