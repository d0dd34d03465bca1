package nativetext

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// Contents pages. A table of contents sets each entry on a line with its
// page's number at the right, and the numbers end at one edge. A
// chapter's entry is often set bold and without dot leaders, its number
// far from it: the entry was read as a heading of its own and its number
// as a paragraph ('###### 1 Introduction' over '1', in a LaTeX book),
// and a document's contents made headings that a chunker cuts sections
// at.

// minContentsLines is the fewest lines of a page that end in a page
// number at one edge for the page to hold a table of contents: one or
// two are a heading or a total beside a figure.
const minContentsLines = 3

// contentsEdgeSlack is how far apart, in points, the right edges of a
// contents page's numbers lie: they are set flush right.
const contentsEdgeSlack = 1.0

// joinContentsEntries joins to each one-line heading or paragraph of
// blocks the page number set on its line at the page's contents edge
// (contentsEdge), and makes it a paragraph: a line of the table of
// contents, as its entries with dot leaders are read. A line in the top
// or bottom band of the page is left to the document's furniture: a
// running foot beside its folio ('© Copyright IBM Corp. 2014. All rights
// reserved.' and 'iii').
func joinContentsEntries(blocks []core.Block, page core.BBox) []core.Block {
	edge, ok := contentsEdge(blocks)
	if !ok {
		return blocks
	}
	for i := 0; i+1 < len(blocks); i++ {
		a, b := &blocks[i], &blocks[i+1]
		if !oneLineText(a) || !pageNumberAt(b, edge) || !beside(a.Lines[0].BBox, b.Lines[0].BBox) ||
			inMargin(a.BBox, page.Y1) != 0 {
			continue
		}
		ln := &a.Lines[0]
		ln.Words = append(ln.Words, b.Lines[0].Words...)
		ln.BBox = ln.BBox.Union(b.Lines[0].BBox)
		a.BBox = a.BBox.Union(b.BBox)
		a.Kind, a.Level = core.KindParagraph, 0
		blocks = slices.Delete(blocks, i+1, i+2)
	}
	return blocks
}

// oneLineText says whether b is a one-line heading or paragraph.
func oneLineText(b *core.Block) bool {
	return (b.Kind == core.KindHeading || b.Kind == core.KindParagraph) && len(b.Lines) == 1 && len(b.Lines[0].Words) > 0
}

// pageNumberAt says whether b is one line that holds only a page number
// (tocNumber) ending at edge.
func pageNumberAt(b *core.Block, edge float64) bool {
	if !oneLineText(b) || len(b.Lines[0].Words) != 1 {
		return false
	}
	w := b.Lines[0].Words[0]
	return tocNumber(w.Text) && math.Abs(w.BBox.X1-edge) <= contentsEdgeSlack
}

// beside says whether line box b stands right of a on its line.
func beside(a, b core.BBox) bool {
	return b.X0 > a.X1 && sameLine(a, b)
}

// contentsEdge is the right edge at which minContentsLines lines or more
// of blocks end in a page number, and whether there is one.
func contentsEdge(blocks []core.Block) (float64, bool) {
	var ends []float64
	for _, b := range blocks {
		for _, l := range b.Lines {
			if n := len(l.Words); n > 0 && tocNumber(l.Words[n-1].Text) {
				ends = append(ends, l.Words[n-1].BBox.X1)
			}
		}
	}
	slices.Sort(ends)
	for i := 0; i+minContentsLines-1 < len(ends); i++ {
		if ends[i+minContentsLines-1]-ends[i] <= contentsEdgeSlack {
			return ends[i+minContentsLines-1], true
		}
	}
	return 0, false
}

// contentsEntry reports the last line of an entry of a contents: leader
// dots, then a page number (arabic or roman) at its end. The next line
// is the next entry: a contents set with its entries full width, the
// numbers at the margin, read as one paragraph ('MAIN GAME .... 6
// CREATURES .... 6 Abomination .... 6', unstructured's DA-619p).
func contentsEntry(p *seg) bool {
	if len(p.words) < 2 {
		return false
	}
	last := strings.TrimLeft(p.words[len(p.words)-1].Text, ".")
	return leaders(p.words[:len(p.words)-1]) && tocNumber(last)
}

// tocNumber says whether s is a page number as a table of contents sets
// it: figures, or a roman numeral in lower case.
func tocNumber(s string) bool {
	return s != "" && (strings.TrimFunc(s, unicode.IsDigit) == "" || isRoman(s))
}
