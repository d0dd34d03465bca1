package sdk

import (
	"os"
	"runtime/debug"
	"strconv"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/heapfloor"
	"github.com/assay-pdf/assay/internal/memprofile"
	"github.com/assay-pdf/assay/internal/wire"
)

// An engine process is a worker: it reads documents and answers, and the
// host bounds its memory (a data limit, 8 GiB unless configured). With Go's
// default the collector runs each time the heap doubles, which in the text
// engine is a fifth of its CPU on born-digital documents. Measured over the
// docling and generated corpora (nativetext's BenchmarkExtract, CPU of the
// whole process), against GOGC=100: 200 saves 10%, 400 saves 25% for about
// 40 MB more at peak, and 800 saves only 3% more for another 50 MB. So
// gcPercent is 400. Near the host's limit the soft memory limit makes the
// collector work harder, rather than the process die.
//
// An engine that allocates much and keeps little may ask, by a method
// HeapFloor, to allocate that much before it first collects (heapfloor):
// a batch of ordinary documents is then read without a collection. The
// text engine does; an engine whose memory is its models' (OCR, layout)
// gains nothing from it.
const (
	gcPercent = 400
	// memoryShare of the process's data limit is the soft memory limit.
	memoryShare = 0.75
)

// heapFloorer is an engine that asks for a heap floor: the bytes its
// process allocates before it first collects.
type heapFloorer interface {
	HeapFloor() int64
}

// tuneGC sets the collector for the worker process of engine e, unless
// GOGC or GOMEMLIMIT in the environment say otherwise, and turns off the
// sampling of allocations.
func tuneGC(e core.Engine) {
	if os.Getenv("GOMEMLIMIT") == "" {
		if limit, ok := memoryLimit(); ok {
			debug.SetMemoryLimit(int64(float64(limit) * memoryShare))
		}
	}
	var floor int64
	if f, ok := e.(heapFloorer); ok {
		floor = f.HeapFloor()
	}
	heapfloor.SetDefault(floor, gcPercent)
	memprofile.Off() // an engine serves no heap profile
}

// memoryLimit is the data limit the process runs under, the lower of the
// one the host says it sets (wire.EnvMemoryLimit: the host sets it only
// after the handshake, when tuneGC has run) and the one the process has
// now (dataLimit); ok is false when there is neither.
func memoryLimit() (uint64, bool) {
	limit, ok := dataLimit()
	if v, err := strconv.ParseUint(os.Getenv(wire.EnvMemoryLimit), 10, 64); err == nil && v > 0 && (!ok || v < limit) {
		return v, true
	}
	return limit, ok
}
