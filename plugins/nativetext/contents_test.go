package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestContentsChapters: a table of contents sets its chapters' entries
// bold, without dot leaders, and their numbers at the right edge where
// the sections' numbers end: each entry is a line of the contents with
// its number, not a heading over a paragraph of one number. With fewer
// lines ending at one edge, a bold line and a number beside it stay
// apart.
func TestContentsChapters(t *testing.T) {
	t.Parallel()
	fonts := standardFonts("Helvetica", "Helvetica-Bold")
	// right sets s in font f at size 10 so that it ends at x 477
	// (Helvetica's figures are 0.556 em wide).
	right := func(f string, y float64, s string) string {
		return fmt.Sprintf("BT /%s 10 Tf %g %g Td (%s) Tj ET ", f, 477-5.56*float64(len(s)), y, s)
	}
	// leaders are dots from x to the number (". " is 5.56 pt).
	leaders := func(x float64) string { return strings.Repeat(" .", int((466-x)/5.56)) }
	left := func(f string, x, y float64, s string) string {
		return fmt.Sprintf("BT /%s 10 Tf %g %g Td (%s) Tj ET ", f, x, y, s)
	}
	contents := left("F2", 134, 700, "Contents") +
		left("F2", 134, 660, "1 Introduction") + right("F2", 660, "1") +
		left("F1", 149, 646, "1.1 What it is"+leaders(149+60)) + right("F1", 646, "1") +
		left("F1", 149, 632, "1.2 License"+leaders(149+50)) + right("F1", 632, "2") +
		left("F2", 134, 610, "2 About this book") + right("F2", 610, "4") +
		left("F2", 134, 588, "3 Quick Start") + right("F2", 588, "6")
	for _, c := range []struct {
		name, content string
		want          []string // lines of paragraphs
		heads         []string // headings
	}{
		{"contents", contents,
			[]string{"1 Introduction 1", "2 About this book 4", "3 Quick Start 6"}, []string{"Contents"}},
		{"two numbers", left("F1", 134, 700, "Body text of the page, set in Helvetica at ten points.") +
			left("F2", 134, 660, "Totals") + right("F2", 660, "12") +
			left("F2", 134, 640, "Averages") + right("F2", 640, "3"),
			nil, []string{"Totals", "Averages"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", fonts, c.content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var paras, heads []string
			for _, b := range res[1].Page.Blocks {
				for _, l := range b.Lines {
					if b.Kind == core.KindHeading {
						heads = append(heads, l.Text())
					} else {
						paras = append(paras, l.Text())
					}
				}
			}
			for _, w := range c.want {
				if !strings.Contains(strings.Join(paras, "\n"), w) {
					t.Errorf("no line %q among the paragraphs' %q (headings %q)", w, paras, heads)
				}
			}
			for _, h := range c.heads {
				if !strings.Contains(strings.Join(heads, "\n"), h) {
					t.Errorf("no heading %q among %q", h, heads)
				}
			}
		})
	}
}
