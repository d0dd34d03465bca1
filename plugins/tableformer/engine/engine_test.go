package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/plugins/tableformer/engine"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// TestConformance runs the SDK's engine-contract suite, in process and
// over the in-memory wire, in both modes.
func TestConformance(t *testing.T) {
	t.Run("Direct", func(t *testing.T) { sdktest.Run(t, engine.New()) })
	t.Run("InMemory", func(t *testing.T) { sdktest.Run(t, sdktest.InMemory(t, engine.New())) })
	t.Run("Regions", func(t *testing.T) {
		sdktest.Run(t, tablesOnly{withOptions{engine.New(), `{"mode":"regions","regions":{"1":[{"x0":0,"y0":0,"x1":612,"y1":792}]}}`}})
	})
}

// tablesOnly describes the engine in regions mode, where it answers only
// the tables inside the regions it is given: it does not read a page's
// text, so the suite must not expect words from it.
type tablesOnly struct{ withOptions }

func (e tablesOnly) Describe(ctx context.Context) (core.Info, error) {
	info, err := e.withOptions.Describe(ctx)
	info.Capabilities = slices.DeleteFunc(slices.Clone(info.Capabilities), func(c core.Capability) bool { return c == core.CapText })
	return info, err
}

// withOptions sends fixed options with every request.
type withOptions struct {
	core.Engine
	opts string
}

func (w withOptions) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	r := *req
	r.Options = json.RawMessage(w.opts)
	return w.Engine.Extract(ctx, &r)
}

// tablePDF has a ruled 3×3 table at the top of the page and a paragraph
// under it.
func tablePDF(t *testing.T) string {
	var sb strings.Builder
	for _, y := range []int{700, 680, 660, 640} {
		fmt.Fprintf(&sb, "100 %d m 400 %d l S\n", y, y)
	}
	for _, x := range []int{100, 200, 300, 400} {
		fmt.Fprintf(&sb, "%d 700 m %d 640 l S\n", x, x)
	}
	sb.WriteString("BT /F1 10 Tf\n")
	for _, c := range [][3]string{
		{"105", "686", "Name"}, {"205", "686", "Count"}, {"305", "686", "Price"},
		{"105", "666", "Apple"}, {"205", "666", "3"}, {"305", "666", "1.20"},
		{"105", "646", "Pear"}, {"205", "646", "5"}, {"305", "646", "0.80"},
		{"72", "600", "A paragraph under the table, which is no part of it."},
	} {
		fmt.Fprintf(&sb, "1 0 0 1 %s %s Tm (%s) Tj\n", c[0], c[1], c[2])
	}
	sb.WriteString("ET\n")
	return pdftest.OnePage("", pdftest.Helvetica, sb.String()).Write(t)
}

func extract(t *testing.T, e core.Engine, req *core.Request) []core.PageResult {
	t.Helper()
	var out []core.PageResult
	for r, err := range e.Extract(context.Background(), req) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func TestRegions(t *testing.T) {
	t.Parallel()
	path := tablePDF(t)
	// The table spans x 100–400, y 92–152 in top-left page points.
	cases := []struct {
		name    string
		regions string
		want    []string // grids of the table blocks
	}{
		{"the table's box", `{"1":[{"x0":95,"y0":88,"x1":405,"y1":156}]}`, []string{`[["Name" "Count" "Price"] ["Apple" "3" "1.20"] ["Pear" "5" "0.80"]]`}},
		{"a box around the paragraph", `{"1":[{"x0":60,"y0":180,"x1":500,"y1":200}]}`, nil},
		{"no box on the page", `{"2":[{"x0":95,"y0":88,"x1":405,"y1":156}]}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts := json.RawMessage(`{"mode":"regions","regions":` + c.regions + `}`)
			res := extract(t, engine.New(), &core.Request{Source: path, Pages: []int{1}, Options: opts})
			if len(res) != 1 || res[0].Status != core.StatusOK {
				t.Fatalf("results %+v", res)
			}
			var got []string
			for _, b := range res[0].Page.Blocks {
				if b.Kind != core.KindTable || b.Table == nil {
					t.Errorf("block of kind %s in regions mode", b.Kind)
					continue
				}
				got = append(got, fmt.Sprintf("%q", b.Table.Grid()))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("tables %v; want %v", got, c.want)
			}
		})
	}
}

// Page mode reads the page as nativetext does.
func TestPageMode(t *testing.T) {
	t.Parallel()
	path := tablePDF(t)
	req := &core.Request{Source: path, Pages: []int{1}}
	got, want := extract(t, engine.New(), req), extract(t, nativetext.New(), req)
	if len(got) != 1 || len(want) != 1 {
		t.Fatalf("%d and %d results", len(got), len(want))
	}
	if a, b := got[0].Page.Text(), want[0].Page.Text(); a != b {
		t.Errorf("text %q; nativetext %q", a, b)
	}
	if !strings.Contains(got[0].Page.Text(), "Apple\t3\t1.20") {
		t.Errorf("no table in %q", got[0].Page.Text())
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw  string
		mode string
		bad  bool
	}{
		{"", engine.ModePage, false},
		{"null", engine.ModePage, false},
		{`{"mode":"regions","regions":{"2":[{"x0":1,"y0":1,"x1":5,"y1":5}]},"max_ops":10}`, engine.ModeRegions, false},
		{`{"mode":"cells"}`, "", true},
		{`{"regions":{"two":[]}}`, "", true},
		{`{"regions":{"2":[{"x0":5,"y0":5,"x1":5,"y1":9}]}}`, "", true},
		{`[1]`, "", true},
	}
	for _, c := range cases {
		o, err := engine.ParseOptions(json.RawMessage(c.raw))
		switch {
		case c.bad:
			if !errors.Is(err, core.ErrBadRequest) {
				t.Errorf("%s: err %v; want ErrBadRequest", c.raw, err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.raw, err)
		case o.Mode != c.mode || o.Text.MaxOps <= 0:
			t.Errorf("%s: %+v", c.raw, o)
		}
	}
}
