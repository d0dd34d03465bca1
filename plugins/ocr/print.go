package ocr

import (
	"image"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
		first, last := inkedSpan(rows, max(blankRowInk(b.Dx()), int(float64(slices.Max(rows))*inkEdgeShare)))
		if first < 0 {
			continue
		}
		lines[i].padTop = b.Min.Y - lines[i].box.Min.Y + first
		lines[i].padBottom = lines[i].box.Max.Y - (b.Min.Y + last + 1)
	}
}

// inkedSpan is the first and the last of rows that hold more than cut
// dark pixels; first is -1 (and last undefined) where none does.
func inkedSpan(rows []int, cut int) (first, last int) {
	first = slices.IndexFunc(rows, func(n int) bool { return n > cut })
	if first < 0 {
		return -1, 0
	}
	last = len(rows) - 1
	for rows[last] <= cut {
		last--
	}
	return first, last
}

// baselineShare: the baseline of a word is the lowest row of its box with
// at least this share of the dark pixels of its fullest row. Under the
// baseline only descenders have ink (a 'g' or a 'p' in a word of eight
// letters: a tenth to a quarter of the fullest row's), over it every
// letter does.
const baselineShare = 0.4

// measureBaselines sets, for each word read on g, the rows of its box
// that stand off from its print as the layout sizes print (textHeight):
// from the tops of the letters that set a script's size to its baseline.
// The box of a word reaches further by the letters it happens to hold,
// so two words of one size measure apart by their boxes:
//   - words that reach a capital's height in Latin print (tallRunes: a
//     capital, a digit or an ascender) are measured down to their
//     baseline (latinBaseline): the box of a word with a descender
//     reaches a third further down. A heading of two words with
//     descenders ('Daughter Spolstekys', 1.18 times the body's print)
//     measured 1.55 times the body by their boxes, and took a level too
//     high. A word without tall letters ('wagon') keeps its box, from
//     its x-height to its descender's end, which measures about as a
//     capital does;
//   - Hebrew words from the tops of their letters to their baseline
//     (hebrewPrint), leaving out the ascender of a lamed and the stems of
//     final letters under the line;
//   - Arabic words down to their baseline (arabicBaseline).
//
// It also sets each word's stroke width (strokeWidth), which tells print
// in bold.
func measureBaselines(g *image.Gray, words []pxWord) {
	for i := range words {
		w := &words[i]
		b := w.box.Intersect(g.Rect)
		if b.Dy() < 2 {
			continue
		}
		sub := g.SubImage(b).(*image.Gray)
		w.stroke = strokeWidth(sub)
		var top, last int
		switch script := wordScript(w.text); {
		case script == unicode.Hebrew:
			top, last = hebrewPrint(rowInk(sub))
		case script == unicode.Arabic:
			band, base := arabicBaseline(rowInk(sub))
			top, last = stemTop(sub, band, base), base
		case strings.ContainsAny(w.text, tallRunes):
			rows := rowInk(sub)
			top, last = looseTop(rows, b.Dx()), latinBaseline(rows)
		default:
			continue
		}
		if top < 0 {
			continue
		}
		w.padTop = b.Min.Y - w.box.Min.Y + top
		w.padBottom = w.box.Max.Y - (b.Min.Y + last + 1)
		w.sized = true
	}
}

// strokeWidth is the width of the strokes of the print on g: the
// interquartile mean of the lengths of its runs of dark pixels along its
// rows. A row crosses most letters at their stems, whose width tells the
// weight of the face: bold print's stems are half as wide again as the
// regular's. The bars of 'e' or 'T' make the longest runs, and the
// quartiles leave them out. 0 for no ink.
func strokeWidth(g *image.Gray) float64 {
	var hist [maxStrokeRun + 1]int
	n := 0
	for y := range g.Rect.Dy() {
		run := 0
		row := g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()]
		for i, v := range row {
			if v < darkThreshold {
				run++
				if i < len(row)-1 {
					continue
				}
			}
			if run > 0 {
				hist[min(run, maxStrokeRun)]++
				n++
				run = 0
			}
		}
	}
	return interquartileMean(hist[:], n)
}

// maxStrokeRun caps the runs strokeWidth counts: longer ones fall in the
// top quartile, which it leaves out.
const maxStrokeRun = 64

// interquartileMean is the mean of the values between the first and the
// third quartile of n values counted in hist (hist[v] values of v).
func interquartileMean(hist []int, n int) float64 {
	if n == 0 {
		return 0
	}
	lo, hi := n/4, n-n/4 // the values of ranks [lo, hi)
	sum, cnt, rank := 0, 0, 0
	for v, c := range hist {
		from, to := max(rank, lo), min(rank+c, hi)
		if to > from {
			sum += v * (to - from)
			cnt += to - from
		}
		rank += c
	}
	if cnt == 0 {
		return 0
	}
	return float64(sum) / float64(cnt)
}

// wordScript is the script of the first letter of s, unicode.Hebrew or
// unicode.Arabic; nil for any other, or none.
func wordScript(s string) *unicode.RangeTable {
	i := strings.IndexFunc(s, unicode.IsLetter)
	if i < 0 {
		return nil
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	for _, t := range []*unicode.RangeTable{unicode.Hebrew, unicode.Arabic} {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// looseTop is the first of rows, the dark pixels of a box w pixels
// wide, that is not blank (blankRowInk), where the blank rows over it
// are more than looseShare of the print's height under them; else 0,
// and -1 for a box with no ink. Tesseract's box of a word is mostly its
// ink's, give or take the light edge of a stroke, but a word of small
// print alone in a page's footer ('Confidential', the generated
// headers-footers-02 scanned) came with a box two and a half times its
// print's height, and read as a heading.
func looseTop(rows []int, w int) int {
	top, last := inkedSpan(rows, blankRowInk(w))
	if top < 0 {
		return -1
	}
	if float64(top) > looseShare*float64(last+1-top) {
		return top
	}
	return 0
}

// looseShare: a word's box stands loose over its print when the blank
// rows over the print are more than this share of the print's height
// (looseTop): 19 rows over 26 in the footer's case, and over the heading
// of a sidebar on a grey fill ('Trickfi', generated-b's columns-06,
// read at level 1) between a quarter and a half; a row or two of a
// stroke's light edge over 20 in a box that fits.
const looseShare = 0.25

// latinBaseline is the last row of Latin print over its baseline: the
// last that holds baselineShare of the fullest row's ink. Under the
// baseline only descenders have ink.
func latinBaseline(rows []int) int {
	cut := shareOf(rows, baselineShare)
	last := len(rows) - 1
	for last > 0 && rows[last] < cut {
		last--
	}
	return last
}

// hebrewPrint is the first and the last row of a Hebrew word's letters:
// those that hold baselineShare of the fullest row's ink. Hebrew letters
// stand between two full rows, their tops' strokes and their baseline
// (a bet's, a mem's foot, the feet of the others' stems); a lamed's
// ascender over them and the stems of a qof and the final letters under
// them are single strokes, a tenth or a sixth of the fullest row on the
// corpus's scans. top is -1 for a word without ink.
func hebrewPrint(rows []int) (top, last int) {
	// At least the share, rounded up, and some ink.
	return inkedSpan(rows, max(shareOf(rows, baselineShare)-1, 0))
}

// arabicBaselineShare: the baseline of Arabic print is the band of its
// fullest rows, where its letters join, and the band comes at least this
// near the fullest row. A descender's bowl under it can be as full in a
// short word (the yeh of 'إلى'), so the band is the first such from the
// top.
const arabicBaselineShare = 0.9

// arabicBaseline is the first and the last row of an Arabic word's
// baseline band (arabicBaselineShare): from the band's first row down
// while a row holds baselineShare of the fullest row's ink. Under it
// stand the bowls and tails of the letters that descend, which hold as
// much ink as the letters' bodies over the line, so no cut from the
// box's foot finds the baseline.
func arabicBaseline(rows []int) (first, last int) {
	band, cut := shareOf(rows, arabicBaselineShare), shareOf(rows, baselineShare)
	first = slices.IndexFunc(rows, func(n int) bool { return n >= band })
	last = first
	for last+1 < len(rows) && rows[last+1] >= cut {
		last++
	}
	return first, last
}

// stemTop is the highest row of g (from g.Rect.Min.Y) that a stroke
// rising from the baseline band's first row reaches without a break:
// the top of an alef's or a lam's stem. A hamza or a madda over an
// alef, and the dots over the letters, stand apart from the strokes
// under them, and their height is no measure of the print: a heading
// of two words, one with a hamza, measured a level higher by its box.
// It is band for a word with no stroke over the band.
func stemTop(g *image.Gray, band, base int) int {
	top := band
	dark := func(x, y int) bool { return g.GrayAt(x, g.Rect.Min.Y+y).Y < darkThreshold }
	for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
		y := band
		for y <= base && !dark(x, y) {
			y++
		}
		if y > base {
			continue
		}
		for y > 0 && dark(x, y-1) {
			y--
		}
		top = min(top, y)
	}
	return top
}

// shareOf is share of the fullest of rows, rounded up.
func shareOf(rows []int, share float64) int {
	return int(math.Ceil(float64(slices.Max(rows)) * share))
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
