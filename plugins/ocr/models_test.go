package ocr

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/render"
)

// The names read from an ONNX file's protobuf are those onnxruntime
// reports for each PaddleOCR model.
func TestONNXNamesMatchRuntime(t *testing.T) {
	o, _ := Options{ModelsDir: modelsDir()}.validate()
	if err := initORT(o.ONNXRuntimeLib); err != nil {
		t.Skipf("onnxruntime not installed (make deps): %v", err)
	}
	for _, m := range []string{paddleDet, paddleRec, paddleCls} {
		path := filepath.Join(o.ModelsDir, "paddleocr", m)
		model, err := os.ReadFile(path)
		if err != nil {
			t.Skipf("%s missing (make deps)", path)
		}
		ins, outs, err := onnxrt.Names(model)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		rins, routs, err := ort.GetInputOutputInfo(path)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		names := func(l []ort.InputOutputInfo) []string {
			var out []string
			for _, i := range l {
				out = append(out, i.Name)
			}
			return out
		}
		if !slices.Equal(ins, names(rins)) || !slices.Equal(outs, names(routs)) {
			t.Errorf("%s: read %v → %v, onnxruntime says %v → %v", m, ins, outs, names(rins), names(routs))
		}
	}
}

// PaddleOCR's models, rewritten by onnxrt.Fuse when they are opened, find
// and read the same lines of a scanned page as the files as shipped. The
// rewrite must also have found something to do: the PP-LCNet blocks of the
// detector and the recogniser.
func TestFusedModelsReadTheSame(t *testing.T) {
	e := engineFor(t, BackendPaddle)
	if e.paddle == nil {
		t.Skip("PaddleOCR not installed (make deps)")
	}
	for _, m := range []string{paddleDet, paddleRec} {
		model, err := os.ReadFile(filepath.Join(e.paddle.dir, m))
		if err != nil {
			t.Fatal(err)
		}
		if _, st, err := onnxrt.Fuse(model); err != nil || st.Affine == 0 || st.HardSwish == 0 {
			t.Errorf("%s: fuse %+v, %v: want affine blocks and hard-swishes rewritten", m, st, err)
		}
	}
	plain := &paddle{dict: e.paddle.dict, dir: e.paddle.dir}
	t.Cleanup(plain.close)
	var err error
	if plain.det, err = openPlain(plain.dir, paddleDet); err != nil {
		t.Fatal(err)
	}
	plain.rec.once.Do(func() { plain.rec.s, plain.rec.err = openPlain(plain.dir, paddleRec) })
	if plain.rec.err != nil {
		t.Fatal(plain.rec.err)
	}
	img := scanPage(t, e, testdata("scan.pdf"))
	boxes, err := e.paddle.detect(t.Context(), img)
	if err != nil {
		t.Fatal(err)
	}
	want, err := plain.detect(t.Context(), img)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(boxes, want) || len(boxes) < 5 {
		t.Fatalf("fused detector found %d lines %v, the shipped one %d %v", len(boxes), boxes, len(want), want)
	}
	crops := make([]*image.Gray, len(boxes))
	for i, b := range boxes {
		crops[i] = img.SubImage(b).(*image.Gray)
	}
	// The engine's recogniser hands back the best class of each step
	// (onnxrt.Best); the shipped one every class's probability.
	if _, best, err := e.paddle.rec.get(e.paddle.dir); err != nil || !best || plain.rec.bestOut {
		t.Fatalf("recogniser outputs: engine's best per step %v (%v), shipped %v", best, err, plain.rec.bestOut)
	}
	got, gotConf, err := e.paddle.recognize(t.Context(), crops, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantText, wantConf, err := plain.recognize(t.Context(), crops, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, wantText) {
		t.Errorf("fused recogniser read\n%q\nthe shipped one\n%q", got, wantText)
	}
	for i := range gotConf {
		if math.Abs(gotConf[i]-wantConf[i]) > 1e-4 {
			t.Errorf("line %d %q: confidence %.5f, the shipped model's %.5f", i, got[i], gotConf[i], wantConf[i])
		}
	}
}

// openPlain opens a PaddleOCR model as shipped, without onnxrt.Fuse.
func openPlain(dir, name string) (*ort.DynamicAdvancedSession, error) {
	path := filepath.Join(dir, name)
	model, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	in, out, err := ioNames(path, model)
	if err != nil {
		return nil, err
	}
	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, err
	}
	defer so.Destroy()
	so.SetIntraOpNumThreads(1)
	return ort.NewDynamicAdvancedSession(path, []string{in}, []string{out}, so)
}

// scanPage is page 1 of file rendered gray at 200 dpi.
func scanPage(t *testing.T, e *Engine, file string) *image.Gray {
	t.Helper()
	ctx := t.Context()
	j, err := e.prepare(ctx, &core.Request{Source: file})
	if err != nil {
		t.Fatal(err)
	}
	if j.doc, err = j.r.LoadFile(ctx, file); err != nil {
		t.Fatal(err)
	}
	defer j.doc.Close()
	img, _, err := j.pageImage(ctx, 1, render.Options{DPI: 200, Gray: true}, map[string]float64{})
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// Greedy CTC decoding: the blank (0) and a class repeated over steps
// separate or make one character; the confidence is the mean score of the
// characters kept; classes past the dictionary are dropped.
func TestCTCDecode(t *testing.T) {
	t.Parallel()
	dict := []string{"a", "b", "é"}
	for _, tc := range []struct {
		best  []int64
		score []float32
		text  string
		conf  float64
	}{
		{nil, nil, "", 0},
		{[]int64{0, 0}, []float32{0.9, 0.8}, "", 0},
		{[]int64{1, 1, 0, 1, 2, 2, 3}, []float32{0.5, 0.9, 1, 0.7, 0.6, 0.1, 0.8}, "aabé", (0.5 + 0.7 + 0.6 + 0.8) / 4},
		{[]int64{2, 9, 2}, []float32{0.4, 1, 0.6}, "bb", 0.5},
	} {
		text, conf := ctcDecode(tc.best, tc.score, dict)
		if text != tc.text || math.Abs(conf-tc.conf) > 1e-6 {
			t.Errorf("ctcDecode(%v) = %q %.4f, want %q %.4f", tc.best, text, conf, tc.text, tc.conf)
		}
	}
	best, score := bestPerStep([]float32{0.1, 0.7, 0.2, 0.4, 0.2, 0.4}, 2, 3)
	if !slices.Equal(best, []int64{1, 0}) || !slices.Equal(score, []float32{0.7, 0.4}) {
		t.Errorf("bestPerStep = %v %v, want [1 0] [0.7 0.4] (the first of equal scores)", best, score)
	}
}

// opened says whether the model's session is open (the tests ask whether
// a model was loaded).
func (m *lazyModel) opened() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.s != nil
}
