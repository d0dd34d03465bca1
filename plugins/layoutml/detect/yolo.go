package detect

import (
	"fmt"
	"image"
	"math"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// DocLayout-YOLO defaults.
const (
	yoloSize  = 1024 // DocLayout-YOLO's DocStructBench input
	yoloScore = 0.25
	// yoloEnd2End is the last dim of a YOLOv10 end-to-end output [N, K, 6]:
	// x0, y0, x1, y1, score, class.
	yoloEnd2End = 6
	// yoloBox is the four box values ahead of the class scores of a raw
	// YOLOv8-style head [N, 4+C, K]: centre x, centre y, width, height.
	yoloBox = 4
	// docLayNetClasses is the class count that picks the DocLayNet labels
	// for a raw head without label metadata.
	docLayNetClasses = 11
)

// yolo is the DocLayout-YOLO family: one letterboxed image in, boxes in
// letterboxed input pixels out.
type yolo struct{ s spec }

func newYOLO(mi modelInfo) (family, error) {
	if len(mi.ins) != 1 || !isImage(mi.ins[0]) {
		return nil, notFormat(mi, FormatDocLayoutYOLO, "one float image input [N,3,H,W]")
	}
	out := findByRank(mi.outs, 3, floatType)
	if out < 0 {
		return nil, notFormat(mi, FormatDocLayoutYOLO, "a float output [N,K,6] or [N,4+C,K]")
	}
	s, err := geometry(mi, mi.ins[0], yoloSize, yoloSize)
	if err != nil {
		return nil, err
	}
	s.format, s.norm = FormatDocLayoutYOLO, unitNorm
	s.inputs, s.outputs = []string{mi.ins[0].name}, []string{mi.outs[out].name}
	s.post = postParams{score: scoreOr(mi.configured, yoloScore), iou: mi.configured.IOUThreshold}
	def := docLayoutYOLOLabels
	if d := mi.outs[out].dims; d[2] != yoloEnd2End && d[1]-yoloBox == docLayNetClasses {
		def = docLayNetLabels
	}
	s.post.labels = firstLabels(mi.configured.Labels, mi.names, def)
	return &yolo{s: s}, nil
}

func (y *yolo) spec() *spec               { return &y.s }
func (y *yolo) labels(_ [][]det) []string { return y.s.post.labels }

// feed letterboxes every page into the input (pad 114, values 0..1).
func (y *yolo) feed(pages []Input) ([]tensor, []toPage, error) {
	img, dsts := imageTensor(pages, &y.s, true)
	maps := make([]toPage, len(pages))
	for i, p := range pages {
		d := dsts[i]
		maps[i] = toPage{
			offX: float64(d.Min.X), offY: float64(d.Min.Y),
			kx: p.Width / float64(d.Dx()), ky: p.Height / float64(d.Dy()),
		}
	}
	return []tensor{img}, maps, nil
}

// decode reads either output layout.
func (y *yolo) decode(outs []tensor, n int) ([][]det, error) {
	t := outs[0]
	if err := checkOutput(t, 3, "yolo"); err != nil {
		return nil, err
	}
	if t.Shape[0] != int64(n) {
		return nil, fmt.Errorf("detect: yolo output for %d pages, want %d: %w", t.Shape[0], n, core.ErrInternal)
	}
	if t.Shape[2] == yoloEnd2End {
		return decodeEnd2End(t, n), nil
	}
	return decodeRawYOLO(t, n)
}

// decodeEnd2End reads [N, K, 6] rows of x0, y0, x1, y1, score, class.
func decodeEnd2End(t tensor, n int) [][]det {
	k := int(t.Shape[1])
	out := make([][]det, n)
	for b := range n {
		for j := range k {
			r := (b*k + j) * yoloEnd2End
			out[b] = append(out[b], det{
				class: int(math.Round(t.At(r + 5))),
				score: t.At(r + 4),
				box:   [4]float64{t.At(r), t.At(r + 1), t.At(r + 2), t.At(r + 3)},
			})
		}
	}
	return out
}

// decodeRawYOLO reads [N, 4+C, K]: per candidate k the centre, size and C
// class scores; the best class wins.
func decodeRawYOLO(t tensor, n int) ([][]det, error) {
	rows, k := int(t.Shape[1]), int(t.Shape[2])
	if rows <= yoloBox {
		return nil, fmt.Errorf("detect: yolo output shape %v has no class scores: %w", t.Shape, core.ErrInternal)
	}
	out := make([][]det, n)
	for b := range n {
		base := b * rows * k
		for j := range k {
			best, score := 0, math.Inf(-1)
			for c := range rows - yoloBox {
				if v := t.At(base + (yoloBox+c)*k + j); v > score {
					best, score = c, v
				}
			}
			cx, cy := t.At(base+j), t.At(base+k+j)
			w, h := t.At(base+2*k+j), t.At(base+3*k+j)
			out[b] = append(out[b], det{class: best, score: score, box: [4]float64{cx - w/2, cy - h/2, cx + w/2, cy + h/2}})
		}
	}
	return out, nil
}

// imageTensor paints the pages into one [n, 3, h, w] input: letterboxed
// (aspect kept, pad 114) or stretched over the whole input. dsts are where
// each page landed.
func imageTensor(pages []Input, s *spec, boxed bool) (tensor, []image.Rectangle) {
	plane := channels * s.w * s.h
	data := make([]float32, len(pages)*plane)
	dsts := make([]image.Rectangle, len(pages))
	for i, p := range pages {
		b := p.Image.Bounds()
		dst, pad := image.Rect(0, 0, s.w, s.h), [3]float32{}
		if boxed {
			dst, _ = letterbox(b.Dx(), b.Dy(), s.w, s.h)
			pad = [3]float32{padGray, padGray, padGray}
		}
		onnxrt.Paint(data[i*plane:(i+1)*plane], p.Image, s.w, s.h, dst, pad, s.norm)
		dsts[i] = dst
	}
	return tensor{Shape: []int64{int64(len(pages)), channels, int64(s.h), int64(s.w)}, F: data}, dsts
}
