package sdk

import (
	"os"
	"runtime/debug"

	"github.com/assay-pdf/assay/internal/heapfloor"
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
//
// Before that, the process allocates heapFloor without collecting at all
// (heapfloor): a batch of ordinary documents is done before the floor,
// and the collections it spared are the last 4-5% of the text engine's
// CPU (20 documents of 232 pages: 562 → 533 ms with the host's floor,
// medians of 14 alternated runs), for a peak some 90 MB higher.
const (
	gcPercent = 400
	// memoryShare of the process's data limit is the soft memory limit.
	memoryShare = 0.75
)

// heapFloor is what an engine process allocates before it first collects
// (see heapfloor): a batch of ordinary documents then runs without a
// collection, and a longer run collects at gcPercent from there. It is
// 1/32 of the host's default data limit.
const heapFloor = 256 << 20

// tuneGC sets the collector for a worker process, unless GOGC or
// GOMEMLIMIT in the environment say otherwise, and turns off the sampling
// of allocations.
func tuneGC() {
	gogc, memLimit := os.Getenv("GOGC"), os.Getenv("GOMEMLIMIT")
	if memLimit == "" {
		if limit, ok := dataLimit(); ok {
			debug.SetMemoryLimit(int64(float64(limit) * memoryShare))
		}
	}
	switch {
	case gogc == "" && memLimit == "":
		heapfloor.Set(heapFloor, gcPercent)
	case gogc == "":
		debug.SetGCPercent(gcPercent)
	}
	memprofile.Off() // an engine serves no heap profile
}
