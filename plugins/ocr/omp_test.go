package ocr

import (
	"slices"
	"testing"
)

// TestSequentialOpenMP: the process's OpenMP entry points are omp.c's,
// which libtesseract therefore binds to, and a parallel sections region
// runs each of its sections once, in order, on the calling thread.
func TestSequentialOpenMP(t *testing.T) {
	t.Parallel()
	switch bindingOf("GOMP_parallel", "libgomp") {
	case boundNowhere:
		// libtesseract built without OpenMP refers to none of these, and
		// the executable then exports none.
		t.Skip("libtesseract here is built without OpenMP: nothing binds to omp.c")
	case boundLibrary:
		t.Fatal("GOMP_parallel resolves to libgomp, not to omp.c: libtesseract would use libgomp")
	}
	for _, n := range []int{0, 1, 3} {
		want := []int{}
		for i := 1; i <= n; i++ {
			want = append(want, i)
		}
		if got := runSections(n); !slices.Equal(got, want) {
			t.Errorf("sections of a region of %d ran as %v; want %v", n, got, want)
		}
	}
}
