package nativetext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// A note set at the foot of a column in smaller type, opening with its
// mark ('*Contact: Vahid Foroutan. Tel.: ...', '1 This is a footnote.'),
// is read where the page's reading order puts it: on a page of two
// columns, after the first column's last line and before the second
// column's first, in the middle of a sentence that runs on from one to
// the other (Apache Tika's testJournalParser: '... (all robots are' |
// '*Contact: ...' | 'controlled by a single global control signal), ...').
// The note is read after the page's text instead, as a footnote, and the
// sentence's halves meet again (joinContinued).

// What tells a footnote.
const (
	// footnoteSize: a note is set at most this share of the page's body
	// size (notes are set a point or two smaller: 8 against 10).
	footnoteSize = 0.9
	// footnoteZone: a note starts below this share of the page's height.
	footnoteZone = 0.6
	// maxNoteNumber: a note's number has at most this many digits.
	maxNoteNumber = 2
)

// moveFootnotes makes, on each page, a paragraph of each list item that
// is a note (loneNoteItems) and a footnote of each paragraph that is one
// (footnoteAt), and moves the page's footnotes after its other blocks,
// before its running footers, in their order.
func moveFootnotes(pages []*core.Page) {
	for _, p := range pages {
		loneNoteItems(p.Blocks)
		if !opensNote(p.Blocks) {
			continue // the body's size is needed only where a block opens as a note
		}
		body := documentBody([]*core.Page{p})
		if body <= 0 {
			continue
		}
		var notes, rest []core.Block
		for i := range p.Blocks {
			if footnoteAt(p, i, body) {
				b := p.Blocks[i]
				b.Kind = core.KindFootnote
				notes = append(notes, b)
				continue
			}
			rest = append(rest, p.Blocks[i])
		}
		if len(notes) == 0 {
			continue
		}
		at := len(rest)
		for at > 0 && rest[at-1].Kind == core.KindPageFooter {
			at--
		}
		out := make([]core.Block, 0, len(p.Blocks))
		out = append(out, rest[:at]...)
		out = append(out, notes...)
		p.Blocks = append(out, rest[at:]...)
	}
}

// loneNoteItems makes a paragraph of each list item that a symbol of
// notes opens as its bullet ('*', '†') with no item beside it opened by
// the same symbol: a note, whose mark the paragraph keeps. Older papers
// set the asterisk of the corresponding author's note at the note's
// size, level with it, as a list sets its bullets, and the note was
// written '- Corresponding author.', its mark lost; a list's bullets come
// two or more.
func loneNoteItems(blocks []core.Block) {
	mark := func(i int) string {
		if i < 0 || i >= len(blocks) || blocks[i].Kind != core.KindListItem {
			return ""
		}
		if w := openingWords(&blocks[i]); len(w) > 1 && noteSymbol(w[0].Text) {
			return w[0].Text
		}
		return ""
	}
	for i := range blocks {
		if m := mark(i); m != "" && mark(i-1) != m && mark(i+1) != m {
			blocks[i].Kind = core.KindParagraph
		}
	}
}

// footnoteAt reports whether block i of page p is a footnote: a
// paragraph opening with a note's mark (noteMark), in type at most
// footnoteSize of the page's body size, starting below footnoteZone of the
// page, with no text of the page's under it in its column: the foot of a
// column.
func footnoteAt(p *core.Page, i int, body float64) bool {
	b := &p.Blocks[i]
	if !noteBlock(b, body) || b.BBox.Y0 < footnoteZone*p.Height {
		return false
	}
	for j := range p.Blocks {
		o := &p.Blocks[j]
		if j == i || o.Kind.Furniture() || o.BBox.Y0 < b.BBox.Y1 || o.BBox.X1 <= b.BBox.X0 || o.BBox.X0 >= b.BBox.X1 {
			continue
		}
		if !noteBlock(o, body) {
			return false // text under the note that is no other note
		}
	}
	return true
}

// noteBlock reports whether b reads as a note: a paragraph opening with
// a note's mark (noteMark), in type at most footnoteSize of the body
// size.
func noteBlock(b *core.Block, body float64) bool {
	return b.Kind == core.KindParagraph && noteMark(openingWords(b)) && wordSize(b) <= footnoteSize*body
}

// opensNote reports whether some block of blocks opens with a note's
// mark (noteMark).
func opensNote(blocks []core.Block) bool {
	for i := range blocks {
		if noteMark(openingWords(&blocks[i])) {
			return true
		}
	}
	return false
}

// openingWords are the words of b's first line, none where it has no line.
func openingWords(b *core.Block) []core.Word {
	if len(b.Lines) == 0 {
		return nil
	}
	return b.Lines[0].Words
}

// noteMark reports whether a line's words open with a note's mark: a
// symbol of notes ('*', '†', '‡', '§', '¶') or a superscript figure, or
// a note's number (maxNoteNumber digits at most) raised as a superscript
// ('11 See Greene and Ondrich (1990).') or glued to the note's first word
// ('14Estimated on the basis of ...'). A number set level with the words
// after it opens a line of a list or a date ('1 October 959 – 8 July
// 975' in an encyclopaedia's infobox), no note.
func noteMark(words []core.Word) bool {
	if len(words) < 2 {
		return false
	}
	w := words[0].Text
	r, _ := utf8.DecodeRuneInString(w)
	if strings.ContainsRune(noteMarks+raisedFigures, r) {
		return true
	}
	digits := len(w) - len(strings.TrimLeftFunc(w, unicode.IsDigit))
	if digits == 0 || digits > maxNoteNumber {
		return false
	}
	if digits == len(w) {
		return words[0].Flags.Has(core.FlagSuperscript)
	}
	rest, _ := utf8.DecodeRuneInString(w[digits:])
	return unicode.IsLetter(rest)
}

// raisedFigures are the superscript figures a note's number may be set
// in as characters of their own.
const raisedFigures = textclean.SuperscriptDigits
