package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestSideHeadings: headings set in a narrow column of their own, each
// on the baseline of its paragraph's first line, read each before its
// paragraph, under the title over the text column. Two columns of cards
// alike line for line are read column by column.
func TestSideHeadings(t *testing.T) {
	t.Parallel()
	res := standardFonts("Helvetica-Bold", "Helvetica")
	// para draws n lines of body text at x from baseline y down, 12 pt
	// apart, each starting with its paragraph's word.
	para := func(word string, x, y float64, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "BT /F2 10 Tf %g %g Td (%s line %d of the paragraph set in the text column) Tj ET ", x, y-12*float64(i), word, i+1)
		}
		return b.String()
	}
	head := func(text string, x, y float64) string {
		return fmt.Sprintf("BT /F1 10 Tf %g %g Td (%s) Tj ET ", x, y, text)
	}
	content := "BT /F1 14 Tf 200 740 Td (FIELD SERVICE SUPPLEMENT) Tj ET " +
		head("Package List", 110, 700) + para("Kit", 200, 700, 4) +
		head("Requirements", 108, 630) + para("Bench", 200, 630, 5) +
		head("Setup and Checks", 90, 548) + para("Cover", 200, 548, 4)
	want := []string{"FIELD SERVICE SUPPLEMENT", "Package List", "Kit line 1", "Requirements", "Bench line 1", "Setup and Checks", "Cover line 1"}
	if got := linesStarting(onePageLines(t, res, content), want); !slices.Equal(got, want) {
		t.Errorf("side headings read %q, want %q", got, want)
	}

	// The left cards narrow (their lines short), the right ones wide: only
	// the lines each side holds tell cards from side headings.
	short := func(word string, x, y float64, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "BT /F2 10 Tf %g %g Td (%s line %d) Tj ET ", x, y-12*float64(i), word, i+1)
		}
		return b.String()
	}
	cards := head("Euler", 72, 700) + short("Connects", 72, 680, 2) + head("Pythagoras", 240, 700) + para("Squares", 240, 680, 2) +
		head("Calculus", 72, 620) + short("Integral", 72, 600, 2) + head("Maxwell", 240, 620) + para("Fields", 240, 600, 2)
	want = []string{"Euler", "Connects line 1", "Calculus", "Integral line 1", "Pythagoras", "Squares line 1", "Maxwell", "Fields line 1"}
	if got := linesStarting(onePageLines(t, res, cards), want); !slices.Equal(got, want) {
		t.Errorf("two columns of cards read %q, want %q", got, want)
	}

}

// linesStarting is the lines among lines that start as one of want does,
// each as the want it starts with, in the order read.
func linesStarting(lines, want []string) []string {
	var out []string
	for _, l := range lines {
		for _, w := range want {
			if strings.HasPrefix(l, w) {
				out = append(out, w)
				break
			}
		}
	}
	return out
}
