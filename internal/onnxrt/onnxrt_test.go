//go:build cgo

package onnxrt_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// TestLoad runs first and in order: a missing library is not final, the
// real one loads once, and a second, different one is refused.
func TestLoad(t *testing.T) {
	missing := filepath.Join(t.TempDir(), onnxrt.LibName)
	if _, tried := onnxrt.Loaded(); !tried {
		err := onnxrt.Load(missing)
		if !errors.Is(err, core.ErrUnsupported) || !strings.Contains(err.Error(), "onnxruntime-node") {
			t.Fatalf("missing library: %v", err)
		}
		if _, tried := onnxrt.Loaded(); tried {
			t.Fatal("a missing library counted as loaded")
		}
	}
	lib := onnxtest.Runtime(t)
	if got, ok := onnxrt.Loaded(); !ok || got != lib {
		t.Fatalf("Loaded() = %q, %v; want %q", got, ok, lib)
	}
	if err := onnxrt.Load(lib); err != nil {
		t.Fatalf("second load of the same library: %v", err)
	}
	if err := onnxrt.Load(missing); !errors.Is(err, core.ErrBadRequest) {
		t.Fatalf("a different library after a load: %v", err)
	}
}

func TestSessionOptions(t *testing.T) {
	onnxtest.Runtime(t)
	t.Parallel()
	for _, tc := range []struct {
		accel onnxrt.Accelerator
		want  []onnxrt.Provider // any of these
		err   error             // or this error
	}{
		{onnxrt.CPU, []onnxrt.Provider{onnxrt.ProviderCPU}, nil},
		{onnxrt.Auto, []onnxrt.Provider{onnxrt.ProviderCPU, onnxrt.ProviderCUDA}, nil},
		{"", []onnxrt.Provider{onnxrt.ProviderCPU, onnxrt.ProviderCUDA}, nil},
		{onnxrt.CUDA, []onnxrt.Provider{onnxrt.ProviderCUDA}, core.ErrUnsupported},
		{"tpu", nil, core.ErrBadRequest},
	} {
		t.Run(string(tc.accel), func(t *testing.T) {
			t.Parallel()
			so, prov, err := onnxrt.SessionOptions(tc.accel)
			if err != nil {
				if tc.err == nil || !errors.Is(err, tc.err) {
					t.Fatalf("SessionOptions(%q): %v", tc.accel, err)
				}
				return
			}
			defer so.Destroy()
			if !contains(tc.want, prov) {
				t.Errorf("SessionOptions(%q) provider %q, want one of %v", tc.accel, prov, tc.want)
			}
		})
	}
}

func contains(ps []onnxrt.Provider, p onnxrt.Provider) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// meanModel writes a model whose output is the mean of its input.
func meanModel(t *testing.T) string {
	g := onnxtest.New("mean")
	g.Input("x", onnxtest.Float, 1, 4)
	g.Output("y", onnxtest.Float, 1, 1)
	g.Node("ReduceMean", []string{"x"}, []string{"y"}, onnxtest.Ints("axes", 1))
	return g.Write(t, t.TempDir(), "mean.onnx")
}

func TestNewSession(t *testing.T) {
	onnxtest.Runtime(t)
	t.Parallel()
	model := meanModel(t)
	for _, accel := range []onnxrt.Accelerator{onnxrt.CPU, onnxrt.Auto} {
		t.Run(string(accel), func(t *testing.T) {
			t.Parallel()
			s, prov, err := onnxrt.NewSession(model, []string{"x"}, []string{"y"}, accel, func(so *ort.SessionOptions) error {
				return so.SetIntraOpNumThreads(1)
			})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Destroy()
			if accel == onnxrt.CPU && prov != onnxrt.ProviderCPU {
				t.Errorf("provider %q", prov)
			}
			in, err := ort.NewTensor(ort.NewShape(1, 4), []float32{1, 2, 3, 6})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Destroy()
			outs := []ort.Value{nil}
			if err := s.Run([]ort.Value{in}, outs); err != nil {
				t.Fatal(err)
			}
			defer outs[0].Destroy()
			if got := outs[0].(*ort.Tensor[float32]).GetData(); len(got) != 1 || got[0] != 3 {
				t.Errorf("mean = %v, want [3]", got)
			}
		})
	}
}

func TestNewSessionErrors(t *testing.T) {
	onnxtest.Runtime(t)
	t.Parallel()
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.onnx")
	if err := os.WriteFile(corrupt, []byte("not a model at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		accel      onnxrt.Accelerator
		err        error
	}{
		{"missing", filepath.Join(dir, "none.onnx"), onnxrt.CPU, core.ErrUnsupported},
		{"corrupt", corrupt, onnxrt.Auto, core.ErrUnsupported},
		{"bad accelerator", corrupt, "npu", core.ErrBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, _, err := onnxrt.NewSession(tc.path, []string{"x"}, []string{"y"}, tc.accel, nil)
			if err == nil {
				s.Destroy()
			}
			if !errors.Is(err, tc.err) {
				t.Errorf("NewSession: %v, want %v", err, tc.err)
			}
		})
	}
}
