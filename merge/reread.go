package merge

import (
	"math"
	"slices"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/quality"
)

// minRereadConfidence is the least confidence (word confidences weighted
// by their characters) of a reading that Reread takes. A recogniser
// reads print it knows surely: the garbled highlights of an IBM brief,
// a harbour note and Korean headings read again at 0.84 to 0.97. What it
// cannot read, the symbols of a mathematics font without a Unicode map,
// it reads as a few marks with doubt ("~~, A D" at 0.47, "\\ orf" at
// 0.46), and those are worse than the marks that say a glyph was not
// decoded.
const minRereadConfidence = 0.7

// boxSlack is how far, in points, the edges of a read block's box may
// lie from those of the block it reads: the engine gives back the box it
// was asked to read, which only rounding on the way may move.
const boxSlack = 0.5

// Reread puts into base's blocks the text that a reread (an engine's
// reading of the pixels of blocks whose characters base could not
// decode, core.CapReread) found for them: the lines of each read block
// fill the undecoded characters of the base block with the same box,
// whose kind, level and place in the reading order stay: the reading's
// characters take the place of the undecoded ones, and the layer's
// decoded characters, words and word boxes stay (splice); where the two
// cannot be aligned so, the reading's lines replace the block's. A
// reading is taken only when it is sure (minRereadConfidence) and more
// of the result decodes (quality.Decodable) than of the block's own text,
// so a reread that failed leaves the page as it was. It reports how many
// blocks were changed.
func Reread(base core.Page, read []core.Block) (core.Page, int) {
	out := base
	out.Blocks = slices.Clone(base.Blocks)
	n := 0
	for _, r := range read {
		if len(r.Lines) == 0 || confidence(r) < minRereadConfidence {
			continue
		}
		i := slices.IndexFunc(out.Blocks, func(b core.Block) bool {
			return b.Kind != core.KindTable && b.Kind != core.KindFigure && sameBox(b.BBox, r.BBox)
		})
		if i < 0 {
			continue
		}
		b := &out.Blocks[i]
		lines, ok := splice(*b, r.Lines)
		if !ok {
			lines = r.Lines
		}
		if quality.Decodable((&core.Block{Lines: lines}).Text()) <= quality.Decodable(b.Text()) {
			continue
		}
		b.Lines, b.Content = lines, ""
		n++
	}
	return out, n
}

// confidence is the mean confidence of b's words, each weighted by its
// characters; 0 when none was measured.
func confidence(b core.Block) float64 {
	var sum float64
	var chars int
	for _, l := range b.Lines {
		for _, w := range l.Words {
			c := utf8.RuneCountInString(w.Text)
			sum += w.Confidence * float64(c)
			chars += c
		}
	}
	if chars == 0 {
		return 0
	}
	return sum / float64(chars)
}

// sameBox reports whether two boxes' edges lie within boxSlack.
func sameBox(a, b core.BBox) bool {
	return math.Abs(a.X0-b.X0) <= boxSlack && math.Abs(a.Y0-b.Y0) <= boxSlack &&
		math.Abs(a.X1-b.X1) <= boxSlack && math.Abs(a.Y1-b.Y1) <= boxSlack
}
