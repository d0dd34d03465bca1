package nativetext

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// FuzzExtract runs the whole engine (document layer, content interpreter,
// font and CMap decoding, layout) on mutations of the repository's sample
// PDFs: whatever the bytes, every requested page is answered once, within
// the page, and nothing panics, not even a panic a boundary recovers. Run
// it with
//
//	go test ./plugins/nativetext -run '^$' -fuzz FuzzExtract -fuzztime 60s -fuzzminimizetime 20x
func FuzzExtract(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/*.pdf")
	more, _ := filepath.Glob("testdata/*.pdf")
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	e := New()
	f.Fuzz(func(t *testing.T, b []byte) {
		defer failOnRecovered(t, "the input")()
		path := filepath.Join(t.TempDir(), "f.pdf")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		opts := []byte(`{"max_stream_bytes": 1048576, "max_ops": 200000}`)
		pages := []int{1, 2, 3}
		seen := map[int]int{}
		for r, err := range e.Extract(ctx, &core.Request{Source: path, Pages: pages, Options: opts}) {
			if err != nil {
				// A document error must name its cause with a sentinel.
				if core.Code(err) == "internal" && !core.IsTimeout(err) {
					t.Fatalf("unclassified document error: %v", err)
				}
				return
			}
			seen[r.Page.Number]++
			box := r.Page.Box()
			for _, bl := range r.Page.Blocks {
				for _, l := range bl.Lines {
					for _, w := range l.Words {
						if !w.BBox.Within(box, 0.5) {
							t.Fatalf("page %d: word %q box %+v outside the page %+v", r.Page.Number, w.Text, w.BBox, box)
						}
					}
				}
			}
		}
		for _, p := range pages {
			if seen[p] != 1 {
				t.Fatalf("page %d answered %d times", p, seen[p])
			}
		}
	})
}
