package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// assayBin is the CLI built once for the tests, so that built-in engines
// really run as re-executed plugin processes.
var assayBin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "assay-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	assayBin = filepath.Join(dir, "assay")
	build := exec.Command("go", "build", "-o", assayBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building assay:", err)
		os.Exit(1)
	}
	// The OCR engine is its own cgo binary, found next to assay. Tests that
	// need it skip when it cannot be built (no Tesseract headers).
	ocr := exec.Command("go", "build", "-o", filepath.Join(dir, "assay-engine-ocr"), "../../plugins/ocr/cmd/assay-engine-ocr")
	ocr.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := ocr.CombinedOutput(); err != nil {
		ocrMissing = fmt.Sprintf("the OCR engine does not build here (make deps installs Tesseract): %v\n%s", err, out)
	}
	// The layout engine is a cgo binary too (onnxruntime); pages with
	// tables or columns are planned for it.
	lay := exec.Command("go", "build", "-o", filepath.Join(dir, "assay-engine-layoutml"), "../../plugins/layoutml/cmd/assay-engine-layoutml")
	lay.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := lay.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building assay-engine-layoutml: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// ocrMissing says why the OCR engine is not available to these tests.
var ocrMissing string

func needOCR(t *testing.T) {
	t.Helper()
	if ocrMissing != "" {
		t.Skip(ocrMissing)
	}
}

// cli runs the CLI in the repository root with an empty environment for
// config, and returns stdout, stderr and the exit status.
func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return cliEnv(t, nil, args...)
}

// cliEnv is cli with env added to the environment.
func cliEnv(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), assayBin, args...)
	cmd.Dir = "../.."
	cmd.Env = append(append(os.Environ(), "ASSAY_PLUGIN_PATH=", "ASSAY_ESTIMATES_FILE=none", "ASSAY_ENGINE_CACHE=none"), env...)
	if os.Getenv("ASSAY_MODELS_DIR") == "" {
		if abs, err := filepath.Abs("../../models"); err == nil {
			cmd.Env = append(cmd.Env, "ASSAY_MODELS_DIR="+abs)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running assay: %v", err)
	}
	return stdout.String(), stderr.String(), code
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/assay -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./cmd/assay -update rewrites it)\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

// stable zeroes the fields of the JSON output that change run to run.
func stable(t *testing.T, out string) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	doc["timings"] = map[string]any{}
	pages, _ := doc["pages"].([]any)
	for _, p := range pages {
		pm := p.(map[string]any)
		for _, a := range pm["attempts"].([]any) {
			am := a.(map[string]any)
			am["ms"] = 0
			if st, ok := am["stages_ms"].(map[string]any); ok {
				for k := range st {
					st[k] = 0
				}
			}
		}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

func TestGolden(t *testing.T) {
	for _, name := range []string{"simple", "columns", "pages"} {
		t.Run(name, func(t *testing.T) {
			pdf := filepath.Join("testdata", name+".pdf")
			md, stderr, code := cli(t, "extract", pdf)
			if code != 0 {
				t.Fatalf("extract %s: exit %d: %s", pdf, code, stderr)
			}
			golden(t, name+".md", []byte(md))
			js, stderr, code := cli(t, "extract", "--format", "json", pdf)
			if code != 0 {
				t.Fatalf("extract --format json %s: exit %d: %s", pdf, code, stderr)
			}
			golden(t, name+".json", stable(t, js))
		})
	}
}

func TestEveryPageHasALedgerEntry(t *testing.T) {
	out, stderr, code := cli(t, "extract", "--format", "json", "--pages", "2-4", "testdata/pages.pdf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Status    string
		PageCount int `json:"page_count"`
		Pages     []struct {
			Number   int
			Status   string
			Engine   string
			Attempts []struct{ Engine string }
			Blocks   []struct{ Text string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.PageCount != 5 || len(doc.Pages) != 3 || doc.Status != "ok" {
		t.Fatalf("page_count %d, %d pages, status %s", doc.PageCount, len(doc.Pages), doc.Status)
	}
	for i, p := range doc.Pages {
		if p.Number != i+2 || p.Status != "ok" || p.Engine != "nativetext" || len(p.Attempts) != 1 {
			t.Errorf("page entry %+v", p)
		}
		var text []string
		for _, b := range p.Blocks {
			text = append(text, b.Text)
		}
		if want := fmt.Sprintf("page number %d.", p.Number); !strings.Contains(strings.Join(text, " "), want) {
			t.Errorf("page %d text %q lacks %q", p.Number, text, want)
		}
	}
}

func TestUnreadableDocuments(t *testing.T) {
	tests := []struct {
		file string
		says string
	}{
		{"testdata/bad/empty.pdf", "empty file"},
		{"testdata/bad/image.pdf", "not a PDF"},
		{"testdata/bad/encrypted.pdf", "encrypted"},
		{"testdata/bad/header-only.pdf", "damaged"},
		{"testdata/bad/missing.pdf", "not found"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			stdout, stderr, code := cli(t, "extract", tt.file)
			if code != 1 {
				t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
			}
			if lines := strings.Count(strings.TrimSpace(stderr), "\n") + 1; lines != 1 || !strings.Contains(stderr, tt.says) {
				t.Fatalf("stderr should be one line saying %q, got %q", tt.says, stderr)
			}
			if stdout != "" {
				t.Fatalf("stdout should be empty, got %q", stdout)
			}
			js, _, code := cli(t, "extract", "--format", "json", tt.file)
			if code != 1 || !strings.Contains(js, `"status": "failed"`) || !strings.Contains(js, `"error"`) {
				t.Fatalf("JSON for an unreadable document: exit %d\n%s", code, js)
			}
		})
	}
}

// A file cut short is repaired back to its last whole object, and what it
// still holds is read.
func TestTruncatedFileIsRepaired(t *testing.T) {
	out, stderr, code := cli(t, "extract", "testdata/bad/truncated.pdf")
	if code == 1 || !strings.Contains(out, "Quarterly Extraction Report") {
		t.Fatalf("exit %d, stderr %q, output:\n%s", code, stderr, out)
	}
}

func TestSeveralDocumentsIntoOutDir(t *testing.T) {
	out := t.TempDir()
	_, stderr, code := cli(t, "extract", "--out", out, "testdata/simple.pdf", "testdata/columns.pdf", "testdata/bad/empty.pdf")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (one unreadable document): %s", code, stderr)
	}
	for _, name := range []string{"simple.md", "columns.md"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %v (%d bytes)", name, err, len(b))
		}
	}
	if _, stderr, code := cli(t, "extract", "testdata/simple.pdf", "testdata/columns.pdf"); code != 2 || !strings.Contains(stderr, "--out") {
		t.Fatalf("two documents without --out: exit %d %q", code, stderr)
	}
}

// TestSeveralDocumentsWithPages: a page range that one document lacks is
// a usage error for it alone; the engines, closed once the last document
// is read, have read the others, whose outputs are all written.
func TestSeveralDocumentsWithPages(t *testing.T) {
	out := t.TempDir()
	_, stderr, code := cli(t, "extract", "--pages", "2-3", "--format", "json", "--out", out,
		"testdata/simple.pdf", "testdata/pages.pdf", "testdata/mixed.pdf", "testdata/longtable.pdf")
	if code != exitUsage || !strings.Contains(stderr, "simple.pdf") {
		t.Fatalf("exit %d, want %d for simple.pdf's missing pages: %s", code, exitUsage, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "simple.json")); err == nil {
		t.Error("simple.json written for a document without the pages asked for")
	}
	for _, name := range []string{"pages.json", "mixed.json", "longtable.json"} {
		var res struct {
			Pages []struct {
				Number int    `json:"number"`
				Status string `json:"status"`
			} `json:"pages"`
		}
		b, err := os.ReadFile(filepath.Join(out, name))
		if err == nil {
			err = json.Unmarshal(b, &res)
		}
		if err != nil || len(res.Pages) != 2 || res.Pages[0].Number != 2 || res.Pages[1].Number != 3 {
			t.Fatalf("%s: %v, pages %+v; want pages 2 and 3", name, err, res.Pages)
		}
	}
}

func TestEnginesListsNativetext(t *testing.T) {
	out, stderr, code := cli(t, "engines")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "nativetext") || !strings.Contains(out, "built in") {
		t.Fatalf("engines output:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"frobnicate"}, {"extract"}, {"extract", "--format", "xml", "testdata/simple.pdf"}, {"extract", "--pages", "9", "testdata/simple.pdf"}} {
		if _, _, code := cli(t, args...); code != 2 {
			t.Errorf("assay %q: exit %d, want 2", args, code)
		}
	}
	if out, _, code := cli(t, "version"); code != 0 || !strings.HasPrefix(out, "assay ") {
		t.Errorf("version: %d %q", code, out)
	}
	// A mistyped engine is a usage error that lists the known engines, not
	// a run in which every page fails.
	_, stderr, code := cli(t, "extract", "--engines", "nativtext", "testdata/simple.pdf")
	if code != 2 || !strings.Contains(stderr, `unknown engine "nativtext"`) || !strings.Contains(stderr, "nativetext") {
		t.Errorf("misspelled engine: exit %d, %q", code, stderr)
	}
	// So is one in a plan from config; an engine Assay ships that is not
	// installed is not (its pages say so in the ledger).
	conf := filepath.Join(t.TempDir(), "assay.yaml")
	if err := os.WriteFile(conf, []byte("plan:\n  born_digital: [nativtext, ocr]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = cli(t, "extract", "--config", conf, "testdata/simple.pdf")
	if code != 2 || !strings.Contains(stderr, `unknown engine "nativtext" in the plan for born_digital (known: `) {
		t.Errorf("misspelled engine in a config plan: exit %d, %q", code, stderr)
	}
}

func TestConfigLayers(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "assay.yaml")
	if err := os.WriteFile(file, []byte("engines: [a, b]\nthreshold: 0.8\nworkers: 3\ntimeouts:\n  default: {base: 3s, per_page: 1s}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ASSAY_WORKERS", "5")
	t.Setenv("ASSAY_TIMEOUTS__DEFAULT__PER_PAGE", "2s")
	cfg, err := LoadConfig(file, map[string]any{"engines": []string{"nativetext"}})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(cfg.Engines) != "[nativetext]" || cfg.Threshold != 0.8 || cfg.Workers != 5 {
		t.Fatalf("cfg %+v", cfg)
	}
	if d := cfg.Timeouts["default"]; d.Base.String() != "3s" || d.PerPage.String() != "2s" {
		t.Fatalf("timeouts %+v", cfg.Timeouts)
	}
	if _, err := LoadConfig(filepath.Join(dir, "missing.yaml"), nil); err == nil {
		t.Fatal("an explicit missing config file should be an error")
	}
	// Engine options from the environment reach the engine as JSON.
	t.Setenv("ASSAY_OPTIONS__OCR__BACKEND", "paddle")
	cfg, err = LoadConfig("", nil)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := cfg.Router()
	if err != nil || string(rc.Options["ocr"]) != `{"backend":"paddle"}` {
		t.Fatalf("options.ocr = %s (%v)", rc.Options["ocr"], err)
	}
	// Numbers and booleans arrive as such (the OCR engine refused the
	// string "300" for its dpi); quotes keep a string that looks like one.
	t.Setenv("ASSAY_OPTIONS__OCR__DPI", "300")
	t.Setenv("ASSAY_OPTIONS__OCR__ORIENTATION", "false")
	t.Setenv("ASSAY_OPTIONS__OCR__LABEL", `"007"`)
	cfg, err = LoadConfig("", nil)
	if err != nil {
		t.Fatal(err)
	}
	rc, err = cfg.Router()
	if want := `{"backend":"paddle","dpi":300,"label":"007","orientation":false}`; err != nil || string(rc.Options["ocr"]) != want {
		t.Fatalf("options.ocr = %s (%v), want %s", rc.Options["ocr"], err, want)
	}
	for _, k := range []string{"ASSAY_OPTIONS__OCR__DPI", "ASSAY_OPTIONS__OCR__ORIENTATION", "ASSAY_OPTIONS__OCR__LABEL"} {
		os.Unsetenv(k)
	}
	t.Setenv("ASSAY_ENGINES", "x, y")
	cfg, err = LoadConfig("", nil)
	if err != nil || fmt.Sprint(cfg.Engines) != "[x y]" {
		t.Fatalf("env list: %v %v", cfg.Engines, err)
	}
}

type ledger struct {
	Status string
	Pages  []struct {
		Number   int
		Status   string
		Engine   string
		Class    string
		Attempts []struct {
			Engine string
			Status string
			Score  float64
			Reread bool
		}
		Blocks []struct{ Text string }
	}
}

func extractJSON(t *testing.T, args ...string) ledger {
	t.Helper()
	out, stderr, code := cli(t, append([]string{"extract", "--format", "json"}, args...)...)
	if code != 0 && code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var l ledger
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return l
}

func pageText(blocks []struct{ Text string }) string {
	var parts []string
	for _, b := range blocks {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, "\n")
}

// Pages that need different engines get them: the scanned page goes to OCR,
// the plain born-digital page stays with the text layer and costs no second
// call, and the two-column page goes through the layout pipeline.
func TestMixedDocumentRoutesPerPage(t *testing.T) {
	needOCR(t)
	l := extractJSON(t, "testdata/mixed.pdf")
	// The scan is read by the text layer first, which finds nothing there
	// and says so at no cost; OCR then reads it. The two columns are
	// planned for layoutml, which, without a model, says its reading would
	// be nativetext's, so it is not asked again.
	want := []struct {
		class, engine, text string
		attempts            int
	}{
		{"born_digital", "nativetext", "Quarterly Extraction Report", 1},
		{"image_only", "ocr", "Harbour Inspection Notes", 2},
		{"complex_layout", "nativetext", "Two Column Layout", 1},
	}
	if l.Status != "ok" || len(l.Pages) != len(want) {
		t.Fatalf("status %s, %d pages", l.Status, len(l.Pages))
	}
	for i, p := range l.Pages {
		w := want[i]
		if p.Status != "ok" || p.Class != w.class || p.Engine != w.engine || len(p.Attempts) != w.attempts {
			t.Errorf("page %d: %s, class %s, engine %s, %d attempts; want ok, %s, %s, %d", p.Number, p.Status, p.Class, p.Engine, len(p.Attempts), w.class, w.engine, w.attempts)
		}
		if !strings.Contains(pageText(p.Blocks), w.text) {
			t.Errorf("page %d lacks %q:\n%s", p.Number, w.text, pageText(p.Blocks))
		}
	}
}

// A plan may read the pictures of every page, not only of pages whose
// images make them mixed (20% of the page): testdata/banner.pdf's banner
// covers 6% of its born-digital page, and its print is only in its
// pixels. With a region step in the born_digital chain, the text engine
// looks at the banner and OCR reads it into the picture's figure block;
// the default plan leaves it, as it leaves every picture of a page that
// is not mixed (docs/routing.md says what reading them costs).
func TestPictureTextOnABornDigitalPage(t *testing.T) {
	needOCR(t)
	t.Parallel()
	config := filepath.Join(t.TempDir(), "assay.yaml")
	plan := "plan:\n  born_digital: [nativetext, \"ocr:regions\", ocr]\n"
	if err := os.WriteFile(config, []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := cli(t, "extract", "--config", config, "--format", "json", "testdata/banner.pdf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var l struct {
		Pages []struct {
			Class    string
			Attempts []struct {
				Engine  string
				Regions bool
			}
			Blocks []struct{ Kind, Text string }
		}
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil || len(l.Pages) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	p := l.Pages[0]
	if p.Class != "born_digital" || len(p.Attempts) != 2 || !p.Attempts[1].Regions {
		t.Errorf("class %s, attempts %+v; want born_digital, nativetext then OCR of its regions", p.Class, p.Attempts)
	}
	var figure string
	for _, b := range p.Blocks {
		if b.Kind == "figure" {
			figure += b.Text + "\n"
		}
	}
	for _, w := range []string{"PRODUCT CODE ABC-12345", "Ships from Lyon in March"} {
		if !strings.Contains(figure, w) {
			t.Errorf("the banner's figure block lacks %q: %q", w, figure)
		}
	}
	for _, args := range [][]string{{"--config", config, "--no-region-ocr"}, {}} {
		out, stderr, code = cli(t, append(append([]string{"extract"}, args...), "testdata/banner.pdf")...)
		if code != 0 || strings.Contains(out, "ABC-12345") || !strings.Contains(out, "Shipping notice") {
			t.Errorf("extract %q: exit %d, the banner read or the page not:\n%s%s", args, code, out, stderr)
		}
	}
}

// layoutml without a model says its reading is nativetext's, an answer
// that reads no file: the first run keeps it in the engine cache, and the
// next run plans the two-column page without starting layoutml to ask.
func TestEngineCacheSparesTheLayoutStart(t *testing.T) {
	t.Parallel()
	env := []string{"ASSAY_ENGINE_CACHE=" + filepath.Join(t.TempDir(), "engines.json"), "ASSAY_DEBUG=1"}
	for run, want := range []bool{true, false} {
		out, stderr, code := cliEnv(t, env, "extract", "--pages", "3", "--format", "text", "testdata/mixed.pdf")
		if code != 0 || !strings.Contains(out, "Two Column Layout") {
			t.Fatalf("run %d: exit %d, text %q\n%s", run+1, code, out, stderr)
		}
		if started := strings.Contains(stderr, "engine.layoutml: starting plugin"); started != want {
			t.Errorf("run %d started layoutml: %v, want %v", run+1, started, want)
		}
	}
}

// A page whose font has no usable Unicode map scores below the threshold on
// the text layer and is read again by OCR.
func TestBrokenFontEscalatesToOCR(t *testing.T) {
	needOCR(t)
	l := extractJSON(t, "testdata/brokenfont.pdf")
	p := l.Pages[0]
	if p.Class != "broken_fonts" || p.Status != "ok" || p.Engine != "ocr" || len(p.Attempts) != 2 {
		t.Fatalf("page: %+v", p)
	}
	if a := p.Attempts[0]; a.Engine != "nativetext" || a.Score >= 0.5 {
		t.Fatalf("first attempt %+v should be nativetext below the threshold", a)
	}
	if text := strings.ToLower(pageText(p.Blocks)); !strings.Contains(text, "harbour master counted seven boats") {
		t.Fatalf("OCR text: %q", text)
	}
}

// A page of good text whose note is set in a font without a usable
// Unicode map passes on its text layer; the note alone is read again by
// OCR, and its words take the place of the undecoded ones.
func TestGarbledBlockIsReadAgainByOCR(t *testing.T) {
	needOCR(t)
	l := extractJSON(t, "testdata/garbledblock.pdf")
	p := l.Pages[0]
	if p.Status != "ok" || p.Engine != "nativetext+ocr" || len(p.Attempts) != 2 || !p.Attempts[1].Reread {
		t.Fatalf("page: %+v", p)
	}
	text := pageText(p.Blocks)
	if strings.Contains(text, "\ufffd") {
		t.Errorf("undecoded characters left: %q", text)
	}
	flat := strings.ToLower(strings.Join(strings.Fields(text), " "))
	for _, want := range []string{"the harbour master counted seven boats", "storm warnings close the harbour to small boats. check the board"} {
		if !strings.Contains(flat, want) {
			t.Errorf("text %q: want %q", flat, want)
		}
	}
	// --no-region-ocr: no OCR of parts of the page, this block's neither.
	if p := extractJSON(t, "--no-region-ocr", "testdata/garbledblock.pdf").Pages[0]; p.Engine != "nativetext" || len(p.Attempts) != 1 {
		t.Errorf("with --no-region-ocr: %s by %s after %d attempts; want the text layer's reading alone", p.Status, p.Engine, len(p.Attempts))
	}
}

// A layout model configured in the options is what `assay engines` shows
// layoutml using, with the execution provider it runs on.
func TestEnginesSaysWhichLayoutDetector(t *testing.T) {
	onnxtest.Runtime(t)
	model := onnxtest.RTDETRRegions(t, t.TempDir(), 32, onnxtest.Detection{Label: 10, Box: [4]float32{0.1, 0.1, 0.5, 0.2}})
	t.Setenv("ASSAY_OPTIONS__LAYOUTML__MODEL__MODEL", model)
	t.Setenv("ASSAY_OPTIONS__LAYOUTML__MODEL__FORMAT", "docling-rtdetr")
	t.Setenv("ASSAY_OPTIONS__LAYOUTML__MODEL__ACCELERATOR", "cpu")
	out, stderr, code := cli(t, "engines")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "detector: docling-rtdetr on cpu") {
		t.Fatalf("engines does not say which detector layoutml uses:\n%s", out)
	}
}

// The default plan reads no pictures of pages with a text layer;
// ocr_pictures (config, env or --ocr-pictures) adds the region step to the
// chains of such pages, before their full-page OCR; region_ocr off
// (config, env or --no-region-ocr) takes the plan's region steps out and
// keeps the rest of every chain.
func TestRegionOCRChains(t *testing.T) {
	t.Setenv("ASSAY_OCR_PICTURES", "")
	for _, c := range []struct {
		name    string
		set     map[string]any
		env     string
		classes map[string]string
	}{
		{"default", nil, "", map[string]string{"mixed": "[nativetext ocr]", "born_digital": "[nativetext ocr]"}},
		{"ocr_pictures", map[string]any{"ocr_pictures": true}, "", map[string]string{
			"mixed": "[nativetext ocr:regions ocr]", "born_digital": "[nativetext ocr:regions ocr]",
			"complex_layout": "[layoutml nativetext ocr:regions ocr]", "image_only": "[ocr nativetext]",
			"scanned_with_ocr_layer": "[nativetext ocr]"}},
		{"ASSAY_OCR_PICTURES", nil, "true", map[string]string{"mixed": "[nativetext ocr:regions ocr]"}},
		{"ocr_pictures and --engines", map[string]any{"ocr_pictures": true, "engines": []string{"nativetext", "ocr"}}, "", map[string]string{
			"mixed": "[nativetext ocr:regions ocr]"}},
		{"ocr_pictures without OCR", map[string]any{"ocr_pictures": true, "engines": []string{"nativetext"}}, "", map[string]string{
			"mixed": "[nativetext]"}},
		{"region_ocr off", map[string]any{"ocr_pictures": true, "region_ocr": false}, "", map[string]string{"mixed": "[nativetext ocr]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("ASSAY_OCR_PICTURES", c.env)
			cfg, err := LoadConfig("", c.set)
			if err != nil {
				t.Fatal(err)
			}
			rc, err := cfg.Router()
			if err != nil {
				t.Fatal(err)
			}
			for class, want := range c.classes {
				if got := fmt.Sprint(rc.Plan.Chain(class)); got != want {
					t.Errorf("%s chain %s; want %s", class, got, want)
				}
			}
		})
	}
}

// --debug-dir writes a picture of every page, rendered in a child process,
// with its blocks drawn, and an index with each page's ledger entry.
func TestDebugDir(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, code := cli(t, "extract", "testdata/pages.pdf", "--engines", "nativetext", "--debug-dir", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	index, err := os.ReadFile(filepath.Join(dir, "pages", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 5; n++ {
		f, err := os.Open(filepath.Join(dir, "pages", fmt.Sprintf("page-%d.png", n)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < 500 {
			t.Errorf("page %d: %v, %v", n, err, img.Bounds())
		}
		if !strings.Contains(string(index), fmt.Sprintf("page %d: ok by nativetext", n)) {
			t.Errorf("index lacks page %d's entry", n)
		}
	}
	if strings.Contains(string(index), "no picture") {
		t.Errorf("a page has no picture:\n%s", index)
	}
}

// --debug-dir on testdata/mixed.pdf (a text page, a scan, two columns):
// three pictures, and an index.html in which a headless Chromium loads
// every picture. Skips where Chromium is not installed.
func TestDebugDirOpensInChromium(t *testing.T) {
	needOCR(t)
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (Debian: apt install chromium)")
	}
	dir := t.TempDir()
	if _, stderr, code := cli(t, "extract", "testdata/mixed.pdf", "--debug-dir", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "mixed", "page-*.png"))
	if len(pngs) != 3 {
		t.Fatalf("%d pictures, want 3", len(pngs))
	}
	// A page that loads the index in a frame and counts its pictures that
	// did not load.
	wrap := filepath.Join(dir, "check.html")
	check := `<!doctype html><iframe id=f src="mixed/index.html" onload="c()"></iframe><pre id=out>not loaded</pre>
<script>function c(){var d=document.getElementById('f').contentDocument;var bad=0;for(var i of d.images){if(!i.complete||i.naturalWidth==0)bad++}document.getElementById('out').textContent='images '+d.images.length+' broken '+bad}</script>`
	if err := os.WriteFile(wrap, []byte(check), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), chromium, "--headless", "--no-sandbox", "--disable-gpu",
		"--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom", "file://"+wrap)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	if !strings.Contains(string(out), "images 3 broken 0") {
		t.Errorf("chromium found: %s", regexp.MustCompile(`images \\d+ broken \\d+|not loaded`).FindString(string(out)))
	}
}

// assay conformance runs the contract suite on a built engine through the
// host. The good engines pass, the two examples among them; each engine
// that breaks the contract one way fails, with a line that names what is
// wrong; a file not named as an engine is a usage error.
func TestConformance(t *testing.T) {
	dir := buildEngines(t, map[string]string{
		"nativetext": "../../plugins/nativetext/cmd/assay-engine-nativetext",
		"shout":      "../../examples/go-engine",
		"shifted":    "../../router/pluginhost/testdata/engines/shifted",
		"hang":       "../../router/pluginhost/testdata/engines/hang",
		"skip":       wrongEngine, "panic": wrongEngine, "garbage": wrongEngine, "sleepy": wrongEngine,
	})
	python := buildPythonEngine(t, dir)
	for _, c := range []struct {
		engine string
		code   int
		want   []string
	}{
		{"nativetext", 0, []string{"ok   PastEnd"}},
		{"shout", 0, []string{"ok   ReadsText", "ok   PastEnd"}},
		{"poppler", 0, []string{"ok   ReadsText", "ok   Cancellation", "ok   PastEnd"}},
		{"shifted", 1, []string{"FAIL OnePerPage", "engine broke the protocol: the engine answered page"}},
		{"skip", 1, []string{"FAIL OnePerPage", "the engine ended its stream without answering page"}},
		{"panic", 1, []string{"FAIL BoxesInsidePage: page 2: status failed", "panic: wrong: boom on page 2"}},
		{"garbage", 1, []string{"FAIL ReadsText: page 1: found 0% of the page's words"}},
		{"sleepy", 1, []string{"FAIL Cancellation: the engine ignores its context: the engine was still working"}},
		{"hang", 1, []string{"FAIL OnePerPage: the engine hangs: the call did not finish within 3s", "skip PastEnd: not run"}},
	} {
		t.Run(c.engine, func(t *testing.T) {
			if c.engine == "poppler" && !python {
				t.Skip("the Python example is not built here (see examples/python-engine/build.sh)")
			}
			out, _, code := cli(t, "conformance", "--timeout", "3s", filepath.Join(dir, "assay-engine-"+c.engine))
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("conformance did not say %q", w)
				}
			}
			if c.code == 0 && strings.Contains(out, "FAIL") {
				t.Errorf("a good engine failed")
			}
			if t.Failed() {
				t.Logf("conformance said:\n%s", out)
			}
		})
	}
	if _, _, code := cli(t, "conformance", "testdata/simple.pdf"); code != 2 {
		t.Errorf("a PDF as the engine: exit %d, want 2", code)
	}
}

// The examples work as a user runs them: on the plugin path, named in
// --engines, they extract the sample.
func TestExampleEnginesExtract(t *testing.T) {
	dir := buildEngines(t, map[string]string{"shout": "../../examples/go-engine"})
	python := buildPythonEngine(t, dir)
	for _, c := range []struct{ engine, want string }{
		{"shout", "QUARTERLY EXTRACTION REPORT"},
		{"poppler", "Quarterly Extraction Report"},
	} {
		t.Run(c.engine, func(t *testing.T) {
			if c.engine == "poppler" && !python {
				t.Skip("the Python example is not built here (see examples/python-engine/build.sh)")
			}
			out, stderr, code := cliEnv(t, []string{"ASSAY_PLUGIN_PATH=" + dir},
				"extract", "--engines", c.engine, "--format", "text", "testdata/simple.pdf")
			if code != 0 || !strings.Contains(out, c.want) {
				t.Errorf("exit %d, output %q, stderr %s; want %q", code, clipped(out), stderr, c.want)
			}
		})
	}
}

// wrongEngine breaks the contract in the way its file name says.
const wrongEngine = "../../router/pluginhost/testdata/engines/wrong"

// buildEngines builds each package as assay-engine-NAME into a temporary
// directory, in parallel, and returns the directory.
func buildEngines(t *testing.T, pkgs map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var g errgroup.Group
	for name, pkg := range pkgs {
		g.Go(func() error {
			if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "assay-engine-"+name), pkg).CombinedOutput(); err != nil {
				return fmt.Errorf("building %s: %v\n%s", name, err, out)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildPythonEngine builds the Python example into dir, as make build
// does, and reports whether it could: it needs python3 with grpc (Debian:
// python3-grpcio, python3-protobuf), protoc, poppler-utils and openssl.
func buildPythonEngine(t *testing.T, dir string) bool {
	t.Helper()
	out, err := exec.Command("../../examples/python-engine/build.sh", dir).CombinedOutput()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == 3:
		t.Logf("Python example not built: %s", bytes.TrimSpace(out))
		return false
	case err != nil:
		t.Fatalf("building the Python example: %v\n%s", err, out)
	}
	return true
}

func clipped(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
