package sdk

import (
	"math"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/heapfloor"
	"github.com/assay-pdf/assay/internal/wire"
)

// floored is an engine that asks for a heap floor.
type floored struct {
	core.Engine
	floor int64
}

func (f floored) HeapFloor() int64 { return f.floor }

// A worker collects at gcPercent under a soft memory limit below its data
// limit when it has one, unless GOGC or GOMEMLIMIT say otherwise, and
// samples no allocations. An engine that asks for a heap floor does not
// collect before it.
func TestTuneGC(t *testing.T) {
	workerEnv(t)
	t.Setenv(wire.EnvMemoryLimit, "")
	soft := int64(math.MaxInt64)
	if limit, ok := memoryLimit(); ok {
		soft = int64(float64(limit) * memoryShare)
	}
	const floor = 256 << 20
	tuneGC(floored{floor: floor})
	if runtime.MemProfileRate != 0 {
		t.Errorf("a worker samples allocations every %d bytes", runtime.MemProfileRate)
	}
	if soft > floor {
		if p, l := heapfloor.Current(); p != -1 || l != floor {
			t.Errorf("before the floor: GC percent %d, memory limit %d; want off and %d", p, l, floor)
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

	debug.SetGCPercent(100)
	tuneGC(floored{}) // no floor
	if p, l := heapfloor.Current(); p != gcPercent || l != soft {
		t.Errorf("without a floor: GC percent %d, memory limit %d; want %d and %d", p, l, gcPercent, soft)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	tuneGC(floored{floor: floor})
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC=50 the GC percent became %d", got)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	tuneGC(floored{floor: floor})
	if p, l := heapfloor.Current(); p != gcPercent || l != 1<<30 {
		t.Errorf("with GOMEMLIMIT set: GC percent %d, memory limit %d; want %d and the user's %d", p, l, gcPercent, 1<<30)
	}
}

// The data limit the host says it will set (wire.EnvMemoryLimit) sizes
// the collector from the start: the soft limit under it, and a heap floor
// only where the floor lies below that.
func TestTuneGCUnderTheHostsLimit(t *testing.T) {
	workerEnv(t)
	if limit, ok := dataLimit(); ok && limit < 2<<30 {
		t.Skipf("the process's own data limit (%d) is lower", limit)
	}
	const floor = 256 << 20

	t.Setenv(wire.EnvMemoryLimit, strconv.Itoa(256<<20))
	tuneGC(floored{floor: floor})
	if p, l := heapfloor.Current(); p != gcPercent || l != int64(0.75*(256<<20)) {
		t.Errorf("under 256 MiB: GC percent %d, memory limit %d; want %d and 3/4 of the limit, no floor", p, l, gcPercent)
	}

	t.Setenv(wire.EnvMemoryLimit, strconv.Itoa(2<<30))
	tuneGC(floored{floor: floor})
	if p, l := heapfloor.Current(); p != -1 || l != floor {
		t.Errorf("under 2 GiB: GC percent %d, memory limit %d; want off until the floor", p, l)
	}
	waitLifted(t, gcPercent, int64(0.75*(2<<30)))
}

// waitLifted collects until the collector runs at percent under limit.
func waitLifted(t *testing.T, percent int, limit int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for p, l := heapfloor.Current(); p != percent || l != limit; p, l = heapfloor.Current() {
		if time.Now().After(deadline) {
			t.Fatalf("past the floor: GC percent %d, memory limit %d; want %d and %d", p, l, percent, limit)
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

// workerEnv clears the variables tuneGC reads, and puts the collector's
// setting and the sampling rate back when t ends. (Tests that use it are
// not parallel: these are the process's.)
func workerEnv(t *testing.T) {
	t.Helper()
	for _, v := range []string{"GOGC", "GOMEMLIMIT", "GODEBUG"} {
		t.Setenv(v, "")
	}
	percent, limit, rate := debug.SetGCPercent(100), debug.SetMemoryLimit(-1), runtime.MemProfileRate
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
		runtime.MemProfileRate = rate
	})
}
