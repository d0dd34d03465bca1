package nativetext

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLayoutItalicLeadLines: an italic line of body size set tight over
// its paragraph, with no blank space, is that paragraph's heading, also
// after a paragraph's short last line; an italic byline that stands
// apart from the text under it is not.
func TestLayoutItalicLeadLines(t *testing.T) {
	t.Parallel()
	italic := func(gs []glyph) []glyph {
		for i := range gs {
			gs[i].flags |= core.FlagItalic
		}
		return gs
	}
	seq := 0
	var gs []glyph
	gs = append(gs, italic(lineGlyphs(&seq, 50, 80, 10, "Prepared by the Author, March 2005"))...)
	y := 110.0
	add := func(text string, it bool) {
		l := lineGlyphs(&seq, 50, y, 10, text)
		if it {
			l = italic(l)
		}
		gs = append(gs, l...)
		y += 12
	}
	add("Boots Self-Locking Nut", true)
	add("The first paragraph runs across the column here", false)
	add("and goes on down with the same sentence in it", false)
	add("to its end.", false)
	add("Elastic Stop Nut", true)
	add("The second paragraph follows its heading here", false)
	add("and ends with the column.", false)
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	var got []string
	for _, b := range blocks {
		got = append(got, string(b.Kind)+": "+b.Lines[0].Text())
	}
	want := []string{
		"paragraph: Prepared by the Author, March 2005",
		"heading: Boots Self-Locking Nut",
		"paragraph: The first paragraph runs across the column here",
		"heading: Elastic Stop Nut",
		"paragraph: The second paragraph follows its heading here",
	}
	if len(got) != len(want) {
		t.Fatalf("blocks %q; want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d is %q; want %q", i, got[i], want[i])
		}
	}
}
