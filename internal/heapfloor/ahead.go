package heapfloor

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// What Ahead faults in, and when.
const (
	// aheadMax is the heap memory Ahead faults in at most: about what
	// the text engine's parse of a 100-page paper allocates (100 MB for
	// eight tracemonkeys in one file).
	aheadMax = 96 << 20
	// aheadFrom is what the work must have allocated before Ahead acts:
	// work that allocates less would not use what Ahead touches. The
	// text engine's parse of a long file allocates this much in its
	// first 20-25 ms (100 MB in all for the 112-page file; 16 MB for the
	// 220 light pages of pdkids), while a short document's parse, even a
	// slow one, allocates less (10 MB in 15 ms for a CJK page whose fonts
	// hold large width arrays). Below it Ahead would touch memory the
	// process never uses: a first version that acted after 5 ms of work
	// cost that page 12 ms of CPU.
	aheadFrom = 24 << 20
	// aheadPoll is how often Ahead looks at what the work has allocated.
	aheadPoll = time.Millisecond
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
// each 4 KiB it allocates, on the core that allocates. Ahead allocates
// memory a megabyte at a time, touches its pages on another core, idle,
// and hands it back to the heap in a collection that does not lift the
// floor. The runtime hands
// out its lowest free addresses first, so the next allocations land in
// pages already there, and cost the clearing of reused memory instead of
// a fault (about a third as much). Where the cores are busy this would
// only move faults, so alone says when the work is alone; and Ahead acts
// only once the work has allocated aheadFrom bytes.
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
	from := allocated()
	wg.Go(func() {
		if waitForAllocation(done, from+aheadFrom) && wanted() {
			touchBlock(wanted)
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// waitForAllocation waits until what the process has allocated in all
// (allocated) reaches n (true), or until done (false).
func waitForAllocation(done <-chan struct{}, n uint64) bool {
	t := time.NewTicker(aheadPoll)
	defer t.Stop()
	for {
		select {
		case <-done:
			return false
		case <-t.C:
		}
		if allocated() >= n {
			return true
		}
	}
}

// allocated is what the process has allocated on the heap since it
// started.
func allocated() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

// touchBlock allocates memory a piece at a time and touches its pages
// while wanted, then hands what it touched back to the heap. Memory the
// heap gets back must be cleared before it is used again, so none is
// allocated that is not touched.
func touchBlock(wanted func() bool) {
	mu.Lock()
	n := int(min(aheadMax, floorAt/aheadShare))
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

// floorHeld says whether a floor is held: the collector is off.
func floorHeld() bool {
	mu.Lock()
	defer mu.Unlock()
	return held
}
