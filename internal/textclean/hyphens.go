package textclean

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// The hyphens a line may end with.
const (
	softHyphen  = '\u00AD' // a discretionary hyphen: drawn only at a break
	hyphen      = '\u2010' // HYPHEN, which typesetters draw at their breaks
	hyphenMinus = '-'
)

// isLineEndHyphen reports whether r is one of the hyphens a line may
// break at.
func isLineEndHyphen(r rune) bool { return r == softHyphen || r == hyphen || r == hyphenMinus }

// Hyphens is a document's evidence about its hyphens: how often each is
// written inside a word (not at a line's end), where only a real hyphen
// can be.
type Hyphens struct {
	inWord map[rune]int
	words  map[string]bool // the document's words, lower case, trimmed of punctuation
	// joined holds the pairs of letters and figures that the document
	// writes either side of a hyphen inside a word, lower case ("astro",
	// "ph" of 'astro-ph/0003365'): a break between them keeps its hyphen.
	joined map[[2]string]bool
}

// Count adds to the evidence the hyphens written inside words of blocks,
// and their words (table cells' too); a word that starts a line after one
// ending with a hyphen may be the tail of a broken word, and is not
// counted.
func (h *Hyphens) Count(blocks []core.Block) {
	if h.inWord == nil {
		h.inWord, h.words, h.joined = map[rune]int{}, map[string]bool{}, map[[2]string]bool{}
	}
	afterHyphen := false
	for _, b := range blocks {
		if b.Table != nil {
			for _, c := range b.Table.Cells {
				h.countText(c.Text)
			}
		}
		for _, l := range b.Lines {
			for i, w := range l.Words {
				h.countWord(w.Text, i == 0 && afterHyphen)
			}
			if n := len(l.Words); n > 0 {
				afterHyphen = EndsWithHyphen(l.Words[n-1].Text)
			}
		}
	}
}

// countWord adds a word's inner hyphens to the evidence, and the word
// itself unless it may be the tail of a broken word.
func (h *Hyphens) countWord(w string, tail bool) {
	if !tail {
		h.words[wordKey(w)] = true
	}
	for _, r := range []rune{hyphen, hyphenMinus} {
		if k := strings.IndexRune(w, r); k > 0 && k < len(w)-utf8.RuneLen(r) {
			h.inWord[r]++
			h.joined[hyphenPair(w[:k], w[k+utf8.RuneLen(r):])] = true
		}
	}
}

// hyphenPair is the run of letters and figures that ends head and the
// one that starts tail, lower case: the parts a hyphen between them
// joins.
func hyphenPair(head, tail string) [2]string {
	notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	if k := strings.LastIndexFunc(head, notWord); k >= 0 {
		_, size := utf8.DecodeRuneInString(head[k:])
		head = head[k+size:]
	}
	if k := strings.IndexFunc(tail, notWord); k >= 0 {
		tail = tail[:k]
	}
	return [2]string{strings.ToLower(head), strings.ToLower(tail)}
}

// HasHyphen reports whether s holds one of those hyphens: MendCells
// changes only cells that do.
func HasHyphen(s string) bool { return strings.IndexFunc(s, isLineEndHyphen) >= 0 }

// EndsWithHyphen reports whether w ends with one of the hyphens a line
// may break at: Mend joins only lines whose last word does.
func EndsWithHyphen(w string) bool {
	r, _ := utf8.DecodeLastRuneInString(w)
	return isLineEndHyphen(r)
}

// join is the head of a word broken between prev and next ("finan-",
// "cial"): prev with its hyphen dropped when it is a break, kept when it
// is real; ok is false when prev does not end with a hyphen after a
// letter or next does not start in lower case.
func (h Hyphens) join(prev, next string) (head string, ok bool) {
	if !EndsWithHyphen(prev) {
		return prev, false
	}
	r, size := utf8.DecodeLastRuneInString(prev)
	stem := prev[:len(prev)-size]
	before, _ := utf8.DecodeLastRuneInString(stem)
	first, _ := utf8.DecodeRuneInString(next)
	if unicode.IsLower(before) && titleWord(next) {
		if h.words[wordKey(stem+next)] {
			return stem, true // 'Trace-' 'Monkey' where the document writes TraceMonkey
		}
		return prev, true // 'Context-' 'Aware': a compound of capitalised words
	}
	if !unicode.IsLetter(before) || !unicode.IsLower(first) {
		return prev, false
	}
	if h.breaks(r, stem, next) {
		return stem, true
	}
	return prev, true
}

// titleWord reports whether w is a capitalised word: a capital, then a
// lower-case letter. After a head ending in lower case and a hyphen, it
// is a compound's next part ('Context-' 'Aware', 'Smith-' 'Jones'), never
// a syllable; a word in capitals ('MI-' 'CRON') may be either.
func titleWord(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	r2, _ := utf8.DecodeRuneInString(w[n:])
	return unicode.IsUpper(r) && unicode.IsLower(r2)
}

// Mend joins the words broken at line ends in blocks, from what the PDF
// itself says (made-up words cannot be looked up): a line whose last word
// ends with a hyphen after a letter, followed in its block by a line that
// starts in lower case, broke a word. The break is marked on the word
// (core.FlagJoinNext: no space before the next line), and its hyphen is
//   - dropped when it is a soft hyphen, drawn only at breaks;
//   - dropped when it is U+2010 and the document writes no U+2010 inside a
//     word: that producer draws its breaks so and its real hyphens
//     otherwise (Chromium, most typesetters);
//   - dropped when the document writes the joined word elsewhere without
//     it ("financial" for "finan-" "cial");
//   - kept when the document writes the two parts with a hyphen between
//     them inside a word elsewhere ("astro-" "ph/0303455" where it cites
//     'astro-ph/0003365'): a compound whose tail is no word of its own;
//   - kept when the head is a compound's (compoundStem: "state-of-the-"
//     "art", "VIP-" "treated", not "machine-gener-" "ated");
//   - kept when what follows it is a word the document writes on its own
//     ("mixed-" "mode", "floating-" "point"): the parts of a compound are
//     words, the tail of a word broken by syllable ("ac-" "tual") is not;
//   - dropped otherwise.
//
// A kept hyphen is joined without a space: a real hyphen stays right, and
// a break hyphen costs one character, never a word.
//
// A paragraph whose last line broke a word that the next paragraph goes
// on with (a paragraph cut in two where its type changed size) is joined
// with it; so is a "heading" that does so, which was a paragraph's larger
// words: no heading breaks a word into the text below it. Mend returns
// the blocks, and how many breaks it joined.
func (h Hyphens) Mend(blocks []core.Block) ([]core.Block, int) {
	n := 0
	out := blocks[:0:0]
	for _, b := range blocks {
		if k := len(out) - 1; k >= 0 && joinable(out[k], b) && h.mendLine(&out[k].Lines[len(out[k].Lines)-1], b.Lines[0]) {
			out[k].Lines = append(out[k].Lines, b.Lines...)
			out[k].BBox = out[k].BBox.Union(b.BBox)
			out[k].Kind, out[k].Level = core.KindParagraph, 0
			n++
			continue
		}
		out = append(out, b)
	}
	for bi := range out {
		lines := out[bi].Lines
		for li := 0; li+1 < len(lines); li++ {
			if h.mendLine(&lines[li], lines[li+1]) {
				n++
			}
		}
	}
	return out, n
}

// joinable reports whether b, a paragraph, may go on with a, a paragraph
// or a heading before it.
func joinable(a, b core.Block) bool {
	return (a.Kind == core.KindParagraph || a.Kind == core.KindHeading) && b.Kind == core.KindParagraph && len(a.Lines) > 0 && len(b.Lines) > 0
}

// mendLine marks the break at the end of l when next goes on with it.
func (h Hyphens) mendLine(l *core.Line, next core.Line) bool {
	if len(l.Words) == 0 || len(next.Words) == 0 {
		return false
	}
	w := &l.Words[len(l.Words)-1]
	if w.Flags.Has(core.FlagJoinNext) {
		return false
	}
	head, ok := h.join(w.Text, next.Words[0].Text)
	if !ok {
		return false
	}
	w.Text = head
	w.Flags |= core.FlagJoinNext
	return true
}

// countText adds the words of a cell's text, whose lines are joined with
// spaces, leaving out a word after one that ends with a hyphen.
func (h *Hyphens) countText(s string) {
	afterHyphen := false
	for w := range strings.FieldsSeq(s) {
		h.countWord(w, afterHyphen)
		afterHyphen = EndsWithHyphen(w)
	}
}

// MendCells joins, in the cells of blocks' tables, the words broken where
// a cell's text wrapped ("finan- cial" in a narrow column), by the rules
// of Mend. It reports how many it joined.
func (h Hyphens) MendCells(blocks []core.Block) int {
	n := 0
	for _, b := range blocks {
		if b.Table == nil {
			continue
		}
		for i := range b.Table.Cells {
			var k int
			b.Table.Cells[i].Text, k = h.mendText(b.Table.Cells[i].Text)
			n += k
		}
	}
	return n
}

// mendText joins the words of s broken by a hyphen before a space.
func (h Hyphens) mendText(s string) (string, int) {
	if !HasHyphen(s) {
		return s, 0 // no break to mend: most cells
	}
	ws := strings.Fields(s)
	if len(ws) < 2 {
		return s, 0
	}
	out := []string{ws[0]}
	n := 0
	for _, w := range ws[1:] {
		if head, ok := h.join(out[len(out)-1], w); ok {
			out[len(out)-1] = head + w
			n++
			continue
		}
		out = append(out, w)
	}
	if n == 0 {
		return s, 0
	}
	return strings.Join(out, " "), n
}

// breaks reports whether the hyphen r between stem and tail at a line's
// end is a break (dropped) rather than a real hyphen (kept).
func (h Hyphens) breaks(r rune, stem, tail string) bool {
	switch {
	case r == softHyphen, r == hyphen && h.inWord[hyphen] == 0:
		return true
	case h.words[wordKey(stem+tail)]:
		return true
	case h.joined[hyphenPair(stem, tail)]:
		return false
	case h.compoundStem(stem):
		return false
	}
	return !h.words[wordKey(tail)]
}

// compoundStem reports whether a word's head before a line-end hyphen is
// that of a compound, whose hyphen is its own:
//   - the head holds a hyphen already, and its last part is a word the
//     document writes on its own ("state-of-the-" "art", "off-the-"
//     "shelf"): typesetters break a hyphenated word at its hyphens; one
//     that breaks inside a part leaves a piece of a word
//     ("machine-gener-" "ated"), which a part of minCompoundPart letters
//     or more rarely spells by chance ("drug-me-" "tabolizing");
//   - its letters are all capitals, before a tail in lower case ("VIP-"
//     "treated", "P-" "glycoprotein"): an abbreviation is not broken by
//     syllable.
func (h Hyphens) compoundStem(stem string) bool {
	if k := strings.LastIndexFunc(stem, isLineEndHyphen); k > 0 {
		_, size := utf8.DecodeRuneInString(stem[k:])
		last := wordKey(stem[k+size:])
		return utf8.RuneCountInString(last) >= minCompoundPart && h.words[last]
	}
	letters := 0
	for _, r := range stem {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters > 0
}

// minCompoundPart is the fewest letters of the last part of a compound's
// head that count as a word: a piece of one or two letters is as often a
// syllable as a word ("me", "re", "de").
const minCompoundPart = 3

// wordKey is a word as the evidence keeps it: lower case, without the
// punctuation around it.
func wordKey(s string) string {
	return strings.ToLower(strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
}
