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
	for k := 0; k < len(ln); k++ {
		if !textclean.SpacingAccent(ln[k].g.text) {
			continue
		}
		h := accentHost(ln, k)
		if h < 0 {
			continue
		}
		if t, ok := textclean.Accented(ln[h].g.text, ln[k].g.text); ok {
			ln[h].g.text = t
			ln[h].b = ln[h].b.Union(ln[k].b) // the accent's room is the letter's
			ln = slices.Delete(ln, k, k+1)
			k--
		}
	}
	return ln
}

// accentHost is the index of the letter next to ln[k] in the line whose
// width holds the accent's middle, at a size near the accent's; -1 for
// none.
func accentHost(ln []fg, k int) int {
	a := ln[k]
	mid := (a.b.X0 + a.b.X1) / 2
	best, dist := -1, 0.0
	for _, h := range []int{k - 1, k + 1} {
		if h < 0 || h >= len(ln) {
			continue
		}
		g := ln[h]
		r, _ := utf8.DecodeRuneInString(g.g.text)
		if g.g.space || !unicode.IsLetter(r) || utf8.RuneCountInString(g.g.text) != 1 ||
			mid < g.b.X0 || mid > g.b.X1 || g.g.size > accentSizes*a.g.size || a.g.size > accentSizes*g.g.size {
			continue
		}
		if d := math.Abs(mid - (g.b.X0+g.b.X1)/2); best < 0 || d < dist {
			best, dist = h, d
		}
	}
	return best
}

// composeOverlays sets each glyph of ln (a line sorted by x) that TeX
// draws over a symbol to change it (textclean.Overlay) on the symbol
// under it, as one character where Unicode has one: lecture notes set
// 'x ≠ y' as '=' under \not's stroke, which read 'x ̸= y', the stroke
// on the space before it, and 'Copyright ©' as a 'c' in a big circle.
// An overlay over no glyph stays as it is.
func composeOverlays(ln []fg) []fg {
	for k := 0; k < len(ln); k++ {
		if !textclean.Overlay(ln[k].g.text) {
			continue
		}
		h := overlayHost(ln, k)
		if h < 0 {
			continue
		}
		if t, ok := textclean.Overlaid(ln[h].g.text, ln[k].g.text); ok {
			ln[h].g.text = t
			ln[h].b = ln[h].b.Union(ln[k].b)
			ln = slices.Delete(ln, k, k+1)
			k--
		}
	}
	return ln
}

// overlayHost is the index of the glyph beside ln[k] under the middle of
// ln[k], the nearer of two; -1 for none.
func overlayHost(ln []fg, k int) int {
	o := ln[k]
	mid := (o.b.X0 + o.b.X1) / 2
	best, dist := -1, 0.0
	for _, h := range []int{k + 1, k - 1} {
		if h < 0 || h >= len(ln) || ln[h].g.space || mid < ln[h].b.X0 || mid > ln[h].b.X1 {
			continue
		}
		if d := math.Abs(mid - (ln[h].b.X0+ln[h].b.X1)/2); best < 0 || d < dist {
			best, dist = h, d
		}
	}
	return best
}

// accentSizes is how many times the size of its letter an accent may be
// set at, or the letter at its accent's: one font, one size.
const accentSizes = 1.5
