package nativetext

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Super- and subscripts: glyphs smaller than markRatio of their
// segment's size (a raised or lowered mark's size, marks.go), set off its
// baseline by more than scriptRaise (up) or scriptDrop (down) of that
// size. Print raises a superscript by about a third of an em and lowers
// a subscript by a sixth to a fifth (LaTeX, word processors' defaults);
// these are under both, and over the jitter of one line's baselines. A
// word made of them is flagged (core.FlagSuperscript, FlagSubscript).
const (
	scriptRaise = 0.15
	scriptDrop  = 0.1
)

// Where a baseline stands against its segment's (seg.scriptAt).
const (
	onBase = iota
	raised
	lowered
)

// scriptAt is where a baseline at oy stands against s's.
func (s *seg) scriptAt(oy float64) int {
	switch {
	case oy < s.base-scriptRaise*s.size:
		return raised
	case oy > s.base+scriptDrop*s.size:
		return lowered
	}
	return onBase
}

// scriptOf is where glyph f stands: onBase unless it is smaller than
// markRatio of the segment's size and off its baseline.
func (s *seg) scriptOf(f fg) int {
	if f.g.size >= markRatio*s.size {
		return onBase
	}
	return s.scriptAt(f.oy)
}

// appendWords appends the words of a run of glyphs to s.words: one
// word, or, where figures raised or lowered are glued to glyphs on the
// baseline, a word for each part between scriptCuts, each joined to the
// one after it (core.FlagJoinNext). A power drawn small and high after
// its base ('x²', '10⁵'), a note's number glued to the word it follows,
// a chemical formula's counts ('H₂O') thus keep their place: Text still
// writes 'x2' and 'H2O', and Markdown writes the script
// ('x<sup>2</sup>'); glued into one word, a power read as another number
// ('105'). Raised letters stay in their word (an ordinal's 'th', a
// note's letter), and a run all off the baseline is one word, flagged
// whole.
func (s *seg) appendWords(run []fg, visual bool) {
	cuts := s.scriptCuts(run)
	start := 0
	for i := 0; i <= len(cuts); i++ {
		end := len(run)
		if i < len(cuts) {
			end = cuts[i]
		}
		w := s.word(run[start:end], visual)
		start = end
		if w.Text == "" {
			continue
		}
		if i < len(cuts) && !spaceAt(run[end-1]) && !spaceAt(run[end]) {
			w.Flags |= core.FlagJoinNext // a space drawn between them stays
		}
		s.words = append(s.words, w)
	}
}

// scriptCuts are the places in run where a script of figures starts
// and ends: figures off the baseline (scriptOf) after a glyph on it that
// is a letter or a digit, at the run's end or before sentence
// punctuation alone ('x²', 'word¹²,', 'CO₂.'). Scripts inside a word
// ('H₂O', a note's '(⁴)' whose parentheses are the line's size) keep it
// whole: its parts would read as words of their own to what judges a
// line by its words (a list's label, a heading). None where the run has
// no such script.
func (s *seg) scriptCuts(run []fg) []int {
	if !slices.ContainsFunc(run, func(f fg) bool { return s.scriptOf(f) != onBase }) {
		return nil // most runs: no glyph off the baseline
	}
	type part struct{ at, k, end int }
	var parts []part
	for k := 0; k < len(run); {
		at := s.scriptOf(run[k])
		end := k + 1
		for end < len(run) && s.scriptOf(run[end]) == at {
			end++
		}
		parts = append(parts, part{at, k, end})
		k = end
	}
	last := len(parts) - 1
	if last >= 1 && parts[last].at == onBase && sentencePunct(run[parts[last].k:]) {
		last-- // the script is followed by punctuation alone
	}
	p := parts[last]
	if last < 1 || p.at == onBase || parts[last-1].at != onBase || !areFigures(run[p.k:p.end]) || !endsAlnum(run[parts[last-1].k:p.k]) {
		return nil
	}
	if p.end < len(run) {
		return []int{p.k, p.end}
	}
	return []int{p.k}
}

// sentencePunct reports whether glyphs are sentence punctuation alone.
func sentencePunct(gl []fg) bool {
	for k := range gl {
		if strings.Trim(gl[k].g.text, ".,;:!?") != "" {
			return false
		}
	}
	return true
}

// endsAlnum reports whether the last of glyphs is a letter or a digit.
func endsAlnum(gl []fg) bool {
	r, _ := utf8.DecodeLastRuneInString(gl[len(gl)-1].g.text)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// spacedWords counts the words a reader counts in words: those not
// joined to the word before them (core.FlagJoinNext: 'x' and its raised
// '2' are one). Rules that judge a line by its number of words (a bold
// heading's few, a caption's label) count so.
func spacedWords(words []core.Word) int {
	n := 0
	for i := range words {
		if i == 0 || !words[i-1].Flags.Has(core.FlagJoinNext) {
			n++
		}
	}
	return n
}

// spaceAt reports whether f draws no character but space or control
// characters (a thin space, or a tab, between a note's number and its
// first word).
func spaceAt(f fg) bool {
	return f.g.space || strings.TrimFunc(f.g.text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) == ""
}

// areFigures reports whether glyphs are figures: digits, with signs and
// parentheses, at least one digit (a sign alone is punctuation).
func areFigures(gl []fg) bool {
	digit := false
	for k := range gl {
		for _, r := range gl[k].g.text {
			switch {
			case r >= '0' && r <= '9':
				digit = true
			case !strings.ContainsRune("+-−=()", r):
				return false
			}
		}
	}
	return digit
}
