package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// TestParagraphRunsOnInNextColumn: a paragraph cut by the foot of the
// left column, mid-sentence, goes on at the head of the right column:
// one paragraph. It is not joined when it ends a sentence, when the right
// column's text starts a sentence, or when that text is not at the head
// of its column (a block above it in that column).
func TestParagraphRunsOnInNextColumn(t *testing.T) {
	t.Parallel()
	const line = "the quick brown fox jumps over the lazy dog and"
	// page sets the left column's lines (the last one lastLeft) and the
	// right column's (from rightTop down), 12 pt apart.
	page := func(lastLeft string, right []string, rightTop int) string {
		var sb strings.Builder
		left := []string{"The quick brown fox jumps over the lazy dog and", line, line, lastLeft}
		for i, l := range left {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 72 %d Td (%s) Tj ET ", 700-12*i, l)
		}
		for i, l := range right {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 320 %d Td (%s) Tj ET ", rightTop-12*i, l)
		}
		return sb.String()
	}
	cases := []struct {
		name    string
		content string
		want    int // paragraphs
	}{
		{"runs on", page(line, []string{line, line, "the end of it."}, 700), 1},
		{"ends a sentence", page("the quick brown fox jumps over the lazy dogs.", []string{line, line, "the end of it."}, 700), 2},
		{"starts a sentence", page(line, []string{"The quick brown fox jumps over the lazy dog and", line, "the end of it."}, 700), 2},
		{"not at the head of its column", "BT /F1 10 Tf 320 760 Td (and a note set over the right column ends) Tj ET " +
			"BT /F1 10 Tf 72 730 Td (A RULE OF TEXT THAT SPANS THE PAGE FROM THE LEFT COLUMN TO THE RIGHT ONE) Tj ET " +
			page(line, []string{line, line, "the end of it."}, 700), 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", helvRes, c.content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			blocks := res[1].Page.Blocks
			if len(blocks) != c.want {
				t.Errorf("%d blocks %q; want %d", len(blocks), blockTexts(blocks), c.want)
			}
		})
	}
}

// TestParagraphRunsOnOverPages: a paragraph that the foot of a page cuts
// mid-sentence, going on at the top of the next page in a column as wide,
// marks its second part as continuing (core.Block.Continues), furniture
// aside; not when it ends a sentence or stops short, when the next page
// starts a sentence, or when the next page's text is set to another
// measure.
func TestParagraphRunsOnOverPages(t *testing.T) {
	t.Parallel()
	const line = "the quick brown fox jumps over the lazy dog and"
	// lines sets text lines from the top y down, 12 pt apart, at x 72.
	lines := func(y int, ls ...string) string {
		var sb strings.Builder
		for i, l := range ls {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 72 %d Td (%s) Tj ET ", y-12*i, l)
		}
		return sb.String()
	}
	folio := func(n int) string { return fmt.Sprintf("BT /F1 8 Tf 300 30 Td (%d) Tj ET ", n) }
	foot := func(last string) string {
		return lines(700, "The quick brown fox jumps over the lazy dog and") + lines(100, line, line, last) + folio(1)
	}
	cases := []struct {
		name       string
		first, top string
		want       bool
	}{
		{"runs on", foot(line), lines(740, line, line, "the end of it.") + folio(2), true},
		{"ends a sentence", foot("the quick brown fox jumps over the lazy dogs."), lines(740, line, "the end of it.") + folio(2), false},
		{"stops short", foot("the quick brown fox"), lines(740, line, "the end of it.") + folio(2), false},
		{"starts a sentence", foot(line), lines(740, "The quick brown fox jumps over the lazy dog and", "the end of it.") + folio(2), false},
		{"another measure", foot(line), lines(740, "the fox", "jumps.") + folio(2), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, pdftest.Pages(tc.first, tc.top).Write(t), 1, 2)
			if err != nil {
				t.Fatal(err)
			}
			var first *core.Block
			for i := range res[2].Page.Blocks {
				if b := &res[2].Page.Blocks[i]; !b.Kind.Furniture() {
					first = b
					break
				}
			}
			if first == nil {
				t.Fatal("page 2 has no text")
			}
			if first.Continues != tc.want {
				t.Errorf("page 2's %q continues page 1: %v, want %v", first.Text(), first.Continues, tc.want)
			}
		})
	}
}

// TestRunOnKeepsItsSlant: a paragraph set wholly in italics (a figure's
// caption at the foot of a column) does not run on into roman text that
// starts in lower case; roman into roman does, and so does a line with
// an italic word among roman ones.
func TestRunOnKeepsItsSlant(t *testing.T) {
	t.Parallel()
	line := func(flags core.WordFlags, text string) core.Line {
		var ws []core.Word
		x := 0.0
		for w := range strings.FieldsSeq(text) {
			ws = append(ws, core.Word{Text: w, Size: 10, Flags: flags, BBox: core.BBox{X0: x, X1: x + 5*float64(len(w))}})
			x += 5*float64(len(w)) + 3
		}
		return core.Line{Words: ws, BBox: core.BBox{X0: 0, X1: 240}}
	}
	block := func(ls ...core.Line) *core.Block {
		return &core.Block{Kind: core.KindParagraph, Lines: ls, BBox: core.BBox{X0: 0, X1: 240}}
	}
	const it = core.FlagItalic
	roman := block(line(0, "the electrons in the lateral wells form a state"), line(0, "which is pinned at the random potential of the"))
	caption := block(line(it, "Figure 1: the resistance as a function of the"), line(it, "magnetic field measured in disordered wells at"))
	next := block(line(0, "quantum wells. The structure studied here is a well"))
	cases := []struct {
		name string
		a    *core.Block
		want bool
	}{
		{"roman into roman", roman, true},
		{"a caption in italics", caption, false},
	}
	for _, c := range cases {
		if got := paragraphRunsOn(c.a, next); got != c.want {
			t.Errorf("%s: runs on %v, want %v", c.name, got, c.want)
		}
	}
}
