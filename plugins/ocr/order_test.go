package ocr

import (
	"errors"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func numbers(rs []core.PageResult) []int {
	var out []int
	for _, r := range rs {
		out = append(out, r.Page.Number)
	}
	return out
}

func okPage(n int, blocks ...core.Block) core.PageResult {
	return core.PageResult{Status: core.StatusOK, Page: core.Page{Number: n, Width: 600, Height: 800, Blocks: blocks}}
}

// Pages are passed on in page order where the page before was asked for
// too; a page whose predecessor was not asked for is not held.
func TestPageOrderHoldsAPageForTheOneBefore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		asked  []int
		arrive []int
		want   [][]int // what each arrival passes on
	}{
		{"in order", []int{1, 2, 3}, []int{1, 2, 3}, [][]int{{1}, {2}, {3}}},
		{"out of order", []int{1, 2, 3}, []int{2, 3, 1}, [][]int{nil, nil, {1, 2, 3}}},
		{"gaps are not waited for", []int{2, 4, 5}, []int{5, 4, 2}, [][]int{nil, {4, 5}, {2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := newPageOrder(tc.asked)
			for i, p := range tc.arrive {
				if got := numbers(o.add(okPage(p))); !slices.Equal(got, tc.want[i]) {
					t.Errorf("page %d arrives: passed %v, want %v", p, got, tc.want[i])
				}
			}
		})
	}
}

// A page held for one that never comes is passed on by flush, and the
// missing page fails with the error given.
func TestPageOrderFlushes(t *testing.T) {
	t.Parallel()
	o := newPageOrder([]int{1, 2, 3})
	if got := o.add(okPage(3)); got != nil {
		t.Fatalf("page 3 passed before page 2: %v", numbers(got))
	}
	if got := numbers(o.flush()); !slices.Equal(got, []int{3}) {
		t.Fatalf("flush passed %v, want [3]", got)
	}
	stop := errors.New("stopped")
	failed := o.unanswered(stop)
	if got := numbers(failed); !slices.Equal(got, []int{1, 2}) || !errors.Is(failed[0].Err, stop) {
		t.Fatalf("unanswered %v (%v), want pages 1 and 2 failed", got, failed)
	}
}

// A table at the foot of a page and one with the same columns at the top
// of the next, its header repeated: the second continues the first.
func TestPageOrderJoinsATableOverPages(t *testing.T) {
	t.Parallel()
	table := func(y float64, rows ...[2]string) core.Block {
		tb := &core.Table{Rows: len(rows), Cols: 2}
		for r, row := range rows {
			for c, text := range row {
				x := 100 + 200*float64(c)
				box := core.BBox{X0: x, Y0: y + 20*float64(r), X1: x + 80, Y1: y + 20*float64(r) + 14}
				tb.Cells = append(tb.Cells, core.Cell{Row: r, Col: c, Text: text, Header: r == 0, BBox: box})
			}
		}
		return core.Block{Kind: core.KindTable, BBox: core.BBox{X0: 100, Y0: y, X1: 380, Y1: y + 20*float64(len(rows))}, Table: tb}
	}
	o := newPageOrder([]int{1, 2})
	second := okPage(2, table(60, [2]string{"Name", "Count"}, [2]string{"Heron", "7"}, [2]string{"Marlin", "30"}))
	first := okPage(1, core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: 100, Y0: 60, X1: 380, Y1: 80}},
		table(600, [2]string{"Name", "Count"}, [2]string{"Swift", "12"}, [2]string{"Pike", "4"}))
	o.add(second)
	got := o.add(first)
	if len(got) != 2 {
		t.Fatalf("passed %v, want pages 1 and 2", numbers(got))
	}
	tb := got[1].Page.Blocks[0].Table
	if !tb.Continues || tb.HeaderRows() != 1 {
		t.Errorf("page 2's table: continues %v, header rows %d; want true, 1", tb.Continues, tb.HeaderRows())
	}
}
