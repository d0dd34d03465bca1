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
// run over 20 documents then does not collect at all.
const batchHeapFloor = 256 << 20

// tuneBatchGC sets the collector for a batch run, unless GOGC or
// GOMEMLIMIT say otherwise, and turns off the sampling of allocations.
func tuneBatchGC() {
	heapfloor.SetDefault(batchHeapFloor, batchGCPercent)
	memprofile.Off() // a batch run serves no heap profile
}
