package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/assay-pdf/assay/internal/heapfloor"
)

// TestBatchGC checks that extract's collector setting stands unless the
// user names GOGC or GOMEMLIMIT: off until batchHeapFloor, then at
// batchGCPercent.
func TestBatchGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("GODEBUG", "")
	limit := debug.SetMemoryLimit(-1)
	tuneBatchGC()
	if p, l := heapfloor.Current(); p != -1 || l != batchHeapFloor {
		t.Errorf("before the floor: GC percent %d, memory limit %d; want off and %d", p, l, batchHeapFloor)
	}
	if runtime.MemProfileRate != 0 {
		t.Errorf("a batch run samples allocations every %d bytes", runtime.MemProfileRate)
	}
	deadline := time.Now().Add(5 * time.Second)
	for p, l := heapfloor.Current(); p != batchGCPercent || l != limit; p, l = heapfloor.Current() {
		if time.Now().After(deadline) {
			t.Fatalf("past the floor: GC percent %d, memory limit %d; want %d and %d", p, l, batchGCPercent, limit)
		}
		runtime.GC() // what reaching the floor does
		time.Sleep(5 * time.Millisecond)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(100)
	tuneBatchGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, tuneBatchGC changed the collector to %d", got)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	tuneBatchGC()
	if p, l := heapfloor.Current(); p != batchGCPercent || l != limit {
		t.Errorf("with GOMEMLIMIT set: GC percent %d, memory limit %d; want %d and %d", p, l, batchGCPercent, limit)
	}
}
