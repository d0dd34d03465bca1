package nativetext

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// A paragraph that runs on from the foot of one column to the head of the
// next was two paragraphs: the reading order is right, but the blocks
// part where the column did, mid-sentence ('which is known as the' /
// 'disparity map.', 'on both spatial and' / 'temporal information').
// For a reader chunking the text, that is a sentence cut in two.

// maxContinuedSizeDiff is how far, as a share of the larger, the type of
// a paragraph's last line and of the next one's first may differ for the
// two to be one paragraph: the body's one size, not a caption's or a
// note's smaller one.
const maxContinuedSizeDiff = 0.1

// joinContinued joins, on each page, a paragraph that runs on in the
// next column (continuesIn), at its head (columnHead), to that next
// paragraph: its lines follow the first's, in one block whose box covers
// both.
func joinContinued(pages []*core.Page) {
	for _, p := range pages {
		all := slices.Clone(p.Blocks)
		out := p.Blocks[:0]
		for _, b := range all {
			if k := len(out) - 1; k >= 0 && continuesIn(&out[k], &b) && columnHead(all, out[k].BBox, b.BBox) {
				out[k].Lines = append(out[k].Lines, b.Lines...)
				out[k].BBox = out[k].BBox.Union(b.BBox)
				continue
			}
			out = append(out, b)
		}
		p.Blocks = out
	}
}

// continuesIn reports whether paragraph a runs on in paragraph b
// (paragraphRunsOn) at the head of the next column: higher on the page
// than a's foot, right of a's middle, about as wide.
func continuesIn(a, b *core.Block) bool {
	if !paragraphRunsOn(a, b) {
		return false
	}
	return b.BBox.Y0 < a.BBox.Y1 && b.BBox.X0 > (a.BBox.X0+a.BBox.X1)/2 && sameMeasure(a.BBox, b.BBox)
}

// paragraphRunsOn reports whether paragraph a, ending mid-sentence, runs
// on in paragraph b, wherever b stands: a's last line (of two or more)
// fills its measure, as a line that the column's foot cut does, and b
// starts with a lower-case letter, in type of a's size and slant (a
// caption set wholly in italics ends where the roman text beside it
// starts, lower case or not). A word broken by
// a hyphen is left to textclean.Hyphens, which joins it without a space.
func paragraphRunsOn(a, b *core.Block) bool {
	if a.Kind != core.KindParagraph || b.Kind != core.KindParagraph || a.Content != "" || b.Content != "" ||
		len(a.Lines) == 0 || len(b.Lines) == 0 {
		return false
	}
	last, next := a.Lines[len(a.Lines)-1].Words, b.Lines[0].Words
	if len(a.Lines) < 2 || len(last) == 0 || len(next) == 0 || !midSentence(last[len(last)-1].Text) {
		return false
	}
	sa, sb := lineSize(last), lineSize(next)
	if a.Lines[len(a.Lines)-1].BBox.X1 < a.BBox.X1-sa {
		return false // a's last line stops short of its measure: the paragraph ends there
	}
	if r, _ := utf8.DecodeRuneInString(next[0].Text); !unicode.IsLower(r) {
		return false
	}
	if lineFlags(last)&core.FlagItalic != lineFlags(next)&core.FlagItalic {
		return false // a caption set in italics does not run on in the text
	}
	return sa > 0 && sb > 0 && math.Abs(sa-sb) <= maxContinuedSizeDiff*max(sa, sb)
}

// markRunOn marks the first paragraph of each page of a window that goes
// on from the last paragraph of the page before (paragraphRunsOn), in a
// column as wide (furniture aside on both): a sentence the page's break
// cut. The blocks stay on their pages (core.Block.Continues).
func markRunOn(pages []*core.Page) {
	for i := 1; i < len(pages); i++ {
		if pages[i].Number != pages[i-1].Number+1 {
			continue
		}
		a, b := lastFlow(pages[i-1]), firstFlow(pages[i])
		if a != nil && b != nil && paragraphRunsOn(a, b) && sameMeasure(a.BBox, b.BBox) {
			b.Continues = true
		}
	}
}

// firstFlow is the first block of p's reading flow (furniture aside),
// nil when there is none; lastFlow is its last.
func firstFlow(p *core.Page) *core.Block {
	for i := range p.Blocks {
		if !p.Blocks[i].Kind.Furniture() {
			return &p.Blocks[i]
		}
	}
	return nil
}

func lastFlow(p *core.Page) *core.Block {
	for i := len(p.Blocks) - 1; i >= 0; i-- {
		if !p.Blocks[i].Kind.Furniture() {
			return &p.Blocks[i]
		}
	}
	return nil
}

// columnHead says whether the block with box b heads its column, as the
// block a paragraph with box a runs on into: no block of the page's text
// (furniture aside) lies above it in its column, unless that block spans
// a's column too (a title, an abstract across the page). A block that
// starts in lower case below another in its column goes on from that one.
func columnHead(blocks []core.Block, a, b core.BBox) bool {
	for i := range blocks {
		c := &blocks[i]
		if c.Kind.Furniture() || c.BBox == b || c.BBox == a {
			continue
		}
		above := c.BBox.Y1 <= b.Y0+1 && c.BBox.Y0 < b.Y0
		if above && overlapX(c.BBox, b) && !overlapX(c.BBox, a) {
			return false
		}
	}
	return true
}

// overlapX says whether two boxes share some width.
func overlapX(a, b core.BBox) bool { return min(a.X1, b.X1) > max(a.X0, b.X0) }

// minMeasureShare is the least ratio of two columns' widths for them to
// be columns of one text: cells and labels side by side differ more.
const minMeasureShare = 0.7

// sameMeasure says whether boxes a and b are about as wide (within
// minMeasureShare): columns of one text.
func sameMeasure(a, b core.BBox) bool {
	wa, wb := a.Width(), b.Width()
	return wa > 0 && wb > 0 && min(wa, wb) >= minMeasureShare*max(wa, wb)
}

// midSentence says whether a line's last word leaves its sentence open:
// it ends with a letter, a digit or a comma (closing quotes and brackets
// aside), not with a stop, a colon or a hyphen.
func midSentence(w string) bool {
	w = strings.TrimRight(w, "\"'”’)]")
	r, _ := utf8.DecodeLastRuneInString(w)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ','
}

// lineSize is the largest type size of a line's words, 0 when none says.
func lineSize(ws []core.Word) float64 {
	size := 0.0
	for _, w := range ws {
		size = max(size, w.Size)
	}
	return size
}
