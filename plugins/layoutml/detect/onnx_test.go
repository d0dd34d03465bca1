package detect

import (
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// The test models take 64-pixel inputs.
const testSize = 64

// yoloE2EModel writes a DocLayout-YOLO-like model: images [1,3,64,64] in,
// [1,7,6] detections out, the score of the first being the mean of the
// input (so that the letterbox and the scaling show in the result).
func yoloE2EModel(t *testing.T, dir string) string {
	g := onnxtest.New("yolo")
	g.Input("images", onnxtest.Float, 1, 3, testSize, testSize)
	g.Output("output0", onnxtest.Float, 1, 7, 6)
	g.Floats("base", []int64{1, 7, 6},
		0, 16, 32, 48, 0, 0, // title, score = mean
		32, 16, 64, 32, 0.9, 5, // table
		33, 17, 63, 31, 0.8, 5, // table, a duplicate of the one above
		33, 17, 63, 31, 0.85, 3, // figure over it
		0, 0, 10, 10, 0.1, 1, // too weak
		0, 40, 64, 48, 0.5, 2, // abandon in the bottom band
		-10, 20, 10, 24, 0.6, 1, // plain text sticking out of the page
	)
	mask := make([]float32, 7*6)
	mask[4] = 1
	g.Floats("mask", []int64{1, 7, 6}, mask...)
	g.Node("ReduceMean", []string{"images"}, []string{"m"}, onnxtest.Int("keepdims", 0))
	g.Node("Mul", []string{"m", "mask"}, []string{"mm"})
	g.Node("Add", []string{"base", "mm"}, []string{"output0"})
	return g.Write(t, dir, "yolo.onnx")
}

// yoloRawModel writes a YOLOv8-style head [1,4+3,4] with Ultralytics
// label metadata.
func yoloRawModel(t *testing.T, dir string) string {
	g := onnxtest.New("yolov8")
	g.Meta("names", "{0: 'Text', 1: 'Table', 2: 'Picture'}")
	g.Input("images", onnxtest.Float, 1, 3, testSize, testSize)
	g.Output("output0", onnxtest.Float, 1, 7, 4)
	g.Floats("base", []int64{1, 7, 4},
		16, 17, 48, 48, // cx
		32, 33, 32, 32, // cy
		32, 32, 32, 32, // w
		32, 32, 16, 16, // h
		0.9, 0.8, 0.1, 0.05, // Text
		0.1, 0, 0.3, 0.2, // Table
		0, 0, 0.7, 0.1, // Picture
	)
	g.Floats("zero", []int64{1, 7, 4}, make([]float32, 28)...)
	g.Node("ReduceMean", []string{"images"}, []string{"m"}, onnxtest.Int("keepdims", 0))
	g.Node("Mul", []string{"m", "zero"}, []string{"mz"})
	g.Node("Add", []string{"base", "mz"}, []string{"output0"})
	return g.Write(t, dir, "yolov8.onnx")
}

// paddleModel writes a PaddleDetection-like export: image [1,3,48,64],
// im_shape and scale_factor in; [3,6] rows and a count out. The first row
// covers the whole original image as the model computes it from im_shape /
// scale_factor, with a score of 0.3 × the input mean.
func paddleModel(t *testing.T, dir string) string {
	g := onnxtest.New("paddle")
	g.Input("image", onnxtest.Float, 1, 3, 48, testSize)
	g.Input("im_shape", onnxtest.Float, 1, 2)
	g.Input("scale_factor", onnxtest.Float, 1, 2)
	g.Output("multiclass_nms3_0.tmp_0", onnxtest.Float, -1, 6)
	g.Output("multiclass_nms3_0.tmp_2", onnxtest.Int32, 1)
	g.Int64s("yx", []int64{2}, 1, 0)
	g.Floats("head_mask", []int64{1, 4}, 0, 0.3, 0, 0)
	g.Floats("head_base", []int64{1, 4}, 2, 0, 0, 0)
	g.Floats("rest", []int64{2, 6},
		13, 0.9, 10, 5, 90, 20, // header
		-1, 0, 0, 0, 0, 0) // Paddle's empty row
	g.Int32s("count", []int64{1}, 3)
	g.Node("Div", []string{"im_shape", "scale_factor"}, []string{"orig_hw"})
	g.Node("Gather", []string{"orig_hw", "yx"}, []string{"orig_wh"}, onnxtest.Int("axis", 1))
	g.Node("ReduceMean", []string{"image"}, []string{"m"}, onnxtest.Int("keepdims", 0))
	g.Node("Mul", []string{"m", "head_mask"}, []string{"hm"})
	g.Node("Add", []string{"hm", "head_base"}, []string{"head"})
	g.Node("Concat", []string{"head", "orig_wh"}, []string{"row0"}, onnxtest.Int("axis", 1))
	g.Node("Concat", []string{"row0", "rest"}, []string{"multiclass_nms3_0.tmp_0"}, onnxtest.Int("axis", 0))
	g.Node("Identity", []string{"count"}, []string{"multiclass_nms3_0.tmp_2"})
	return g.Write(t, dir, "inference.onnx")
}

// doclingModel writes an RT-DETR-like export with a free batch size: boxes
// are normalised boxes times orig_target_sizes, the first query's score is
// the input mean.
func doclingModel(t *testing.T, dir string) string {
	g := onnxtest.New("rtdetr")
	g.Input("images", onnxtest.Float, -1, 3, testSize, testSize)
	g.Input("orig_target_sizes", onnxtest.Int64, -1, 2)
	g.Output("labels", onnxtest.Int64, -1, 3)
	g.Output("boxes", onnxtest.Float, -1, 3, 4)
	g.Output("scores", onnxtest.Float, -1, 3)
	g.Int64s("shape_n1", []int64{2}, -1, 1)
	g.Int64s("shape_n14", []int64{3}, -1, 1, 4)
	g.Floats("score_mask", []int64{1, 3}, 1, 0, 0)
	g.Floats("score_base", []int64{1, 3}, 0, 0.95, 0.99)
	g.Floats("zeros", []int64{1, 3}, 0, 0, 0)
	g.Int64s("label_base", []int64{1, 3}, 10, 9, 0)
	g.Floats("norm_boxes", []int64{1, 3, 4}, 0.1, 0.1, 0.5, 0.3, 0.5, 0.5, 0.9, 0.9, 0, 0, 1, 1)
	g.Node("ReduceMean", []string{"images"}, []string{"m"}, onnxtest.Ints("axes", 1, 2, 3))
	g.Node("Reshape", []string{"m", "shape_n1"}, []string{"m2"})
	g.Node("Mul", []string{"m2", "score_mask"}, []string{"sm"})
	g.Node("Add", []string{"sm", "score_base"}, []string{"scores"})
	g.Node("Mul", []string{"m2", "zeros"}, []string{"z"})
	g.Node("Cast", []string{"z"}, []string{"zi"}, onnxtest.Int("to", int64(onnxtest.Int64)))
	g.Node("Add", []string{"zi", "label_base"}, []string{"labels"})
	g.Node("Cast", []string{"orig_target_sizes"}, []string{"sf"}, onnxtest.Int("to", int64(onnxtest.Float)))
	g.Node("Concat", []string{"sf", "sf"}, []string{"sf4"}, onnxtest.Int("axis", 1))
	g.Node("Reshape", []string{"sf4", "shape_n14"}, []string{"sf4r"})
	g.Node("Mul", []string{"sf4r", "norm_boxes"}, []string{"boxes"})
	return g.Write(t, dir, "docling.onnx")
}

// loaded loads a detector for a test model, skipping without the runtime.
func loaded(t *testing.T, cfg ONNXConfig) *ONNX {
	t.Helper()
	cfg.RuntimeLib = onnxtest.Runtime(t)
	o := NewONNX(cfg)
	if err := o.Load(context.Background()); err != nil {
		t.Fatalf("Load: %v", err)
	}
	t.Cleanup(func() {
		if err := o.Close(); err != nil {
			t.Error(err)
		}
	})
	return o
}

func detect(t *testing.T, o *ONNX, pages ...Input) [][]Region {
	t.Helper()
	got, err := o.Detect(context.Background(), pages)
	if err != nil {
		t.Fatalf("Detect: %v", err)
	}
	if len(got) != len(pages) {
		t.Fatalf("Detect gave %d pages for %d", len(got), len(pages))
	}
	return got
}

func checkRegions(t *testing.T, page int, got, want []Region) {
	t.Helper()
	if !regionsEqual(got, want) {
		t.Errorf("page %d regions:\n got %+v\nwant %+v", page, got, want)
	}
}

// The expected regions of yoloE2EModel on a white 100x50 image of a
// 200x100 pt page (letterboxed to 64x32 at y 16, 3.125 pt a pixel).
var (
	padMean      = float64(padGray) / channelMax
	wideYOLOWant = []Region{
		{Kind: core.KindHeading, Label: "title", Box: core.BBox{X0: 0, Y0: 0, X1: 100, Y1: 100}, Score: 0.5 + 0.5*padMean},
		{Kind: core.KindTable, Label: "table", Box: core.BBox{X0: 100, Y0: 0, X1: 200, Y1: 50}, Score: 0.9},
		{Kind: core.KindFigure, Label: "figure", Box: core.BBox{X0: 103.125, Y0: 3.125, X1: 196.875, Y1: 46.875}, Score: 0.85},
		{Kind: core.KindParagraph, Label: "plain text", Box: core.BBox{X0: 0, Y0: 12.5, X1: 31.25, Y1: 25}, Score: 0.6},
		{Kind: core.KindPageFooter, Label: "abandon", Box: core.BBox{X0: 0, Y0: 75, X1: 200, Y1: 100}, Score: 0.5},
	}
	// On a black 50x100 image of a 100x200 pt page (letterboxed to 32x64 at
	// x 16): the mean is below the threshold and the text falls off the page.
	tallYOLOWant = []Region{
		{Kind: core.KindTable, Label: "table", Box: core.BBox{X0: 50, Y0: 50, X1: 100, Y1: 100}, Score: 0.9},
		{Kind: core.KindFigure, Label: "figure", Box: core.BBox{X0: 53.125, Y0: 53.125, X1: 100, Y1: 96.875}, Score: 0.85},
		{Kind: core.KindPageFooter, Label: "abandon", Box: core.BBox{X0: 0, Y0: 125, X1: 100, Y1: 150}, Score: 0.5},
	}
)

func TestONNXYOLO(t *testing.T) {
	t.Parallel()
	o := loaded(t, ONNXConfig{Model: yoloE2EModel(t, t.TempDir())})
	if o.Format() != FormatDocLayoutYOLO || o.Provider() != "cpu" || o.ImageSize() != testSize {
		t.Errorf("format %q, provider %q, image size %d", o.Format(), o.Provider(), o.ImageSize())
	}
	wide := Input{Page: 1, Width: 200, Height: 100, Image: uniform(100, 50, white)}
	tall := Input{Page: 2, Width: 100, Height: 200, Image: uniform(50, 100, black)}
	got := detect(t, o, wide, tall, wide)
	checkRegions(t, 1, got[0], wideYOLOWant)
	checkRegions(t, 2, got[1], tallYOLOWant)
	checkRegions(t, 3, got[2], wideYOLOWant)
}

func TestONNXYOLORaw(t *testing.T) {
	t.Parallel()
	o := loaded(t, ONNXConfig{Model: yoloRawModel(t, t.TempDir()), Format: FormatDocLayoutYOLO})
	got := detect(t, o, Input{Page: 1, Width: 200, Height: 100, Image: uniform(100, 50, white)})
	checkRegions(t, 1, got[0], []Region{
		{Kind: core.KindParagraph, Label: "Text", Box: core.BBox{X0: 0, Y0: 0, X1: 100, Y1: 100}, Score: 0.9},
		{Kind: core.KindFigure, Label: "Picture", Box: core.BBox{X0: 100, Y0: 25, X1: 200, Y1: 75}, Score: 0.7},
	})
}

func TestONNXPaddle(t *testing.T) {
	t.Parallel()
	page := Input{Page: 1, Width: 200, Height: 100, Image: uniform(100, 50, white)}
	imageNetWhite := ((1-0.485)/0.229 + (1-0.456)/0.224 + (1-0.406)/0.225) / 3
	for _, tc := range []struct {
		name string
		yaml string
		want []Region
	}{
		{"defaults", "", []Region{
			{Kind: core.KindParagraph, Label: "text", Box: core.BBox{X0: 0, Y0: 0, X1: 200, Y1: 100}, Score: 0.3 * imageNetWhite},
			{Kind: core.KindPageHeader, Label: "header", Box: core.BBox{X0: 20, Y0: 10, X1: 180, Y1: 40}, Score: 0.9},
		}},
		{"inference.yml", "Preprocess:\n- type: NormalizeImage\n  norm_type: none\n  mean: [0, 0, 0]\n  std: [1, 1, 1]\n" +
			"label_list: [a, b, Body, c, d, e, f, g, h, i, j, k, l, Running-head]\ndraw_threshold: 0.25\n", []Region{
			{Kind: core.KindParagraph, Label: "Body", Box: core.BBox{X0: 0, Y0: 0, X1: 200, Y1: 100}, Score: 0.3},
			{Kind: core.KindParagraph, Label: "Running-head", Box: core.BBox{X0: 20, Y0: 10, X1: 180, Y1: 40}, Score: 0.9},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if tc.yaml != "" {
				if err := os.WriteFile(filepath.Join(dir, paddleYAMLName), []byte(tc.yaml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			o := loaded(t, ONNXConfig{Model: paddleModel(t, dir)})
			if o.Format() != FormatPPDocLayout || o.ImageSize() != testSize {
				t.Errorf("format %q, image size %d", o.Format(), o.ImageSize())
			}
			checkRegions(t, 1, detect(t, o, page)[0], tc.want)
		})
	}
}

func TestONNXDocling(t *testing.T) {
	t.Parallel()
	model := doclingModel(t, t.TempDir())
	a := Input{Page: 1, Width: 612, Height: 792, Image: uniform(30, 40, white)}
	b := Input{Page: 2, Width: 300, Height: 400, Image: uniform(30, 40, black)}
	table := func(p Input, label string, kind core.BlockKind) Region {
		return Region{Kind: kind, Label: label, Box: core.BBox{X0: 0.5 * p.Width, Y0: 0.5 * p.Height, X1: 0.9 * p.Width, Y1: 0.9 * p.Height}, Score: 0.95}
	}
	first := func(p Input, label string, kind core.BlockKind) Region {
		return Region{Kind: kind, Label: label, Box: core.BBox{X0: 0.1 * p.Width, Y0: 0.1 * p.Height, X1: 0.5 * p.Width, Y1: 0.3 * p.Height}, Score: 1}
	}
	for _, tc := range []struct {
		name         string
		labels       []string
		wantA, wantB []Region
	}{
		{"background first", nil,
			[]Region{first(a, "Text", core.KindParagraph), table(a, "Table", core.KindTable)},
			[]Region{table(b, "Table", core.KindTable)}},
		{"17 labels", doclingLabels,
			[]Region{{Kind: core.KindCaption, Label: "Caption", Box: core.BBox{X1: 612, Y1: 792}, Score: 0.99}, first(a, "Title", core.KindHeading), table(a, "Text", core.KindParagraph)},
			[]Region{{Kind: core.KindCaption, Label: "Caption", Box: core.BBox{X1: 300, Y1: 400}, Score: 0.99}, table(b, "Text", core.KindParagraph)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := loaded(t, ONNXConfig{Model: model, Labels: tc.labels})
			if o.Format() != FormatDoclingRTDETR {
				t.Errorf("format %q", o.Format())
			}
			pages := []Input{a, b, a, b, a, b, a, b, a, b} // three runs: 4, 4 and 2
			for i, got := range detect(t, o, pages...) {
				want := tc.wantA
				if i%2 == 1 {
					want = tc.wantB
				}
				checkRegions(t, i+1, got, want)
			}
		})
	}
}

func TestONNXConcurrent(t *testing.T) {
	t.Parallel()
	o := loaded(t, ONNXConfig{Model: yoloE2EModel(t, t.TempDir()), Accelerator: "auto"})
	wide := Input{Page: 1, Width: 200, Height: 100, Image: uniform(100, 50, white)}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			got, err := o.Detect(context.Background(), []Input{wide, wide})
			if err == nil && (!regionsEqual(got[0], wideYOLOWant) || !regionsEqual(got[1], wideYOLOWant)) {
				err = errors.New("wrong regions")
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestONNXLoadErrors(t *testing.T) {
	lib := onnxtest.Runtime(t)
	t.Parallel()
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.onnx")
	if err := os.WriteFile(corrupt, []byte("\x08\x07garbage that is no protobuf"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := onnxtest.New("classifier")
	g.Input("x", onnxtest.Float, 1, 10)
	g.Output("y", onnxtest.Float, 1, 10)
	g.Node("Identity", []string{"x"}, []string{"y"})
	other := g.Write(t, dir, "classifier.onnx")
	yolo := yoloE2EModel(t, dir)
	for _, tc := range []struct {
		name string
		cfg  ONNXConfig
		err  error
		msg  string
	}{
		{"missing", ONNXConfig{Model: filepath.Join(dir, "none.onnx")}, core.ErrUnsupported, "not found"},
		{"directory", ONNXConfig{Model: dir}, core.ErrUnsupported, "not found"},
		{"corrupt", ONNXConfig{Model: corrupt}, core.ErrUnsupported, "not a readable ONNX model"},
		{"no adapter", ONNXConfig{Model: other}, core.ErrUnsupported, "matches no known output format"},
		{"wrong format", ONNXConfig{Model: yolo, Format: FormatDoclingRTDETR}, core.ErrUnsupported, "does not fit format docling-rtdetr"},
		{"fixed size", ONNXConfig{Model: yolo, InputSize: 1024}, core.ErrBadRequest, "takes 64x64"},
		{"bad format", ONNXConfig{Model: yolo, Format: "detr"}, core.ErrBadRequest, "format"},
		{"cuda", ONNXConfig{Model: yolo, Accelerator: "cuda"}, core.ErrUnsupported, "CUDA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.cfg.RuntimeLib = lib
			o := NewONNX(tc.cfg)
			err := o.Load(context.Background())
			if tc.name == "cuda" && err == nil { // a GPU build with a GPU
				o.Close()
				return
			}
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Load: %v; want %v mentioning %q", err, tc.err, tc.msg)
			}
			if _, err := o.Detect(context.Background(), nil); !errors.Is(err, core.ErrBadRequest) {
				t.Errorf("Detect after a failed Load: %v", err)
			}
		})
	}
}

func TestONNXDetectErrors(t *testing.T) {
	t.Parallel()
	o := loaded(t, ONNXConfig{Model: yoloE2EModel(t, t.TempDir())})
	img := uniform(10, 10, white)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		pages []Input
		err   error
	}{
		{"no image", context.Background(), []Input{{Page: 3, Width: 10, Height: 10}}, core.ErrBadRequest},
		{"empty image", context.Background(), []Input{{Page: 3, Width: 10, Height: 10, Image: image.NewRGBA(image.Rect(0, 0, 0, 0))}}, core.ErrBadRequest},
		{"no size", context.Background(), []Input{{Page: 3, Image: img}}, core.ErrBadRequest},
		{"canceled", canceled, []Input{{Page: 3, Width: 10, Height: 10, Image: img}}, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, err := o.Detect(tc.ctx, tc.pages); !errors.Is(err, tc.err) {
				t.Errorf("Detect: %v, want %v", err, tc.err)
			}
		})
	}
	if got, err := o.Detect(context.Background(), nil); err != nil || len(got) != 0 {
		t.Errorf("no pages: %v, %v", got, err)
	}
}

func TestONNXReload(t *testing.T) {
	lib := onnxtest.Runtime(t)
	t.Parallel()
	o := NewONNX(ONNXConfig{Model: yoloE2EModel(t, t.TempDir()), RuntimeLib: lib, Accelerator: "cpu"})
	ctx := context.Background()
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if err := o.Load(canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("Load with a canceled context: %v", err)
	}
	for range 2 {
		if err := o.Load(ctx); err != nil {
			t.Fatal(err)
		}
		if err := o.Load(ctx); err != nil {
			t.Fatalf("second Load: %v", err)
		}
		detect(t, o, Input{Page: 1, Width: 200, Height: 100, Image: uniform(100, 50, white)})
		if err := o.Close(); err != nil {
			t.Fatal(err)
		}
		if o.Provider() != "" || o.Format() != "" {
			t.Error("still loaded after Close")
		}
	}
	if err := o.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
