package sdk

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/assay-pdf/assay/internal/heapfloor"
)

// A worker does not collect before heapFloor, then collects at gcPercent
// under a soft memory limit below its data limit when it has one, unless
// GOGC or GOMEMLIMIT say otherwise; it samples no allocations.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	t.Setenv("GODEBUG", "")
	soft := int64(math.MaxInt64)
	if limit, ok := dataLimit(); ok {
		soft = int64(float64(limit) * memoryShare)
	}
	tuneGC()
	if runtime.MemProfileRate != 0 {
		t.Errorf("a worker samples allocations every %d bytes", runtime.MemProfileRate)
	}
	if soft > heapFloor {
		if p, l := heapfloor.Current(); p != -1 || l != heapFloor {
			t.Errorf("before the floor: GC percent %d, memory limit %d; want off and %d", p, l, heapFloor)
		}
		runtime.GC() // what reaching the floor does
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		p, l := heapfloor.Current()
		if p == gcPercent && l == soft {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("past the floor: GC percent %d, memory limit %d; want %d and %d", p, l, gcPercent, soft)
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	tuneGC()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC=50 the GC percent became %d", got)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	tuneGC()
	if p, l := heapfloor.Current(); p != gcPercent || l != 1<<30 {
		t.Errorf("with GOMEMLIMIT set: GC percent %d, memory limit %d; want %d and the user's %d", p, l, gcPercent, 1<<30)
	}
}
