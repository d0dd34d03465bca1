package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestBatchGC checks that extract's collector setting stands unless the
// user names GOGC.
func TestBatchGC(t *testing.T) {
	restore := debug.SetGCPercent(100)
	defer debug.SetGCPercent(restore)
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)

	t.Setenv("GOGC", "")
	t.Setenv("GODEBUG", "")
	tuneBatchGC()
	if got := debug.SetGCPercent(100); got != batchGCPercent {
		t.Errorf("without GOGC the collector runs at %d, want %d", got, batchGCPercent)
	}
	if runtime.MemProfileRate != 0 {
		t.Errorf("a batch run samples allocations every %d bytes", runtime.MemProfileRate)
	}
	t.Setenv("GOGC", "50")
	tuneBatchGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, tuneBatchGC changed the collector to %d", got)
	}
}
