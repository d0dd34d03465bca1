package ocr

import (
	"slices"
	"strings"

	"golang.org/x/text/unicode/bidi"
)

// Right-to-left lines. Tesseract gives the words of an Arabic or Hebrew
// line with their letters in logical order, but the words of a Latin
// word or a number inside the line (a left-to-right run) as they are
// drawn: the layout, which orders a right-to-left line's words from right
// to left, would read "Haifa Guide." as "Guide .Haifa". logicalOrder undoes
// the drawing with the Unicode bidirectional algorithm
// (golang.org/x/text/unicode/bidi): the line as drawn, read from the right,
// is the logical text with every left-to-right run turned around, so the
// runs the algorithm finds in it are turned back.

// logicalOrder takes a right-to-left line's words ordered from right to
// left and returns them in logical order: left-to-right runs turned back,
// punctuation at a run's edge moved to its logical side ("Haifa Guide."
// for the drawn ".Haifa Guide"). A word keeps the box and confidence of
// the word most of its letters come from.
func logicalOrder(ws []pxWord) []pxWord {
	if len(ws) < 1 {
		return ws
	}
	runes, from := lineFromRight(ws)
	var p bidi.Paragraph
	if _, err := p.SetString(string(runes), bidi.DefaultDirection(bidi.RightToLeft)); err != nil {
		return ws
	}
	o, err := p.Order()
	if err != nil {
		return ws
	}
	changed := false
	for i := range o.NumRuns() {
		r := o.Run(i)
		if r.Direction() != bidi.LeftToRight {
			continue
		}
		s, e := r.Pos()
		if e > s {
			slices.Reverse(runes[s : e+1])
			slices.Reverse(from[s : e+1])
			changed = true
		}
	}
	if !changed {
		return ws
	}
	return wordsFrom(ws, runes, from)
}

// lineFromRight is the line as drawn, read from the right: the words'
// texts joined by spaces, a word without right-to-left letters turned
// around (Tesseract gives it as drawn, left to right). from[i] is the
// word runes[i] comes from, -1 for the spaces.
func lineFromRight(ws []pxWord) (runes []rune, from []int) {
	for i, w := range ws {
		if i > 0 {
			runes = append(runes, ' ')
			from = append(from, -1)
		}
		t := []rune(w.text)
		if !hasRTL(t) {
			slices.Reverse(t)
		}
		runes = append(runes, t...)
		for range t {
			from = append(from, i)
		}
	}
	return runes, from
}

func hasRTL(t []rune) bool {
	for _, r := range t {
		if p, _ := bidi.LookupRune(r); p.Class() == bidi.R || p.Class() == bidi.AL {
			return true
		}
	}
	return false
}

// wordsFrom cuts the reordered line into words at its spaces, each with
// the box and confidence of the source word most of its letters came
// from.
func wordsFrom(ws []pxWord, runes []rune, from []int) []pxWord {
	out := make([]pxWord, 0, len(ws))
	start := 0
	flush := func(end int) {
		if end <= start {
			return
		}
		count := map[int]int{}
		best := -1
		for _, f := range from[start:end] {
			if f < 0 {
				continue
			}
			count[f]++
			if best < 0 || count[f] > count[best] {
				best = f
			}
		}
		if best >= 0 {
			w := ws[best]
			w.text = strings.TrimSpace(string(runes[start:end]))
			out = append(out, w)
		}
	}
	for i, r := range runes {
		if r == ' ' {
			flush(i)
			start = i + 1
		}
	}
	flush(len(runes))
	return out
}
