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
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	const budget = 64 << 20
	Set(int64(ms.Sys)+budget, 300)

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
