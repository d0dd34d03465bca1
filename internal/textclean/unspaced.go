package textclean

import (
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Unspaced reports whether r belongs to a script written without spaces
// between its words: Han, Hiragana and Katakana, with the CJK
// punctuation, the full-width and half-width forms (but half-width
// Hangul) and the long vowel mark. Hangul is written with spaces.
func Unspaced(r rune) bool {
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
		return true
	case r >= 0x3000 && r <= 0x303F, r == 0x30FC:
		return true
	case r >= 0xFF00 && r <= 0xFFEF:
		return r < 0xFFA0 || r > 0xFFDC // half-width Hangul is spaced
	}
	return false
}

// JoinUnspacedLines marks with core.FlagJoinNext the last word of each
// line of blocks that ends in an Unspaced character when the next line of
// its block starts with one: a line of Chinese or Japanese breaks where
// the measure ends, often inside a word, and its text goes on with no
// space (Block.Text writes none there). It returns the number of lines
// marked.
func JoinUnspacedLines(blocks []core.Block) int {
	n := 0
	for b := range blocks {
		lines := blocks[b].Lines
		for i := 0; i+1 < len(lines); i++ {
			ws, next := lines[i].Words, lines[i+1].Words
			if len(ws) == 0 || len(next) == 0 {
				continue
			}
			last, _ := utf8.DecodeLastRuneInString(ws[len(ws)-1].Text)
			first, _ := utf8.DecodeRuneInString(next[0].Text)
			if Unspaced(last) && Unspaced(first) && !ws[len(ws)-1].Flags.Has(core.FlagJoinNext) {
				ws[len(ws)-1].Flags |= core.FlagJoinNext
				n++
			}
		}
	}
	return n
}
