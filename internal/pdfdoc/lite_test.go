package pdfdoc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

const corpus = "../../../shared/corpus"

func corpusFiles(t *testing.T, subs ...string) []string {
	t.Helper()
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("no corpus at %s", corpus)
	}
	var files []string
	for _, sub := range subs {
		fs, _ := filepath.Glob(filepath.Join(corpus, sub, "*.pdf"))
		files = append(files, fs...)
	}
	return files
}

// differences lists what b reads differently from a: pages, version,
// producer, repairs, and per page the box, resources, fonts and content.
func differences(a, b *Document) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if a.NumPages() != b.NumPages() {
		add("%d pages, want %d", b.NumPages(), a.NumPages())
		return out
	}
	if a.Version() != b.Version() {
		add("version %q, want %q", b.Version(), a.Version())
	}
	if a.Text(a.Info()["Producer"]) != b.Text(b.Info()["Producer"]) {
		add("producer differs")
	}
	if !slices.Equal(a.Repairs(), b.Repairs()) {
		add("repairs %q, want %q", b.Repairs(), a.Repairs())
	}
	for n := 1; n <= a.NumPages(); n++ {
		pa, _ := a.Page(n)
		pb, _ := b.Page(n)
		if pa.Box != pb.Box || pa.Rotate != pb.Rotate {
			add("page %d: box %v rot %d, want %v %d", n, pb.Box, pb.Rotate, pa.Box, pa.Rotate)
		}
		if ka, kb := keys(pa.Resources), keys(pb.Resources); !slices.Equal(ka, kb) {
			add("page %d: resources %v, want %v", n, kb, ka)
		}
		if fa, fb := keys(a.Dict(pa.Resources["Font"])), keys(b.Dict(pb.Resources["Font"])); !slices.Equal(fa, fb) {
			add("page %d: fonts %v, want %v", n, fb, fa)
		}
		ca, errA := a.Contents(pa)
		cb, errB := b.Contents(pb)
		if (errA == nil) != (errB == nil) || !bytes.Equal(ca, cb) {
			add("page %d: content %d bytes (%v), want %d (%v)", n, len(cb), errB, len(ca), errA)
		}
	}
	return out
}

func keys(d types.Dict) []string {
	var out []string
	for k := range d {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestOpenLazyMatchesOpen: on every corpus file OpenLazy reads what Open
// reads, and fails as Open fails.
func TestOpenLazyMatchesOpen(t *testing.T) {
	files := corpusFiles(t, "docling/pdf", "generated/pdf", "generated/scanned", "generated/mixed",
		"generated/corrupt", "docling/encrypted", "robustness")
	if testing.Short() && len(files) > 80 {
		files = files[:80]
	}
	ctx := context.Background()
	lite, damaged := 0, 0
	for _, f := range files {
		a, errA := Open(ctx, f, Limits{})
		start := time.Now()
		b, errB := OpenLazy(ctx, f, Limits{})
		if el := time.Since(start); el > 10*time.Second {
			t.Errorf("%s: OpenLazy took %v", f, el)
		}
		if errA != nil {
			if errB == nil && b.lite == nil {
				t.Errorf("%s: Open fails (%v), OpenLazy's fallback does not", f, errA)
			}
			continue
		}
		if errB != nil {
			t.Errorf("%s: %v", f, errB)
			continue
		}
		if b.lite != nil {
			lite++
		}
		diffs := differences(a, b)
		// Damage is found as objects are read: a damaged document is
		// read again with Open by its callers.
		if b.Damaged() {
			damaged++
			continue
		}
		for _, d := range diffs {
			t.Errorf("%s: %s", filepath.Base(f), d)
		}
	}
	t.Logf("%d files, %d on the lazy path, %d of them found damaged", len(files), lite, damaged)
}

func TestOpenLazy(t *testing.T) {
	one := pdftest.OnePage("", pdftest.Helvetica, "BT /F1 10 Tf (Hi) Tj ET")
	good := one.Bytes()
	tests := []struct {
		name string
		data []byte
		lazy bool  // the fast path applies
		want error // from the fallback
	}{
		{"sound", good, true, nil},
		{"junk before header", append([]byte("junk\n"), good...), false, nil},
		{"no startxref", bytes.ReplaceAll(good, []byte("startxref"), []byte("startxre_")), false, nil},
		{"bad startxref", bytes.Replace(good, []byte("startxref\n"), []byte("startxref\n9"), 1), false, nil},
		{"header only", []byte("%PDF-1.7\n"), false, core.ErrDamaged},
		{"empty", nil, false, core.ErrEmptyFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.pdf")
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := OpenLazy(context.Background(), path, Limits{})
			if tt.want != nil {
				if !errors.Is(err, tt.want) {
					t.Fatalf("error %v, want %v", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (d.lite != nil) != tt.lazy {
				t.Errorf("lazy path %v, want %v", d.lite != nil, tt.lazy)
			}
			p, err := d.Page(1)
			if err != nil {
				t.Fatal(err)
			}
			c, err := d.Contents(p)
			if err != nil || !bytes.Contains(c, []byte("(Hi) Tj")) {
				t.Errorf("content %q, %v", c, err)
			}
		})
	}
}
