//go:build cgo

package onnxrt

import (
	"fmt"
	"os"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
)

// The runtime is loaded once per process; its environment is shared by
// every session and never torn down (a second load is not possible).
var (
	mu      sync.Mutex
	loaded  string // the library path, once an attempt was made
	loadErr error
	done    bool
)

// Available reports whether this build can load onnxruntime (it needs cgo).
func Available() bool { return true }

// Load loads the ONNX runtime from lib and initialises its environment,
// once per process. Later calls with the same path return the first
// outcome; a different path after a successful load is refused with an
// error wrapping core.ErrBadRequest. A library that does not exist is not
// final: the error wraps core.ErrUnsupported and a later call may name one
// that does.
func Load(lib string) error {
	mu.Lock()
	defer mu.Unlock()
	if done {
		if loadErr == nil && lib != loaded {
			return fmt.Errorf("onnxrt: onnxruntime already loaded from %s, cannot load %s: %w", loaded, lib, core.ErrBadRequest)
		}
		return loadErr
	}
	if _, err := os.Stat(lib); err != nil {
		return fmt.Errorf("onnxrt: ONNX runtime %s not found: run make deps (it unpacks libonnxruntime.so.1 from npm onnxruntime-node@1.24.1 into <models_dir>/onnxruntime/), or set onnxruntime_lib: %w", lib, core.ErrUnsupported)
	}
	done, loaded = true, lib
	ort.SetSharedLibraryPath(lib)
	if err := ort.InitializeEnvironment(); err != nil {
		loadErr = fmt.Errorf("onnxrt: load ONNX runtime %s (needs onnxruntime 1.24 or newer, npm onnxruntime-node@1.24.1): %v: %w", lib, err, core.ErrUnsupported)
	}
	return loadErr
}

// Loaded reports whether this process has tried to load a runtime library
// that exists, and which one; the attempt may have failed (Load says how).
func Loaded() (lib string, ok bool) {
	mu.Lock()
	defer mu.Unlock()
	return loaded, done
}
