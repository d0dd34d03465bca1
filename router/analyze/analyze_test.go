package analyze

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// read has nativetext read every page of path, facts only or with its
// layout, and rebuilds the facts with FromResult.
func read(t testing.TB, path string, factsOnly bool) []Page {
	t.Helper()
	ctx := context.Background()
	e := nativetext.New()
	n, err := e.CountPages(ctx, path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	pages := make([]int, n)
	for i := range pages {
		pages[i] = i + 1
	}
	opts := []byte(fmt.Sprintf(`{"facts_only": %v}`, factsOnly))
	out := make([]Page, n)
	for pr, err := range e.Extract(ctx, &core.Request{Source: path, Pages: pages, Options: opts}) {
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		p, ok := FromResult(pr)
		if !ok {
			p = Page{Number: pr.Page.Number, Err: fmt.Sprint(pr.Err)}
		}
		out[pr.Page.Number-1] = p
	}
	return out
}

// image is a 1×1 image XObject resource named /Im1 (object 5).
const imageRes = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /Im1 5 0 R >> >>"

var imageObj = pdftest.Stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", "\x80")

const text = "BT /F1 10 Tf 72 700 Td (The quick brown fox jumps over the lazy dog) Tj ET"

// outlines draws n small filled squares.
func outlines(n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "%d %d 5 7 re f\n", 20+(i%50)*10, 50+(i/50)*12)
	}
	return sb.String()
}

func TestClasses(t *testing.T) {
	t.Parallel()
	type2 := "<< /Font << /F1 << /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>] >> >> >>"
	tests := []struct {
		name string
		path func(t *testing.T) string
		want Class
	}{
		{"testdata simple", fixed("../../testdata/simple.pdf"), ClassBornDigital},
		{"scan (img2pdf)", fixed("testdata/scan.pdf"), ClassImageOnly},
		{"blank", built("", pdftest.Helvetica, "q Q"), ClassBlank},
		// A producer's spaces on an empty page (as in pdfcpu's T4.pdf)
		// draw nothing any engine could read.
		{"blank with spaces", built("", pdftest.Helvetica, "BT /F1 10 Tf 72 700 Td (  ) Tj ET"), ClassBlank},
		{"outlines and spaces", built("", pdftest.Helvetica, "BT /F1 10 Tf 72 700 Td ( ) Tj ET "+outlines(400)), ClassVectorText},
		{"a page number", built("", pdftest.Helvetica, "BT /F1 10 Tf 300 40 Td (12) Tj ET"), ClassBornDigital},
		{"text", built("", pdftest.Helvetica, text), ClassBornDigital},
		{"ocr layer", built("", imageRes, "q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F1 10 Tf 72 700 Td (The quick brown fox jumps) Tj ET", imageObj), ClassScannedWithOCRLayer},
		{"image only", built("", imageRes, "q 612 0 0 792 0 0 cm /Im1 Do Q", imageObj), ClassImageOnly},
		{"image in form", built("", "<< /XObject << /Fm1 6 0 R >> >>", "q 0.5 0 0 0.5 0 0 cm /Fm1 Do Q", imageObj,
			pdftest.Stream("/Type /XObject /Subtype /Form /BBox [0 0 1224 1584] /Resources << /XObject << /Im1 5 0 R >> >>", "q 1224 0 0 1584 0 0 cm /Im1 Do Q")), ClassImageOnly},
		{"mixed", built("", imageRes, text+" q 400 0 0 400 100 100 cm /Im1 Do Q", imageObj), ClassMixed},
		{"identity-h without tounicode", built("", type2, "BT /F1 10 Tf 72 700 Td <0001000200030004000500060007000800090010> Tj ET"), ClassBrokenFonts},
		{"outlines", built("", pdftest.Helvetica, outlines(400)), ClassVectorText},
		// Chromium's TrueType subsets with every ToUnicode removed: the
		// fonts' own cmaps still give every glyph its text, which reads
		// as the ground truth (text similarity 1.0), so the page is
		// born digital. Without an embedded program the same fonts are
		// broken (the Identity-H case above).
		{"no-tounicode, programs with cmaps (corpus)", corpusFile("generated/corrupt/corrupt-10.pdf"), ClassBornDigital},
		// A Korean page in a CID font without ToUnicode whose glyphs the
		// reader still maps to Unicode (its text reads right): the class
		// follows what the reading could map, not the font's dictionary.
		{"CID font mapped by the reader (corpus)", corpusFile("docling/pdf/skipped_1page.pdf"), ClassBornDigital},
		{"scanned (corpus)", corpusFile("generated/scanned/scanned-01.pdf"), ClassImageOnly},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := read(t, tt.path(t), true)[0]
			if got := p.Class(); got != tt.want {
				t.Errorf("class %s, want %s: %s", got, tt.want, p.Summary())
			}
		})
	}
}

func fixed(path string) func(*testing.T) string { return func(*testing.T) string { return path } }

func corpusFile(rel string) func(*testing.T) string {
	return func(t *testing.T) string {
		p := filepath.Join(corpustest.Dir(t), rel)
		if _, err := os.Stat(p); err != nil {
			t.Skipf("no corpus file %s", p)
		}
		return p
	}
}

func built(pageExtra, res, content string, more ...string) func(*testing.T) string {
	return func(t *testing.T) string { return pdftest.OnePage(pageExtra, res, content, more...).Write(t) }
}

// TestMeasures checks each fact against what the page draws: two images
// overlapping by half, one line of 43 glyphs in one text operator, a path
// of two construction operators and a stroke.
func TestMeasures(t *testing.T) {
	t.Parallel()
	content := "q 306 0 0 396 0 0 cm /Im1 Do Q q 306 0 0 396 153 0 cm /Im1 Do Q " + text + " 10 10 m 20 20 l S"
	path := pdftest.OnePage("/Rotate 90", imageRes, content, stripes).Write(t)
	p := read(t, path, true)[0]
	if p.Width != 792 || p.Height != 612 || p.Rotation != 90 {
		t.Errorf("size %v×%v rot %d", p.Width, p.Height, p.Rotation)
	}
	if p.TextOps != 1 || p.Glyphs != 43 || p.Images != 2 || p.PathOps != 3 || p.UnmappedGlyphs != 0 || p.CIDGlyphs != 0 {
		t.Errorf("text ops %d, glyphs %d (%d unmapped, %d CID), images %d, path ops %d", p.TextOps, p.Glyphs, p.UnmappedGlyphs, p.CIDGlyphs, p.Images, p.PathOps)
	}
	// Two 306×396 boxes overlapping by half: 1.5 × 306×396 of 612×792.
	if want := 0.375; p.ImageCoverage < want-1e-9 || p.ImageCoverage > want+1e-9 {
		t.Errorf("coverage %v, want %v", p.ImageCoverage, want)
	}
	if len(p.ImageBoxes) != 2 || p.ImageBoxes[0].Area() != 306*396 {
		t.Errorf("boxes %+v", p.ImageBoxes)
	}
	var buf bytes.Buffer
	(&Report{Pages: 1, Page: []Page{p}}).Text(&buf)
	for _, want := range []string{"pages:     1", "page 1: mixed", "43 glyphs", "2 images covering 38% (2 to read for text)"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("Text lacks %q:\n%s", want, buf.String())
		}
	}
}

// TestFactsOnlyAgreesWithTheReading: the full analysis (facts only) and
// text-first analysis (the reading with its layout) count the same facts,
// being one interpretation; only the layout's columns and tables differ.
func TestFactsOnlyAgreesWithTheReading(t *testing.T) {
	t.Parallel()
	agree(t, []string{"../../testdata/simple.pdf", "../../testdata/columns.pdf", "../../testdata/mixed.pdf", "../../testdata/brokenfont.pdf", "testdata/scan.pdf"})
}

func TestFactsOnlyAgreesOnTheCorpus(t *testing.T) {
	t.Parallel()
	root := corpustest.Dir(t)
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	agree(t, files)
}

func agree(t *testing.T, files []string) {
	t.Helper()
	for _, f := range files {
		full, first := read(t, f, true), read(t, f, false)
		for i := range full {
			a, b := full[i], first[i]
			b.Columns, b.Tables = 0, 0
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("%s page %d:\nfacts only %+v\nreading    %+v", f, i+1, a, b)
			}
		}
	}
}
