package nativetext

import (
	"cmp"
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
		if !under(g, mid) || accent && !accentFits(m, g) {
			continue
		}
		if d := math.Abs(mid - (g.b.X0+g.b.X1)/2); best < 0 || d < dist {
			best, dist = h, d
		}
	}
	return best
}

// under reports whether g, not a space, is the glyph whose width holds
// x, a mark's middle.
func under(g fg, x float64) bool {
	return !g.g.space && x >= g.b.X0 && x <= g.b.X1
}

// accentSizes is how many times the size of its letter an accent may be
// set at, or the letter at its accent's: one font, one size.
const accentSizes = 1.5

// An accent drawn as a glyph of its own sits on its letter's baseline or
// above it, raised by at most what sets a capital's accent over a small
// letter's (TeX raises '´' over 'E' by the capital's height less the
// small letters', a quarter of an em; 3B2 draws its accents 0.09 em above
// the line). A raised accent clustered with whatever else was raised
// near it: 'A. Warén' with a note's '⁵' after it read 'A. Waren' and a
// line '´ ⁵' of its own, which cut a reference list's sentence in two.
// maxAccentRise, in ems of the accent, is how far its baseline may lie
// from its letter's; lines lie an em or more apart.
const maxAccentRise = 0.3

// seatAccents puts each spacing accent of fgs (sorted by baseline, then
// across) on the baseline of the letter it is set over, so that the
// accent falls in that letter's line, where composeMarks joins the two:
// of the letters within maxAccentRise of its baseline whose width holds
// its middle and that fit it (accentFits), the nearest. fgs stays
// sorted.
func seatAccents(fgs []fg) {
	type seat struct {
		k  int
		oy float64
	}
	var seats []seat
	for k := range fgs {
		if !textclean.SpacingAccent(fgs[k].g.text) {
			continue
		}
		if h := accentHost(fgs, k); h >= 0 && fgs[h].oy != fgs[k].oy {
			seats = append(seats, seat{k, fgs[h].oy})
		}
	}
	if len(seats) == 0 {
		return
	}
	for _, st := range seats {
		fgs[st.k].oy = st.oy
	}
	slices.SortStableFunc(fgs, func(a, b fg) int {
		if c := cmp.Compare(a.oy, b.oy); c != 0 {
			return c
		}
		return cmp.Compare(a.ox, b.ox)
	})
}

// accentHost is the index of the letter of fgs that the accent fgs[k] is
// set over (seatAccents), -1 for none.
func accentHost(fgs []fg, k int) int {
	a := fgs[k]
	reach := maxAccentRise * max(a.g.size, 1)
	mid := (a.b.X0 + a.b.X1) / 2
	best, bestDy := -1, 0.0
	// look weighs fgs[j], and reports whether it lies within reach:
	// fgs is sorted by baseline, so the search stops at the first
	// beyond it.
	look := func(j int) bool {
		dy := math.Abs(fgs[j].oy - a.oy)
		if dy > reach {
			return false
		}
		if g := fgs[j]; under(g, mid) && accentFits(a, g) && (best < 0 || dy < bestDy) {
			best, bestDy = j, dy
		}
		return true
	}
	for j := k - 1; j >= 0; j-- {
		if !look(j) {
			break
		}
	}
	for j := k + 1; j < len(fgs); j++ {
		if !look(j) {
			break
		}
	}
	return best
}
