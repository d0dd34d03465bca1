package tablemodel_test

import (
	"context"
	"errors"
	"image"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
	"github.com/assay-pdf/assay/plugins/tableformer"
	"github.com/assay-pdf/assay/plugins/tableformer/tablemodel"
)

// Class ids of the released dictionary's vocabulary (see vocabulary):
// sos, <thead>, </thead>, <tbody>, </tbody>, <tr>, </tr>, <td, >, </td>,
// colspan 2..20, rowspan 2..20, <td></td>, eos.
const (
	idHead, idHeadEnd, idBody, idBodyEnd, idRow, idRowEnd = 1, 2, 3, 4, 5, 6
	idOpen, idAttrEnd, idCellEnd                          = 7, 8, 9
	idColspan2                                            = 10
	idEmpty, idEnd                                        = 48, 49
	classes                                               = 50
)

// quad is a rectangle as SLANet's quadrilateral, normalised.
func quad(x0, y0, x1, y1 float32) [8]float32 { return [8]float32{x0, y0, x1, y0, x1, y1, x0, y1} }

// model writes a SLANet-shaped model that reads, on any image, a header
// cell spanning two columns over a 2x2 body:
//
//	| Region    (colspan 2) |   y 0.00..0.33
//	| North     | 12        |   y 0.33..0.66
//	| South     | 7         |   y 0.66..1.00
func model(t *testing.T) string {
	tokens := []int{idHead, idRow, idOpen, idColspan2, idAttrEnd, idCellEnd, idRowEnd, idHeadEnd,
		idBody, idRow, idEmpty, idEmpty, idRowEnd, idRow, idEmpty, idEmpty, idRowEnd, idBodyEnd, idEnd}
	quads := make([][8]float32, len(tokens))
	quads[2] = quad(0, 0, 1, 0.33)
	quads[10], quads[11] = quad(0, 0.33, 0.5, 0.66), quad(0.5, 0.33, 1, 0.66)
	quads[14], quads[15] = quad(0, 0.66, 0.5, 1), quad(0.5, 0.66, 1, 1)
	return onnxtest.SLANetTable(t, t.TempDir(), 64, classes, tokens, quads)
}

func word(text string, x0, y0, x1, y1 float64) core.Word {
	return core.Word{Text: text, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1}}
}

func TestRecognizeAndFill(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	m := tablemodel.NewONNX(tablemodel.Config{Model: model(t), RuntimeLib: lib, Accelerator: "cpu"})
	ctx := context.Background()
	if err := m.Load(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.ImageSize() != 64 || m.Provider() != "cpu" {
		t.Errorf("image size %d, provider %q; want the model's 64 on cpu", m.ImageSize(), m.Provider())
	}
	// The table's region on the page: 200 x 60 pt at (100, 300).
	region := core.BBox{X0: 100, Y0: 300, X1: 300, Y1: 360}
	res, err := m.Recognize(ctx, image.NewGray(image.Rect(0, 0, 400, 120)), region)
	if err != nil {
		t.Fatal(err)
	}
	if res.Table.Rows != 3 || res.Table.Cols != 2 || len(res.Table.Cells) != 5 || res.Score < 0.85 {
		t.Fatalf("structure %dx%d, %d cells, score %.2f", res.Table.Rows, res.Table.Cols, len(res.Table.Cells), res.Score)
	}
	words := []core.Word{
		word("Region", 180, 305, 220, 315),
		word("North", 110, 325, 140, 335), word("12", 250, 325, 260, 335),
		word("South", 110, 345, 140, 355), word("7", 250, 345, 255, 355),
		word("outside", 400, 500, 440, 510),
	}
	filled := tableformer.Fill(res.Table, words)
	if filled == nil {
		t.Fatal("Fill: no table")
	}
	want := [][]string{{"Region", ""}, {"North", "12"}, {"South", "7"}}
	for i, row := range filled.Grid() {
		if !slices.Equal(row, want[i]) {
			t.Errorf("row %d = %q, want %q", i, row, want[i])
		}
	}
	if filled.HeaderRows() != 1 {
		t.Errorf("header rows %d, want the <thead> row", filled.HeaderRows())
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	ctx := context.Background()
	wrong := onnxtest.SLANetTable(t, t.TempDir(), 64, 30, []int{1}, nil)
	for name, cfg := range map[string]tablemodel.Config{
		"missing file":      {Model: "/nonexistent/slanet.onnx", RuntimeLib: lib},
		"other class count": {Model: wrong, RuntimeLib: lib},
		"not a table model": {Model: onnxtest.RTDETRRegions(t, t.TempDir(), 64), RuntimeLib: lib},
	} {
		if err := tablemodel.NewONNX(cfg).Load(ctx); !errors.Is(err, core.ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
	m := tablemodel.NewONNX(tablemodel.Config{Model: model(t), RuntimeLib: lib})
	if _, err := m.Recognize(ctx, image.NewGray(image.Rect(0, 0, 8, 8)), core.BBox{}); !errors.Is(err, core.ErrInternal) {
		t.Errorf("Recognize before Load: %v, want ErrInternal", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := m.Load(cctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Load on a canceled context: %v", err)
	}
}
