package pdfdoc

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// deepJunk is an array nested past what pdfcpu parses: a page dictionary
// holding it cannot be read.
var deepJunk = strings.Repeat("[", 100000) + strings.Repeat("]", 100000)

// pagesDoc builds a document whose page tree names kids; pages[i] is
// the i-th page's extra dictionary entries, and each page object is
// followed by its content stream. kids may name more objects than exist.
func pagesDoc(kids string, pages ...string) *pdftest.Builder {
	b := &pdftest.Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	b.Add("<< /Type /Pages /Kids [" + kids + "] >>")
	for i, extra := range pages {
		b.Add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents " + strconv.Itoa(4+2*i) + " 0 R " + extra + " >>")
		b.Add(pdftest.Stream("", "BT /F1 12 Tf 72 700 Td (page) Tj ET"))
	}
	return b
}

// A page whose object is in the file but cannot be read keeps its place
// and fails with ErrDamaged; a kid the file does not hold is no page; a
// document of unreadable pages is refused, so that repairs and the second
// parser get their turn.
func TestDamagedPageKeepsItsPlace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name    string
		b       *pdftest.Builder
		pages   int
		damaged []int
		openErr error
	}{
		{"damaged first page", pagesDoc("3 0 R 5 0 R", "/Junk "+deepJunk, ""), 2, []int{1}, nil},
		{"dangling kid", pagesDoc("3 0 R 99 0 R", ""), 1, nil, nil},
		{"every page damaged", pagesDoc("3 0 R", "/Junk "+deepJunk), 0, nil, core.ErrDamaged},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Open(ctx, tc.b.Write(t), Limits{})
			if tc.openErr != nil {
				if !errors.Is(err, tc.openErr) {
					t.Fatalf("open: %v, want %v", err, tc.openErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.NumPages() != tc.pages {
				t.Fatalf("%d pages, want %d (repairs %v)", d.NumPages(), tc.pages, d.Repairs())
			}
			for n := 1; n <= d.NumPages(); n++ {
				_, err := d.Page(n)
				want := false
				for _, m := range tc.damaged {
					want = want || m == n
				}
				if got := errors.Is(err, core.ErrDamaged); got != want {
					t.Errorf("page %d: %v, want damaged %v", n, err, want)
				}
			}
		})
	}
}
