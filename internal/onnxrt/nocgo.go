//go:build !cgo

package onnxrt

import (
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
