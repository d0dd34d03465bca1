package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestOCRLayerFaces: an OCR layer set bold throughout (as EPSON Scan and
// JSTOR set theirs) has no bold headings: its address lines and short
// lines are text. A layer whose program set each word in the scan's face
// keeps its one bold line as the heading it is.
func TestOCRLayerFaces(t *testing.T) {
	t.Parallel()
	prose := []string{
		"The functional form takes an object as its parameter and is written",
		"with a prefix; its definition for objects is given below, and each",
		"of its cases is shown with an example drawn from the programs above.",
	}
	for _, tc := range []struct {
		name     string
		head     string // font of the lines under the title: /F2 is bold
		headings []string
	}{
		{"bold throughout", "/F2", nil},
		{"bold where the print is", "/F1", []string{"Fetch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var c strings.Builder
			c.WriteString("3 Tr BT /F2 11 Tf 72 720 Td (Fetch) Tj ET\n")
			for i, ln := range []string{"9 North Buona Vista Drive", "The Metropolis Tower 1", "Singapore 138588"} {
				fmt.Fprintf(&c, "BT %s 11 Tf 72 %d Td (%s) Tj ET\n", tc.head, 690-14*i, ln)
			}
			for i, ln := range prose {
				fmt.Fprintf(&c, "BT %s 11 Tf 72 %d Td (%s) Tj ET\n", tc.head, 630-14*i, ln)
			}
			res, err := extractAll(t, onePage("", standardFonts("Helvetica", "Helvetica-Bold"), c.String()).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range res[1].Page.Blocks {
				if b.Kind == core.KindHeading {
					got = append(got, b.Text())
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.headings, "|") {
				t.Errorf("headings %q, want %q", got, tc.headings)
			}
		})
	}
}

// TestCoveredLayer: an invisible placeholder under a field's visible
// value (SF-424's 'NGMS Agency' under 'U.S. Department of Interior') is
// hidden by it; invisible text elsewhere on the page is kept.
func TestCoveredLayer(t *testing.T) {
	t.Parallel()
	content := "BT /F1 7.45 Tf 3 Tr 35.4 570.5 Td (NGMS Agency) Tj 0 -100 Td (Searchable note) Tj ET " +
		"BT /F1 8.57 Tf 0 Tr 37.6 568.7 Td (U.S. Department of Interior) Tj ET"
	got := onePageWords(t, helvRes, content)
	if want := "U.S. Department of Interior Searchable note"; got != want {
		t.Errorf("words %q, want %q", got, want)
	}
}
