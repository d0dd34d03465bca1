package heapfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The floor the process holds, if any. A cleanup that lifts an older one
// (Set was called again before its first collection) does nothing.
var (
	mu     sync.Mutex
	gen    int   // Set's calls
	held   bool  // a floor is held: the collector is off until it is lifted
	former int64 // the soft memory limit before the floor
	budget int64 // the floor held
	after  int   // the percent once it is lifted
	armed  int   // sentinels made: only the newest one's cleanup lifts
)

// Set turns the collector off until the process's memory first reaches
// budget bytes, and then sets it to percent (as debug.SetGCPercent) with
// the soft memory limit it had before. A budget at or above that limit,
// or not above zero, sets percent at once. Set may be called again: a
// floor not lifted yet is replaced, and the limit from before it stands.
func Set(budget int64, percent int) {
	mu.Lock()
	defer mu.Unlock()
	gen++
	limit := debug.SetMemoryLimit(-1) // reads the limit
	if held {
		limit = former
	}
	held = false
	if budget <= 0 || budget >= limit {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
		return
	}
	held, former, after = true, limit, percent
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(budget)
	arm(budget, armed+1)
}

// arm makes the sentinel whose cleanup lifts the floor after the first
// collection, under mu. The sentinel holds a pointer, so that it is not
// batched with other small objects in one allocation: its cleanup then
// runs after the first collection. A sentinel made before (one whose
// collection did not count, see collectUnderFloor) is disowned.
func arm(b int64, id int) {
	budget, armed = b, id
	sentinel := &struct{ p *int }{}
	runtime.AddCleanup(sentinel, lift, floor{gen: gen, arm: id, percent: after})
	runtime.KeepAlive(sentinel)
}

// collectUnderFloor runs a collection that does not lift the floor, for
// the process's own purposes (see Ahead).
func collectUnderFloor() {
	mu.Lock()
	armed++ // the sentinel made before is disowned: its cleanup does nothing
	id, g := armed, gen
	mu.Unlock()
	runtime.GC()
	mu.Lock()
	defer mu.Unlock()
	if held && gen == g && armed == id {
		arm(budget, id)
	}
}

// SetDefault is Set where the environment leaves the collector to the
// program. With GOGC set it changes nothing; with only GOMEMLIMIT set it
// sets percent without a floor, which would replace the user's limit.
func SetDefault(budget int64, percent int) {
	switch gogc := os.Getenv("GOGC"); {
	case gogc == "" && os.Getenv("GOMEMLIMIT") == "":
		Set(budget, percent)
	case gogc == "":
		debug.SetGCPercent(percent)
	}
}

// floor is a floor Set made: its call, its sentinel, and the percent
// after it.
type floor struct {
	gen     int
	arm     int
	percent int
}

// lift ends the floor f, unless Set was called again since, or f's
// sentinel was disowned.
func lift(f floor) {
	mu.Lock()
	defer mu.Unlock()
	if f.gen != gen || f.arm != armed || !held {
		return
	}
	held = false
	debug.SetGCPercent(f.percent)
	debug.SetMemoryLimit(former)
}

// Current is the collector's percent (-1: off) and the soft memory limit,
// read without changing them. (Read by setting the percent and setting it
// back, a floor lifted in between would be undone.)
func Current() (percent int, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	// Off reads as the largest uint64, which converts to -1.
	return int(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}
