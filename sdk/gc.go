package sdk

import (
	"os"
	"runtime/debug"

	"github.com/assay-pdf/assay/internal/memprofile"
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
const (
	gcPercent = 400
	// memoryShare of the process's data limit is the soft memory limit.
	memoryShare = 0.75
)

// tuneGC sets the collector for a worker process, unless GOGC or
// GOMEMLIMIT in the environment say otherwise, and turns off the sampling
// of allocations.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		if limit, ok := dataLimit(); ok {
			debug.SetMemoryLimit(int64(float64(limit) * memoryShare))
		}
	}
	memprofile.Off() // an engine serves no heap profile
}
