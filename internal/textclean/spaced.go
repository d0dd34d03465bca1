package textclean

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Letter-spaced text ("T H O U G H T", set with CSS letter-spacing or
// tracking) reaches a reader as one-letter words at an even pitch; the
// words it spells are the runs between gaps clearly wider than that pitch.
const (
	// minSpacedRun: fewer one-letter words in a row are initials, a list
	// of symbols or a formula, not a spaced-out word.
	minSpacedRun = 3
	// spacedEvenness: the gaps inside a run are within this share of
	// their median (even tracking); chance single letters are not.
	spacedEvenness = 0.35
	// spacedWordBreak: a gap wider than the letter gap by this many ems
	// (a space's width is a quarter to a third of an em) separates words.
	spacedWordBreak = 0.2
	// Tracking can be as wide as a space, so a run is only taken for
	// spaced-out letters on evidence that its gaps are not spaces: a wider
	// gap inside it (a word break), at least minSpacedLetters letters (no
	// sentence has five one-letter words in a row), or gaps narrower than
	// any space (maxTrackingGap ems).
	minSpacedLetters = 5
	maxTrackingGap   = 0.15
)

// JoinSpacedLetters rejoins letter-spaced words in a line's words (left to
// right, boxes in points): runs of at least minSpacedRun one-letter words
// of one script (not CJK, whose characters are words of their own), at
// least one a letter, at an even pitch become the words they spell; gaps
// wider than the pitch by a space's width stay word breaks. Other words
// are returned as they are.
//
// A line without such a run is returned as it is, not copied: most lines
// have none, and copying every line's words cost time on every page.
func JoinSpacedLetters(words []core.Word) []core.Word {
	var out []core.Word // nil until the first run to join
	for i := 0; i < len(words); {
		j := spacedRunEnd(words, i)
		if j-i < minSpacedRun || !hasLetter(words[i:j]) {
			if out != nil {
				out = append(out, words[i])
			}
			i++
			continue
		}
		if out == nil {
			out = append(make([]core.Word, 0, len(words)), words[:i]...)
		}
		out = append(out, joinRun(words[i:j])...)
		i = j
	}
	if out == nil {
		return words
	}
	return out
}

// hasLetter reports whether a run holds a letter: letter-spacing is a
// treatment of words; digits alone at an even pitch are separate values
// (a pager, a row of subscripts) far more often than a tracked number.
func hasLetter(run []core.Word) bool {
	for _, w := range run {
		if r, _ := utf8.DecodeRuneInString(w.Text); unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// spacedRunEnd is the end of the run of one-letter words of one script
// starting at i. A word joined to the next (core.FlagJoinNext: 'H', a
// lowered '2' and 'O' drawn as one word) ends a run: it is no letter
// spaced apart.
func spacedRunEnd(words []core.Word, i int) int {
	r0, ok := letter(words[i].Text)
	if !ok {
		return i + 1
	}
	j := i + 1
	for j < len(words) {
		r, ok := letter(words[j].Text)
		if !ok || !sameScript(r0, r) || words[j].BBox.X0 < words[j-1].BBox.X1 || words[j-1].Flags.Has(core.FlagJoinNext) {
			break
		}
		j++
	}
	return j
}

// letter is the rune of a one-letter (or one-digit) word outside CJK.
func letter(s string) (rune, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || n != len(s) || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return 0, false
	}
	if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
		return 0, false
	}
	return r, true
}

func sameScript(a, b rune) bool {
	for _, t := range []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Arabic, unicode.Hebrew} {
		if unicode.Is(t, a) {
			return unicode.Is(t, b) || unicode.IsDigit(b)
		}
	}
	return unicode.IsDigit(a) && (unicode.IsDigit(b) || unicode.IsLetter(b))
}

// joinRun joins a run of one-letter words at an even pitch into words,
// breaking at gaps a space wider than the letter gap; a run whose gaps are
// not even is left as it is.
func joinRun(run []core.Word) []core.Word {
	gaps := make([]float64, len(run)-1)
	for k := 1; k < len(run); k++ {
		gaps[k-1] = run[k].BBox.X0 - run[k-1].BBox.X1
	}
	letterGap := lowerMedian(gaps)
	em := max(run[0].Size, 1)
	breakAt := letterGap + spacedWordBreak*em
	var inner []float64
	for _, g := range gaps {
		if g <= breakAt {
			inner = append(inner, g)
		}
	}
	for _, g := range inner {
		if g < letterGap-spacedEvenness*max(letterGap, 0.05*em) || g > letterGap+spacedEvenness*max(letterGap, 0.05*em) {
			return run
		}
	}
	if !trackingEvidence(gaps, breakAt, letterGap, em) {
		return run
	}
	var out []core.Word
	cur := run[0]
	for k := 1; k < len(run); k++ {
		if gaps[k-1] > breakAt {
			out = append(out, cur)
			cur = run[k]
			continue
		}
		cur.Text += run[k].Text
		cur.BBox = cur.BBox.Union(run[k].BBox)
	}
	return append(out, cur)
}

// trackingEvidence reports whether a run's gaps are tracking, not spaces:
// one of them breaks a word, or the letters are many, or the gaps are
// narrower than a space.
func trackingEvidence(gaps []float64, breakAt, letterGap, em float64) bool {
	if len(gaps)+1 >= minSpacedLetters || letterGap < maxTrackingGap*em {
		return true
	}
	for _, g := range gaps {
		if g > breakAt {
			return true
		}
	}
	return false
}

// lowerMedian is the lower middle value of v (the letter gap, when word
// gaps are fewer than letter gaps).
func lowerMedian(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}
