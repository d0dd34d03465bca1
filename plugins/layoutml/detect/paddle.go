package detect

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"go.yaml.in/yaml/v3"

	"github.com/assay-pdf/assay/core"
)

// PP-DocLayout defaults.
const (
	paddleSize  = 640 // PP-DocLayout-L/M
	paddleScore = 0.5 // PaddleX's draw_threshold for PP-DocLayout
	// paddleRow is a row of the detections output [M, 6]: class, score,
	// x0, y0, x1, y1 in original image pixels.
	paddleRow = 6
	// picoDetW and picoDetH are the input of PaddleOCR's PicoDet layout
	// model, the one 5-class model of the family.
	picoDetW, picoDetH = 608, 800
	// paddleYAMLName is PaddleX's model description beside the model file.
	paddleYAMLName = "inference.yml"
	// maxYAMLBytes bounds the inference.yml read.
	maxYAMLBytes = 1 << 20
)

// paddle is the PaddleDetection export family: a stretched image with its
// im_shape and scale_factor in, NMS-ed detections in original image pixels
// and a per-image count out.
type paddle struct {
	s        spec
	roles    []string // input roles in spec.inputs order: "image", "im_shape", "scale_factor"
	counts   bool     // the model has the per-image count output
	wide     atomic.Bool
	defaults bool // labels not given: choose between the 23- and 5-class lists
}

func newPaddle(mi modelInfo) (family, error) {
	img := findByRank(mi.ins, imageRank, floatType)
	bbox := slices.IndexFunc(mi.outs, func(o ioInfo) bool {
		d := o.dims
		return len(d) == 2 && o.elem == floatType && (d[1] == paddleRow || d[1] <= 0)
	})
	if img < 0 || !isImage(mi.ins[img]) || bbox < 0 {
		return nil, notFormat(mi, FormatPPDocLayout, "inputs image [N,3,H,W], im_shape, scale_factor; outputs [M,6] and [N]")
	}
	defW, defH := paddleSize, paddleSize
	if y := mi.paddle; y != nil && y.w > 0 {
		defW, defH = y.w, y.h
	}
	s, err := geometry(mi, mi.ins[img], defW, defH)
	if err != nil {
		return nil, err
	}
	p := &paddle{s: s}
	p.s.format = FormatPPDocLayout
	p.s.norm, p.s.post = paddleSettings(mi)
	p.defaults = p.s.post.labels == nil
	p.s.inputs, p.roles = []string{mi.ins[img].name}, []string{"image"}
	for _, role := range []string{"im_shape", "scale_factor"} {
		if i := findByName(mi.ins, role); i >= 0 {
			p.s.inputs, p.roles = append(p.s.inputs, role), append(p.roles, role)
		}
	}
	p.s.outputs = []string{mi.outs[bbox].name}
	if c := findByRank(mi.outs, 1, intType); c >= 0 {
		p.s.outputs, p.counts = append(p.s.outputs, mi.outs[c].name), true
	} else {
		p.s.batch, p.s.fixed = 1, false // without counts one page per run
	}
	return p, nil
}

func (p *paddle) spec() *spec { return &p.s }

// paddleSettings are the normalisation and post-processing from the config,
// else inference.yml, else the family defaults (ImageNet mean and
// deviation, score 0.5, labels chosen when decoding).
func paddleSettings(mi modelInfo) (norm, postParams) {
	n := imageNetNorm
	pp := postParams{score: scoreOr(mi.configured, paddleScore), iou: mi.configured.IOUThreshold}
	if y := mi.paddle; y != nil {
		n, pp.labels = y.norm, y.labels
		if y.score > 0 && mi.configured.ScoreThreshold == 0 {
			pp.score = y.score
		}
	}
	pp.labels = firstLabels(mi.configured.Labels, pp.labels)
	return n, pp
}

// feed stretches every page over the input and gives im_shape (the input
// height and width) and scale_factor (input over image, y then x).
func (p *paddle) feed(pages []Input) ([]tensor, []toPage, error) {
	img, _ := imageTensor(pages, &p.s, false)
	n := int64(len(pages))
	shape := tensor{Shape: []int64{n, 2}, F: make([]float32, 0, 2*n)}
	scale := tensor{Shape: []int64{n, 2}, F: make([]float32, 0, 2*n)}
	maps := make([]toPage, len(pages))
	for i, pg := range pages {
		b := pg.Image.Bounds()
		shape.F = append(shape.F, float32(p.s.h), float32(p.s.w))
		scale.F = append(scale.F, float32(p.s.h)/float32(b.Dy()), float32(p.s.w)/float32(b.Dx()))
		maps[i] = toPage{kx: pg.Width / float64(b.Dx()), ky: pg.Height / float64(b.Dy())}
	}
	byRole := map[string]tensor{"image": img, "im_shape": shape, "scale_factor": scale}
	feeds := make([]tensor, len(p.roles))
	for i, r := range p.roles {
		feeds[i] = byRole[r]
	}
	return feeds, maps, nil
}

// decode splits the [M, 6] rows between the pages by the counts; rows with
// a negative class (Paddle's "nothing found" row) are skipped.
func (p *paddle) decode(outs []tensor, n int) ([][]det, error) {
	rows := outs[0]
	if err := checkOutput(rows, 2, "pp-doclayout"); err != nil {
		return nil, err
	}
	if rows.Shape[1] != paddleRow {
		return nil, fmt.Errorf("detect: pp-doclayout output shape %v, want [M,6]: %w", rows.Shape, core.ErrInternal)
	}
	counts, err := p.pageCounts(outs, n, int(rows.Shape[0]))
	if err != nil {
		return nil, err
	}
	out := make([][]det, n)
	r := 0
	for b, c := range counts {
		for ; c > 0; c, r = c-1, r+1 {
			o := r * paddleRow
			class := int(math.Round(rows.At(o)))
			if class < 0 {
				continue
			}
			out[b] = append(out[b], det{class: class, score: rows.At(o + 1),
				box: [4]float64{rows.At(o + 2), rows.At(o + 3), rows.At(o + 4), rows.At(o + 5)}})
		}
	}
	return out, nil
}

// pageCounts is how many of the m rows belong to each of the n pages.
func (p *paddle) pageCounts(outs []tensor, n, m int) ([]int, error) {
	if !p.counts {
		return []int{m}, nil
	}
	c := outs[1]
	if len(c.Shape) != 1 || c.Size() != n {
		return nil, fmt.Errorf("detect: pp-doclayout count output has shape %v, want [%d]: %w", c.Shape, n, core.ErrInternal)
	}
	counts, total := make([]int, n), 0
	for i := range n {
		counts[i] = int(c.At(i))
		total += counts[i]
	}
	if total > m || slices.Min(counts) < 0 {
		return nil, fmt.Errorf("detect: pp-doclayout counts %v for %d rows: %w", counts, m, core.ErrInternal)
	}
	return counts, nil
}

// labels: the configured or inference.yml list, else PP-DocLayout's 23
// classes, or PicoDet layout's 5 for an 800x608 model that has never
// produced a class id of 5 or more.
func (p *paddle) labels(dets [][]det) []string {
	if !p.defaults {
		return p.s.post.labels
	}
	for _, ds := range dets {
		for _, d := range ds {
			if d.class >= len(picoDetLayoutLabels) {
				p.wide.Store(true)
			}
		}
	}
	if !p.wide.Load() && p.s.w == picoDetW && p.s.h == picoDetH {
		return picoDetLayoutLabels
	}
	return ppDocLayoutLabels
}

// paddleYAML is what Load takes from a PaddleX inference.yml.
type paddleYAML struct {
	w, h   int // Resize target_size
	norm   norm
	labels []string
	score  float64 // draw_threshold
}

// paddleFile is the part of inference.yml that is read.
type paddleFile struct {
	Preprocess []struct {
		Type       string    `yaml:"type"`
		TargetSize []int     `yaml:"target_size"`
		Mean       []float32 `yaml:"mean"`
		Std        []float32 `yaml:"std"`
		NormType   string    `yaml:"norm_type"`
	} `yaml:"Preprocess"`
	LabelList     []string `yaml:"label_list"`
	DrawThreshold float64  `yaml:"draw_threshold"`
}

// readPaddleYAML reads inference.yml beside the model; nil when there is
// none or it cannot be read (the family defaults apply).
func readPaddleYAML(model string) *paddleYAML {
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(model), paddleYAMLName))
	if err != nil || len(raw) > maxYAMLBytes {
		return nil
	}
	var f paddleFile
	if yaml.Unmarshal(raw, &f) != nil {
		return nil
	}
	y := &paddleYAML{norm: imageNetNorm, labels: f.LabelList, score: f.DrawThreshold}
	for _, op := range f.Preprocess {
		switch op.Type {
		case "Resize":
			if len(op.TargetSize) == 2 && op.TargetSize[0] > 0 && op.TargetSize[1] > 0 {
				y.h, y.w = op.TargetSize[0], op.TargetSize[1]
			}
		case "NormalizeImage":
			y.norm = unitNorm
			if op.NormType != "none" && len(op.Mean) == channels && len(op.Std) == channels && !slices.Contains(op.Std, 0) {
				copy(y.norm.Mean[:], op.Mean)
				copy(y.norm.Std[:], op.Std)
			}
		}
	}
	return y
}
