package nativetext

import (
	"slices"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// A table's caption stands over it ('Table 3' over 'Coefficient of
// efficiency, E'). When the table spans a page of two columns and the
// caption is narrower than a column, the caption's lines fall into the
// first column's slab of the reading order, and the caption was read at
// the end of that column, the second column between it and its table
// (MinerU's demo1, Table 3). A block that starts with a numbered label
// and stands right over a table, within the table's left and right
// edges, nothing between them, is read just before the table.

// captionGap is the most blank, in ems of the caption's size, between a
// caption and the table under it.
const captionGap = 2.0

// keepCaptionsWithTables moves each table's caption (see above) to just
// before the table in the reading order of blocks.
func keepCaptionsWithTables(blocks []core.Block) []core.Block {
	for t := 0; t < len(blocks); t++ {
		if blocks[t].Kind != core.KindTable {
			continue
		}
		c := captionOver(blocks, t)
		if c < 0 || c == t-1 {
			continue
		}
		caption := blocks[c]
		blocks = slices.Delete(blocks, c, c+1)
		if c < t {
			t--
		}
		blocks = slices.Insert(blocks, t, caption)
		t++
	}
	return blocks
}

// captionOver is the index of the caption standing over table t (see
// above), or -1.
func captionOver(blocks []core.Block, t int) int {
	tb := blocks[t].BBox
	best := -1
	for i := range blocks {
		b := &blocks[i]
		if i == t || b.Kind != core.KindParagraph && b.Kind != core.KindHeading || len(b.Lines) == 0 {
			continue
		}
		em := max(1, wordSize(b))
		if b.BBox.Y1 > tb.Y0+em/2 || tb.Y0-b.BBox.Y1 > captionGap*em || b.BBox.X0 < tb.X0-em || b.BBox.X1 > tb.X1+em {
			continue
		}
		if best < 0 || b.BBox.Y1 > blocks[best].BBox.Y1 {
			best = i
		}
	}
	if best < 0 || !labelled(blocks[best].Lines[0].Words) || between(blocks, best, t) {
		return -1
	}
	return best
}

// labelled reports whether words start with a numbered label: a word of
// letters starting with a capital ('Table', 'TABLE', 'Tab.'), then a
// number in figures or roman numerals ('3', 'A4-12.', 'IV:').
func labelled(words []core.Word) bool {
	if len(words) < 2 || !startsUpper(words[0].Text) {
		return false
	}
	if strings.IndexFunc(strings.TrimSuffix(words[0].Text, "."), func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return false
	}
	n := strings.TrimRight(words[1].Text, ".:")
	return n != "" && (strings.IndexFunc(n, unicode.IsDigit) >= 0 && strings.Trim(n, "0123456789.-–ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" ||
		strings.Trim(n, "IVXLC") == "")
}

// between reports whether a block other than c and t stands between
// caption c and table t, across the table's width.
func between(blocks []core.Block, c, t int) bool {
	top, bottom := blocks[c].BBox.Y1, blocks[t].BBox.Y0
	tb := blocks[t].BBox
	for i := range blocks {
		b := blocks[i].BBox
		if i != c && i != t && b.Y0 >= top && b.Y1 <= bottom && b.X1 > tb.X0 && b.X0 < tb.X1 {
			return true
		}
	}
	return false
}
