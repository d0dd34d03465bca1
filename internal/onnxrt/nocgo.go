//go:build !cgo

package onnxrt

import (
	"context"
	"fmt"

	"github.com/assay-pdf/assay/core"
)

// Available reports whether this build can load onnxruntime (it needs cgo).
func Available() bool { return false }

// Load fails in a build without cgo, with an error wrapping
// core.ErrUnsupported.
func Load(lib string) error {
	return fmt.Errorf("onnxrt: this build has no cgo, so it cannot load onnxruntime %s (build with CGO_ENABLED=1): %w", lib, core.ErrUnsupported)
}

// Loaded reports that nothing was loaded.
func Loaded() (lib string, ok bool) { return "", false }

// Session stands in for an open model in a build without cgo, where Load
// always fails.
type Session struct{}

// Open fails without cgo.
func Open(path string, inputs, outputs []string, accel Accelerator) (*Session, Provider, error) {
	return nil, "", fmt.Errorf("onnxrt: built without cgo: %w", core.ErrUnsupported)
}

// Close does nothing.
func (*Session) Close() error { return nil }

// Run fails without cgo.
func (*Session) Run(ctx context.Context, feeds []Tensor, nOut int) ([]Tensor, error) {
	return nil, fmt.Errorf("onnxrt: built without cgo: %w", core.ErrUnsupported)
}

// Inspect fails without cgo.
func Inspect(path string) (ins, outs []IOInfo, err error) {
	return nil, nil, fmt.Errorf("onnxrt: built without cgo: %w", core.ErrUnsupported)
}

// Metadata finds nothing without cgo.
func Metadata(path, key string) (string, bool) { return "", false }
