package tableformer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// The ICDAR 2013 table competition's EU documents (../shared/corpus):
// structural facts of tables drawn in different ways, taken from the
// competition's ground truth (<id>-str.xml), and pages whose figures must
// not become tables.
func TestCorpusICDAR(t *testing.T) {
	dir := corpustest.Dir(t, "icdar2013-eu")
	type want struct {
		rows, cols int
		first      string // the text of the first row, cells joined by "|"
	}
	cases := []struct {
		name string
		file string
		page int
		want []want // nil: no table on the page
	}{
		// Rules under every row, a vertical rule after the first column only.
		{"row rules and one column rule", "eu-014.pdf", 2, []want{{10, 2, "Indicators|Weight of indicator in 2006"}}},
		// Rules under every row; vertical rules only around the shaded header cells.
		{"columns ruled in the header only", "eu-016.pdf", 3, []want{{31, 5, "Country|Domestic (%)|Imported (%)|Unknown (%)|Total (n)"}}},
		// Fully ruled columns, no rules between the body's rows.
		{"rows without rules", "eu-008.pdf", 1, []want{{15, 4, "Country/Heading|Cohesion Fund EURbn|ERDF Convergence EURbn|Total EURbn"}}},
		// Double rules under the header and the last row, one column rule.
		{"double rules", "eu-026.pdf", 5, []want{{5, 4, "no. of correct answers|Freq.|Percent|Cum."}}},
		// Header cells spanning columns over a ruled body painted in pieces.
		{"spanning header", "eu-004.pdf", 9, []want{{17, 5, "|number of franchisors||number of franchisees|"}}},
		// A bar chart drawn with filled bars and labelled values above a
		// table ruled under its header: the chart is no table.
		{"bar chart and table", "eu-012.pdf", 3, []want{{5, 4, "|Finland|EU-15|EU-25"}}},
		// A page of prose and lists.
		{"prose", "eu-014.pdf", 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := layout(t, filepath.Join(dir, c.file))
			if c.page > len(pages) {
				t.Fatalf("%s has %d pages", c.file, len(pages))
			}
			ts := tables(pages[c.page-1])
			if len(ts) != len(c.want) {
				t.Fatalf("%d tables; want %d", len(ts), len(c.want))
			}
			for i, w := range c.want {
				tb := ts[i]
				if tb.Rows != w.rows || tb.Cols != w.cols {
					t.Errorf("table %d: %d×%d; want %d×%d", i, tb.Rows, tb.Cols, w.rows, w.cols)
				}
				if got := strings.Join(tb.Grid()[0], "|"); got != w.first {
					t.Errorf("table %d: first row %q; want %q", i, got, w.first)
				}
				if tb.HeaderRows() < 1 {
					t.Errorf("table %d: no header row", i)
				}
			}
		})
	}
}

// The generated corpus's table over three pages, its header repeated on
// each: one part per page, the later ones continuing the first.
func TestCorpusTableOverPages(t *testing.T) {
	for _, set := range []string{"generated", "generated-b"} {
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			pages := layout(t, filepath.Join(corpustest.Dir(t, set), "pdf", "tables-06.pdf"))
			if len(pages) != 3 {
				t.Fatalf("%d pages", len(pages))
			}
			var head []string
			for i, p := range pages {
				ts := tables(p)
				if len(ts) != 1 {
					t.Fatalf("page %d: %d tables", i+1, len(ts))
				}
				tb := ts[0]
				if tb.Continues != (i > 0) || tb.HeaderRows() != 1 {
					t.Errorf("page %d: continues %v, %d header rows", i+1, tb.Continues, tb.HeaderRows())
				}
				if i == 0 {
					head = tb.Grid()[0]
				} else if got := tb.Grid()[0]; strings.Join(got, "|") != strings.Join(head, "|") {
					t.Errorf("page %d: header %q; want %q", i+1, got, head)
				}
				checkInside(t, p)
			}
		})
	}
}

// checkInside fails when a table's cell lies outside its page.
func checkInside(t *testing.T, p *core.Page) {
	t.Helper()
	for _, tb := range tables(p) {
		for _, c := range tb.Cells {
			if !c.BBox.Within(p.Box(), 0.01) {
				t.Errorf("cell %q box %+v outside the page", c.Text, c.BBox)
			}
		}
	}
}
