package ocr

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	ort "github.com/yalue/onnxruntime_go"
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
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s missing (make deps)", path)
		}
		ins, outs, err := onnxNames(path)
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

// A file that is no ONNX model gives an error, not names.
func TestONNXNamesRejectsOtherFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.onnx")
	if err := os.WriteFile(path, []byte("not a model at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ins, outs, err := onnxNames(path); err == nil {
		t.Errorf("names %v → %v from a text file", ins, outs)
	}
}
