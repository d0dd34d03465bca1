package heapfloor

import (
	"runtime"
	"sync"
	"time"
)

// What Ahead faults in, and when.
const (
	// aheadMax is the heap memory Ahead faults in at most: about what
	// the text engine's parse of a 100-page paper allocates (100 MB for
	// eight tracemonkeys in one file).
	aheadMax = 96 << 20
	// aheadAfter is how long the work must have gone on before Ahead
	// acts. The text engine's parse allocates about a megabyte a
	// millisecond, so work shorter than this leaves a few megabytes of
	// faults to move (about 0.4 ms of CPU a megabyte on a virtual
	// machine), less than a collection and the clearing of reused
	// memory cost.
	aheadAfter = 5 * time.Millisecond
	// aheadShare: the block is at most this part of the floor, which
	// it is counted against until the heap grows into it.
	aheadShare = 2
	// pageSize is the smallest page the kernel faults in.
	pageSize = 4 << 10
	// touchRun is the piece of memory allocated and touched between
	// looks at whether the work is still alone. A piece is a large
	// object, whose pages the heap gets back whole.
	touchRun = 1 << 20
)

// Ahead faults in, on a goroutine of its own, heap memory for the process
// to allocate next, while the work it is called for goes on alone: until
// stop is called or alone reports false. stop waits for that goroutine.
//
// It is for a stretch of work that one goroutine does while the process
// has nothing else to do, such as parsing a document before its pages can
// be read. A process that allocates under a floor takes a page fault for
// each 4 KiB it allocates, on the core that allocates. Ahead allocates a
// block, touches its pages on another core, idle, and hands it back to
// the heap in a collection that does not lift the floor. The runtime hands
// out its lowest free addresses first, so the next allocations land in
// pages already there, and cost the clearing of reused memory instead of
// a fault (about a third as much). Where the cores are busy this would
// only move faults, so alone says when the work is alone, and Ahead acts
// only after aheadAfter.
//
// It does nothing while no floor is held, or with one core. It touches
// at most aheadMax bytes, which the process holds from then on, as a floor
// lets it; the heap grows into them.
func Ahead(alone func() bool) (stop func()) {
	if !floorHeld() || runtime.GOMAXPROCS(0) < 2 {
		return func() {}
	}
	done := make(chan struct{})
	wanted := func() bool {
		select {
		case <-done:
			return false
		default:
			return alone() && floorHeld()
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTimer(aheadAfter)
		defer t.Stop()
		select {
		case <-done:
			return
		case <-t.C:
		}
		if wanted() {
			touchBlock(wanted)
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// touchBlock allocates memory a piece at a time and touches its pages
// while wanted, then hands what it touched back to the heap. Memory the
// heap gets back must be cleared before it is used again, so none is
// allocated that is not touched.
func touchBlock(wanted func() bool) {
	mu.Lock()
	n := int(min(aheadMax, budget/aheadShare))
	mu.Unlock()
	var pieces [][]byte
	for got := 0; got+touchRun <= n && wanted(); got += touchRun {
		piece := make([]byte, touchRun)
		for i := 0; i < len(piece); i += pageSize {
			piece[i] = 0
		}
		pieces = append(pieces, piece)
	}
	if len(pieces) == 0 {
		return
	}
	pieces = nil
	collectUnderFloor()
}

func floorHeld() bool {
	mu.Lock()
	defer mu.Unlock()
	return held
}
