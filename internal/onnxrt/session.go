//go:build cgo

package onnxrt

import (
	"fmt"
	"os"
	"path/filepath"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
)

// SessionOptions makes session options for accel. For CUDA and Auto it
// appends onnxruntime's CUDA execution provider; when that fails (a CPU
// build of the runtime, no CUDA libraries) Auto quietly falls back to the
// CPU and CUDA fails with an error wrapping core.ErrUnsupported. The
// provider says which one the options hold. Load must have succeeded; the
// caller destroys the options.
func SessionOptions(accel Accelerator) (*ort.SessionOptions, Provider, error) {
	accel, err := ParseAccelerator(string(accel))
	if err != nil {
		return nil, "", err
	}
	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, "", fmt.Errorf("onnxrt: session options: %v: %w", err, core.ErrUnsupported)
	}
	if accel == CPU || (accel == Auto && !cudaInstalled()) {
		return so, ProviderCPU, nil
	}
	cudaErr := appendCUDA(so)
	if cudaErr == nil {
		return so, ProviderCUDA, nil
	}
	so.Destroy()
	if accel == CUDA {
		return nil, "", cudaUnavailable(cudaErr)
	}
	so, err = ort.NewSessionOptions()
	if err != nil {
		return nil, "", fmt.Errorf("onnxrt: session options: %v: %w", err, core.ErrUnsupported)
	}
	return so, ProviderCPU, nil
}

// cudaInstalled reports whether the loaded runtime has the CUDA provider
// beside it. Auto only tries CUDA then, so that a CPU build does not log
// onnxruntime's own error about the missing library on every session.
func cudaInstalled() bool {
	lib, ok := Loaded()
	if !ok {
		return false
	}
	_, err := os.Stat(filepath.Join(filepath.Dir(lib), CUDAProviderLib))
	return err == nil
}

func appendCUDA(so *ort.SessionOptions) error {
	cuda, err := ort.NewCUDAProviderOptions()
	if err != nil {
		return err
	}
	defer cuda.Destroy()
	return so.AppendExecutionProviderCUDA(cuda)
}

func cudaUnavailable(err error) error {
	return fmt.Errorf("onnxrt: CUDA execution provider not available (it needs a GPU build of onnxruntime with libonnxruntime_providers_cuda.so, CUDA and cuDNN; use accelerator auto or cpu): %v: %w", err, core.ErrUnsupported)
}

// SessionConfig tunes a session beyond its provider; nil leaves the
// runtime's defaults.
type SessionConfig func(*ort.SessionOptions) error

// NewSession opens the model at path with the named inputs and outputs on
// accel. With Auto, a session that cannot be created on CUDA (the provider
// loaded but no usable GPU) is created again on the CPU. Errors wrap
// core.ErrUnsupported (core.ErrBadRequest for an unknown accelerator).
func NewSession(path string, inputs, outputs []string, accel Accelerator, tune SessionConfig) (*ort.DynamicAdvancedSession, Provider, error) {
	s, prov, err := newSession(path, inputs, outputs, accel, tune)
	if err == nil || accel != Auto || prov != ProviderCUDA {
		return s, prov, err
	}
	return newSession(path, inputs, outputs, CPU, tune)
}

func newSession(path string, inputs, outputs []string, accel Accelerator, tune SessionConfig) (*ort.DynamicAdvancedSession, Provider, error) {
	so, prov, err := SessionOptions(accel)
	if err != nil {
		return nil, "", err
	}
	defer so.Destroy()
	if tune != nil {
		if err := tune(so); err != nil {
			return nil, prov, fmt.Errorf("onnxrt: session options: %v: %w", err, core.ErrUnsupported)
		}
	}
	s, err := ort.NewDynamicAdvancedSession(path, inputs, outputs, so)
	if err != nil {
		return nil, prov, fmt.Errorf("onnxrt: open %s (%s execution provider): %v: %w", path, prov, err, core.ErrUnsupported)
	}
	return s, prov, nil
}
