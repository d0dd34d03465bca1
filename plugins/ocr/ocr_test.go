package ocr

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

func testdata(name string) string { return filepath.Join("..", "..", "testdata", "ocr", name) }

// modelsDir is the repository's models/ (make deps) or $ASSAY_MODELS_DIR.
func modelsDir() string {
	if d := os.Getenv(EnvModelsDir); d != "" {
		return d
	}
	d, _ := filepath.Abs(filepath.Join("..", "..", "models"))
	return d
}

// engines are configured once per backend and shared by the tests.
var engines = map[string]*Engine{}

func engineFor(t testing.TB, backend string) *Engine {
	t.Helper()
	if e, ok := engines[backend]; ok {
		return e
	}
	e := New()
	opts, _ := json.Marshal(Options{Backend: backend, ModelsDir: modelsDir()})
	if err := e.Configure(context.Background(), opts); err != nil {
		if errors.Is(err, core.ErrUnsupported) {
			t.Skipf("%s backend not installed (run make deps): %v", backend, err)
		}
		t.Fatal(err)
	}
	engines[backend] = e
	return e
}

func extract(t testing.TB, e *Engine, file string, opts any, pages ...int) []core.PageResult {
	t.Helper()
	raw, _ := json.Marshal(opts)
	var out []core.PageResult
	for res, err := range e.Extract(context.Background(), &core.Request{Source: file, Pages: pages, Options: raw}) {
		if err != nil {
			t.Fatal(err)
		}
		if res.Err != nil {
			t.Fatalf("page %d: %v", res.Page.Number, res.Err)
		}
		out = append(out, res)
	}
	return out
}

// recall is the share of the expected words found in got (multiset,
// case-folded, punctuation trimmed).
func recall(want, got string) float64 {
	norm := func(s string) []string {
		var out []string
		for _, f := range strings.Fields(strings.ToLower(s)) {
			if f = strings.Trim(f, ".,;:!?\"'()"); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	have := map[string]int{}
	for _, w := range norm(got) {
		have[w]++
	}
	ws := norm(want)
	hit := 0
	for _, w := range ws {
		if have[w] > 0 {
			have[w]--
			hit++
		}
	}
	return float64(hit) / float64(len(ws))
}

func expected(t testing.TB) string {
	b, err := os.ReadFile(testdata("expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestScannedText(t *testing.T) {
	want := expected(t)
	for _, backend := range []string{BackendTesseract, BackendPaddle} {
		for _, file := range []string{"scan.pdf", "scan-rot90.pdf", "scan-rot180.pdf", "scan-rot270.pdf", "scan-fixed.pdf"} {
			t.Run(backend+"/"+file, func(t *testing.T) {
				e := engineFor(t, backend)
				start := time.Now()
				res := extract(t, e, testdata(file), nil, 1)
				if len(res) != 1 {
					t.Fatalf("%d results", len(res))
				}
				pg := res[0].Page
				text := pg.Text()
				r := recall(want, text)
				t.Logf("%s %s: recall %.3f in %v, stats %v", backend, file, r, time.Since(start), res[0].Stats)
				if r < 0.9 {
					t.Errorf("word recall %.3f < 0.9:\n%s", r, text)
				}
				checkBoxes(t, file, pg)
			})
		}
	}
}

// titleCentre is where the title "Harbour Inspection Notes" (54 pt from the
// left, baseline 56 pt from the top of the 612×396 source page; about
// 95,47 at its centre) appears on each fixture's displayed page.
var titleCentre = map[string][2]float64{
	"scan.pdf":        {95, 47},
	"scan-fixed.pdf":  {95, 47},
	"scan-rot90.pdf":  {396 - 47, 95},
	"scan-rot180.pdf": {612 - 95, 396 - 47},
	"scan-rot270.pdf": {47, 612 - 95},
}

// checkBoxes: every word lies on the page with a confidence in [0,1], and
// the title's first word is where the source put it.
func checkBoxes(t *testing.T, file string, pg core.Page) {
	t.Helper()
	page := pg.Box()
	var title core.BBox
	for _, b := range pg.Blocks {
		for _, l := range b.Lines {
			for _, w := range l.Words {
				if !w.BBox.Within(page, 1) || w.BBox.Empty() {
					t.Errorf("word %q box %+v outside page %+v", w.Text, w.BBox, page)
				}
				if w.Confidence < 0 || w.Confidence > 1 {
					t.Errorf("word %q confidence %v", w.Text, w.Confidence)
				}
				if strings.Contains(w.Text, "Harbour") && title.Empty() {
					title = w.BBox
				}
			}
		}
	}
	if title.Empty() {
		t.Errorf("title not found")
		return
	}
	want := titleCentre[file]
	// The title line is 24 pt Helvetica: its first word's centre, whatever
	// the backend's word split, lies within 50 pt of the line's start.
	cx, cy := (title.X0+title.X1)/2, (title.Y0+title.Y1)/2
	if math.Abs(cx-want[0]) > 50 || math.Abs(cy-want[1]) > 50 {
		t.Errorf("%s: title word at %.0f,%.0f, want near %.0f,%.0f", file, cx, cy, want[0], want[1])
	}
}
