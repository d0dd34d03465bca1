// Package heapfloor lets a process allocate a budget of memory before its
// collector first runs, and then collect as it was set to.
//
// A batch run of the text engine allocates about 170 MB over 20 ordinary
// documents, and keeps some 30 MB live. At GOGC=400 its heap grows to
// five times the live data between collections, so a run of that size
// still collects two or three times, each a pass over the live heap that
// the run did not need: what it frees would be freed at exit anyway. A
// collection there cost about what 18,000 fresh pages of memory do. With
// no collection until 256 MiB (engine and host), runs over four sets of
// documents took 2-6% less CPU and wall time (alternated runs), for a
// peak about 90 MB higher. A long run reaches the budget, collects, and
// from then on runs as before: the floor is a fixed amount, not a share
// of what the run holds, so memory does not grow with the work. A process
// whose live heap is small collects cheaply, and on a long run pays more
// for the floor's fresh pages than the collections cost: the batch host,
// which keeps a few megabytes live, takes 64 MiB (cmd/assay's gc.go).
//
//	heapfloor.Set(256<<20, 400) // no collection before 256 MiB, then GOGC=400
//
// SetDefault does the same unless the user set GOGC or GOMEMLIMIT: the
// batch host and every engine (sdk) take their setting from it.
//
// Under a floor each 4 KiB the process allocates is a fresh page, and its
// first write a page fault on the core that writes it (about 1.5 µs on a
// virtual machine). Where one goroutine works alone, as the text engine
// does while it parses a document before its pages can be read, Ahead
// takes those faults on the idle core: it touches a block of pages there
// and hands it back to the heap, into which the work then allocates. The
// parse of a 112-page file (eight tracemonkeys) allocates 100 MB; with
// Ahead the file was read 6% sooner (365 against 390 ms, 12 alternated
// runs) for the same CPU, and directories of ordinary documents, where no
// parse is alone for long, were read as before (20 rounds, within 2 ms).
//
// The collector is off (SetGCPercent(-1)) and the soft memory limit is
// the budget, so the runtime collects when the process's memory reaches
// it. A cleanup on an object nothing holds runs after that first
// collection, and sets the collector's percent and the memory limit the
// process had before Set.
package heapfloor
