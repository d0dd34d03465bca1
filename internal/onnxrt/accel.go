package onnxrt

import (
	"fmt"

	"github.com/assay-pdf/assay/core"
)

// Accelerator is the execution provider a caller asks for.
type Accelerator string

// The accelerators.
const (
	// Auto uses CUDA when the runtime and the machine offer it, else the CPU.
	Auto Accelerator = "auto"
	// CPU always runs on the CPU.
	CPU Accelerator = "cpu"
	// CUDA runs on an NVIDIA GPU and fails when that is not possible.
	CUDA Accelerator = "cuda"
)

// Provider is the execution provider a session ended up with.
type Provider string

// The providers.
const (
	ProviderCPU  Provider = "cpu"
	ProviderCUDA Provider = "cuda"
)

// ParseAccelerator checks an accelerator name; empty means Auto. Other
// names give an error wrapping core.ErrBadRequest.
func ParseAccelerator(s string) (Accelerator, error) {
	switch a := Accelerator(s); a {
	case "":
		return Auto, nil
	case Auto, CPU, CUDA:
		return a, nil
	default:
		return "", fmt.Errorf("onnxrt: accelerator %q (want auto, cpu or cuda): %w", s, core.ErrBadRequest)
	}
}
