//go:build linux

package pluginhost

import "golang.org/x/sys/unix"

// limitMemory caps the data segment of process pid (RLIMIT_DATA), which
// on Linux counts the heap and private writable mappings: what a runaway
// allocation grows. The limit is set right after the handshake, before
// the host sends the process any work. n <= 0 sets none.
func limitMemory(pid int, n int64) error {
	if pid <= 0 || n <= 0 {
		return nil
	}
	lim := unix.Rlimit{Cur: uint64(n), Max: uint64(n)}
	return unix.Prlimit(pid, unix.RLIMIT_DATA, &lim, nil)
}
