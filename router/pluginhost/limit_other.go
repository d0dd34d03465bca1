//go:build !linux

package pluginhost

// limitMemory sets no limit where prlimit does not exist; the engine's
// deadline still bounds it.
func limitMemory(pid int, n int64) error { return nil }
