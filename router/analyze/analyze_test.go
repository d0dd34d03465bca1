package analyze

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

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
	type2 := "<< /Font << /F1 << /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>] >> >> >>"
	tests := []struct {
		name string
		path func(t *testing.T) string
		want Class
	}{
		{"testdata simple", fixed("../../testdata/simple.pdf"), ClassBornDigital},
		{"testdata columns", fixed("../../testdata/columns.pdf"), ClassBornDigital},
		{"scan (img2pdf)", fixed("testdata/scan.pdf"), ClassImageOnly},
		{"blank", built("", pdftest.Helvetica, "q Q"), ClassBlank},
		{"text", built("", pdftest.Helvetica, text), ClassBornDigital},
		{"ocr layer", built("", imageRes, "q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F1 10 Tf 72 700 Td (The quick brown fox jumps) Tj ET", imageObj), ClassScannedWithOCRLayer},
		{"image only", built("", imageRes, "q 612 0 0 792 0 0 cm /Im1 Do Q", imageObj), ClassImageOnly},
		{"image in form", built("", "<< /XObject << /Fm1 6 0 R >> >>", "q 0.5 0 0 0.5 0 0 cm /Fm1 Do Q", imageObj,
			pdftest.Stream("/Type /XObject /Subtype /Form /BBox [0 0 1224 1584] /Resources << /XObject << /Im1 5 0 R >> >>", "q 1224 0 0 1584 0 0 cm /Im1 Do Q")), ClassImageOnly},
		{"mixed", built("", imageRes, text+" q 400 0 0 400 100 100 cm /Im1 Do Q", imageObj), ClassMixed},
		{"identity-h without tounicode", built("", type2, "BT /F1 10 Tf 72 700 Td <0001000200030004000500060007000800090010> Tj ET"), ClassBrokenFonts},
		{"outlines", built("", pdftest.Helvetica, outlines(400)), ClassVectorText},
		{"no-tounicode (corpus)", corpusFile("generated/corrupt/corrupt-10.pdf"), ClassBrokenFonts},
		{"CID without tounicode (corpus)", corpusFile("docling/pdf/skipped_1page.pdf"), ClassBrokenFonts},
		{"scanned (corpus)", corpusFile("generated/scanned/scanned-01.pdf"), ClassImageOnly},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Document(context.Background(), tt.path(t), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Page[0].Class(); got != tt.want {
				t.Errorf("class %s, want %s: %s", got, tt.want, rep.Page[0].Summary())
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

func TestMeasures(t *testing.T) {
	content := "q 306 0 0 396 0 0 cm /Im1 Do Q q 306 0 0 396 153 0 cm /Im1 Do Q " + text + " 10 10 m 20 20 l S"
	path := pdftest.OnePage("/Rotate 90", imageRes, content, imageObj).Write(t)
	rep, err := Document(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Page[0]
	if p.Width != 792 || p.Height != 612 || p.Rotation != 90 {
		t.Errorf("size %v×%v rot %d", p.Width, p.Height, p.Rotation)
	}
	if p.TextOps != 1 || p.Glyphs != 43 || p.Images != 2 || p.PathOps != 3 {
		t.Errorf("ops %d glyphs %d images %d paths %d", p.TextOps, p.Glyphs, p.Images, p.PathOps)
	}
	// Two 306×396 boxes overlapping by half: 1.5 × 306×396 of 612×792.
	if want := 0.375; p.ImageCoverage < want-1e-9 || p.ImageCoverage > want+1e-9 {
		t.Errorf("coverage %v, want %v", p.ImageCoverage, want)
	}
	if len(p.ImageBoxes) != 2 || p.ImageBoxes[0].Area() != 306*396 {
		t.Errorf("boxes %+v", p.ImageBoxes)
	}
	if len(p.Fonts) != 1 || p.Fonts[0].Name != "Helvetica" || !p.Fonts[0].UsableUnicode || p.Fonts[0].Glyphs != 43 {
		t.Errorf("fonts %+v", p.Fonts)
	}
	var buf bytes.Buffer
	rep.Text(&buf)
	for _, want := range []string{"pages:     1", "page 1: mixed", "font Helvetica"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("Text lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestFonts(t *testing.T) {
	tests := []struct {
		name   string
		font   string
		usable bool
	}{
		{"standard 14", "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>", true},
		{"winansi", "<< /Type /Font /Subtype /TrueType /BaseFont /Arial /Encoding /WinAnsiEncoding >>", true},
		{"known differences", "<< /Type /Font /Subtype /Type1 /BaseFont /X /Encoding << /Differences [65 /A /B /uni0043] >> >>", true},
		{"type3 unknown names", "<< /Type /Font /Subtype /Type3 /Encoding << /Differences [1 /g1 /g2 /g3] >> >>", false},
		{"type3 tounicode", "<< /Type /Font /Subtype /Type3 /Encoding << /Differences [1 /g1 /g2] >> /ToUnicode 5 0 R >>", true},
		{"symbolic truetype", "<< /Type /Font /Subtype /TrueType /BaseFont /S /FontDescriptor << /Flags 4 >> >>", false},
		{"identity-h", "<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [<< /CIDSystemInfo << /Ordering (Identity) >> >>] >>", false},
		{"predefined cjk", "<< /Type /Font /Subtype /Type0 /Encoding /90ms-RKSJ-H /DescendantFonts [<< /CIDSystemInfo << /Ordering (Japan1) >> >>] >>", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := pdftest.OnePage("", "<< /Font << /F1 "+tt.font+" >> >>", "BT /F1 10 Tf (AB) Tj ET",
				pdftest.Stream("", "begincmap endcmap")).Write(t)
			rep, err := Document(context.Background(), path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fs := rep.Page[0].Fonts
			if len(fs) != 1 || fs[0].UsableUnicode != tt.usable {
				t.Errorf("fonts %+v, want usable %v", fs, tt.usable)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path string
		want       error
	}{
		{"missing", filepath.Join(dir, "nope.pdf"), core.ErrNotFound},
		{"empty", write("empty.pdf", nil), core.ErrEmptyFile},
		{"png", write("png.pdf", []byte("\x89PNG\r\n\x1a\nIHDR garbage")), core.ErrNotPDF},
		{"header only", write("header.pdf", []byte("%PDF-1.7\n")), core.ErrDamaged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Document(context.Background(), tt.path, Options{}); !errors.Is(err, tt.want) {
				t.Errorf("err %v, want %v", err, tt.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Document(ctx, "../../testdata/simple.pdf", Options{}); !errors.Is(err, core.ErrCanceled) {
		t.Errorf("canceled: %v", err)
	}
}

// TestHostilePageTree: a /Count of 2^31 and a cycle must not allocate per
// claimed page or loop.
func TestHostilePageTree(t *testing.T) {
	b := &pdftest.Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	b.Add("<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2147483648 >>")
	b.Add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>")
	b.Add(pdftest.Stream("", "q Q"))
	start := time.Now()
	rep, err := Document(context.Background(), b.Write(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 1 || len(rep.Page) != 1 || time.Since(start) > 5*time.Second {
		t.Errorf("%d pages, %d reports, %v", rep.Pages, len(rep.Page), time.Since(start))
	}
	if len(rep.Repairs) == 0 {
		t.Error("the ignored /Count is not reported")
	}
}

// FuzzDocument: no panic and sane measures on any input. Each input
// takes about a millisecond (the fast path, or Open's repairs on damaged
// ones), but almost every mutation of a PDF reaches new code, and Go
// minimizes each such input for up to -fuzzminimizetime (60 s by
// default) before it counts executions again: that, not the analysis,
// is why a plain run shows a handful of execs in a minute. Run it with
//
//	go test ./router/analyze -run '^$' -fuzz FuzzDocument -fuzztime 60s -fuzzminimizetime 20x
//
// (about 300 execs/s on two cores).
func FuzzDocument(f *testing.F) {
	for _, p := range []string{"../../testdata/simple.pdf", "../../testdata/pages.pdf", "testdata/scan.pdf"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add(pdftest.OnePage("", imageRes, text+" q 300 0 0 300 100 100 cm /Im1 Do Q", imageObj).Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "f.pdf")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		rep, err := Document(ctx, path, Options{MaxStreamBytes: 1 << 20, MaxOps: 100_000})
		if err != nil {
			if errors.Is(err, core.ErrInternal) {
				t.Fatalf("panic: %v", err)
			}
			return
		}
		for _, p := range rep.Page {
			_ = p.Class()
			if p.ImageCoverage < 0 || p.ImageCoverage > 1 {
				t.Fatalf("coverage %v", p.ImageCoverage)
			}
		}
	})
}
