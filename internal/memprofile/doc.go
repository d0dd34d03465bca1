// Package memprofile turns off the runtime's sampling of allocations in
// processes that serve no heap profile: the assay host in a batch run and
// every engine process.
//
// The runtime samples allocations for a heap profile whenever the binary
// links runtime/pprof, and the assay binary does, through its service's
// dependencies: a stack walk every 512 KiB allocated, and first touches
// of the profiler's tables, about 1% of the text engine's CPU. Off, first
// in such a process, stops it; GODEBUG=memprofilerate=N still asks for
// samples.
//
//	func tuneGC() {
//		debug.SetGCPercent(gcPercent)
//		memprofile.Off()
//	}
package memprofile
