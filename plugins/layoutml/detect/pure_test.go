package detect

import (
	"context"
	"errors"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

const tol = 1e-3

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

func nearBox(a, b core.BBox) bool {
	return near(a.X0, b.X0) && near(a.Y0, b.Y0) && near(a.X1, b.X1) && near(a.Y1, b.Y1)
}

// uniform is a w×h RGBA image of one colour.
func uniform(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

var (
	white = color.RGBA{255, 255, 255, 255}
	black = color.RGBA{0, 0, 0, 255}
)

func TestLetterbox(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		imgW, imgH int
		inW, inH   int
		want       image.Rectangle
		wantR      float64
	}{
		{"wide", 100, 50, 64, 64, image.Rect(0, 16, 64, 48), 0.64},
		{"tall", 50, 100, 64, 64, image.Rect(16, 0, 48, 64), 0.64},
		{"square", 64, 64, 64, 64, image.Rect(0, 0, 64, 64), 1},
		{"upscale", 32, 16, 64, 64, image.Rect(0, 16, 64, 48), 2},
		{"sliver", 1000, 10, 64, 64, image.Rect(0, 31, 64, 32), 0.064},
		{"non-square input", 100, 100, 64, 32, image.Rect(16, 0, 48, 32), 0.32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, r := letterbox(tc.imgW, tc.imgH, tc.inW, tc.inH)
			if got != tc.want || !near(r, tc.wantR) {
				t.Errorf("letterbox = %v, %v; want %v, %v", got, r, tc.want, tc.wantR)
			}
		})
	}
}

// planeMean is the mean of channel c of a CHW canvas.
func planeMean(data []float32, c, plane int) float64 {
	var s float64
	for _, v := range data[c*plane : (c+1)*plane] {
		s += float64(v)
	}
	return s / float64(plane)
}

func TestPaint(t *testing.T) {
	t.Parallel()
	const s = 64
	pad := float64(padGray) / channelMax
	halfRed := image.NewNRGBA(image.Rect(0, 0, 400, 200)) // generic path, shrunk by 4
	for y := range 200 {
		for x := range 400 {
			c := color.NRGBA{0, 0, 255, 255}
			if x < 200 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			halfRed.SetNRGBA(x, y, c)
		}
	}
	gray := image.NewGray(image.Rect(0, 0, 50, 100))
	for i := range gray.Pix {
		gray.Pix[i] = 51 // 0.2
	}
	for _, tc := range []struct {
		name  string
		img   image.Image
		boxed bool
		n     norm
		at    [][3]int // x, y, channel
		want  []float64
		mean  float64 // of channel 0
		slack float64 // on the mean, for blended edges
	}{
		{"letterbox white", uniform(100, 50, white), true, unitNorm,
			[][3]int{{0, 0, 0}, {32, 32, 1}, {63, 15, 2}, {63, 16, 2}}, []float64{pad, 1, pad, 1}, 0.5 + 0.5*pad, 0},
		{"letterbox gray", gray, true, unitNorm,
			[][3]int{{0, 0, 0}, {20, 10, 2}}, []float64{pad, 0.2}, 0.5*pad + 0.5*0.2, 0},
		{"stretch imagenet", uniform(30, 40, white), false, imageNetNorm,
			[][3]int{{0, 0, 0}, {5, 5, 2}}, []float64{(1 - 0.485) / 0.229, (1 - 0.406) / 0.225}, (1 - 0.485) / 0.229, 0},
		{"shrunk halves", halfRed, true, unitNorm,
			[][3]int{{10, 32, 0}, {10, 32, 2}, {50, 32, 0}, {50, 32, 2}}, []float64{1, 0, 0, 1}, 0.5*0.5 + 0.5*pad, 0.01},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sp := spec{w: s, h: s, norm: tc.n}
			tt, _ := imageTensor([]Input{{Image: tc.img}}, &sp, tc.boxed)
			if !slices.Equal(tt.Shape, []int64{1, 3, s, s}) {
				t.Fatalf("shape %v", tt.Shape)
			}
			for i, a := range tc.at {
				if got := float64(tt.F[a[2]*s*s+a[1]*s+a[0]]); !near(got, tc.want[i]) {
					t.Errorf("pixel %v = %v, want %v", a, got, tc.want[i])
				}
			}
			if got := planeMean(tt.F, 0, s*s); math.Abs(got-tc.mean) > tol+tc.slack {
				t.Errorf("channel 0 mean %v, want %v", got, tc.mean)
			}
		})
	}
}

func TestToPage(t *testing.T) {
	t.Parallel()
	tp := toPage{offX: 0, offY: 16, kx: 3.125, ky: 3.125}
	if got, want := tp.box([4]float64{0, 16, 32, 48}), (core.BBox{X0: 0, Y0: 0, X1: 100, Y1: 100}); !nearBox(got, want) {
		t.Errorf("box = %+v, want %+v", got, want)
	}
}

func TestIOU(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b [4]float64
		want float64
	}{
		{[4]float64{0, 0, 10, 10}, [4]float64{0, 0, 10, 10}, 1},
		{[4]float64{0, 0, 10, 10}, [4]float64{5, 0, 15, 10}, 50.0 / 150},
		{[4]float64{0, 0, 10, 10}, [4]float64{10, 0, 20, 10}, 0},
		{[4]float64{0, 0, 0, 0}, [4]float64{0, 0, 0, 0}, 0},
	} {
		if got := iou(tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("iou(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestNMS(t *testing.T) {
	t.Parallel()
	a := det{class: 0, score: 0.9, box: [4]float64{0, 0, 10, 10}}
	aDup := det{class: 0, score: 0.8, box: [4]float64{1, 0, 11, 10}}   // IoU 0.82 with a
	aNear := det{class: 0, score: 0.7, box: [4]float64{6, 0, 16, 10}}  // IoU 0.25 with a
	bSame := det{class: 1, score: 0.85, box: [4]float64{0, 0, 10, 10}} // other class
	for _, tc := range []struct {
		name string
		in   []det
		thr  float64
		want []det
	}{
		{"duplicate dropped", []det{aDup, a}, 0.45, []det{a}},
		{"other class kept", []det{a, bSame, aDup}, 0.45, []det{a, bSame}},
		{"small overlap kept", []det{aNear, a}, 0.45, []det{a, aNear}},
		{"loose threshold keeps all", []det{a, aDup}, 0.9, []det{a, aDup}},
		{"empty", nil, 0.45, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := nms(tc.in, tc.thr); !slices.Equal(got, tc.want) {
				t.Errorf("nms = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestAboveScore(t *testing.T) {
	t.Parallel()
	in := []det{{score: 0.2}, {score: 0.25}, {score: math.NaN()}, {score: 0.9}}
	if got := aboveScore(in, 0.25); len(got) != 2 || got[0].score != 0.25 || got[1].score != 0.9 {
		t.Errorf("aboveScore = %v", got)
	}
}

func TestKindOf(t *testing.T) {
	t.Parallel()
	top := core.BBox{X0: 0, Y0: 5, X1: 100, Y1: 20}
	bottom := core.BBox{X0: 0, Y0: 760, X1: 100, Y1: 780}
	for _, tc := range []struct {
		label string
		box   core.BBox
		want  core.BlockKind
		drop  bool
	}{
		{"title", top, core.KindHeading, false},
		{"doc_title", top, core.KindHeading, false},
		{"paragraph_title", top, core.KindHeading, false},
		{"Section-header", top, core.KindHeading, false},
		{"plain text", top, core.KindParagraph, false},
		{"Text", top, core.KindParagraph, false},
		{"abstract", top, core.KindParagraph, false},
		{"reference", top, core.KindParagraph, false},
		{"aside_text", top, core.KindParagraph, false},
		{"List-item", top, core.KindListItem, false},
		{"list", top, core.KindListItem, false},
		{"Table", top, core.KindTable, false},
		{"Picture", top, core.KindFigure, false},
		{"chart", top, core.KindFigure, false},
		{"seal", top, core.KindFigure, false},
		{"figure_caption", top, core.KindCaption, false},
		{"table_caption", top, core.KindCaption, false},
		{"formula_caption", top, core.KindCaption, false},
		{"Caption", top, core.KindCaption, false},
		{"figure_title", top, core.KindCaption, false},
		{"chart_title", top, core.KindCaption, false},
		{"isolate_formula", top, core.KindFormula, false},
		{"Formula", top, core.KindFormula, false},
		{"Page-header", bottom, core.KindPageHeader, false},
		{"header", top, core.KindPageHeader, false},
		{"Page-footer", top, core.KindPageFooter, false},
		{"footer", bottom, core.KindPageFooter, false},
		{"Footnote", bottom, core.KindFootnote, false},
		{"table_footnote", top, core.KindFootnote, false},
		{"Code", top, core.KindCode, false},
		{"algorithm", top, core.KindCode, false},
		{"abandon", top, core.KindPageHeader, false},
		{"abandon", bottom, core.KindPageFooter, false},
		{"number", bottom, core.KindPageFooter, false},
		{"background", top, "", true},
		{"Checkbox-Selected", top, core.KindParagraph, false},
		{"class_42", top, core.KindParagraph, false},
	} {
		t.Run(tc.label, func(t *testing.T) {
			t.Parallel()
			got, ok := kindOf(tc.label, tc.box, 792)
			if got != tc.want || ok == tc.drop {
				t.Errorf("kindOf(%q) = %q, %v; want %q, %v", tc.label, got, ok, tc.want, !tc.drop)
			}
		})
	}
}

func TestParseNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"{0: 'title', 1: 'plain text', 2: 'abandon'}", []string{"title", "plain text", "abandon"}},
		{`{0: "Caption", 2: "Formula"}`, []string{"Caption", "", "Formula"}},
		{"", nil},
		{"not a dict", nil},
	} {
		if got := parseNames(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("parseNames(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDecodeYOLO(t *testing.T) {
	t.Parallel()
	y := &yolo{}
	e2e := tensor{Shape: []int64{2, 1, 6}, F: []float32{1, 2, 3, 4, 0.5, 7, 5, 6, 7, 8, 0.25, 1}}
	got, err := y.decode([]tensor{e2e}, 2)
	want := [][]det{
		{{class: 7, score: 0.5, box: [4]float64{1, 2, 3, 4}}},
		{{class: 1, score: 0.25, box: [4]float64{5, 6, 7, 8}}},
	}
	if err != nil || !detsEqual(got, want) {
		t.Errorf("end-to-end: %v, %v; want %v", got, err, want)
	}
	// [1, 4+2, 2]: rows cx, cy, w, h, class 0, class 1; columns the candidates.
	raw := tensor{Shape: []int64{1, 6, 2}, F: []float32{
		10, 50, // cx
		20, 50, // cy
		4, 10, // w
		8, 20, // h
		0.1, 0.6, // class 0
		0.7, 0.2, // class 1
	}}
	got, err = y.decode([]tensor{raw}, 1)
	want = [][]det{{
		{class: 1, score: 0.7, box: [4]float64{8, 16, 12, 24}},
		{class: 0, score: 0.6, box: [4]float64{45, 40, 55, 60}},
	}}
	if err != nil || !detsEqual(got, want) {
		t.Errorf("raw: %v, %v; want %v", got, err, want)
	}
	for _, bad := range []tensor{
		{Shape: []int64{1, 6}, F: make([]float32, 6)},
		{Shape: []int64{2, 1, 6}, F: make([]float32, 6)},
		{Shape: []int64{1, 4, 3}, F: make([]float32, 12)},
	} {
		if _, err := y.decode([]tensor{bad}, 1); !errors.Is(err, core.ErrInternal) {
			t.Errorf("decode %v: %v", bad.Shape, err)
		}
	}
}

func detsEqual(a, b [][]det) bool {
	return slices.EqualFunc(a, b, func(x, y []det) bool {
		return slices.EqualFunc(x, y, func(p, q det) bool {
			return p.class == q.class && near(p.score, q.score) &&
				near(p.box[0], q.box[0]) && near(p.box[1], q.box[1]) && near(p.box[2], q.box[2]) && near(p.box[3], q.box[3])
		})
	})
}

func TestDecodePaddle(t *testing.T) {
	t.Parallel()
	p := &paddle{counts: true, defaults: true}
	rows := tensor{Shape: []int64{3, 6}, F: []float32{
		2, 0.9, 1, 2, 3, 4,
		-1, 0, 0, 0, 0, 0,
		13, 0.8, 5, 6, 7, 8,
	}}
	got, err := p.decode([]tensor{rows, {Shape: []int64{2}, I: []int64{2, 1}}}, 2)
	want := [][]det{
		{{class: 2, score: 0.9, box: [4]float64{1, 2, 3, 4}}},
		{{class: 13, score: 0.8, box: [4]float64{5, 6, 7, 8}}},
	}
	if err != nil || !detsEqual(got, want) {
		t.Errorf("decode: %v, %v; want %v", got, err, want)
	}
	for name, counts := range map[string]tensor{
		"too many": {Shape: []int64{2}, I: []int64{2, 2}},
		"negative": {Shape: []int64{2}, I: []int64{4, -1}},
		"wrong n":  {Shape: []int64{1}, I: []int64{3}},
	} {
		if _, err := p.decode([]tensor{rows, counts}, 2); !errors.Is(err, core.ErrInternal) {
			t.Errorf("%s: %v", name, err)
		}
	}
	single := &paddle{}
	if got, err := single.decode([]tensor{rows}, 1); err != nil || len(got) != 1 || len(got[0]) != 2 {
		t.Errorf("without counts: %v, %v", got, err)
	}
}

func TestPaddleLabels(t *testing.T) {
	t.Parallel()
	small := []det{{class: 0}, {class: 4}}
	for _, tc := range []struct {
		name string
		w, h int
		runs [][]det
		want []string
	}{
		{"640 square", 640, 640, [][]det{small}, ppDocLayoutLabels},
		{"picodet size", picoDetW, picoDetH, [][]det{small}, picoDetLayoutLabels},
		{"picodet size, wide class seen", picoDetW, picoDetH, [][]det{{{class: 9}}, small}, ppDocLayoutLabels},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := &paddle{s: spec{w: tc.w, h: tc.h}, defaults: true}
			var got []string
			for _, r := range tc.runs {
				got = p.labels([][]det{r})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("labels = %v, want %v", got, tc.want)
			}
		})
	}
	given := &paddle{s: spec{post: postParams{labels: []string{"x"}}}}
	if got := given.labels(nil); !slices.Equal(got, []string{"x"}) {
		t.Errorf("configured labels: %v", got)
	}
}

func TestDecodeDocling(t *testing.T) {
	t.Parallel()
	d := &docling{}
	outs := []tensor{
		{Shape: []int64{2, 1}, I: []int64{10, 9}},
		{Shape: []int64{2, 1, 4}, F: []float32{1, 2, 3, 4, 5, 6, 7, 8}},
		{Shape: []int64{2, 1}, F: []float32{0.7, 0.8}},
	}
	got, err := d.decode(outs, 2)
	want := [][]det{
		{{class: 10, score: 0.7, box: [4]float64{1, 2, 3, 4}}},
		{{class: 9, score: 0.8, box: [4]float64{5, 6, 7, 8}}},
	}
	if err != nil || !detsEqual(got, want) {
		t.Errorf("decode: %v, %v; want %v", got, err, want)
	}
	if _, err := d.decode(outs, 3); !errors.Is(err, core.ErrInternal) {
		t.Errorf("wrong page count: %v", err)
	}
}

func TestPost(t *testing.T) {
	t.Parallel()
	ds := []det{
		{class: 1, score: 0.9, box: [4]float64{10, 50, 60, 60}},
		{class: 0, score: 0.8, box: [4]float64{10, 10, 90, 20}},
		{class: 0, score: 0.7, box: [4]float64{11, 10, 91, 20}},    // duplicate of the one above
		{class: 2, score: 0.1, box: [4]float64{0, 0, 10, 10}},      // below threshold
		{class: 3, score: 0.5, box: [4]float64{-20, 90, 120, 130}}, // clamped
		{class: 1, score: 0.6, box: [4]float64{120, 0, 130, 10}},   // off the page
		{class: 4, score: 0.6, box: [4]float64{0, 30, 10, 40}},     // background
	}
	p := postParams{score: 0.25, iou: 0.45, labels: []string{"title", "Table", "x", "abandon", "background"}}
	got := post(ds, p, toPage{kx: 2, ky: 2}, 200, 200)
	want := []Region{
		{Kind: core.KindHeading, Label: "title", Box: core.BBox{X0: 20, Y0: 20, X1: 180, Y1: 40}, Score: 0.8},
		{Kind: core.KindTable, Label: "Table", Box: core.BBox{X0: 20, Y0: 100, X1: 120, Y1: 120}, Score: 0.9},
		{Kind: core.KindPageFooter, Label: "abandon", Box: core.BBox{X0: 0, Y0: 180, X1: 200, Y1: 200}, Score: 0.5},
	}
	if !regionsEqual(got, want) {
		t.Errorf("post =\n%+v\nwant\n%+v", got, want)
	}
	if got := labelName(nil, 7); got != "class_7" {
		t.Errorf("labelName = %q", got)
	}
}

func regionsEqual(a, b []Region) bool {
	return slices.EqualFunc(a, b, func(x, y Region) bool {
		return x.Kind == y.Kind && x.Label == y.Label && near(x.Score, y.Score) && nearBox(x.Box, y.Box)
	})
}

func TestValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  ONNXConfig
		err  error
	}{
		{"minimal", ONNXConfig{Model: "m.onnx"}, nil},
		{"full", ONNXConfig{Model: "m.onnx", Format: FormatPPDocLayout, Accelerator: "cpu", ScoreThreshold: 0.3, IOUThreshold: 0.6, InputSize: 800, RuntimeLib: "lib.so"}, nil},
		{"no model", ONNXConfig{}, core.ErrBadRequest},
		{"bad format", ONNXConfig{Model: "m", Format: "yolo"}, core.ErrBadRequest},
		{"bad accelerator", ONNXConfig{Model: "m", Accelerator: "gpu"}, core.ErrBadRequest},
		{"score", ONNXConfig{Model: "m", ScoreThreshold: 1.5}, core.ErrBadRequest},
		{"iou", ONNXConfig{Model: "m", IOUThreshold: -0.1}, core.ErrBadRequest},
		{"size", ONNXConfig{Model: "m", InputSize: 8}, core.ErrBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _, err := tc.cfg.validate()
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Fatalf("validate: %v, want %v", err, tc.err)
			}
			if err == nil && (got.Format == "" || got.IOUThreshold == 0 || got.RuntimeLib == "") {
				t.Errorf("defaults not filled: %+v", got)
			}
		})
	}
}

func TestImageSizeBeforeLoad(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cfg  ONNXConfig
		want int
	}{
		{ONNXConfig{}, yoloSize},
		{ONNXConfig{Format: FormatDocLayoutYOLO}, 1024},
		{ONNXConfig{Format: FormatPPDocLayout}, 640},
		{ONNXConfig{Format: FormatDoclingRTDETR}, 640},
		{ONNXConfig{Format: FormatDoclingRTDETR, InputSize: 800}, 800},
	} {
		if got := NewONNX(tc.cfg).ImageSize(); got != tc.want {
			t.Errorf("%+v: ImageSize %d, want %d", tc.cfg, got, tc.want)
		}
	}
}

const paddleYAMLText = `Global:
  model_name: PP-DocLayout-L
Preprocess:
- interp: 2
  keep_ratio: false
  target_size:
  - 800
  - 608
  type: Resize
- mean: [0.0, 0.0, 0.0]
  std: [1.0, 1.0, 1.0]
  norm_type: none
  type: NormalizeImage
- type: Permute
label_list:
- zero
- one
draw_threshold: 0.4
`

func TestReadPaddleYAML(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	model := filepath.Join(dir, "inference.onnx")
	if got := readPaddleYAML(model); got != nil {
		t.Errorf("no yaml: %+v", got)
	}
	if err := os.WriteFile(filepath.Join(dir, paddleYAMLName), []byte(paddleYAMLText), 0o644); err != nil {
		t.Fatal(err)
	}
	got := readPaddleYAML(model)
	want := &paddleYAML{w: 608, h: 800, norm: unitNorm, labels: []string{"zero", "one"}, score: 0.4}
	if got == nil || got.w != want.w || got.h != want.h || got.norm != want.norm || !slices.Equal(got.labels, want.labels) || got.score != want.score {
		t.Errorf("readPaddleYAML = %+v, want %+v", got, want)
	}
}

func TestGuessFormat(t *testing.T) {
	t.Parallel()
	vec := func(name string, elem int, dims ...int64) ioInfo {
		return ioInfo{name: name, elem: elem, tensor: true, dims: dims}
	}
	img := vec("images", floatType, 1, 3, 1024, 1024)
	for _, tc := range []struct {
		name      string
		ins, outs []ioInfo
		want      string
	}{
		{"yolo", []ioInfo{img}, []ioInfo{vec("output0", floatType, 1, 300, 6)}, FormatDocLayoutYOLO},
		{"paddle", []ioInfo{vec("im_shape", floatType, -1, 2), img, vec("scale_factor", floatType, -1, 2)},
			[]ioInfo{vec("fetch_name_0", floatType, -1, 6), vec("fetch_name_1", intType, -1)}, FormatPPDocLayout},
		{"docling", []ioInfo{img, vec("orig_target_sizes", intType, -1, 2)},
			[]ioInfo{vec("labels", intType, -1, 300), vec("boxes", floatType, -1, 300, 4), vec("scores", floatType, -1, 300)}, FormatDoclingRTDETR},
		{"classifier", []ioInfo{img}, []ioInfo{vec("logits", floatType, 1, 1000)}, ""},
		{"not a tensor", []ioInfo{{name: "images", dims: []int64{1, 3, 8, 8}}}, []ioInfo{vec("y", floatType, 1, 2, 6)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := guessFormat(tc.ins, tc.outs); got != tc.want {
				t.Errorf("guessFormat = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLoadWithoutCgo(t *testing.T) {
	t.Parallel()
	if onnxrt.Available() {
		t.Skip("built with cgo")
	}
	model := filepath.Join(t.TempDir(), "m.onnx")
	if err := os.WriteFile(model, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := NewONNX(ONNXConfig{Model: model}).Load(context.Background()); !errors.Is(err, core.ErrUnsupported) {
		t.Errorf("Load without cgo: %v", err)
	}
}
