package nativetext

import (
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

// anyOffBase reports whether a glyph of run stands off s's baseline
// (scriptOf). It is asked of every run: a loop over the glyphs in place,
// where slices.ContainsFunc's closure copied each one.
func (s *seg) anyOffBase(run []fg) bool {
	for k := range run {
		if s.scriptOf(run[k]) != onBase {
			return true
		}
	}
	return false
}

// appendWords appends the words of a run of glyphs to s.words: one
// word, or, where figures raised or lowered are glued to glyphs on the
// baseline, a word for each part between scriptCuts, each joined to the
// one after it (core.FlagJoinNext). A power drawn small and high after
// its base ('x²', '10⁵'), a note's number glued to the word it follows,
// a chemical formula's counts ('H₂O') thus keep their place: Text still
// writes 'x2' and 'H2O', and Markdown writes the script
// ('x<sup>2</sup>'); glued into one word, a power read as another number
// ('105'). An ordinal's raised ending is a script too ('1st'); other
// raised letters stay in their word (a note's letter), and a run all off
// the baseline is one word, flagged whole.
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

// scriptCuts are the places in run where a script starts and ends:
// figures off the baseline (scriptOf) after a glyph on it that is a
// letter or a digit, or an ordinal's raised ending after a digit
// (ordinalEnding), at the run's end or before sentence punctuation alone
// ('x²', 'word¹²,', 'CO₂.', '3ʳᵈ'); and every count of a chemical
// formula (formula: 'H₂O'). Other scripts inside a word (a note's '(⁴)'
// whose parentheses are the line's size, 'v₁,v₂') keep it whole: its
// parts would read as words of their own to what judges a line by its
// words (a list's label, a heading). None where the run has no script.
func (s *seg) scriptCuts(run []fg) []int {
	if !s.anyOffBase(run) {
		return nil // most runs: no glyph off the baseline
	}
	var parts []scriptPart
	for k := 0; k < len(run); {
		at := s.scriptOf(run[k])
		end := k + 1
		for end < len(run) && s.scriptOf(run[end]) == at {
			end++
		}
		parts = append(parts, scriptPart{at, k, end})
		k = end
	}
	if formula(run, parts) {
		var cuts []int
		for _, p := range parts[1:] {
			cuts = append(cuts, p.k)
		}
		return cuts
	}
	last := len(parts) - 1
	if last >= 1 && parts[last].at == onBase && sentencePunct(run[parts[last].k:]) {
		last-- // the script is followed by punctuation alone
	}
	p := parts[last]
	if last < 1 || p.at == onBase || parts[last-1].at != onBase || !endsAlnum(run[parts[last-1].k:p.k]) {
		return nil
	}
	if !areFigures(run[p.k:p.end]) && !ordinalEnding(run[parts[last-1].k:p.k], run[p.k:p.end]) {
		return nil
	}
	if p.end < len(run) {
		return []int{p.k, p.end}
	}
	return []int{p.k}
}

// scriptPart is a stretch run[k:end] of a run's glyphs that stand at
// one place against the baseline (scriptOf).
type scriptPart struct{ at, k, end int }

// formula reports whether a run is a chemical formula with counts set
// low inside it ('H₂O', 'C₆H₁₂O₆', 'H₂SO₄.'): its stretches on the
// baseline are element symbols (a capital, and a small letter or none),
// the last perhaps with sentence punctuation after it, and the others
// lowered figures, one of them inside the run. Its every part is then a
// word (scriptCuts): the counts are subscripts wherever they stand. Other
// words keep a script inside them whole ('(⁴)', 'v₁,v₂'), their parts
// being no words to a reader.
func formula(run []fg, parts []scriptPart) bool {
	if len(parts) < 3 || parts[0].at != onBase {
		return false
	}
	for i, p := range parts {
		switch {
		case p.at == lowered && areFigures(run[p.k:p.end]):
		case p.at != onBase:
			return false
		case !elementSymbols(partText(run[p.k:p.end]), i == len(parts)-1):
			return false
		}
	}
	return true
}

// partText is the text of glyphs.
func partText(gl []fg) string {
	var sb strings.Builder
	for k := range gl {
		sb.WriteString(gl[k].g.text)
	}
	return sb.String()
}

// elementSymbols reports whether t is element symbols run together
// ('H', 'SO', 'Ca', 'NaCl'), after sentence punctuation at the end is
// taken off where last.
func elementSymbols(t string, last bool) bool {
	if last {
		t = strings.TrimRight(t, sentenceMarks)
	}
	if t == "" {
		return false
	}
	for i := 0; i < len(t); {
		if t[i] < 'A' || t[i] > 'Z' {
			return false
		}
		i++
		if i < len(t) && t[i] >= 'a' && t[i] <= 'z' {
			i++
		}
	}
	return true
}

// ordinalEnding reports whether script, raised after base, is an
// ordinal's ending: a small letter or two after a digit ('1st', '2nd',
// '3e', '1er'). Other raised letters stay in their word.
func ordinalEnding(base, script []fg) bool {
	r, _ := utf8.DecodeLastRuneInString(base[len(base)-1].g.text)
	if !unicode.IsDigit(r) {
		return false
	}
	t := partText(script)
	n := utf8.RuneCountInString(t)
	return n >= 1 && n <= maxOrdinalLetters && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsLower(r) }) < 0
}

// maxOrdinalLetters is the longest ending of an ordinal: 'th', 'er'.
const maxOrdinalLetters = 2

// sentencePunct reports whether glyphs are sentence punctuation alone.
func sentencePunct(gl []fg) bool {
	for k := range gl {
		if strings.Trim(gl[k].g.text, sentenceMarks) != "" {
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

// sentenceMarks are the punctuation that may follow a script and end
// its word's sentence or clause ('CO₂.', 'x²,').
const sentenceMarks = ".,;:!?"

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
// parentheses, commas between notes' numbers and notes' marks ('1,2',
// '1*', '2†' after an author's name), at least one digit (a sign alone
// is punctuation).
func areFigures(gl []fg) bool {
	digit := false
	for k := range gl {
		for _, r := range gl[k].g.text {
			switch {
			case r >= '0' && r <= '9':
				digit = true
			case !strings.ContainsRune(figureSigns, r):
				return false
			}
		}
	}
	return digit
}

// figureSigns are what a script of figures may hold besides digits.
const figureSigns = "+-−=()," + noteMarks
