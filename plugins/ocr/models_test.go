package ocr

import (
	"image"
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
	if plain.rec, err = openPlain(plain.dir, paddleRec); err != nil {
		t.Fatal(err)
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
	got, _, err := e.paddle.recognize(t.Context(), crops, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantText, _, err := plain.recognize(t.Context(), crops, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, wantText) {
		t.Errorf("fused recogniser read\n%q\nthe shipped one\n%q", got, wantText)
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
