//go:build linux || darwin

package render

import (
	"github.com/tetratelabs/wazero/experimental"
	"golang.org/x/sys/unix"

	"github.com/assay-pdf/assay/internal/hugepages"
)

// reservedMemory is a linear memory in address space reserved up front
// (no access), of which the first committed bytes are readable and
// writable.
type reservedMemory struct {
	b         []byte
	committed int
}

// reserve reserves size bytes of address space for a linear memory.
func reserve(size uint64) (experimental.LinearMemory, bool) {
	if size == 0 || size > maxReserve {
		return nil, false
	}
	b, err := unix.Mmap(-1, 0, int(size), unix.PROT_NONE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_NORESERVE)
	if err != nil {
		return nil, false
	}
	// pdfium's heap is dense and short-lived: 2 MiB a fault, not 4 KiB.
	hugepages.Advise(b)
	return &reservedMemory{b: b}, true
}

// Reallocate makes the memory size bytes long (wasm pages are whole OS
// pages), in place: nil when that is past the reservation or the kernel
// refuses the pages (the data limit), which the module sees as a failed
// memory.grow.
func (m *reservedMemory) Reallocate(size uint64) []byte {
	if m.b == nil || size > uint64(len(m.b)) {
		return nil
	}
	if n := int(size); n > m.committed {
		if err := unix.Mprotect(m.b[m.committed:n], unix.PROT_READ|unix.PROT_WRITE); err != nil {
			return nil
		}
		m.committed = n
	}
	return m.b[:size:size]
}

// Free gives the reservation back.
func (m *reservedMemory) Free() {
	if m.b != nil {
		_ = unix.Munmap(m.b)
		m.b, m.committed = nil, 0
	}
}
