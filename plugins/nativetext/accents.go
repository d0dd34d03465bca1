package nativetext

import (
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/textclean"
)

// composeMarks sets each glyph of ln (a line sorted by x) that marks the
// glyph beside it on that glyph, as one character, and drops it as a
// glyph of its own; the host takes the mark's room. A mark stands over
// or under its host, its middle within the host's width (markHost).
//
// Accents: a spacing diacritic (textclean.SpacingAccent) set over or
// under a letter of about its size (accentFits) is the accented letter
// (textclean.Accented). TeX's fonts in their original encoding draw 'ö'
// as an 'o' and a '¨' set over it, before or after it: papers read
// 'B¨orsch-Supan', 'Geldvermo¨gen', 'Franc¸ois', 'Lemaˆıtre'. A
// diacritic written as a character of its own (a quoted '¨', a
// backquote before a word) stands apart from its neighbours and stays.
//
// Overlays: a glyph TeX draws over a symbol to change it
// (textclean.Overlay) is the changed symbol (textclean.Overlaid), one
// character where Unicode has one: lecture notes set 'x ≠ y' as '='
// under \not's stroke, which read 'x ̸= y', the stroke on the space
// before it, and 'Copyright ©' as a 'c' in a big circle. An overlay
// over no glyph stays as it is.
//
// One pass does both, with the tests called directly: it runs on every
// line of every page.
func composeMarks(ln []fg) []fg {
	for k := 0; k < len(ln); k++ {
		t := ln[k].g.text
		accent := textclean.SpacingAccent(t)
		if !accent && !textclean.Overlay(t) {
			continue
		}
		h := markHost(ln, k, accent)
		if h < 0 {
			continue
		}
		var joined string
		var ok bool
		if accent {
			joined, ok = textclean.Accented(ln[h].g.text, t)
		} else {
			joined, ok = textclean.Overlaid(ln[h].g.text, t)
		}
		if ok {
			ln[h].g.text = joined
			ln[h].b = ln[h].b.Union(ln[k].b)
			ln = slices.Delete(ln, k, k+1)
			k--
		}
	}
	return ln
}

// accentFits reports whether the glyph g can bear the accent a: one
// letter, at a size near the accent's.
func accentFits(a, g fg) bool {
	r, _ := utf8.DecodeRuneInString(g.g.text)
	return unicode.IsLetter(r) && utf8.RuneCountInString(g.g.text) == 1 &&
		g.g.size <= accentSizes*a.g.size && a.g.size <= accentSizes*g.g.size
}

// markHost is the index of the glyph next to ln[k] in the line, not a
// space, whose width holds ln[k]'s middle, the nearer of two, and for an
// accent a letter that fits it; -1 for none.
func markHost(ln []fg, k int, accent bool) int {
	m := ln[k]
	mid := (m.b.X0 + m.b.X1) / 2
	best, dist := -1, 0.0
	for _, h := range []int{k - 1, k + 1} {
		if h < 0 || h >= len(ln) {
			continue
		}
		g := ln[h]
		if g.g.space || mid < g.b.X0 || mid > g.b.X1 || accent && !accentFits(m, g) {
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
