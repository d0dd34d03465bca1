package layoutml

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// salesTable writes a page with a table of aligned words and no rulings,
// whose region names stand once beside the two years they cover:
//
//	Region    Year    Units
//	North     2023    12
//	          2024    15
//	South     2023    7
//	          2024    9
//	East      2023    21
//	          2024    18
func salesTable(t *testing.T) string {
	var sb strings.Builder
	sb.WriteString("BT /F1 10 Tf\n")
	fmt.Fprintf(&sb, "1 0 0 1 72 720 Tm (Annual sales by region, in units.) Tj\n")
	fmt.Fprintf(&sb, "1 0 0 1 72 680 Tm (Region) Tj 1 0 0 1 200 680 Tm (Year) Tj 1 0 0 1 260 680 Tm (Units) Tj\n")
	for i, region := range []string{"North", "South", "East"} {
		y := 665 - 30*i
		fmt.Fprintf(&sb, "1 0 0 1 72 %d Tm (%s) Tj\n", y, region)
		for k, year := range []string{"2023", "2024"} {
			fmt.Fprintf(&sb, "1 0 0 1 200 %d Tm (%s) Tj 1 0 0 1 260 %d Tm (%d) Tj\n", y-15*k, year, y-15*k, 10+7*i+k)
		}
	}
	sb.WriteString("ET\n")
	return pdftest.OnePage("", pdftest.Helvetica, sb.String()).Write(t)
}

// SLANet class ids of the released dictionary (see tablemodel).
const (
	slaHead, slaHeadEnd, slaBody, slaBodyEnd, slaRow, slaRowEnd = 1, 2, 3, 4, 5, 6
	slaOpen, slaAttrEnd, slaCellEnd, slaRowspan2                = 7, 8, 9, 29
	slaEmpty, slaEnd, slaClasses                                = 48, 49, 50
)

// salesModel writes a SLANet-shaped model that reads the sales table's
// structure: a header row, then each region name spanning its two year
// rows. Its cell boxes are given in page points and normalised to the
// region the table stage renders (the table's box and its margin).
func salesModel(t *testing.T, table core.BBox) string {
	region := core.BBox{X0: table.X0 - tableMargin, Y0: table.Y0 - tableMargin, X1: table.X1 + tableMargin, Y1: table.Y1 + tableMargin}
	quad := func(x0, y0, x1, y1 float64) [8]float32 {
		nx0, nx1 := float32((x0-region.X0)/region.Width()), float32((x1-region.X0)/region.Width())
		ny0, ny1 := float32((y0-region.Y0)/region.Height()), float32((y1-region.Y0)/region.Height())
		return [8]float32{nx0, ny0, nx1, ny0, nx1, ny1, nx0, ny1}
	}
	// Columns and rows of the table in page points (top-left origin).
	cols := []float64{60, 170, 235, 300}
	rows := []float64{100, 116, 131, 146, 161, 176, 191, 206}
	var tokens []int
	var quads [][8]float32
	cell := func(r0, r1, c int, toks ...int) {
		for i, tok := range toks {
			tokens = append(tokens, tok)
			q := [8]float32{}
			if i == 0 {
				q = quad(cols[c], rows[r0], cols[c+1], rows[r1])
			}
			quads = append(quads, q)
		}
	}
	mark := func(toks ...int) {
		tokens = append(tokens, toks...)
		quads = append(quads, make([][8]float32, len(toks))...)
	}
	mark(slaHead, slaRow)
	for c := range 3 {
		cell(0, 1, c, slaEmpty)
	}
	mark(slaRowEnd, slaHeadEnd, slaBody)
	for r := 1; r < 7; r += 2 {
		mark(slaRow)
		cell(r, r+2, 0, slaOpen, slaRowspan2, slaAttrEnd, slaCellEnd)
		cell(r, r+1, 1, slaEmpty)
		cell(r, r+1, 2, slaEmpty)
		mark(slaRowEnd, slaRow)
		cell(r+1, r+2, 1, slaEmpty)
		cell(r+1, r+2, 2, slaEmpty)
		mark(slaRowEnd)
	}
	mark(slaBodyEnd, slaEnd)
	return onnxtest.SLANetTable(t, t.TempDir(), 128, slaClasses, tokens, quads)
}

// tableOf is the page's only table block.
func tableOf(t *testing.T, res []core.PageResult) core.Block {
	t.Helper()
	if len(res) != 1 || res[0].Status != core.StatusOK {
		t.Fatalf("answers %+v", res)
	}
	var tables []core.Block
	for _, b := range res[0].Page.Blocks {
		if b.Kind == core.KindTable {
			tables = append(tables, b)
		}
	}
	if len(tables) != 1 {
		t.Fatalf("%d tables, want 1", len(tables))
	}
	return tables[0]
}

func TestTableModelReadsStructure(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	src := salesTable(t)
	req := &core.Request{Source: src, Pages: []int{1}}
	geometric := tableOf(t, collectPages(t, New(), req))

	opts, _ := json.Marshal(map[string]any{"table_model": map[string]any{
		"model": salesModel(t, geometric.BBox), "accelerator": "cpu", "onnxruntime_lib": lib,
	}})
	e := New()
	defer e.Close()
	ctx := context.Background()
	if err := e.Configure(ctx, opts); err != nil {
		t.Fatal(err)
	}
	if info, _ := e.Describe(ctx); !strings.Contains(info.Description, "table model: slanet on cpu") {
		t.Errorf("description %q does not name the table model", info.Description)
	}
	res := collectPages(t, e, req)
	got := tableOf(t, res).Table
	want := [][]string{{"Region", "Year", "Units"}, {"North", "2023", "10"}, {"", "2024", "11"},
		{"South", "2023", "17"}, {"", "2024", "18"}, {"East", "2023", "24"}, {"", "2024", "25"}}
	if g := got.Grid(); !slices.EqualFunc(g, want, slices.Equal[[]string]) {
		t.Errorf("grid %q, want %q (geometric: %q)", g, want, geometric.Table.Grid())
	}
	if got.HeaderRows() != 1 {
		t.Errorf("header rows %d, want the model's one", got.HeaderRows())
	}
	for _, c := range got.Cells {
		if c.Col == 0 && c.Row > 0 && c.RowSpan != 2 {
			t.Errorf("%q spans %d rows, want the model's 2 (geometric cells %+v)", c.Text, c.RowSpan, geometric.Table.Cells)
		}
	}
	if res[0].Stats[statTableModel] != 1 {
		t.Errorf("stats %v: want one table rebuilt by the model", res[0].Stats)
	}
}

func TestTableModelKeepsRuleBasedTableWhenItReadsNothing(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	src := salesTable(t)
	req := &core.Request{Source: src, Pages: []int{1}}
	geometric := tableOf(t, collectPages(t, New(), req))
	// A model whose one cell lies off the table reads no words.
	empty := onnxtest.SLANetTable(t, t.TempDir(), 64, slaClasses, []int{slaRow, slaEmpty, slaRowEnd, slaEnd},
		[][8]float32{{}, {0, 0, 0.01, 0, 0.01, 0.01, 0, 0.01}})
	opts, _ := json.Marshal(map[string]any{"table_model": map[string]any{"model": empty, "onnxruntime_lib": lib}})
	e := New()
	defer e.Close()
	if err := e.Configure(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	res := collectPages(t, e, req)
	if g := tableOf(t, res).Table.Grid(); !slices.EqualFunc(g, geometric.Table.Grid(), slices.Equal[[]string]) {
		t.Errorf("grid %q, want the rule-based %q", g, geometric.Table.Grid())
	}
	if res[0].Stats[statTableModelKept] != 1 || res[0].Stats[statTableModel] != 0 {
		t.Errorf("stats %v: want the rule-based table kept", res[0].Stats)
	}
}
