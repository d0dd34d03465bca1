package tablemodel

import (
	"errors"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// steps makes decoded steps of tokens; every cell-opening token gets the
// next box of boxes.
func steps(tokens []string, boxes ...[4]float64) []step {
	out := make([]step, len(tokens))
	k := 0
	for i, tok := range tokens {
		out[i].tok = tok
		if opensCell(tok) && k < len(boxes) {
			out[i].box = boxes[k]
			k++
		}
	}
	return out
}

func TestVocabulary(t *testing.T) {
	t.Parallel()
	v := vocabulary(releasedDict())
	// The released SLANet models have 50 structure classes.
	if len(v) != 50 || v[0] != tokStart || v[len(v)-1] != tokEnd || v[len(v)-2] != tokEmpty {
		t.Fatalf("vocabulary: %d classes, first %q, last two %q %q", len(v), v[0], v[len(v)-2], v[len(v)-1])
	}
	for _, tok := range v {
		if tok == tokCell {
			t.Errorf("%q is folded into %q", tokCell, tokEmpty)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "dict.txt")
	if err := os.WriteFile(path, []byte("<tr>\n</tr>\n<td>\n<td\n>\n</td>\n colspan=\"2\"\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := readDict(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := vocabulary(d); len(got) != 9 || got[6] != ` colspan="2"` {
		t.Errorf("vocabulary of a file: %q", got)
	}
	if _, err := readDict(filepath.Join(dir, "none.txt")); !errors.Is(err, core.ErrBadRequest) {
		t.Errorf("missing dictionary: %v, want ErrBadRequest", err)
	}
}

func TestLayout(t *testing.T) {
	t.Parallel()
	type cell struct {
		row, col, rs, cs int
		header           bool
	}
	for _, tc := range []struct {
		name       string
		tokens     []string
		rows, cols int
		want       []cell
	}{
		{"plain 2x2 with header",
			[]string{"<thead>", "<tr>", "<td></td>", "<td></td>", "</tr>", "</thead>", "<tbody>", "<tr>", "<td></td>", "<td></td>", "</tr>", "</tbody>"},
			2, 2, []cell{{0, 0, 1, 1, true}, {0, 1, 1, 1, true}, {1, 0, 1, 1, false}, {1, 1, 1, 1, false}}},
		{"colspan over two",
			[]string{"<tr>", "<td", ` colspan="2"`, ">", "</td>", "</tr>", "<tr>", "<td></td>", "<td></td>", "</tr>"},
			2, 2, []cell{{0, 0, 1, 2, false}, {1, 0, 1, 1, false}, {1, 1, 1, 1, false}}},
		{"rowspan pushes the next row right",
			[]string{"<tr>", "<td", ` rowspan="2"`, ">", "</td>", "<td></td>", "</tr>", "<tr>", "<td></td>", "</tr>"},
			2, 2, []cell{{0, 0, 2, 1, false}, {0, 1, 1, 1, false}, {1, 1, 1, 1, false}}},
		{"both spans, then a cell",
			[]string{"<tr>", "<td", ` rowspan="2"`, ` colspan="2"`, ">", "</td>", "<td>", "</td>", "</tr>", "<tr>", "<td></td>", "</tr>"},
			2, 3, []cell{{0, 0, 2, 2, false}, {0, 2, 1, 1, false}, {1, 2, 1, 1, false}}},
		{"cells before any row", []string{"<td></td>", "<td></td>"}, 1, 2, []cell{{0, 0, 1, 1, false}, {0, 1, 1, 1, false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, err := layout(steps(tc.tokens))
			if err != nil {
				t.Fatal(err)
			}
			if g.rows != tc.rows || g.cols != tc.cols || len(g.cells) != len(tc.want) {
				t.Fatalf("%dx%d with %d cells, want %dx%d with %d", g.rows, g.cols, len(g.cells), tc.rows, tc.cols, len(tc.want))
			}
			for i, w := range tc.want {
				c := g.cells[i]
				got := cell{c.Row, c.Col, max(c.RowSpan, 1), max(c.ColSpan, 1), c.Header}
				if got != w {
					t.Errorf("cell %d = %+v, want %+v", i, got, w)
				}
			}
		})
	}
}

func TestLayoutLimits(t *testing.T) {
	t.Parallel()
	if _, err := layout(steps([]string{"<thead>", "<tr>", "</tr>"})); !errors.Is(err, errNoCells) {
		t.Errorf("no cells: %v", err)
	}
	runaway := []string{"<tr>"}
	for range maxSlots + 1 {
		runaway = append(runaway, "<td></td>")
	}
	if _, err := layout(steps(runaway)); !errors.Is(err, core.ErrInternal) {
		t.Errorf("a row of %d cells: %v, want ErrInternal", maxSlots+1, err)
	}
}

func TestTableBoxes(t *testing.T) {
	t.Parallel()
	g, err := layout(steps([]string{"<tr>", "<td></td>", "<td></td>", "</tr>"}, [4]float64{0, 0, 0.5, 1}, [4]float64{0.5, 0, 1.2, 1}))
	if err != nil {
		t.Fatal(err)
	}
	tb := g.table(core.BBox{X0: 100, Y0: 200, X1: 300, Y1: 250})
	want := []core.BBox{{X0: 100, Y0: 200, X1: 200, Y1: 250}, {X0: 200, Y0: 200, X1: 300, Y1: 250}}
	for i, w := range want {
		if tb.Cells[i].BBox != w {
			t.Errorf("cell %d box %v, want %v (clamped to the region)", i, tb.Cells[i].BBox, w)
		}
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	vocab := []string{tokStart, tokRowOpen, tokRowEnd, tokEmpty, tokEnd}
	// Two items of three steps: item 1 is <tr> <td></td> eos.
	probs := onnxrt.Tensor{Shape: []int64{2, 3, 5}, F: []float32{
		0.9, 0, 0, 0, 0.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
		0, 0.8, 0, 0, 0.2, 0, 0, 0, 0.6, 0.4, 0, 0, 0, 0, 1,
	}}
	loc := onnxrt.Tensor{Shape: []int64{2, 3, 8}, F: make([]float32, 48)}
	copy(loc.F[24+8:], []float32{0.1, 0.2, 0.5, 0.2, 0.5, 0.6, 0.1, 0.6})
	got, score, err := decode(probs, loc, 1, vocab)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].tok != tokRowOpen || got[1].tok != tokEmpty {
		t.Fatalf("steps %+v", got)
	}
	if b := got[1].box; math.Abs(b[0]-0.1) > 1e-6 || math.Abs(b[1]-0.2) > 1e-6 || math.Abs(b[2]-0.5) > 1e-6 || math.Abs(b[3]-0.6) > 1e-6 {
		t.Errorf("box %v, want the rectangle around the quadrilateral", b)
	}
	if math.Abs(score-0.7) > 1e-6 {
		t.Errorf("score %v, want 0.7", score)
	}
	// Item 0 starts with the start token and ends at once.
	if got, _, err := decode(probs, loc, 0, vocab); err != nil || len(got) != 0 {
		t.Errorf("item 0: %+v, %v", got, err)
	}
	if _, _, err := decode(probs, loc, 0, vocab[:4]); !errors.Is(err, core.ErrInternal) {
		t.Errorf("class count mismatch: %v, want ErrInternal", err)
	}
}

func TestFeed(t *testing.T) {
	t.Parallel()
	// A white 40x20 image scales to 32x16 at the top left of 32x32.
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(0, 0, color.RGBA{255, 255, 255, 255})
	in := feed(img, 32)
	if in.Shape[0] != 1 || in.Shape[1] != 3 || in.Shape[2] != 32 || in.Shape[3] != 32 {
		t.Fatalf("shape %v", in.Shape)
	}
	plane := 32 * 32
	for c := range 3 {
		white := float32((1 - onnxrt.ImageNetNorm.Mean[c]) / onnxrt.ImageNetNorm.Std[c])
		if v := in.F[c*plane+5*32+5]; math.Abs(float64(v-white)) > 1e-4 {
			t.Errorf("channel %d in the image: %v, want %v", c, v, white)
		}
		if v := in.F[c*plane+20*32+5]; math.Abs(float64(v)) > 1e-4 {
			t.Errorf("channel %d in the pad: %v, want 0", c, v)
		}
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	for _, c := range []Config{{}, {Model: "m.onnx", Format: "tableformer"}, {Model: "m.onnx", Accelerator: "tpu"}, {Model: "m.onnx", InputSize: 8}} {
		if _, _, err := c.validate(); !errors.Is(err, core.ErrBadRequest) {
			t.Errorf("%+v: %v, want ErrBadRequest", c, err)
		}
	}
}
