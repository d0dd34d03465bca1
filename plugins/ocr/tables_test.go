package ocr

import (
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// A ruled table scanned over two pages (testdata/ocr/src/ledger.ps): its
// header's two lines, with labels spanning both and one spanning two
// columns, are the table's first rows; a group's label, centred on the
// rows it spans, is in the first of them; the second page's part
// continues the first, its header repeated.
func TestScannedTableOverPages(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("ledger.pdf"), nil, 1, 2)
	if len(res) != 2 {
		t.Fatalf("%d results, want 2", len(res))
	}
	first, second := onlyTable(t, res[0].Page), onlyTable(t, res[1].Page)
	want := []string{
		"Group|Vessel|Cargo|",
		"||Berth|Tons",
		"North|Swift|4|120",
		"|Heron|7|85",
		"South|Marlin|2|300",
		"|Pike|9|45",
		"|Tern|1|60",
		"East|Wren|3|75",
		"West|Gull|5|210",
		"|Skua|6|95",
	}
	if got := gridLines(first); !slices.Equal(got, want) {
		t.Errorf("page 1's table:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if first.HeaderRows() != 2 {
		t.Errorf("page 1's table has %d header rows, want 2", first.HeaderRows())
	}
	wantNext := append(slices.Clone(want[:2]), "Harbour|Crane|8|140", "|Osprey|2|65", "Quay|Puffin|4|30")
	if got := gridLines(second); !slices.Equal(got, wantNext) {
		t.Errorf("page 2's table:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantNext, "\n"))
	}
	if !second.Continues || tableformer.RepeatedHeaderRows(first, second) != 2 {
		t.Errorf("page 2's table: continues %v, repeats %d header rows; want true, 2",
			second.Continues, tableformer.RepeatedHeaderRows(first, second))
	}
}

// A table ruled round every cell (testdata/ocr/src/stores.ps), whose
// cells wrap at one and a half lines: a cell's next line is as far below
// as the next row of an unruled table may be, and the quantity of the
// second row stands on the middle of its three lines. The rules, not the
// gaps, say where each row ends.
func TestScannedTableWrappedCells(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("stores.pdf"), nil, 1)
	want := []string{
		"Item|Notes|Quantity",
		"Anchor|Galvanised steel, with a swivel and forty metres of chain for the mooring.|2",
		"Fenders|Inflatable and blue, hung from the starboard rail on short lines when the boat lies alongside.|6",
		"Signal flares|Kept dry in the locker below the chart table.|12",
		"Rope|Braided nylon, sixty metres.|3",
	}
	if got := gridLines(onlyTable(t, res[0].Page)); !slices.Equal(got, want) {
		t.Errorf("table:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func onlyTable(t *testing.T, p core.Page) *core.Table {
	t.Helper()
	var tables []*core.Table
	for _, b := range p.Blocks {
		if b.Kind == core.KindTable && b.Table != nil {
			tables = append(tables, b.Table)
		}
	}
	if len(tables) != 1 {
		t.Fatalf("page %d: %d tables, want 1", p.Number, len(tables))
	}
	return tables[0]
}

// gridLines are a table's rows, cells joined by "|".
func gridLines(tb *core.Table) []string {
	var out []string
	for _, row := range tb.Grid() {
		out = append(out, strings.Join(row, "|"))
	}
	return out
}
