package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestLargestFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sizes := map[string]int{"a.pdf": 10, "b.pdf": 300, "c.pdf": 10, "d.pdf": 2000}
	var files []string
	for _, n := range []string{"a.pdf", "b.pdf", "missing.pdf", "c.pdf", "d.pdf"} {
		p := filepath.Join(dir, n)
		files = append(files, p)
		if size, ok := sizes[n]; ok {
			if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// d (2000 bytes), b (300), then a and c (10 each, in the order given),
	// and the file that cannot be read last.
	if got, want := largestFirst(files), []int{4, 1, 0, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("largestFirst = %v, want %v", got, want)
	}
	if got := largestFirst(nil); len(got) != 0 {
		t.Errorf("no files: %v", got)
	}
}
