package output

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
	"github.com/assay-pdf/assay/merge"
)

// A page header or footer that holds a note rather than a running head
// says something once: a rate sheet's notes under both of its pages ('#
// On and from 16 March 2019, MISA is no longer available for sale ...',
// '† Products no longer available for sale ...'), a form's 'Any line
// marked with a # is for Official Use Only', a report's title block over
// each page. The writers that leave running heads and feet out print its
// first copy as a footnote and leave out the others. A note holds
// minNoteWords words or more, over two lines or more or after a note's
// mark (noteMarks); a running head or foot is one line (a journal's
// title and volume, a chapter's title beside its folio, a print shop's
// job line), whatever its length.
const minNoteWords = 12

// noteMarks are the marks a note starts with, referring to a place in
// the text: textclean's, the number sign, and superscript digits.
const noteMarks = textclean.NoteMarks + "#" + textclean.SuperscriptDigits

// isNote reports whether b, a page header or footer, holds a note.
func isNote(b *core.Block) bool {
	t := strings.TrimSpace(b.Text())
	if len(strings.Fields(t)) < minNoteWords {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return len(b.Lines) >= 2 || strings.ContainsRune(noteMarks, r)
}

// noteKey is a note's text with case, spacing and numbers folded: the
// copies of a note with its page's number in it are one note.
func noteKey(t string) string {
	var sb strings.Builder
	for i, f := range strings.Fields(strings.ToLower(t)) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return '#'
			}
			return r
		}, f))
	}
	return sb.String()
}

// notesOnce is res with the first copy of each note in a page header or
// footer (by its text) made a footnote block. Pages it changes are
// copied; res is not.
func notesOnce(res *merge.Result) *merge.Result {
	seen := map[string]bool{}
	var out *merge.Result
	for i := range res.Entries {
		blocks := res.Entries[i].Page.Blocks
		var copied []core.Block
		for j := range blocks {
			b := &blocks[j]
			if !b.Kind.Furniture() || !isNote(b) {
				continue
			}
			key := noteKey(b.Text())
			if seen[key] {
				continue
			}
			seen[key] = true
			if out == nil {
				r := *res
				r.Entries = append([]merge.Entry(nil), res.Entries...)
				out = &r
			}
			if copied == nil {
				copied = append([]core.Block(nil), blocks...)
				out.Entries[i].Page.Blocks = copied
			}
			copied[j].Kind = core.KindFootnote
		}
	}
	if out == nil {
		return res
	}
	return out
}
