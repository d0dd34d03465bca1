//go:build !linux && !darwin

package render

import "github.com/tetratelabs/wazero/experimental"

// reserve cannot reserve address space here: linear memories are Go
// slices.
func reserve(uint64) (experimental.LinearMemory, bool) { return nil, false }
