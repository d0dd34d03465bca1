// A sequential OpenMP runtime for libtesseract: see omp.go.

static __thread unsigned assay_sections_next, assay_sections_count;

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags) {
	(void)num_threads;
	(void)flags;
	fn(data);
}

void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned count,
                            unsigned flags) {
	unsigned next = assay_sections_next, n = assay_sections_count;
	(void)num_threads;
	(void)flags;
	assay_sections_next = 0;
	assay_sections_count = count;
	fn(data);
	assay_sections_next = next;
	assay_sections_count = n;
}

unsigned GOMP_sections_next(void) {
	if (assay_sections_next < assay_sections_count) {
		return ++assay_sections_next;
	}
	return 0;
}

void GOMP_sections_end_nowait(void) {}

int omp_get_num_threads(void) { return 1; }

int omp_get_thread_num(void) { return 0; }

