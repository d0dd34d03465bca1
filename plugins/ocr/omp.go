package ocr

// A sequential OpenMP runtime for libtesseract.
//
// Debian's libtesseract is built with OpenMP: its LSTM enters a parallel
// region for every time step of every line. The engine reads pages in
// parallel, one Tesseract handle to a core, so a region may have one
// thread only; libgomp then still ends each region with a barrier that
// wakes its waiters through a futex system call (266,000 calls for the two
// pages of generated scanned-01), and the two handles contend for the
// process's thread count. Without a thread limit it starts a team per
// region, which on a small machine is slower still.
//
// omp.c defines the six entry points libtesseract imports from libgomp
// (GOMP_parallel, GOMP_parallel_sections, GOMP_sections_next,
// GOMP_sections_end_nowait, omp_get_num_threads, omp_get_thread_num) as
// a team of one: a region's body runs on the calling thread, its sections
// one after another. The linker exports them from any executable that
// links this package, because libtesseract, linked with it, refers to
// them; and the dynamic linker looks in the executable before the shared
// libraries, so libtesseract binds to these. TestSequentialOpenMP checks
// that binding and the sections' order.

/*
unsigned GOMP_sections_next(void);
void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned count, unsigned flags);
void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);

static unsigned assay_sections_seen[8];
static int assay_sections_n;

static void assay_note_sections(void *data) {
	unsigned s;
	(void)data;
	while ((s = GOMP_sections_next()) != 0) {
		if (assay_sections_n < 8) {
			assay_sections_seen[assay_sections_n++] = s;
		}
	}
}

static int assay_run_sections(unsigned count, unsigned *out) {
	assay_sections_n = 0;
	GOMP_parallel_sections(assay_note_sections, 0, 4, count, 0);
	for (int i = 0; i < assay_sections_n; i++) {
		out[i] = assay_sections_seen[i];
	}
	return assay_sections_n;
}

*/
import "C"

// runSections runs a parallel sections region of count sections (count at
// most 8) through the runtime and returns the sections in the order run.
func runSections(count int) []int {
	var out [8]C.uint
	n := int(C.assay_run_sections(C.uint(count), &out[0]))
	got := make([]int, n)
	for i := range got {
		got[i] = int(out[i])
	}
	return got
}
