package nativetext

import (
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/textclean"
)

// composeAccents sets each spacing diacritic of ln (a line sorted by x)
// that a font drew over or under a letter beside it on that letter, as
// one character (textclean.Accented), and drops it as a glyph of its
// own. TeX's fonts in their original encoding draw 'ö' as an 'o' and a
// '¨' set over it, before or after it: papers read 'B¨orsch-Supan',
// 'Geldvermo¨gen', 'Franc¸ois', 'Lemaˆıtre'. The accent's middle stands
// within the letter's width; a diacritic written as a character of its
// own (a quoted '¨', a backquote before a word) stands apart from its
// neighbours and stays.
func composeAccents(ln []fg) []fg {
	return composeMarks(ln, textclean.SpacingAccent, accentFits, textclean.Accented)
}

// accentFits reports whether the glyph g can bear the accent a: one
// letter, at a size near the accent's.
func accentFits(a, g fg) bool {
	r, _ := utf8.DecodeRuneInString(g.g.text)
	return unicode.IsLetter(r) && utf8.RuneCountInString(g.g.text) == 1 &&
		g.g.size <= accentSizes*a.g.size && a.g.size <= accentSizes*g.g.size
}

// composeOverlays sets each glyph of ln (a line sorted by x) that TeX
// draws over a symbol to change it (textclean.Overlay) on the symbol
// under it, as one character where Unicode has one: lecture notes set
// 'x ≠ y' as '=' under \not's stroke, which read 'x ̸= y', the stroke
// on the space before it, and 'Copyright ©' as a 'c' in a big circle.
// An overlay over no glyph stays as it is.
func composeOverlays(ln []fg) []fg {
	return composeMarks(ln, textclean.Overlay, func(_, g fg) bool { return true }, textclean.Overlaid)
}

// composeMarks sets each glyph of ln (a line sorted by x) that mark
// tells on the glyph beside it under its middle that fits it (markHost),
// as join makes the two one character, and drops it as a glyph of its
// own; the host takes the mark's room.
func composeMarks(ln []fg, mark func(string) bool, fits func(m, g fg) bool, join func(host, mark string) (string, bool)) []fg {
	for k := 0; k < len(ln); k++ {
		if !mark(ln[k].g.text) {
			continue
		}
		h := markHost(ln, k, fits)
		if h < 0 {
			continue
		}
		if t, ok := join(ln[h].g.text, ln[k].g.text); ok {
			ln[h].g.text = t
			ln[h].b = ln[h].b.Union(ln[k].b)
			ln = slices.Delete(ln, k, k+1)
			k--
		}
	}
	return ln
}

// markHost is the index of the glyph next to ln[k] in the line, not a
// space, whose width holds ln[k]'s middle and that fits it, the nearer
// of two; -1 for none.
func markHost(ln []fg, k int, fits func(m, g fg) bool) int {
	m := ln[k]
	mid := (m.b.X0 + m.b.X1) / 2
	best, dist := -1, 0.0
	for _, h := range []int{k - 1, k + 1} {
		if h < 0 || h >= len(ln) {
			continue
		}
		g := ln[h]
		if g.g.space || mid < g.b.X0 || mid > g.b.X1 || !fits(m, g) {
			continue
		}
		if d := math.Abs(mid - (g.b.X0+g.b.X1)/2); best < 0 || d < dist {
			best, dist = h, d
		}
	}
	return best
}

// accentSizes is how many times the size of its letter an accent may be
// set at, or the letter at its accent's: one font, one size.
const accentSizes = 1.5
