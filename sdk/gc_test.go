package sdk

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// A worker collects at gcPercent unless GOGC says otherwise, takes a soft
// memory limit under its data limit when it has one, and samples no
// allocations.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	t.Setenv("GODEBUG", "")
	tuneGC()
	if runtime.MemProfileRate != 0 {
		t.Errorf("a worker samples allocations every %d bytes", runtime.MemProfileRate)
	}
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	limit, ok := dataLimit()
	got := debug.SetMemoryLimit(-1)
	if ok && got != int64(float64(limit)*memoryShare) {
		t.Errorf("memory limit %d with a data limit of %d", got, limit)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	tuneGC()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC=50 the GC percent became %d", got)
	}
}
