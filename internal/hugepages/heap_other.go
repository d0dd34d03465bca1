//go:build !linux

package hugepages

// Heap does nothing where the kernel is not Linux.
func Heap() {}

// Advise does nothing where the kernel is not Linux.
func Advise(b []byte) {}
