package render

import "github.com/tetratelabs/wazero/experimental"

// maxReserve bounds the address space reserved for one pdfium instance's
// linear memory: all a 32-bit wasm module can address.
const maxReserve = 4 << 30

// linearMemory backs each pdfium instance's wasm memory. wazero's own
// grows a Go slice by appending, which copies the whole memory each time
// it outgrows its capacity; pdfium grows its heap a page at a time as it
// reads a document (a file is copied into it whole), so an instance that
// ends at 60 MB has copied and zeroed several times that. Where the
// platform can reserve address space (reserve), the memory is a
// reservation whose pages are made writable as the module grows into it:
// it never moves and nothing is copied, and the kernel counts only what
// was made writable against the process's data limit, so a document that
// would take pdfium past the limit makes its allocation fail rather than
// the process. Elsewhere it is a Go slice that grows as wazero's does.
var linearMemory = experimental.MemoryAllocatorFunc(func(capBytes, maxBytes uint64) experimental.LinearMemory {
	if m, ok := reserve(min(maxBytes, maxReserve)); ok {
		return m
	}
	return &sliceMemory{b: make([]byte, 0, capBytes), max: maxBytes}
})

// sliceMemory is a linear memory in a Go slice, reallocated (and copied)
// when it outgrows its capacity.
type sliceMemory struct {
	b   []byte
	max uint64
}

func (m *sliceMemory) Reallocate(size uint64) []byte {
	if size > m.max {
		return nil
	}
	if size > uint64(cap(m.b)) {
		m.b = append(m.b[:cap(m.b)], make([]byte, size-uint64(cap(m.b)))...)
	}
	m.b = m.b[:size]
	return m.b
}

func (m *sliceMemory) Free() { m.b = nil }
