//go:build !cgo

package detect

import (
	"context"
	"fmt"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// session stands in for an onnxruntime session in a build without cgo,
// where Load always fails (onnxrt.Load says why).
type session struct{}

func inspectModel(path string) (ins, outs []ioInfo, names []string, err error) {
	return nil, nil, nil, fmt.Errorf("built without cgo: %w", core.ErrUnsupported)
}

func openSession(path string, inputs, outputs []string, accel onnxrt.Accelerator) (session, onnxrt.Provider, error) {
	return session{}, "", fmt.Errorf("built without cgo: %w", core.ErrUnsupported)
}

func (session) close() error { return nil }

func (session) run(ctx context.Context, feeds []tensor, nOut int) ([]tensor, error) {
	return nil, fmt.Errorf("detect: built without cgo: %w", core.ErrUnsupported)
}
