package heapfloor

import (
	"runtime"
	"runtime/debug"
)

// Set turns the collector off until the process's memory first reaches
// budget bytes, and then sets it to percent (as debug.SetGCPercent) with
// the soft memory limit it had before. A budget at or above that limit,
// or not above zero, sets percent at once.
func Set(budget int64, percent int) {
	limit := debug.SetMemoryLimit(-1) // reads the limit
	if budget <= 0 || budget >= limit {
		debug.SetGCPercent(percent)
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(budget)
	// The sentinel holds a pointer, so that it is not batched with other
	// small objects in one allocation: its cleanup then runs after the
	// first collection.
	sentinel := &struct{ p *int }{}
	runtime.AddCleanup(sentinel, restore, setting{percent: percent, limit: limit})
	runtime.KeepAlive(sentinel)
}

// setting is the collector's setting after the floor.
type setting struct {
	percent int
	limit   int64
}

func restore(s setting) {
	debug.SetGCPercent(s.percent)
	debug.SetMemoryLimit(s.limit)
}

// Current is the collector's percent (-1: off) and the soft memory limit,
// read without changing them.
func Current() (percent int, limit int64) {
	percent = debug.SetGCPercent(-1)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}
