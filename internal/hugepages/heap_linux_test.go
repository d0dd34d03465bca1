package hugepages

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestHeapMarksTheHeap checks that, after Heap, the Go heap grows into
// memory the kernel backs with huge pages on request: a block allocated
// next lies in a mapping flagged "hg" (VM_HUGEPAGE).
func TestHeapMarksTheHeap(t *testing.T) {
	skipUnlessPays(t)
	Heap()
	b := make([]byte, 8<<20)
	mid := uintptr(unsafe.Pointer(&b[len(b)/2]))
	if !flaggedHuge(t, mid) {
		t.Errorf("a block allocated after Heap lies at %#x, in a mapping without huge pages on request", mid)
	}
}

// TestAdviseMarksAMapping checks Advise on memory the program maps itself.
func TestAdviseMarksAMapping(t *testing.T) {
	skipUnlessPays(t)
	b, err := syscall.Mmap(-1, 0, 8<<20, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(b)
	mid := uintptr(unsafe.Pointer(&b[len(b)/2]))
	if flaggedHuge(t, mid) {
		t.Fatalf("a fresh mapping is flagged already; the test cannot tell")
	}
	Advise(b)
	if !flaggedHuge(t, mid) {
		t.Errorf("after Advise the mapping at %#x is not flagged for huge pages", mid)
	}
}

func skipUnlessPays(t *testing.T) {
	t.Helper()
	mode, err := os.ReadFile(modeFile)
	if err != nil || !onRequest(string(mode)) {
		t.Skipf("transparent huge pages are not given on request here (%q)", strings.TrimSpace(string(mode)))
	}
	if reclaimedHere() {
		t.Skip("this machine hands free memory back to its hypervisor: huge pages are not asked for (TestNothingAskedWhereReclaimed)")
	}
}

// TestNothingAskedWhereReclaimed checks that on a machine that hands its
// free memory back to a hypervisor neither the heap nor a mapping is
// marked for huge pages, and no tunables are preset for engines.
func TestNothingAskedWhereReclaimed(t *testing.T) {
	if !reclaimedHere() {
		t.Skip("this machine keeps its free memory (TestHeapMarksTheHeap runs instead)")
	}
	Heap()
	b := make([]byte, 8<<20)
	if mid := uintptr(unsafe.Pointer(&b[len(b)/2])); flaggedHuge(t, mid) {
		t.Errorf("a block allocated after Heap lies at %#x, in a mapping marked for huge pages", mid)
	}
	m, err := syscall.Mmap(-1, 0, 8<<20, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(m)
	Advise(m)
	if mid := uintptr(unsafe.Pointer(&m[len(m)/2])); flaggedHuge(t, mid) {
		t.Errorf("after Advise the mapping at %#x is marked for huge pages", mid)
	}
	if kv, ok := Preset([]string{"A=1"}); ok {
		t.Errorf("Preset = %q; want nothing", kv)
	}
}

// flaggedHuge reports whether the mapping that holds addr has the kernel's
// "hg" flag (MADV_HUGEPAGE), read from /proc/self/smaps.
func flaggedHuge(t *testing.T, addr uintptr) bool {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 { // a mapping's first line
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.Contains(line+" ", " hg ")
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return false
}
