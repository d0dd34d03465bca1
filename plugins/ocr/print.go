package ocr

import (
	"image"
	"math"
	"slices"
	"strings"
	"unicode"
)

// The print of a word or a line: where its box stands off from it, the
// layout, which sizes print by its height (textHeight), reads the rows
// that hold it (pxWord.padTop, padBottom).

// inkEdgeShare: a row of a line's box holds the line's print when it has
// more dark pixels than this share of the box's fullest row. The share
// leaves out what a loose box takes in of the lines above and below it
// (the tips of their descenders and accents): a few pixels beside the
// hundreds of a row through the line's print.
const inkEdgeShare = 0.05

// measurePrint sets the rows of each line's box that stand above and
// under its print (pxWord.padTop, padBottom), on g, the page the lines
// were read on. The detector grows each line's box by a margin that grows
// with the line's length (dbParams.unclip: area over perimeter), so that
// two sizes of print differ less in their boxes than on the page: a
// heading 1.45 times the size of its body text had a box 1.18 times as
// high, and the layout, which sizes print by its height, took it for body
// text. Only whole pages are measured: a picture's lines stand on
// shading and in frames, whose dark rows are not print.
func measurePrint(g *image.Gray, lines []pxWord) {
	for i := range lines {
		b := lines[i].box.Intersect(g.Rect)
		if b.Empty() {
			continue
		}
		rows := rowInk(g.SubImage(b).(*image.Gray))
		cut := max(blankRowInk(b.Dx()), int(float64(slices.Max(rows))*inkEdgeShare))
		first := slices.IndexFunc(rows, func(n int) bool { return n > cut })
		if first < 0 {
			continue
		}
		last := len(rows) - 1
		for rows[last] <= cut {
			last--
		}
		lines[i].padTop = b.Min.Y - lines[i].box.Min.Y + first
		lines[i].padBottom = lines[i].box.Max.Y - (b.Min.Y + last + 1)
	}
}

// baselineShare: the baseline of a word is the lowest row of its box with
// at least this share of the dark pixels of its fullest row. Under the
// baseline only descenders have ink (a 'g' or a 'p' in a word of eight
// letters: a tenth to a quarter of the fullest row's), over it every
// letter does.
const baselineShare = 0.4

// measureBaselines sets, for each word of Latin print read on g that
// reaches a capital's height (tallRunes), the rows of its box under its
// baseline (pxWord.padBottom): the layout sizes print from the tops of
// the tall letters to the baseline (textHeight), and the box of a word
// with a descender reaches a third further down. A heading of two words
// with descenders ('Daughter Spolstekys', 1.18 times the body's print)
// measured 1.55 times the body by their boxes, and took a level too high.
// A word without tall letters ('wagon') keeps its box, from its x-height
// to its descender's end, which measures about as a capital does.
func measureBaselines(g *image.Gray, words []pxWord) {
	for i := range words {
		b := words[i].box.Intersect(g.Rect)
		if b.Dy() < 2 || !strings.ContainsAny(words[i].text, tallRunes) {
			continue
		}
		rows := rowInk(g.SubImage(b).(*image.Gray))
		cut := int(math.Ceil(float64(slices.Max(rows)) * baselineShare))
		last := len(rows) - 1
		for last > 0 && rows[last] < cut {
			last--
		}
		words[i].padBottom = words[i].box.Max.Y - (b.Min.Y + last + 1)
	}
}

// tallRunes reach a capital's height in Latin print: the ASCII
// capitals and digits, and the ascenders. measureBaselines measures the
// words that hold one; capitalHeight knows every capital.
const tallRunes = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + ascenders

// ascenders are the small Latin letters as tall as a capital.
const ascenders = "bdfhklß"

// capitalHeight reports whether r reaches a capital's height in Latin
// print: any capital ('Č' too, which tallRunes does not hold), a digit
// or an ascender.
func capitalHeight(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune(ascenders, r)
}
