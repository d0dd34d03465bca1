package heapfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The floor the process holds, if any. Only the newest sentinel's
// cleanup lifts it: one made for an older floor (Set was called again
// before its first collection), or before a collection that did not count
// (collectUnderFloor), does nothing.
var (
	mu      sync.Mutex
	held    bool  // a floor is held: the collector is off until it is lifted
	former  int64 // the soft memory limit before the floor
	floorAt int64 // the budget of the floor held
	after   int   // the percent once it is lifted
	armed   int   // sentinels made; the newest is the one that counts
)

// Set turns the collector off until the process's memory first reaches
// budget bytes, and then sets it to percent (as debug.SetGCPercent) with
// the soft memory limit it had before. A budget at or above that limit,
// or not above zero, sets percent at once. Set may be called again: a
// floor not lifted yet is replaced, and the limit from before it stands.
func Set(budget int64, percent int) {
	mu.Lock()
	defer mu.Unlock()
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
	held, former, floorAt, after = true, limit, budget, percent
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(budget)
	armed++
	arm()
}

// arm makes the sentinel armed, under mu, whose cleanup lifts the floor
// after the first collection. The sentinel holds a pointer, so that it is
// not batched with other small objects in one allocation: its cleanup
// then runs after the first collection.
func arm() {
	sentinel := &struct{ p *int }{}
	runtime.AddCleanup(sentinel, lift, armed)
	runtime.KeepAlive(sentinel)
}

// collectUnderFloor runs a collection that does not lift the floor, for
// the process's own purposes (see Ahead).
func collectUnderFloor() {
	mu.Lock()
	armed++ // the sentinel made before is disowned: its cleanup does nothing
	id := armed
	mu.Unlock()
	runtime.GC()
	mu.Lock()
	defer mu.Unlock()
	if held && armed == id { // not replaced by a Set meanwhile
		arm()
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

// lift ends the floor, when the sentinel id is still the one that counts.
func lift(id int) {
	mu.Lock()
	defer mu.Unlock()
	if id != armed || !held {
		return
	}
	held = false
	debug.SetGCPercent(after)
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
