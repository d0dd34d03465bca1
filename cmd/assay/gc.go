package main

import (
	"github.com/assay-pdf/assay/internal/heapfloor"
	"github.com/assay-pdf/assay/internal/memprofile"
)

// batchGCPercent is the collector's setting for `assay extract`, a run
// that reads its documents and exits. The host's live heap is small (the
// pages of the documents in flight, a few megabytes), so Go's default of
// 100 collected it ten times over 20 documents, 35-42 ms of CPU; at 400
// it is collected once or twice. Over those 20 documents (232 pages) the
// host's own CPU fell from 156 ms to 127 ms (medians of 12 alternated
// runs) for a heap that peaks a few tens of megabytes higher. The engines
// set theirs themselves (sdk).
const batchGCPercent = 400

// batchHeapFloor is what the host of a batch run allocates before it
// first collects (see heapfloor), as the text engine does: the host of a
// run over the corpus's 56 born-digital documents (120 pages) does not
// collect at all. Beyond the floor it collects a live heap of a few
// megabytes (the pages in flight) for about 10 ms of CPU each time, where
// every 4 KiB of fresh memory under a floor is a page fault: over 95
// papers (1,532 pages), where the host allocates far more than a floor,
// 64 MiB instead of 256 took the run's page faults from 199,000 to
// 107,000 and its CPU down by 6.5% (medians of 10 alternated runs; the
// corpus's run unchanged).
const batchHeapFloor = 64 << 20

// tuneBatchGC sets the collector for a batch run, unless GOGC or
// GOMEMLIMIT say otherwise, and turns off the sampling of allocations.
func tuneBatchGC() {
	heapfloor.SetDefault(batchHeapFloor, batchGCPercent)
	memprofile.Off() // a batch run serves no heap profile
}
