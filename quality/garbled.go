package quality

import "github.com/assay-pdf/assay/core"

// minGarbledChars is the fewest characters (spaces aside) a block needs
// for Garbled to judge it. Shorter undecoded blocks are symbols more often
// than words: a bullet, a box to tick, or the pieces a mathematics font
// draws a tall bracket or a sum sign with, which have no Unicode ("� �� �"
// in a book set with TeX's extension font, some forty such blocks on one
// page). A recogniser cannot read those, and text worth reading again,
// a heading or a note, runs longer.
const minGarbledChars = 8

// Garbled reports whether block b's text is mostly undecoded: its
// Decodable falls below threshold, the router's pass mark for a page, so
// that the block alone would fail as a page. A page of good text with
// such a block (a heading or a sidebar in a font without a Unicode map)
// passes as a whole, and the block is worth reading again from its
// pixels. Tables (whose grid a reading of their pixels would lose),
// figures (whose text is a reading of pixels already) and formulas
// (whose symbols a text recogniser does not read) are not judged.
func Garbled(b *core.Block, threshold float64) bool {
	switch b.Kind {
	case core.KindTable, core.KindFigure, core.KindFormula:
		return false
	}
	text := b.Text()
	t := tallyText(text)
	return t.total >= minGarbledChars && decodable(&t, text) < threshold
}
