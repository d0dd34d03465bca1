package onnxrt_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

func TestParseAccelerator(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want onnxrt.Accelerator
		err  error
	}{
		{"", onnxrt.Auto, nil},
		{"auto", onnxrt.Auto, nil},
		{"cpu", onnxrt.CPU, nil},
		{"cuda", onnxrt.CUDA, nil},
		{"gpu", "", core.ErrBadRequest},
		{"CPU", "", core.ErrBadRequest},
	} {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			got, err := onnxrt.ParseAccelerator(tc.in)
			if got != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Errorf("ParseAccelerator(%q) = %q, %v; want %q, %v", tc.in, got, err, tc.want, tc.err)
			}
		})
	}
}

func TestLibPath(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("some", "models")
	if got, want := onnxrt.LibPath(dir), filepath.Join(dir, "onnxruntime", "libonnxruntime.so.1"); got != want {
		t.Errorf("LibPath(%q) = %q, want %q", dir, got, want)
	}
}

func TestDefaultModelsDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(onnxrt.EnvModelsDir, dir)
	if got := onnxrt.DefaultModelsDir(); got != dir {
		t.Errorf("with %s set: %q, want %q", onnxrt.EnvModelsDir, got, dir)
	}
	if got := onnxrt.LibPath(""); got != filepath.Join(dir, "onnxruntime", onnxrt.LibName) {
		t.Errorf("LibPath(\"\") = %q", got)
	}
	t.Setenv(onnxrt.EnvModelsDir, "")
	if got := onnxrt.DefaultModelsDir(); got == "" {
		t.Error("no default models dir")
	}
}

func TestLoadWithoutCgo(t *testing.T) {
	t.Parallel()
	if onnxrt.Available() {
		t.Skip("built with cgo")
	}
	if err := onnxrt.Load(onnxrt.LibPath("")); !errors.Is(err, core.ErrUnsupported) {
		t.Errorf("Load without cgo: %v", err)
	}
	if _, ok := onnxrt.Loaded(); ok {
		t.Error("Loaded without cgo")
	}
}
