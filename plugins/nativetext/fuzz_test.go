package nativetext

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// FuzzExtract runs the whole engine (document layer, content interpreter,
// font and CMap decoding, layout) on mutations of the repository's sample
// PDFs: whatever the bytes, every requested page is answered once, within
// the page, and nothing panics, not even a panic a boundary recovers. Run
// it with
//
//	go test ./plugins/nativetext -run '^$' -fuzz FuzzExtract -fuzztime 60s -fuzzminimizetime 20x
func FuzzExtract(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/*.pdf")
	more, _ := filepath.Glob("testdata/*.pdf")
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	// Annotation appearances, and spaces that Tw or a kern take back.
	f.Add(onePage("/Annots [5 0 R]", winAnsiRes,
		"BT /F1 10 Tf 72 700 Td -2.5 Tw (fami ly) Tj /F2 10 Tf [(Pref\\240) 290 (ace)] TJ ET",
		"<< /Type /Annot /Subtype /Widget /Rect [100 600 300 620] /AS /On /AP << /N << /On 6 0 R >> >> >>",
		appearanceStream("0 0 200 20", "/Matrix [0 1 -1 0 0 0]", "Jane")).Bytes())
	// A form whose viewer builds its fields' appearances: a text field
	// inheriting its value, a combo box, a list box; and an invisible
	// placeholder under visible text.
	form := onePage("/Annots [5 0 R 6 0 R 8 0 R]", helvRes,
		"BT /F1 10 Tf 3 Tr 72 700 Td (Placeholder) Tj 0 Tr (Shown over it) Tj ET",
		"<< /Type /Annot /Subtype /Widget /Rect [140 698 340 718] /Parent 7 0 R /AP << /N 9 0 R >> >>",
		"<< /Type /Annot /Subtype /Widget /Rect [140 648 340 668] /FT /Ch /Ff 131072 /Opt [[(a) (Alpha)] (Beta)] /V (a) /DA (/Helv 0 Tf) >>",
		"<< /FT /Tx /Ff 4096 /V (Jane Doe\rSecond line) /DA (/Helv 9 Tf 0 g) /Q 1 >>",
		"<< /Type /Annot /Subtype /Widget /Rect [140 560 340 618] /FT /Ch /Opt [(Red) (Green) (Blue)] /TI 1 >>",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 200 20]", "/Tx BMC EMC"))
	form.Set(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /NeedAppearances true /DR "+formFonts+" >> >>")
	f.Add(form.Bytes())
	// Text at a slant beside upright text, code in a fixed-pitch font, a
	// stamp across body lines.
	f.Add(onePage("", standardFonts("Helvetica", "Courier"),
		"BT /F1 11 Tf 14 TL 72 720 Td (Body line one) Tj T* (Body line two) Tj ET "+
			"BT /F1 24 Tf 0.5736 0.8192 -0.8192 0.5736 150 300 Tm (A diagonal watermark) Tj ET "+
			"BT /F2 10 Tf 12 TL 72 600 Td (f\\(a, b\\) {) Tj T* (  return a + b;) Tj T* (}) Tj ET "+
			"BT /F1 60 Tf 80 705 Td (DRAFT) Tj ET").Bytes())
	// Clipping paths (one curved), a ruled grid printed sideways, and a
	// table typed in a fixed-pitch font.
	f.Add(onePage("", standardFonts("Helvetica", "Courier"),
		"q 30 700 60 12 re W n BT /F1 10 Tf 32 702 Td (Ackermann XXXXXXXX GmbH) Tj ET Q "+
			"q 60 690 m 160 690 l 160 720 110 720 60 690 c W* n BT /F1 10 Tf 72 700 Td (inside) Tj ET Q "+
			"q 0 1 -1 0 800 0 cm 100 700 m 400 700 l S 100 680 m 400 680 l S 100 660 m 400 660 l S 100 700 m 100 660 l S 250 700 m 250 660 l S 400 700 m 400 660 l S "+
			"BT /F1 10 Tf 105 686 Td (Name) Tj 150 0 Td (Count) Tj -150 -20 Td (Pear) Tj 150 0 Td (5) Tj ET Q "+
			"BT /F2 10 Tf 12 TL 72 300 Td (Proportion   1.0   1.1   1.2) Tj T* (0.99 ...   800   880   960) Tj T* (0.95 ...   160   176   192) Tj T* (0.90 ...    80    88    96) Tj ET").Bytes())
	// A transcript's line numbers in the margin, list markers in
	// Wingdings, and lines broken by hand.
	var numbered string
	for i := 1; i <= 12; i++ {
		numbered += fmt.Sprintf("BT /F1 10 Tf 60 %d Td (%d) Tj /F1 10 Tf 40 0 Td (line %d of the testimony runs on and) Tj ET ", 760-24*i, i, i)
	}
	f.Add(onePage("", "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F3 << /Type /Font /Subtype /TrueType /BaseFont /Wingdings /Encoding /WinAnsiEncoding >> >> >>",
		numbered+"BT /F3 10 Tf 72 300 Td (l) Tj /F1 10 Tf 18 0 Td (First item.) Tj ET BT /F3 10 Tf 72 286 Td <A7> Tj /F1 10 Tf 18 0 Td (Second item.) Tj ET "+
			"BT /F1 10 Tf 12 TL 72 250 Td (Economy) Tj T* (Where I Lived) Tj T* (Reading) Tj T* (Sounds) Tj T* (Solitude) Tj ET").Bytes())
	e := New()
	f.Fuzz(func(t *testing.T, b []byte) {
		defer failOnRecovered(t, "the input")()
		path := filepath.Join(t.TempDir(), "f.pdf")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		opts := []byte(`{"max_stream_bytes": 1048576, "max_ops": 200000}`)
		pages := []int{1, 2, 3}
		seen := map[int]int{}
		for r, err := range e.Extract(ctx, &core.Request{Source: path, Pages: pages, Options: opts}) {
			if err != nil {
				// A document error must name its cause with a sentinel.
				if core.Code(err) == "internal" && !core.IsTimeout(err) {
					t.Fatalf("unclassified document error: %v", err)
				}
				return
			}
			seen[r.Page.Number]++
			box := r.Page.Box()
			for _, bl := range r.Page.Blocks {
				for _, l := range bl.Lines {
					for _, w := range l.Words {
						if !w.BBox.Within(box, 0.5) {
							t.Fatalf("page %d: word %q box %+v outside the page %+v", r.Page.Number, w.Text, w.BBox, box)
						}
					}
				}
			}
		}
		for _, p := range pages {
			if seen[p] != 1 {
				t.Fatalf("page %d answered %d times", p, seen[p])
			}
		}
	})
}

// FuzzPicture gives the picture check images of any shape, colour space,
// encoding and bytes: every page is answered, nothing panics, and a
// picture is marked TextFree only when it was decoded. Run it with
//
//	go test ./plugins/nativetext -run '^$' -fuzz FuzzPicture -fuzztime 60s
func FuzzPicture(f *testing.F) {
	f.Add(uint16(40), uint16(30), uint8(0), uint8(8), false, []byte{0x80, 0x10, 0xff})
	f.Add(uint16(3), uint16(2), uint8(1), uint8(8), false, []byte("rgbrgbrgbrgbrgbrgb"))
	f.Add(uint16(2), uint16(2), uint8(3), uint8(8), false, []byte{0, 1, 2, 3})
	f.Add(uint16(8), uint16(8), uint8(0), uint8(8), true, []byte("\xff\xd8\xff\xe0 not quite a JPEG"))
	f.Add(uint16(60000), uint16(60000), uint8(2), uint8(1), false, []byte{})
	spaces := []string{"/DeviceGray", "/DeviceRGB", "/DeviceCMYK",
		"[/Indexed /DeviceRGB 1 <ff000000ff00>]", "[/ICCBased 6 0 R]", "/Pattern"}
	e := New()
	f.Fuzz(func(t *testing.T, w, h uint16, space, bpc uint8, asJPEG bool, data []byte) {
		defer failOnRecovered(t, "the picture")()
		dict := fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent %d",
			w, h, spaces[int(space)%len(spaces)], bpc)
		if asJPEG {
			dict += " /Filter /DCTDecode"
		}
		path := pdftest.OnePage("", "<< /XObject << /Im1 5 0 R >> >>", "q 500 0 0 380 56 400 cm /Im1 Do Q",
			pdftest.Stream(dict, string(data)), pdftest.Stream("/N 3", "")).Write(t)
		n := 0
		for r, err := range e.Extract(context.Background(), &core.Request{Source: path, Pages: []int{1}}) {
			if err != nil {
				return // a document error is an answer
			}
			n++
			for _, b := range r.Page.Blocks {
				if b.TextFree && !decodes(path) {
					t.Errorf("a picture that does not decode is TextFree")
				}
			}
		}
		if n != 1 {
			t.Errorf("%d answers for one page", n)
		}
	})
}

// decodes reports whether the first picture of page 1 decodes.
func decodes(path string) bool {
	doc, err := pdfdoc.Open(context.Background(), path, pdfdoc.Limits{})
	if err != nil {
		return false
	}
	p, err := doc.Page(1)
	if err != nil {
		return false
	}
	for _, ref := range doc.Dict(p.Resources["XObject"]) {
		_, err := doc.Gray(ref, maxPicturePixels)
		return err == nil
	}
	return false
}
