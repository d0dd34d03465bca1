package quality

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// minGarbledChars is the fewest characters (spaces aside) a block needs
// for Garbled to judge it. Shorter undecoded blocks are symbols more often
// than words: a bullet, a box to tick, or the pieces a mathematics font
// draws a tall bracket or a sum sign with, which have no Unicode ("� �� �"
// in a book set with TeX's extension font, some forty such blocks on one
// page). A recogniser cannot read those, and text worth reading again,
// a heading or a note, runs longer.
const minGarbledChars = 8

// minLostRun is the shortest run of undecoded characters that Garbled
// takes for a word lost rather than a symbol, in a block that holds
// minGarbledChars undecoded characters or more. A mathematics font
// without Unicode draws a bracket, a root or a sum sign in one or two
// pieces, set apart by what they enclose ('�(�' round a root, '��' for a
// sum's two halves, a quotation mark alone); a word set in a text font
// whose glyphs have no Unicode is a run of its letters (a French
// magazine's columns, 571 of their 1,583 characters; a Chinese problem
// set, whose decoded mathematics keeps each of its sentences above the
// pass mark: '�(x1, x2), (x3, ··· , xn)��������').
const minLostRun = 3

// Garbled reports whether block b's text has lost what a reading of its
// pixels could give back: its Decodable falls below threshold, the
// router's pass mark for a page, so that the block alone would fail as a
// page; so does the share of its words that lost no character (a letter
// lost in most words: 'Co�st�u�to� �ow �e�ui�es', a Korean heading's
// syllables, a space glyph without Unicode joining a line into one word);
// or it lost words outright (minLostRun), however much of it decoded. A
// page of good text with such a block (a heading or a sidebar in a font
// without a Unicode map, sentences whose mathematics decoded and whose
// words did not) passes as a whole, and the block is worth reading again.
// Tables (whose grid a reading of their pixels would lose), figures (whose
// text is a reading of pixels already) and formulas (whose symbols a text
// recogniser does not read) are not judged, nor is a block that reads as
// mathematics though the layout did not call it a formula (mathematics).
func Garbled(b *core.Block, threshold float64) bool {
	switch b.Kind {
	case core.KindTable, core.KindFigure, core.KindFormula:
		return false
	}
	text := b.Text()
	t := tallyText(text)
	if t.total < minGarbledChars {
		return false
	}
	if t.fffd == 0 {
		return decodable(&t, text) < threshold
	}
	run := longestLostRun(text)
	if run < minLostRun && mathematics(text) && !lostFullWidth(b) {
		return false
	}
	return decodable(&t, text) < threshold || wholeWords(text) < threshold ||
		t.fffd >= minGarbledChars && run >= minLostRun
}

// mathematics reports whether what of text decoded is more figures and
// signs than letters: a formula set as a paragraph ('�(1)0(W � E(p;m2))
// � �(1) � p � m1 �(p) =', a Greek letter or an operator lost a glyph at a
// time), which a text recogniser reads no better than the text layer.
// Garbled leaves such a block alone, as it does a block the layout calls
// a formula, when it lost no run of minLostRun characters (no word) and
// its lost glyphs are not set full width (no Chinese round its
// mathematics). Words that lost a letter here and there keep their other
// letters, and are text.
func mathematics(text string) bool {
	decoded, letters := 0, 0
	for _, r := range text {
		if r == utf8.RuneError || unicode.IsSpace(r) {
			continue
		}
		decoded++
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return decoded > 0 && 2*letters < decoded
}

// wholeWords is the share of text's words (runs between white space) that
// hold no U+FFFD.
func wholeWords(text string) float64 {
	n, whole := 0, 0
	for w := range strings.FieldsSeq(text) {
		n++
		if !strings.ContainsRune(w, utf8.RuneError) {
			whole++
		}
	}
	if n == 0 {
		return 1
	}
	return float64(whole) / float64(n)
}

// longestLostRun is the most U+FFFD in a row in text.
func longestLostRun(text string) int {
	longest, run := 0, 0
	for _, r := range text {
		if r != utf8.RuneError {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}

// minFullWidth is the least advance, in ems, of the median undecoded
// glyph that LostScript takes for a character of a script set full width
// (Han, kana, Hangul: each glyph a square of one em; 1.00-1.04 measured
// on Chinese problem sets whose fonts have no Unicode). Latin letters
// average half an em, capitals under three quarters, and what a
// mathematics font draws in pieces less (0.45 on a topology course's
// brackets), so a block's median glyph stays below it.
const minFullWidth = 0.9

// minWidthGlyphs is the fewest undecoded glyphs LostScript measures before
// it judges their width: one wide capital or symbol says nothing.
const minWidthGlyphs = minLostRun

// LostScript is the script to read block b's undecoded characters in,
// for a reading of its pixels: the script of what of its text decoded,
// or else page's (called when needed). Where its undecoded glyphs are set
// full width and the script so found is not one written so, they are
// Han, kana or Hangul whatever the decoded part is (Latin mathematics in
// a Chinese text): the page's script if it is such a script, else Han.
func LostScript(b *core.Block, page func() Script) Script {
	script := DetectScript(b.Text())
	if script == ScriptNone {
		script = page()
	}
	if script.fullWidth() || !lostFullWidth(b) {
		return script
	}
	if p := page(); p.fullWidth() {
		return p
	}
	return ScriptHan
}

// fullWidth reports whether s is written in characters of one em square.
func (s Script) fullWidth() bool {
	return s == ScriptHan || s == ScriptJapanese || s == ScriptHangul
}

// lostFullWidth reports whether b's words made of U+FFFD alone advance,
// glyph for glyph and at the median, minFullWidth ems or more: across a
// row, or down a column set vertically (FlagVertical) or turned a
// quarter (FlagRotated, measured along its longer side).
func lostFullWidth(b *core.Block) bool {
	var ems []float64
	for _, l := range b.Lines {
		for _, w := range l.Words {
			n := utf8.RuneCountInString(w.Text)
			if n == 0 || w.Size <= 0 || strings.Trim(w.Text, "\ufffd") != "" {
				continue
			}
			along := w.BBox.Width()
			if w.Flags&(core.FlagVertical|core.FlagRotated) != 0 {
				along = math.Max(along, w.BBox.Height())
			}
			em := along / float64(n) / w.Size
			for range n {
				ems = append(ems, em)
			}
		}
	}
	if len(ems) < minWidthGlyphs {
		return false
	}
	slices.Sort(ems)
	return ems[len(ems)/2] >= minFullWidth
}
