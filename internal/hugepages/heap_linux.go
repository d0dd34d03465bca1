package hugepages

import (
	"math"
	"os"
	"runtime"
	"sync"
	"syscall"
	"unsafe"
)

// hugeSize is the size of a transparent huge page on the platforms Go
// supports on Linux (a PMD's span: 2 MiB on amd64 and arm64 with 4 KiB
// pages).
const hugeSize = 2 << 20

// heapAhead is how much of the heap Heap marks: more than the peak heap
// of the text engine, or of the CLI host, over a directory of papers
// (tens of megabytes at the engines' GOGC of 400). Marking costs address
// space, not memory.
const heapAhead = 256 << 20

// limitShare is the largest part of the process's RLIMIT_DATA that Heap
// maps ahead: the mapping counts against the limit before a byte of it is
// used.
const limitShare = 8

// Heap has the kernel back the next heapAhead bytes of the Go heap with
// transparent huge pages, where it gives them on request (see Enable).
//
// Go maps its heap in 4 MiB steps and asks for no huge pages, so each
// 4 KiB page costs a fault on first touch: tens of microseconds on a
// virtual machine, for a heap of tens of megabytes in a process that lives
// a second. Heap has the runtime map that much at once by allocating it,
// marks the mapping MADV_HUGEPAGE, and frees it again. The runtime hands
// out its lowest free addresses first, so the heap grows into the marked
// range, and the kernel backs it 2 MiB at a fault. Nothing is touched, so
// nothing is resident until the heap uses it.
//
// Call it first in main. It acts once in a process: later calls do
// nothing. It does nothing where huge pages do not pay (the kernel's mode
// is not "madvise", or the machine hands free memory back to a
// hypervisor), and maps at most an eighth of RLIMIT_DATA.
func Heap() {
	heapOnce.Do(func() { heap(heapAhead) })
}

var heapOnce sync.Once

// heap is Heap's one run.
func heap(n int) {
	mode, err := os.ReadFile(modeFile)
	if err != nil || !pays(string(mode)) {
		return
	}
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err == nil && r.Cur < math.MaxInt64 {
		n = min(n, int(r.Cur/limitShare))
	}
	if n < 2*hugeSize {
		return
	}
	Advise(make([]byte, n))
	runtime.GC() // the block is garbage: its pages go back to the heap
}

// Advise asks the kernel to back the huge pages that b covers whole with
// transparent huge pages (MADV_HUGEPAGE) when they are first touched. It
// is for memory the program maps and fills itself, such as a WebAssembly
// module's linear memory; what b holds does not change. Where the machine
// hands free memory back to a hypervisor it does nothing (see Heap).
func Advise(b []byte) {
	if len(b) == 0 || reclaimedHere() {
		return
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := int(alignUp(base) - base)
	hi := int(alignDown(base+uintptr(len(b))) - base)
	if lo < hi {
		_ = syscall.Madvise(b[lo:hi], syscall.MADV_HUGEPAGE)
	}
}

// alignDown rounds p down to a multiple of hugeSize.
func alignDown(p uintptr) uintptr {
	return p &^ (hugeSize - 1)
}

// alignUp rounds p up to a multiple of hugeSize.
func alignUp(p uintptr) uintptr {
	return (p + hugeSize - 1) &^ (hugeSize - 1)
}
