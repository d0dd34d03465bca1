package ocr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/eval"
)

// minScriptSim is the least text similarity each of the project's own
// scanned script pages (testdata/scripts, made by its make.sh: 12 pt
// print at 200 dpi, turned under a degree, with noise) must reach: the
// 97–99% of characters Tesseract reads right on clean print, less a
// point or two for the noise.
const minScriptSim = 0.95

// TestScriptPages reads the Polish, Czech, Russian, Arabic and Hebrew
// pages with the engine as configured by default, and checks each
// against the text it was printed from: diacritics, Cyrillic, and right-
// to-left lines in logical order with their digits and Latin words in
// place.
func TestScriptPages(t *testing.T) {
	if testing.Short() {
		t.Skip("short: OCR of five pages")
	}
	pdfs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "scripts", "*.pdf"))
	if len(pdfs) < 5 {
		t.Fatalf("testdata/scripts holds %d pages; want the five of make.sh", len(pdfs))
	}
	e := engineFor(t, BackendAuto)
	for _, pdf := range pdfs {
		lang := strings.TrimSuffix(filepath.Base(pdf), ".pdf")
		t.Run(lang, func(t *testing.T) {
			gt, err := os.ReadFile(strings.TrimSuffix(pdf, ".pdf") + ".md")
			if err != nil {
				t.Fatal(err)
			}
			md := readCorpusDoc(t, e, pdf)
			s := eval.Score(string(gt), md)
			t.Logf("text_sim %.3f", s.TextSim)
			if s.TextSim < minScriptSim {
				t.Errorf("text similarity %.3f, want at least %.2f; read:\n%s", s.TextSim, minScriptSim, md)
			}
		})
	}
}
