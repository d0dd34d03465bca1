package render

import (
	"testing"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"
)

// A linear memory grows in place where address space can be reserved:
// what the module wrote stays where it was, new pages read zero, and a
// size past the reservation fails. Elsewhere it grows by copying, with the
// same contents.
func TestLinearMemoryGrows(t *testing.T) {
	t.Parallel()
	const page = 64 << 10 // a wasm page
	mems := map[string]func() experimental.LinearMemory{
		"reserved": func() experimental.LinearMemory {
			m, ok := reserve(64 * page)
			if !ok {
				return nil
			}
			return m
		},
		"slice": func() experimental.LinearMemory {
			return &sliceMemory{b: make([]byte, 0, page), max: 64 * page}
		},
	}
	for name, mk := range mems {
		m := mk()
		if m == nil {
			t.Logf("%s: no reservation on this platform", name)
			continue
		}
		b := m.Reallocate(2 * page)
		if len(b) != 2*page {
			t.Fatalf("%s: %d bytes, want %d", name, len(b), 2*page)
		}
		b[0], b[len(b)-1] = 7, 9
		base := unsafe.SliceData(b)
		g := m.Reallocate(40 * page)
		if len(g) != 40*page || g[0] != 7 || g[2*page-1] != 9 {
			t.Fatalf("%s: grown to %d bytes, kept %d %d", name, len(g), g[0], g[2*page-1])
		}
		for _, i := range []int{2 * page, 20 * page, 40*page - 1} {
			if g[i] != 0 {
				t.Errorf("%s: new byte %d is %d, want 0", name, i, g[i])
			}
		}
		g[40*page-1] = 1
		if name == "reserved" && unsafe.SliceData(g) != base {
			t.Errorf("reserved memory moved as it grew")
		}
		if m.Reallocate(65*page) != nil {
			t.Errorf("%s: grew past its maximum", name)
		}
		m.Free()
	}
}

// The allocator wazero is given reserves where it can.
func TestLinearMemoryReserves(t *testing.T) {
	t.Parallel()
	m := linearMemory.Allocate(16<<16, 1<<32)
	defer m.Free()
	_, sliced := m.(*sliceMemory)
	r, ok := reserve(1 << 20)
	if ok {
		r.Free()
	}
	if ok == sliced {
		t.Errorf("allocator gave %T where reserve says %v", m, ok)
	}
	if b := m.Reallocate(256 << 16); len(b) != 256<<16 {
		t.Errorf("16 MB memory is %d bytes", len(b))
	}
}
