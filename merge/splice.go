package merge

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// maxSpliceCells bounds the table splice fills (characters of the layer
// times characters of the reading, some 16 MB of it): a block of a
// couple of thousand characters, a column's paragraph, fits; a larger
// one takes the reading whole.
const maxSpliceCells = 4 << 20

// minAnchored is the least share of the layer's decoded characters that
// the reading must read alike, once aligned, for splice to trust the
// alignment: the decoded characters are what places the reading's
// characters on the undecoded glyphs. A reading of the block reads most
// of them alike (an OCR reading misses accents and reads x₁ as '∞1', a
// few in ten); a reading of other print, or noise, does not.
const minAnchored = 0.5

// splice fills the undecoded characters (U+FFFD) of the text layer's
// block with the characters that a reading of its pixels has in their
// place, and keeps everything else of the layer: its decoded characters,
// which are the glyphs' own (a reading misses accents and misreads
// mathematics), its words with their boxes, breaks and flags. The two are
// aligned character for character (spaces aside) at least cost: a
// decoded character pairs with its like, an undecoded one with any
// character, and other pairings and characters left out on either side
// cost more (costFill, costAlone, costMismatch). Each undecoded character
// becomes what it is paired with, or nothing; a character of the reading
// paired with nothing goes with the undecoded character before it, or
// after it, and is dropped between two decoded ones. Inside a word of
// the layer, a space of the reading between two characters that fill
// undecoded ones is kept (a layer whose space glyphs did not decode
// either runs a sentence into one word), but beside a character of a
// script that writes no spaces or whose syllables a recogniser spaces
// (unspaced). Where the layer breaks a run of undecoded characters and
// the reading has no space there, the layer's break is taken for one
// misplaced (a glyph more or fewer in the reading shifts every character
// after it: 'I lfilosof oEmmanuel') and the two words are one, spaced as
// the reading is. A layer that decoded nothing is filled only from a
// reading of as many characters, one for one: its word breaks are the drawing's ('블록체인에�� ���� ��' where
// Tesseract's Korean model sets a space between syllables). It reports
// false (the reading is to be taken whole) when it cannot place the
// reading so, when fewer than minAnchored of the layer's decoded
// characters are read alike, when the layer has no undecoded character,
// or when the block is too large (maxSpliceCells).
func splice(layer core.Block, read []core.Line) ([]core.Line, bool) {
	lay, starts := wordRunes(layer.Lines)
	got, spaced := wordRunes(read)
	decoded := 0
	for _, r := range lay {
		if r != unicode.ReplacementChar {
			decoded++
		}
	}
	if decoded == len(lay) || decoded == 0 && len(got) != len(lay) || len(lay)*len(got) > maxSpliceCells {
		return nil, false
	}
	fill, joins, alike := align(lay, got, text{starts, spaced})
	if float64(alike) < minAnchored*float64(decoded) {
		return nil, false
	}
	return refill(layer, fill, joins), true
}

// wordRunes are the characters of the lines' words, spaces aside, in
// order, and whether each begins a word (a word's start or a space comes
// before it).
func wordRunes(lines []core.Line) (runes []rune, begins []bool) {
	for _, l := range lines {
		for _, w := range l.Words {
			first := true
			for _, r := range w.Text {
				if unicode.IsSpace(r) {
					first = true
					continue
				}
				runes, begins = append(runes, r), append(begins, first)
				first = false
			}
		}
	}
	return runes, begins
}

// Costs of the alignment's steps: a decoded character paired with the
// same one costs nothing. An undecoded character paired with any costs
// a little, so that a decoded character is paired with its like rather
// than an undecoded neighbour with it ('Le �����' read 'Le mots' keeps
// 'Le'); a character paired with another costs less than both left out,
// so that a misread character ('∞' for x) stands in its place.
const (
	costFill     = 1
	costAlone    = 2
	costMismatch = 3
)

// Steps of the alignment, as align's table records them.
const (
	stepPair   byte = iota // a character of each
	stepLayer              // a character of the layer alone
	stepReader             // a character of the reading alone
)

// align pairs lay with got at least cost (see splice) and returns what
// each character of lay becomes (its own text for a decoded character),
// which characters begin a word that goes on the word before (a break
// of the layer's the reading has not), and how many decoded characters
// were read alike.
func align(lay, got []rune, tx text) (fill []string, joins []bool, alike int) {
	n, m := len(lay), len(got)
	cost := make([]int32, (n+1)*(m+1))
	step := make([]byte, (n+1)*(m+1))
	at := func(i, j int) int { return i*(m+1) + j }
	for i := 1; i <= n; i++ {
		cost[at(i, 0)], step[at(i, 0)] = int32(i)*costAlone, stepLayer
	}
	for j := 1; j <= m; j++ {
		cost[at(0, j)], step[at(0, j)] = int32(j)*costAlone, stepReader
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			pair := cost[at(i-1, j-1)]
			switch {
			case lay[i-1] == unicode.ReplacementChar:
				pair += costFill
			case lay[i-1] != got[j-1]:
				pair += costMismatch
			}
			best, how := pair, stepPair
			if c := cost[at(i-1, j)] + costAlone; c < best {
				best, how = c, stepLayer
			}
			if c := cost[at(i, j-1)] + costAlone; c < best {
				best, how = c, stepReader
			}
			cost[at(i, j)], step[at(i, j)] = best, how
		}
	}
	return trace(lay, got, tx, step, m)
}

// text is where the words of the layer and of the reading begin.
type text struct {
	starts []bool // a character of the layer begins a word
	spaced []bool // a space of the reading comes before a character
}

// trace walks align's table back from its end, and then forward fills
// each character of lay (see splice).
func trace(lay, got []rune, tx text, step []byte, m int) (fill []string, joins []bool, alike int) {
	type op struct{ i, j int } // -1: no character on that side
	var ops []op
	for i, j := len(lay), len(got); i > 0 || j > 0; {
		switch step[i*(m+1)+j] {
		case stepPair:
			i, j = i-1, j-1
			ops = append(ops, op{i, j})
		case stepLayer:
			i--
			ops = append(ops, op{i, -1})
		default:
			j--
			ops = append(ops, op{-1, j})
		}
	}
	fill = make([]string, len(lay))
	lost := func(i int) bool { return i >= 0 && i < len(lay) && lay[i] == unicode.ReplacementChar }
	var extra []rune // characters of the reading alone, since the last of lay
	last, lastRead := -1, -1
	joins = make([]bool, len(lay))
	for k := len(ops) - 1; k >= 0; k-- {
		o := ops[k]
		if o.i < 0 {
			extra = append(extra, got[o.j])
			continue
		}
		switch {
		case len(extra) == 0:
		case lost(last):
			fill[last] += string(extra)
		case lost(o.i):
			fill[o.i] = string(extra)
		}
		extra, last = nil, o.i
		switch {
		case !lost(o.i):
			fill[o.i] = string(lay[o.i])
			if o.j >= 0 && lay[o.i] == got[o.j] {
				alike++
			}
		case o.j >= 0:
			fill[o.i] += string(got[o.j])
		}
		// A reading's space after its last character placed, where the
		// character before this one in the layer was filled.
		if o.j >= 0 && lastRead >= 0 && fill[max(o.i-1, 0)] != "" && o.i > 0 {
			spaced := spacedBetween(tx.spaced, lastRead, o.j)
			if lost(o.i) && lost(o.i-1) {
				joins[o.i] = tx.starts[o.i] && !spaced
			}
			if spaced && !tx.starts[o.i] && (lost(o.i) || lost(o.i-1)) && !unspaced(got[lastRead]) && !unspaced(got[o.j]) {
				fill[o.i] = " " + fill[o.i]
			}
		}
		if o.j >= 0 {
			lastRead = o.j
		}
	}
	if lost(last) {
		fill[last] += string(extra)
	}
	return fill, joins, alike
}

// spacedBetween reports whether the reading has a space after its
// character a and before or at b.
func spacedBetween(spaced []bool, a, b int) bool {
	for j := a + 1; j <= b; j++ {
		if spaced[j] {
			return true
		}
	}
	return false
}

// unspaced reports whether r belongs to a script written without spaces
// between words, or whose syllables a recogniser spaces apart (Han, kana,
// Hangul): a reading's space beside it says nothing of a word's end.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// refill is layer's lines with each word's characters replaced by fill,
// in order; a word whose first character joins (joins) goes on the word
// before it, in its line or the line before, and a word (or a line) left
// with nothing is left out.
func refill(layer core.Block, fill []string, joins []bool) []core.Line {
	lines := make([]core.Line, 0, len(layer.Lines))
	k := 0
	var prev *core.Word // the last word kept, in this line or one before
	for _, l := range layer.Lines {
		nl := l
		nl.Words = make([]core.Word, 0, len(l.Words))
		for _, w := range l.Words {
			var sb strings.Builder
			join := false
			for _, r := range w.Text {
				if unicode.IsSpace(r) {
					sb.WriteRune(r)
					continue
				}
				join = join || sb.Len() == 0 && joins[k]
				sb.WriteString(fill[k])
				k++
			}
			switch text := sb.String(); {
			case strings.TrimSpace(text) == "":
			case join && prev != nil:
				prev.Text += text
				if len(nl.Words) > 0 { // a word in another line keeps its box
					prev.BBox = prev.BBox.Union(w.BBox)
				}
			default:
				w.Text = text
				nl.Words = append(nl.Words, w)
				prev = &nl.Words[len(nl.Words)-1]
			}
		}
		lines = append(lines, nl)
		if n := len(lines[len(lines)-1].Words); n > 0 {
			prev = &lines[len(lines)-1].Words[n-1]
		}
	}
	return splitSpaced(dropEmpty(lines))
}

// splitSpaced parts each word of lines that holds spaces of the reading
// (a run whose space glyphs did not decode, filled) into words of their
// own, so that a reader of words and boxes finds words, not a sentence.
func splitSpaced(lines []core.Line) []core.Line {
	for i := range lines {
		spaced := slices.ContainsFunc(lines[i].Words, func(w core.Word) bool {
			return strings.ContainsFunc(w.Text, unicode.IsSpace)
		})
		if !spaced {
			continue
		}
		var words []core.Word
		for _, w := range lines[i].Words {
			words = append(words, wordPieces(w)...)
		}
		lines[i].Words = words
	}
	return lines
}

// wordPieces are the words of w's text between its spaces, each with
// its share of w's box by characters (a space counted as one), along
// the line's direction: down a word set vertically, leftwards for
// right-to-left text. Only the last piece keeps FlagJoinNext.
func wordPieces(w core.Word) []core.Word {
	parts := strings.Fields(w.Text)
	if len(parts) < 2 {
		w.Text = strings.TrimSpace(w.Text)
		return []core.Word{w}
	}
	n := len(parts) - 1
	for _, p := range parts {
		n += utf8.RuneCountInString(p)
	}
	first, _ := utf8.DecodeRuneInString(parts[0])
	rtl := unicode.In(first, unicode.Arabic, unicode.Hebrew)
	vertical := w.Flags.Has(core.FlagVertical)
	out := make([]core.Word, 0, len(parts))
	at := 0
	for j, p := range parts {
		c := utf8.RuneCountInString(p)
		lo, hi := float64(at)/float64(n), float64(at+c)/float64(n)
		if rtl {
			lo, hi = 1-hi, 1-lo
		}
		piece := w
		piece.Text = p
		if vertical {
			piece.BBox.Y0, piece.BBox.Y1 = w.BBox.Y0+lo*w.BBox.Height(), w.BBox.Y0+hi*w.BBox.Height()
		} else {
			piece.BBox.X0, piece.BBox.X1 = w.BBox.X0+lo*w.BBox.Width(), w.BBox.X0+hi*w.BBox.Width()
		}
		if j < len(parts)-1 {
			piece.Flags &^= core.FlagJoinNext
		}
		out = append(out, piece)
		at += c + 1
	}
	return out
}

// dropEmpty leaves out the lines left with no word.
func dropEmpty(lines []core.Line) []core.Line {
	out := lines[:0]
	for _, l := range lines {
		if len(l.Words) > 0 {
			out = append(out, l)
		}
	}
	return out
}
