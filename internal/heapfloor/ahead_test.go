package heapfloor

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// minorFaults is the process's page faults so far that read no disk.
func minorFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Minflt
}

// allocTouched allocates n bytes in 4 KiB buffers and writes each one, as
// the parse's readers do. It returns the page faults that took, and the
// buffers, which the caller keeps so that no collection reuses them.
func allocTouched(n int) (faults int64, keep [][]byte) {
	before := minorFaults()
	keep = make([][]byte, 0, n/pageSize)
	for range n / pageSize {
		b := make([]byte, pageSize)
		b[0], b[pageSize-1] = 1, 1
		keep = append(keep, b)
	}
	return minorFaults() - before, keep
}

// reuseChild names the scenario a child process runs for
// TestTouchedPagesAreReused: in a fresh process, the heap has no free
// pages but those the scenario makes.
const reuseChild = "HEAPFLOOR_TEST_REUSE_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(reuseChild) != "" {
		const n = 32 << 20
		Set(256<<20, 200)
		fresh, first := allocTouched(n)
		touchBlock(func() bool { return true })
		reused, second := allocTouched(n)
		runtime.KeepAlive(first)
		runtime.KeepAlive(second)
		p, _ := Current()
		fmt.Println(fresh, reused, p)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// After touchBlock, allocations under the floor land in pages already
// there: they take a fraction of the faults that fresh memory does, and
// the floor is still held. The scenario runs in a process of its own.
func TestTouchedPagesAreReused(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), reuseChild+"=1", "GOGC=", "GOMEMLIMIT=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v", err)
	}
	var fresh, reused int64
	var percent int
	if _, err := fmt.Sscan(string(out), &fresh, &reused, &percent); err != nil {
		t.Fatalf("child said %q: %v", out, err)
	}
	t.Logf("page faults: %d in fresh memory, %d after touchBlock", fresh, reused)
	if percent != -1 {
		t.Fatalf("the collection that hands the block back lifted the floor: percent %d", percent)
	}
	if fresh < (32<<20)/pageSize/2 {
		t.Skipf("%d faults for 8192 fresh pages: this kernel backs the heap otherwise", fresh)
	}
	// Without the race detector about 3% of the faults are left; with
	// it about a third, for its shadow memory takes faults of its own.
	if reused > fresh/2 {
		t.Errorf("%d faults after touchBlock against %d in fresh memory", reused, fresh)
	}
}

// Ahead touches nothing for work that is not alone, or that allocates
// less than aheadFrom: no collection runs.
func TestAheadWaitsForWorkAlone(t *testing.T) {
	Set(freshCollector(t)+512<<20, 200)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.NumGC
	stop := Ahead(func() bool { return false })
	churn(2 * aheadFrom)
	time.Sleep(10 * aheadPoll)
	stop()
	stop = Ahead(func() bool { return true })
	churn(aheadFrom / 2)
	time.Sleep(10 * aheadPoll)
	stop()
	runtime.ReadMemStats(&ms)
	if ms.NumGC != before {
		t.Errorf("%d collections, want none", ms.NumGC-before)
	}
}

// Work alone that allocates past aheadFrom gets its block: one
// collection, after which the floor is still held and lifts when the
// budget is reached.
func TestAheadUnderTheFloor(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: Ahead does nothing")
	}
	sys := freshCollector(t)
	const budget = 256 << 20
	Set(sys+budget, 300)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.NumGC
	stop := Ahead(func() bool { return true })
	churn(aheadFrom + 1<<20)
	deadline := time.Now().Add(5 * time.Second)
	for ms.NumGC == before && time.Now().Before(deadline) {
		time.Sleep(aheadPoll)
		runtime.ReadMemStats(&ms)
	}
	stop()
	runtime.ReadMemStats(&ms)
	if ms.NumGC != before+1 {
		t.Fatalf("%d collections, want the one that hands the block back", ms.NumGC-before)
	}
	if p, _ := Current(); p != -1 {
		t.Fatalf("percent %d after Ahead, want the floor held", p)
	}
	churn(4 * budget)
	waitFor(t, 300, math.MaxInt64)
}
