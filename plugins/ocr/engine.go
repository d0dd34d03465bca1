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
	"slices"
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
	// paddleLater: PaddleOCR is loaded on first use (latePaddle).
	paddleLater bool
	// tessLater: Tesseract is loaded on first use (lateTess).
	tessLater bool
	inflight  sync.WaitGroup // page work, waited for by Close
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
		Capabilities: []core.Capability{core.CapOCR, core.CapRegions, core.CapReread, core.CapPageRange},
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
		o.Workers = runtime.GOMAXPROCS(0)
	}
	// A configuration that loads other models replaces the backends. The
	// router's region steps configure the engine anew for every document
	// (their options name its pictures), and reloading the same models for
	// each cost half a second of a core.
	if !e.configured || o.backendKey() != e.opt.backendKey() {
		e.freeBackends()
	}
	e.opt = o
	e.configured = true
	if e.renderer == nil {
		e.renderer = render.New(render.Config{})
	}
	// Every request loads its file into pdfium first, so pdfium starts
	// here, beside the models' load: its start (wazero reading pdfium's
	// compiled module back from the cache) is a third of a second of a
	// core, the detector's or Tesseract's load a tenth or two. An error
	// shows again at the first request's load.
	started := make(chan struct{})
	go func() {
		defer close(started)
		_ = e.renderer.Open(ctx)
	}()
	err = e.loadBackends(o)
	<-started
	return err
}

// loadBackends loads what o.Backend needs; e.mu is held. With "auto"
// and Tesseract loaded, PaddleOCR (half a second of a core) waits for the
// first page that needs it (latePaddle), except in mode regions, whose
// check runs its text detector on every picture.
func (e *Engine) loadBackends(o Options) error {
	// Mode regions reads pictures with PaddleOCR when it is installed,
	// and Tesseract (about 80 ms of a core to load) waits for the first
	// picture of printed matter (lateTess, readPicture) or a request
	// that reads whole pages.
	paddleRegions := o.Backend == BackendAuto && o.Mode == ModeRegions
	if paddleRegions && e.paddle == nil && e.paddleErr == nil {
		e.paddle, e.paddleErr = newPaddle(o)
	}
	wantT := o.Backend != BackendPaddle && !(paddleRegions && e.paddle != nil)
	if wantT && e.tess == nil {
		e.tess, e.tessErr = newTesseract(o)
	}
	wantP := o.Backend == BackendPaddle || (o.Backend == BackendAuto && (e.tess == nil || o.Mode == ModeRegions))
	if wantP && e.paddle == nil {
		e.paddle, e.paddleErr = newPaddle(o)
	}
	e.paddleLater = o.Backend == BackendAuto && e.paddle == nil && e.paddleErr == nil
	e.tessLater = o.Backend == BackendAuto && e.tess == nil && e.tessErr == nil
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
	e.paddleLater, e.tessLater = false, false
}

// lateTess loads Tesseract on first use when loadBackends left it for
// later; nil when it is not installed or the engine is closed.
func (e *Engine) lateTess(o Options) *tesseract {
	return lateLoad(e, &e.tessLater, &e.tess, &e.tessErr, func() (*tesseract, error) { return newTesseract(o) })
}

// latePaddle loads PaddleOCR on first use when loadBackends left it for
// later; nil when it is not installed or the engine is closed.
func (e *Engine) latePaddle(o Options) *paddle {
	return lateLoad(e, &e.paddleLater, &e.paddle, &e.paddleErr, func() (*paddle, error) { return newPaddle(o) })
}

// lateLoad is the backend *b of e, loaded now by load (its error in
// *loadErr) when it is missing and *later says loadBackends left it for
// first use, unless the engine is closed; under e.mu.
func lateLoad[T comparable](e *Engine, later *bool, b *T, loadErr *error, load func() (T, error)) T {
	e.mu.Lock()
	defer e.mu.Unlock()
	var none T
	if *b == none && *later && !e.closed {
		*later = false
		*b, *loadErr = load()
	}
	return *b
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
	e      *Engine
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
		o.Workers = runtime.GOMAXPROCS(0)
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
	return &job{e: e, opt: o, tess: e.tess, paddle: e.paddle, r: e.renderer}, nil
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
		answerInOrder(ctx, req.Pages, e.readPages(ctx, j, req), yield)
	}
}

// readPages reads the pages of req, up to the job's Workers at once, and
// sends each result as it finishes on the channel it returns, closed once
// every page started has ended. It starts no page once ctx has ended,
// and drops what it reads after; Close waits for its pages.
func (e *Engine) readPages(ctx context.Context, j *job, req *core.Request) <-chan core.PageResult {
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
	return results
}

// answerInOrder yields the results of pages, in their order, as they
// arrive from results, until results closes or ctx ends; it then yields
// the pages held for one never answered, and a failed result for each
// page not answered. It returns as soon as yield asks it to stop.
func answerInOrder(ctx context.Context, pages []int, results <-chan core.PageResult, yield func(core.PageResult, error) bool) {
	order := newPageOrder(pages)
	pass := func(rs []core.PageResult) bool {
		for _, r := range rs {
			if !yield(r, nil) {
				return false
			}
		}
		return true
	}
	for {
		select {
		case res, ok := <-results:
			if ok {
				if !pass(order.add(res)) {
					return
				}
				continue
			}
		case <-ctx.Done():
			// Leave promptly; the workers finish in the background and
			// Close waits for them.
		}
		if pass(order.flush()) {
			pass(order.unanswered(ctxErr(ctx)))
		}
		return
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
	if mean := stats["mean_confidence"]; stats["words"] > 0 && mean < unsureMeanConf {
		res.Status = core.StatusDegraded
		stats[core.NoteStatPrefix+fmt.Sprintf("OCR read the page with a mean word confidence of %.0f%%: words may be misread", 100*mean)] = 1
	}
	return res
}

// unsureMeanConf: a page whose words were read with a lower mean
// confidence is answered degraded, with a note: as many of its words are
// doubtful as sure, and the router keeps looking, and the ledger says so,
// however much the words look like words.
const unsureMeanConf = 0.6

// mendHyphens joins the words a scanned page breaks at line ends, by the
// text layer's rules (textclean.Hyphens), with the page's own words as
// evidence.
func mendHyphens(blocks []core.Block) []core.Block {
	var h textclean.Hyphens
	h.Count(blocks)
	blocks, _ = h.Mend(blocks)
	return blocks
}

// coarse reports whether page p's renders skip image smoothing (the
// option coarse_images).
func (j *job) coarse(p int) bool { return slices.Contains(j.opt.CoarseImages, p) }

// ocrPage renders and reads one page in the job's mode.
func (j *job) ocrPage(ctx context.Context, p int) (core.Page, map[string]float64, error) {
	if p < 1 || p > j.doc.NumPages() {
		return core.Page{}, nil, fmt.Errorf("page %d of %d: %w", p, j.doc.NumPages(), core.ErrNoSuchPage)
	}
	// The render budget counts from here: the page's first pdfium call
	// may wait for an instance that another page's render holds.
	rctx, cancel := context.WithTimeout(ctx, maxRenderTime)
	defer cancel()
	pi, err := j.r.PageInfo(rctx, j.doc, p)
	if err != nil {
		return core.Page{}, nil, err
	}
	page := core.Page{Number: p, Width: pi.Width, Height: pi.Height, Rotation: pi.Rotation}
	stats := map[string]float64{}
	opt := render.Options{DPI: j.opt.DPI, Gray: true, CoarseImages: j.coarse(p)}
	if opt.CoarseImages {
		stats["coarse_images"] = 1
	}
	switch j.opt.Mode {
	case ModeRegions:
		boxes := j.opt.Regions[strconv.Itoa(p)]
		stats["regions"] = float64(len(boxes))
		page.Blocks, err = j.readRegions(ctx, p, boxes, opt, stats)
	case ModeReread:
		key := strconv.Itoa(p)
		boxes := j.opt.Regions[key]
		stats["regions"] = float64(len(boxes))
		page.Blocks, err = j.reread(ctx, page, rereadRegions(boxes, j.opt.Scripts[key], j.opt.Lines[key]), opt, stats)
	case ModeCheck:
		err = j.checkPage(ctx, &page, opt, stats)
	default:
		err = j.readWhole(ctx, rctx, &page, opt, stats)
	}
	if err != nil {
		return page, nil, err
	}
	confidenceStats(page.Blocks, stats)
	return page, stats, nil
}

// checkPage reads the band of page (checkBand of its height) and, for
// the router to compare, how much of the page's text layer lies there and
// how well the reading agrees with it.
func (j *job) checkPage(ctx context.Context, page *core.Page, opt render.Options, stats map[string]float64) error {
	p := page.Number
	band := core.BBox{X0: 0, Y0: page.Height * checkBand[0], X1: page.Width, Y1: page.Height * checkBand[1]}
	shot, err := j.renderRegion(ctx, p, band, opt)
	if err != nil {
		return err
	}
	blocks, backend, err := j.read(ctx, shot.g, int(math.Round(opt.DPI)), false, false, stats)
	if err != nil {
		return err
	}
	stats["backend_"+backend] = 1
	page.Blocks = buildBlocks(blocks, shot.tr.ToPage)
	stats["band_y0"], stats["band_y1"] = band.Y0, band.Y1
	if chars, err := j.r.Chars(ctx, j.doc, p); err == nil {
		layer := render.TextIn(chars, band)
		stats["textlayer_chars"] = float64(len([]rune(strings.TrimSpace(layer))))
		stats["textlayer_agreement"] = wordAgreement(layer, page.Text())
	}
	return nil
}

// readWhole reads the whole of page: rendered (within rctx, the render
// budget) at the resolution pageDPI gives its size, read with the page's
// orientation found when the job asks for it, and its words broken at
// line ends mended.
func (j *job) readWhole(ctx, rctx context.Context, page *core.Page, opt render.Options, stats map[string]float64) error {
	clock := newStageClock(stats)
	opt.DPI = pageDPI(j.opt.DPI, page.Width, page.Height)
	stats["dpi"] = opt.DPI
	img, tr, err := j.pageImage(rctx, page.Number, opt, stats)
	if err != nil {
		return fmt.Errorf("ocr: render of page %d stopped after %v: %w", page.Number, maxRenderTime, err)
	}
	clock.lap("render")
	blocks, backend, gone, err := j.readUpright(ctx, img, int(math.Round(opt.DPI)), stats)
	if err != nil {
		return err
	}
	stats["backend_"+backend] = 1
	noteNoise(stats, "the page", gone)
	page.Blocks = mendHyphens(buildBlocks(blocks, tr.ToPage))
	return nil
}

// readUpright reads a whole page image turned the way orientation detection
// finds upright (when the job asks for it), and leaves out a reading that
// is no print (dropNoise), with the tally of what it left out.
//
// Orientation detection can be sure and wrong: on a page of photographs
// with light print over dark (a magazine's spread, a crossed-out form)
// Tesseract's OSD has said 180° at an orientation confidence of 2.5 and
// 4.6, over its threshold of 1.5, and the page read upside down is no
// print. A PDF draws its pages upright far more often than not, so where
// the turned reading is noise the page is read again as drawn, and that
// reading is kept unless it is noise too.
func (j *job) readUpright(ctx context.Context, g *image.Gray, dpi int, stats map[string]float64) ([]pxBlock, string, sureTally, error) {
	return readUprightWith(func(orient bool, st map[string]float64) ([]pxBlock, string, error) {
		return j.read(ctx, g, dpi, orient, true, st)
	}, j.opt.orientation(), stats)
}

// pageReader reads a page, turned as orientation detection finds upright
// when orient is set, into stats.
type pageReader func(orient bool, stats map[string]float64) ([]pxBlock, string, error)

// readUprightWith is readUpright's choice between the turned reading and
// the reading as drawn, with read to read the page.
func readUprightWith(read pageReader, orient bool, stats map[string]float64) ([]pxBlock, string, sureTally, error) {
	blocks, backend, err := read(orient, stats)
	if err != nil {
		return nil, "", sureTally{}, err
	}
	kept, gone := dropNoise(blocks, false)
	rot := stats[statRotation]
	if !orient || rot == 0 || len(kept) > 0 || gone.words == 0 {
		return kept, backend, gone, nil
	}
	again := map[string]float64{}
	blocks, asDrawn, err := read(false, again)
	if err != nil {
		return nil, "", sureTally{}, err
	}
	keptAgain, goneAgain := dropNoise(blocks, false)
	addStageTimes(stats, again)
	if len(keptAgain) == 0 {
		return kept, backend, gone, nil
	}
	for k, v := range again {
		if !strings.HasPrefix(k, core.StageStatPrefix) {
			stats[k] = v
		}
	}
	stats[core.NoteStatPrefix+fmt.Sprintf("OCR's orientation detection turned the page by %.0f°, and the turned page read as no print: the page was read as drawn", rot)] = 1
	return keptAgain, asDrawn, goneAgain, nil
}

// addStageTimes adds the stage times of a second reading, from its
// stats, to stats.
func addStageTimes(stats, second map[string]float64) {
	for k, v := range second {
		if strings.HasPrefix(k, core.StageStatPrefix) {
			stats[k] += v
		}
	}
}

// statRotation is the stat of the turn (degrees clockwise) a page was
// read at.
const statRotation = "rotation_applied"

// confidenceStats counts the words of blocks and their mean confidence
// into stats ("words", "mean_confidence").
func confidenceStats(blocks []core.Block, stats map[string]float64) {
	n, sum := 0, 0.0
	for _, b := range blocks {
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
}

// pageImage is page p drawn in gray at opt's resolution: a scan's picture
// as stored where the page is one (render.ScanImage: pdfium would draw
// the same, in three to ten times the time), else pdfium's render.
func (j *job) pageImage(ctx context.Context, p int, opt render.Options, stats map[string]float64) (*image.Gray, render.Transform, error) {
	if g, tr, ok, err := j.r.ScanImage(ctx, j.doc, p, opt); err != nil || ok {
		if ok {
			stats["scan_image"] = 1
		}
		return g, tr, err
	}
	img, tr, err := j.r.RenderPage(ctx, j.doc, p, opt)
	if err != nil {
		return nil, tr, err
	}
	return toGray(img), tr, nil
}

// maxRenderTime bounds the render of a whole page, counted from its first
// pdfium call (which may wait for an instance another page holds). pdfium
// draws an ordinary page at OCR resolution in 0.1-0.5 s of an idle core;
// one that takes tens of seconds is pathological (a huge image or soft
// mask decoded every time it is drawn: 17 s in ../shared/corpus's
// robustness set), and its time goes from the page's own budget, which
// OCR needs. 3 s was tried and failed ordinary scanned pages while a test
// suite loaded both cores; a lost page costs more than a slow one, so the
// bound keeps a margin of some 20 times the idle render.
const maxRenderTime = 10 * time.Second

// maxPagePixels bounds a whole page's render for OCR: A4 at 200 dpi is
// 3.9 million pixels, A3 7.8. A larger sheet holds larger print, which
// reads as well at a lower resolution, and Tesseract's page analysis
// costs in proportion to the pixels.
const maxPagePixels = 12_000_000

// minPageDPI is the least resolution pageDPI lowers a render to.
const minPageDPI = 10

// pageDPI is the resolution to render a page of w×h points at: dpi, or
// less on a page that would pass maxPagePixels.
func pageDPI(dpi, w, h float64) float64 {
	px := (w / 72 * dpi) * (h / 72 * dpi)
	if px <= maxPagePixels || px <= 0 {
		return dpi
	}
	return max(minPageDPI, math.Floor(dpi*math.Sqrt(maxPagePixels/px)))
}

// read turns g upright (when orient is set) and straight (when page is
// set: a whole page, where skew can be measured and margins hold page
// headers and footers), removes ruling lines, picks the backend and the
// languages, reads the image and lays the result out in blocks. Boxes are
// in g's pixels.
//
// Most pages are upright Latin print, which English data reads fastest:
// such a page is read with English first, and kept when that reading is
// good. Only a page it reads poorly pays for OSD (rotation and script)
// and a second reading with the script's model. A band of the page is
// read and judged before the whole (probeLatin): a page the band judges
// poor skips the English reading, and its OSD looks at the band first.
func (j *job) read(ctx context.Context, g *image.Gray, dpi int, orient, page bool, stats map[string]float64) ([]pxBlock, string, error) {
	return j.readAs(ctx, g, dpi, orient, page, false, stats)
}

// worker is a Tesseract worker of the job's, nil where it has no
// Tesseract, and the function that gives it back.
func (j *job) worker(ctx context.Context) (*tessWorker, func(), error) {
	if j.tess == nil {
		return nil, func() {}, nil
	}
	w, err := j.tess.acquire(ctx)
	if err != nil {
		return nil, nil, err
	}
	return w, func() { j.tess.release(w) }, nil
}

// errNotLatin: a picture that English and the Latin model read poorly,
// which readAs leaves to another reader when asked for Latin only.
var errNotLatin = errors.New("ocr: not Latin print")

// readAs is read; with latinOnly, an image that the Latin readings judge
// poor is not read further (no OSD, no script model): readAs returns
// errNotLatin.
func (j *job) readAs(ctx context.Context, g *image.Gray, dpi int, orient, page, latinOnly bool, stats map[string]float64) ([]pxBlock, string, error) {
	clock := newStageClock(stats)
	tw, release, err := j.worker(ctx)
	if err != nil {
		return nil, "", err
	}
	defer release()
	if tw != nil {
		tw.unread = page
		defer func() { tw.unread = false }()
	}
	var upright *cleanPage
	var firstItems []pxWord
	var probe *image.Gray // the band read poorly, for OSD
	var probeWords []pxWord
	if tw != nil && j.opt.Backend != BackendPaddle && len(j.opt.Languages) == 0 && j.tess.available[fastLatin] && !(orient && looksSideways(g)) {
		upright = j.clean(g, 0, dpi, page, clock, stats)
		pr, err := j.probeLatin(ctx, tw, upright.cleaned, dpi, stats)
		if err != nil {
			return nil, "", err
		}
		verdict, scale := pr.verdict, pr.scale
		var items []pxWord
		if verdict == readingPoor {
			probe, probeWords = pr.band, pr.words
		}
		if verdict == readingGood {
			if items, err = j.readAround(ctx, tw, upright.cleaned, dpi, pr); err != nil {
				return nil, "", err
			}
			verdict = judgeLatin(items)
			if latinOnly {
				verdict = judgeFew(items, verdict)
			}
		}
		clock.lap("recognize_first")
		switch verdict {
		case readingGood:
			stats[statRotation] = 0
			return j.latinLayout(ctx, tw, upright, items, g, dpi, clock, stats)
		case readingLatin:
			stats[statRotation] = 0
			return j.readLatin(ctx, tw, upright, g, dpi, scale, clock, stats)
		}
		stats["first_reading_poor"] = 1
		firstItems = items
	}
	if latinOnly {
		return nil, "", errNotLatin
	}
	rot, script, err := j.orientation(ctx, tw, g, probe, dpi, orient, stats)
	if err != nil {
		return nil, "", err
	}
	clock.lap("osd")
	if rot == 0 {
		if script, err = j.scriptAfterAll(ctx, tw, probe, dpi, probeWords, script, stats); err != nil {
			return nil, "", err
		}
	}
	return j.readOriented(ctx, tw, upright, g, dpi, rot, script, page, firstItems, clock, stats)
}

// readOriented reads g once OSD has found its rotation rot and script:
// upright Latin print (or an unknown script) after its poor first reading
// (first; upright is the page cleaned for it, nil when it was not read),
// vertical lines with a vertical model, any other page with its script's
// models.
func (j *job) readOriented(ctx context.Context, tw *tessWorker, upright *cleanPage, g *image.Gray, dpi, rot int, script string, page bool, first []pxWord, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	cp := upright
	if cp != nil && rot == 0 && (script == "" || script == "Latin") {
		return j.readPoorLatin(ctx, tw, cp, g, dpi, script, first, clock, stats)
	}
	if cp == nil || rot != 0 {
		cp = j.clean(g, rot, dpi, page, clock, stats)
	}
	if vm, ok := j.verticalPage(tw, cp, dpi, script, stats); ok {
		return j.readVertical(ctx, tw, cp, g, dpi, vm, clock, stats)
	}
	return j.readScript(ctx, tw, cp, g, dpi, script, clock, stats)
}

// readPoorLatin reads a page that OSD finds upright and Latin (or could
// not tell, script ""), after its first reading (items, nil when only its
// probe was read) was poor: noise, a fax, a picture, not another language
// (judgeLatin sends those to the Latin model). A second reading does not
// pay (but the page needs one with English when only its probe was read),
// unless OSD could not tell the script of a page with too few words
// (sparseScript).
func (j *job) readPoorLatin(ctx context.Context, tw *tessWorker, cp *cleanPage, g *image.Gray, dpi int, script string, first []pxWord, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	items := first
	if items == nil {
		var err error
		if items, err = j.readPage(ctx, tw, cp.cleaned, dpi, []string{fastLatin}, 1); err != nil {
			return nil, "", err
		}
		clock.lap("recognize_first")
	}
	if script == "" {
		guess, tried, err := j.sparseScript(ctx, tw, cp.cleaned, dpi, items)
		if err != nil {
			return nil, "", err
		}
		if tried {
			clock.lap("script_trials")
		}
		if guess != "" {
			stats[statScriptGuessed] = 1
			return j.readScript(ctx, tw, cp, g, dpi, guess, clock, stats)
		}
	}
	if first == nil && judgeLatin(items) == readingLatin {
		return j.readLatin(ctx, tw, cp, g, dpi, 1, clock, stats)
	}
	return j.latinLayout(ctx, tw, cp, items, g, dpi, clock, stats)
}

// readScript reads a cleaned page with the backend and models for script.
func (j *job) readScript(ctx context.Context, tw *tessWorker, cp *cleanPage, g *image.Gray, dpi int, script string, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	backend := j.backendFor(script)
	items, err := j.recognize(ctx, backend, tw, cp.cleaned, dpi, script, 1, stats)
	if err != nil {
		return nil, "", err
	}
	clock.lap("recognize")
	switch {
	case backend == BackendTesseract && unspacedScript(script):
		items = lineItems(items)
		if cp.page {
			toPrint(cp.cleaned, items)
		}
	case backend == BackendPaddle && cp.page:
		measurePrint(cp.cleaned, items)
	case backend == BackendTesseract && cp.page:
		measureBaselines(cp.cleaned, items)
	}
	return j.layout(cp, items, g, clock), backend, nil
}

// readLatin reads again with the Latin model, shrunk by scale (readScale),
// a page whose reading with English is Latin print in another language.
func (j *job) readLatin(ctx context.Context, tw *tessWorker, cp *cleanPage, g *image.Gray, dpi int, scale float64, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	items, err := j.recognize(ctx, BackendTesseract, tw, cp.cleaned, dpi, "Latin", scale, stats)
	if err != nil {
		return nil, "", err
	}
	clock.lap("recognize")
	return j.latinLayout(ctx, tw, cp, items, g, dpi, clock, stats)
}

// latinLayout lays out a page read with a Latin model, after its passages
// in another script are read again with theirs (rereadForeign).
func (j *job) latinLayout(ctx context.Context, tw *tessWorker, cp *cleanPage, items []pxWord, g *image.Gray, dpi int, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	items, err := j.rereadForeign(ctx, tw, cp.cleaned, dpi, items, stats)
	if err != nil {
		return nil, "", err
	}
	clock.lap("reread")
	if cp.page {
		measureBaselines(cp.cleaned, items)
	}
	return j.layout(cp, items, g, clock), BackendTesseract, nil
}

// fastLatin is the language data of the first reading: English, the
// fastest Latin model (tessdata_fast), reads English print as well as the
// Latin script model and in about 60% of its time.
const fastLatin = "eng"

// How a first reading with English is judged.
const (
	// minJudgedWords: fewer words say too little about the page.
	minJudgedWords = 20
	// lowWordConf: a word under it was read with doubt. English pages
	// of the corpus have 1–9% of such words; Polish, Czech, German and
	// French ones 4–35%; turned pages and other scripts most of them.
	lowWordConf = 0.7
	// maxDoubtfulGood: a reading with no more doubtful words is kept,
	// when it also has minConfirmed of its words read with certainty.
	maxDoubtfulGood = 0.12
	// sureWordConf and minConfirmed: English print read with English
	// data has a third to two thirds of its words at sureWordConf or
	// above (the words the model knows; every English page has its
	// function words), the corpus's scanned English pages 31–65%. Polish
	// or Czech read with English, where the model writes each letter it
	// has no glyph for as the nearest one it has, has 3–11%, though few
	// of its words fall under lowWordConf. Such a page goes to the Latin
	// model; an English page of names or codes misjudged so only pays
	// for a second reading.
	sureWordConf = 0.95
	minConfirmed = 0.2
	// maxDoubtfulLatin and minMeanLatin: a reading within them is
	// upright Latin print in another language, read again with the Latin
	// script model without OSD.
	maxDoubtfulLatin = 0.45
	minMeanLatin     = 0.7
)

type reading int

const (
	readingPoor  reading = iota // run OSD and read again
	readingGood                 // keep it
	readingLatin                // upright Latin: read again with the Latin model
)

// judgeLatin rates a first reading with English.
func judgeLatin(ws []pxWord) reading {
	if len(ws) < minJudgedWords {
		return readingPoor
	}
	share, mean := doubt(ws)
	switch {
	case share <= maxDoubtfulGood && confirmed(ws) >= minConfirmed:
		return readingGood
	case latinSure(share, mean):
		return readingLatin
	}
	return readingPoor
}

// latinSure says whether words read with share doubtful and mean
// confidence are read as surely as Latin print in another language is
// (maxDoubtfulLatin, minMeanLatin).
func latinSure(share, mean float64) bool {
	return share <= maxDoubtfulLatin && mean >= minMeanLatin
}

// judgeFew is the verdict on a reading of a picture too short for
// judgeLatin (under minJudgedWords: a chart's labels, a title): good when
// its words are read as surely as Latin print in another language is
// (latinSure). Another script read with English is mostly doubt. A longer reading keeps verdict.
func judgeFew(ws []pxWord, verdict reading) reading {
	if len(ws) == 0 || len(ws) >= minJudgedWords {
		return verdict
	}
	if latinSure(doubt(ws)) {
		return readingGood
	}
	return readingPoor
}

// confirmed is the share of ws read with certainty (sureWordConf).
func confirmed(ws []pxWord) float64 {
	if len(ws) == 0 {
		return 0
	}
	n := 0
	for _, w := range ws {
		if w.conf >= sureWordConf {
			n++
		}
	}
	return float64(n) / float64(len(ws))
}

// doubt is the share of ws read with doubt (under lowWordConf) and their
// mean confidence.
func doubt(ws []pxWord) (share, mean float64) {
	if len(ws) == 0 {
		return 0, 0
	}
	doubtful, sum := 0, 0.0
	for _, w := range ws {
		sum += w.conf
		if w.conf < lowWordConf {
			doubtful++
		}
	}
	return float64(doubtful) / float64(len(ws)), sum / float64(len(ws))
}

// cleanPage is a page image made ready for recognition, with what maps
// its boxes back to the original image.
type cleanPage struct {
	rot     int         // turned clockwise by rot degrees
	up      *image.Gray // upright
	flat    *image.Gray // straightened
	frame   skewFrame
	cleaned *image.Gray // rules painted out
	rules   []rule
	page    bool
}

// clean turns g by rot, straightens it when page is set, turns the fills
// behind its print white (flattenFills) and paints out its ruling lines.
func (j *job) clean(g *image.Gray, rot, dpi int, page bool, clock *stageClock, stats map[string]float64) *cleanPage {
	cp := &cleanPage{rot: rot, up: g, page: page}
	if rot != 0 {
		cp.up = render.TurnClockwise(g, rot)
	}
	cp.flat, cp.frame = cp.up, newSkewFrame(0, cp.up.Rect.Dx(), cp.up.Rect.Dy())
	if page {
		if deg := pageSkew(cp.up, dpi); math.Abs(deg) >= minSkewDeg {
			cp.flat, cp.frame = straighten(cp.up, deg)
			stats["skew_deg"] = deg
		}
	}
	clock.lap("deskew")
	flat := flattenFills(cp.flat, dpi)
	if flat != cp.flat {
		stats[statFillsFlattened] = 1
		clock.lap("fills")
	}
	cp.cleaned, cp.rules = removeRules(flat, dpi)
	if len(cp.rules) > 0 {
		stats["rules"] = float64(len(cp.rules))
	}
	clock.lap("rules")
	return cp
}

// layout lays the words read on cp out in blocks, with boxes in g's
// pixels.
func (j *job) layout(cp *cleanPage, items []pxWord, g *image.Gray, clock *stageClock) []pxBlock {
	pageH := 0
	if cp.page {
		pageH = cp.flat.Rect.Dy()
	}
	blocks := layoutPage(items, cp.rules, pageH)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	mapBlocks(blocks, func(r image.Rectangle) image.Rectangle {
		return unrotateRect(cp.frame.rectToOriginal(r, cp.up.Rect), cp.rot, w, h)
	})
	clock.lap("layout")
	return blocks
}

// orientation finds how far to turn g upright (when orient is set) and
// its script ("" when unsure): Tesseract's OSD, else PaddleOCR's
// direction classifier.
func (j *job) orientation(ctx context.Context, tw *tessWorker, g, hint *image.Gray, dpi int, orient bool, stats map[string]float64) (rot int, script string, err error) {
	if tw == nil {
		if orient && j.paddle != nil {
			rot, err = j.paddle.orientation(ctx, g)
		}
		stats[statRotation] = float64(rot)
		return rot, "", err
	}
	if r, err := j.detect(tw, g, hint, dpi); err == nil {
		if orient && r.OrientConf > minOrientConf {
			rot = r.Rotate
		}
		if r.ScriptConf > minScriptConf {
			script = r.Script
		}
		stats["osd_orientation_conf"] = r.OrientConf
		stats["osd_script_conf"] = r.ScriptConf
	}
	stats[statRotation] = float64(rot)
	return rot, script, nil
}

// detect runs OSD on hint, a part of g (nil: none), and keeps its answer
// when sure of both orientation and script; else on the whole of g.
func (j *job) detect(tw *tessWorker, g, hint *image.Gray, dpi int) (osdResult, error) {
	if hint != nil {
		if r, err := tw.detect(j.tess, hint, dpi); err == nil && r.OrientConf > minOrientConf && r.ScriptConf > minScriptConf {
			return r, nil
		}
	}
	return tw.detect(j.tess, g, dpi)
}

// OSD confidences under which its orientation or script is not used.
const (
	minOrientConf = 1.5
	minScriptConf = 0.5
)

// backendFor picks the backend for a page in script.
func (j *job) backendFor(script string) string {
	if j.opt.Backend != BackendAuto {
		return j.opt.Backend
	}
	if j.tess == nil || (isHan(script) && j.paddleFor() != nil) {
		return BackendPaddle
	}
	return BackendTesseract
}

// unspacedScript reports whether script (OSD's name) is written without
// spaces between words: Chinese and Japanese.
func unspacedScript(script string) bool {
	return isHan(script) || script == "Japanese" || script == "Hiragana" || script == "Katakana"
}

// isHan reports whether script (OSD's name, or a Tesseract script
// model's) is Chinese.
func isHan(script string) bool {
	return script == "Han" || script == "HanS" || script == "HanT"
}

// withTess is the job with Tesseract, loaded now if it was left for
// later; nil when there is none.
func (j *job) withTess() *job {
	if j.tess != nil {
		return j
	}
	t := j.e.lateTess(j.opt)
	if t == nil {
		return nil
	}
	c := *j
	c.tess = t
	return &c
}

// paddleFor is the job's PaddleOCR backend, loaded now if it was left
// for later; nil when there is none.
func (j *job) paddleFor() *paddle {
	if j.paddle != nil {
		return j.paddle
	}
	return j.e.latePaddle(j.opt)
}

// recognize reads the cleaned page with backend; Tesseract with the
// models for script, at scale (readScale).
func (j *job) recognize(ctx context.Context, backend string, tw *tessWorker, g *image.Gray, dpi int, script string, scale float64, stats map[string]float64) ([]pxWord, error) {
	if backend == BackendPaddle {
		pd := j.paddleFor()
		if pd == nil {
			return nil, fmt.Errorf("ocr: paddle backend not loaded: %w", core.ErrUnsupported)
		}
		squeeze := 1.0
		if isHan(script) {
			squeeze = hanSqueeze
		}
		return readPaddleParts(ctx, pd, g, pageParts(g, dpi), dpi, squeeze)
	}
	if tw == nil {
		return nil, fmt.Errorf("ocr: tesseract backend not loaded: %w", core.ErrUnsupported)
	}
	langs, missing := j.tess.modelsFor(script, j.opt.Languages)
	if missing != "" {
		stats[core.NoteStatPrefix+fmt.Sprintf("no Tesseract model for the %s script is installed: install the Debian package %s", script, missing)] = 1
	}
	ws, err := j.readPage(ctx, tw, g, dpi, langs, scale)
	if err != nil || !dotted(langs) || slices.Contains(langs, fastLatin) {
		return ws, err
	}
	return j.tess.latinWords(ctx, tw, g, dpi, ws)
}

// stageClock adds the milliseconds of a page's pipeline stages to its
// stats (core.StageStatPrefix), which the ledger shows per attempt.
type stageClock struct {
	stats map[string]float64
	t     time.Time
}

func newStageClock(stats map[string]float64) *stageClock {
	return &stageClock{stats: stats, t: time.Now()}
}

// lap charges the time since the last lap to stage.
func (c *stageClock) lap(stage string) {
	now := time.Now()
	c.stats[core.StageStatPrefix+stage] += float64(now.Sub(c.t).Microseconds()) / 1000
	c.t = now
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
