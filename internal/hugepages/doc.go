// Package hugepages has the kernel back a process's memory with
// transparent huge pages where it gives them only on request (the
// "madvise" mode, Debian's default): 2 MiB a page fault instead of 4 KiB.
// On a virtual machine a fault costs tens of microseconds, and a process
// that lives a second and grows a heap of tens of megabytes spends a
// quarter of its CPU in them. Three calls, one per kind of memory:
//
//   - Enable, for glibc's malloc in an engine that hosts native models;
//   - Heap, for the Go heap of any of our processes;
//   - Advise, for memory a program maps itself (pdfium's WebAssembly
//     memory).
//
// # malloc
//
// Such an engine allocates large blocks all the time: Tesseract copies an
// 89 MB script model three times as it loads it, and onnxruntime's arena
// grows by megabytes on a model's first runs. With the kernel's
// transparent huge pages in "madvise" mode (Debian's default), each 4 KiB
// page of that memory costs a page fault on first touch; on a virtual
// machine a fault costs tens of microseconds. Loading Tesseract's Latin
// model took 2.4 s of CPU, nearly all of it faults, and 0.25 s with huge
// pages; PaddleOCR's text detector ran a page in 0.8–1.0 s on its first
// runs and 0.25 s with them.
//
// glibc reads its tunables (GLIBC_TUNABLES) once, when the program starts,
// so Enable re-executes the program with glibc.malloc.hugetlb=1 added:
//
//	func main() {
//		hugepages.Enable() // first: it may replace the process
//		sdk.Serve(engine.New())
//	}
//
// The process keeps its PID, arguments, descriptors and environment, so a
// plugin host that started it sees nothing of it. The kernel names a
// process after the file it executed, "exe" here, so the re-executed
// program takes its command's name back (/proc/self/comm): ps, top and
// perf show assay-engine-oc, not exe. Enable does nothing
// where the kernel gives no huge pages on request (the mode is "always" or
// "never", or the file is missing: not Linux), and nothing when
// GLIBC_TUNABLES already names glibc.malloc.hugetlb, which is how a user
// opts out (glibc.malloc.hugetlb=0) and how the re-executed program knows
// it is done. Other C libraries ignore the variable.
//
// Enable also sets glibc.malloc.arena_max=1, unless the user names it:
// glibc advises huge pages for its main arena and for blocks of 2 MiB or
// more, not for the arenas it makes for other threads, where onnxruntime's
// and Tesseract's threads allocate. With one arena the OCR engine
// took 33k faults over the generated scanned set instead of 118k, and 3%
// less CPU: no lock contention showed on two cores.
//
// # Where huge pages do not pay
//
// A virtual machine may hand its free memory back to the hypervisor: the
// guest kernel reports free blocks of 2 MiB and more through the virtio
// balloon (free page reporting), and the host drops them. A huge page is
// such a block, so each fresh one must be found and zeroed by the host
// again, while small pages mostly come from memory the guest still
// holds. On such a machine (Firecracker, two cores) 64 MiB of fresh
// memory took 150-175 ms to touch in huge pages against about 21 ms in
// 4 KiB pages, and the text layer over 20 documents took 1.04 s of CPU
// with huge pages against 0.81 s without. So Enable, Preset, Heap and
// Advise do nothing where a virtio balloon has negotiated free page
// reporting (reclaimed), whatever the kernel's mode.
//
// # The Go heap
//
// Go maps its heap a few megabytes at a time and asks for no huge pages.
// Heap, first in main, has the runtime map 256 MiB at once, marks it, and
// frees it: the heap then grows into marked memory. Over the corpus's
// born-digital documents the text layer alone (host and engine) went from
// 31k faults to 9k and from 1.5 s of CPU to 1.1 s.
package hugepages
