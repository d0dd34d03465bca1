package ocr

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/eval"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// minScriptSim is the least text similarity each of the project's own
// scanned script pages (testdata/scripts, made by its make.sh: 12 pt
// print at 200 dpi, turned under a degree, with noise) must reach: the
// 97–99% of characters Tesseract reads right on clean print, less a
// point or two for the noise.
const minScriptSim = 0.95

// TestScriptPages reads the Polish, Czech, Russian, Arabic, Hebrew and Chinese
// pages of both sets of testdata/scripts (the second with other words, in
// another typeface), and its English pages with a passage in another
// script (mix/: Hebrew, and Chinese under a heading of its own), with the engine as configured by default, and checks
// each against the text it was printed from: diacritics, Cyrillic, and
// right-to-left lines in logical order with their digits and Latin words
// in place. The pages of sparse/ hold a few words each, too few for OSD
// to tell their script (sparseScript).
func TestScriptPages(t *testing.T) {
	if testing.Short() {
		t.Skip("short: OCR of sixteen pages")
	}
	e := engineFor(t, BackendAuto)
	sets := []struct {
		dir   string
		pages int
	}{{".", 6}, {"b", 6}, {"mix", 2}, {"sparse", 2}}
	for _, set := range sets {
		pdfs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "scripts", set.dir, "*.pdf"))
		if len(pdfs) < set.pages {
			t.Fatalf("testdata/scripts/%s holds %d pages; want the %d of make.sh", set.dir, len(pdfs), set.pages)
		}
		for _, pdf := range pdfs {
			lang := strings.TrimSuffix(filepath.Base(pdf), ".pdf")
			t.Run(filepath.Join(set.dir, lang), func(t *testing.T) {
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
				checkScriptHeading(t, s, md)
			})
		}
	}
}

// checkScriptHeading checks that a page of testdata/scripts has its
// headings, and no others, as second-level headings: make.sh prints them
// at 17 pt over a body of 12 pt, 1.42 times the body's print, which is
// between heading2Size and heading1Size in every script. A Hebrew
// heading measured by its box (a lamed rising over the letters) came out
// at the third level, and an Arabic paragraph's line, whose words
// descend under its baseline, as a heading; a Chinese heading in an
// English page (mix/zh-passage) came out as two.
func checkScriptHeading(t *testing.T, s eval.Scores, md string) {
	t.Helper()
	if h := s.Headings; h == nil || h.F1NoLevel < 1 || h.Pred != h.GT {
		t.Errorf("headings %+v, want the page's headings alone; read:\n%s", h, md)
		return
	}
	second := 0
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "## ") {
			second++
		}
	}
	if second != s.Headings.Pred {
		t.Errorf("%d of %d headings at level 2; read:\n%s", second, s.Headings.Pred, md)
	}
}

// TestRightToLeftScans reads the corpus's scanned right-to-left
// documents (generated and generated-b: the same layout with other
// words, turned by other small angles) and checks each reaches
// minScriptSim: a rule that holds on one set and fails on the other
// depends on the text, not on the script.
func TestRightToLeftScans(t *testing.T) {
	if testing.Short() {
		t.Skip("short: OCR of the corpus's Arabic and Hebrew scans")
	}
	var docs []corpusDoc
	for _, set := range []string{"generated", "generated-b"} {
		docs = append(docs, rtlScans(t, corpustest.Dir(t, set), set)...)
	}
	if len(docs) == 0 {
		t.Skip("no right-to-left scans in the corpus")
	}
	e := engineFor(t, BackendAuto)
	for _, d := range docs {
		t.Run(d.id, func(t *testing.T) {
			gt, err := os.ReadFile(d.gt)
			if err != nil {
				t.Fatal(err)
			}
			s := eval.Score(string(gt), readCorpusDoc(t, e, d.pdf))
			t.Logf("text_sim %.3f", s.TextSim)
			if s.TextSim < minScriptSim {
				t.Errorf("text similarity %.3f, want at least %.2f", s.TextSim, minScriptSim)
			}
		})
	}
}

// rtlScans lists the scanned documents of the corpus set in dir whose
// manifest language is written right to left.
func rtlScans(t *testing.T, dir, set string) []corpusDoc {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Skipf("no manifest: %v", err)
	}
	var m struct {
		Docs []struct {
			ID, Category, Path, GT, Lang string
		}
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	var docs []corpusDoc
	for _, d := range m.Docs {
		if d.Category == "scanned" && (d.Lang == "ar" || d.Lang == "he") {
			docs = append(docs, corpusDoc{set + "/" + d.ID, filepath.Join(dir, d.Path), filepath.Join(dir, d.GT)})
		}
	}
	return docs
}
