package heapfloor

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

var sink []byte

// Below the budget the collector does not run; past it, it runs, and the
// percent and the memory limit are set as asked. (Not parallel: the
// collector's setting is the process's.)
func TestFloorThenPercent(t *testing.T) {
	sys := freshCollector(t)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	const budget = 64 << 20
	Set(sys+budget, 300)

	before := ms.NumGC
	churn(budget / 2)
	runtime.ReadMemStats(&ms)
	if ms.NumGC != before {
		t.Fatalf("%d collections below the budget", ms.NumGC-before)
	}
	churn(4 * budget)
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.ReadMemStats(&ms)
		p, _ := Current()
		if p == 300 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d collections past the budget the percent is %d, want 300", ms.NumGC-before, p)
		}
		churn(budget)
		time.Sleep(10 * time.Millisecond)
	}
	if ms.NumGC == before {
		t.Error("no collection past the budget")
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("memory limit %d after the floor, want the former %d", l, int64(math.MaxInt64))
	}
}

// A budget at or above the memory limit sets the percent at once.
func TestBudgetPastTheLimit(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 30))
	Set(2<<30, 250)
	if p := debug.SetGCPercent(100); p != 250 {
		t.Errorf("percent %d, want 250", p)
	}
	if l := debug.SetMemoryLimit(-1); l != 1<<30 {
		t.Errorf("memory limit %d, want it left at %d", l, 1<<30)
	}
}

// churn allocates n bytes of garbage in blocks of 64 KiB.
func churn(n int) {
	for range n >> 16 {
		sink = make([]byte, 64<<10)
	}
	sink = nil
}

// A second Set before the first collection replaces the floor: the limit
// from before the first stands, and the first floor's cleanup does not
// undo the second's setting.
func TestSetAgain(t *testing.T) {
	floor := freshCollector(t) + 256<<20
	Set(floor, 300)
	Set(floor, 200)
	if p, l := Current(); p != -1 || l != floor {
		t.Fatalf("second floor: percent %d, limit %d; want off and %d", p, l, floor)
	}
	waitFor(t, 200, math.MaxInt64)

	Set(floor, 300)
	Set(0, 150) // no floor after all
	if p, l := Current(); p != 150 || l != math.MaxInt64 {
		t.Fatalf("floor taken back: percent %d, limit %d; want 150 and the former limit", p, l)
	}
	runtime.GC()
	time.Sleep(20 * time.Millisecond) // the first floor's cleanup has run
	if p, l := Current(); p != 150 || l != math.MaxInt64 {
		t.Errorf("after a collection: percent %d, limit %d; want 150 and the former limit", p, l)
	}
}

// waitFor collects until the floor is lifted to percent and limit.
func waitFor(t *testing.T, percent int, limit int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for p, l := Current(); p != percent || l != limit; p, l = Current() {
		if time.Now().After(deadline) {
			t.Fatalf("percent %d, limit %d; want %d and %d", p, l, percent, limit)
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

// freshCollector sets the collector to GOGC=100 with no memory limit
// until t ends, collects, and returns the memory the runtime holds (what
// the memory limit counts).
func freshCollector(t *testing.T) int64 {
	t.Helper()
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}

// SetDefault leaves the collector to a user who sets GOGC, sets the
// percent without a floor under a user's GOMEMLIMIT, and sets the floor
// otherwise.
func TestSetDefault(t *testing.T) {
	floor := freshCollector(t) + 256<<20
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "")
	SetDefault(floor, 300)
	if p, l := Current(); p != 100 || l != math.MaxInt64 {
		t.Errorf("with GOGC: percent %d, limit %d; want both left as they were", p, l)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	SetDefault(floor, 300)
	if p, l := Current(); p != 300 || l != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT: percent %d, limit %d; want 300 and no floor", p, l)
	}
	t.Setenv("GOMEMLIMIT", "")
	SetDefault(floor, 200)
	if p, l := Current(); p != -1 || l != floor {
		t.Errorf("with neither: percent %d, limit %d; want off until %d", p, l, floor)
	}
	waitFor(t, 200, math.MaxInt64)
}
