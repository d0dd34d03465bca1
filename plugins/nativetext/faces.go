package nativetext

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// A subheading may be told from its text by its face alone: a report set
// in a serif puts its subheadings in the sans of its section titles, a
// little larger than the text (normal_4pages, a Korean assembly report:
// '(1) 「감염병의 예방 및 관리에 관한 법률」 개정' in KoPub Dotum at 12.5 pt
// over its paragraph in KoPub Batang at 11.5). The step is under
// sizeStep and under headingRatio, and the face is not bold by its name,
// so neither size nor weight parted the line from its paragraph, and its
// number made the two one list item.
//
// Such a line is set in one face throughout, larger than the body by
// boldSizeStep or more but at the body's size as headingLine takes it,
// shaped like a heading, over a line of the body's size that uses none of
// its face; or a little smaller than the body, where it reads as a
// subheading over running text by more than its face (smallSubhead). One such line is no style: a note's or a form's text in the
// viewer's face, a name over a paragraph, a logo's words. A subheading's
// face and size recur: minSubheads such lines on the page make a
// subheading style (subheadFaces), and its lines part from the text
// under them (faceBreak) and are headings (markFaceHeadings). A
// paragraph's first line is in its paragraph's face and size, and a
// run-in heading shares its line with the text.

// minSubheads is the fewest lines of one face and size, each over the
// text in another face, that make a page's subheading style.
const minSubheads = 2

// faceKey is a face at a size, in tenths of a point.
type faceKey struct {
	font string
	size int
}

// lineFace is the face and size of words set in one face throughout (the
// largest size among them); ok is false where they use more than one
// face or name none.
func lineFace(words []core.Word) (faceKey, bool) {
	if len(words) == 0 || words[0].Font == "" {
		return faceKey{}, false
	}
	for i := range words {
		if words[i].Font != words[0].Font {
			return faceKey{}, false
		}
	}
	return faceKey{font: words[0].Font, size: int(math.Round(lineSize(words) * 10))}, true
}

// smallerThan reports whether face k is set under boldSizeStep of the
// body's size body: a subheading's face there is one by more than its
// size (smallSubhead).
func (k faceKey) smallerThan(body float64) bool {
	return float64(k.size)/10 < boldSizeStep*body
}

// usesFace reports whether a word of words is set in font.
func usesFace(words []core.Word, font string) bool {
	for i := range words {
		if words[i].Font == font {
			return true
		}
	}
	return false
}

// subheadOver reports whether the line words, of face k, reads as a
// subheading over the line next (see above), body being the size of the
// page's text.
func subheadOver(words []core.Word, k faceKey, next []core.Word, body float64) bool {
	size, nextSize := float64(k.size)/10, lineSize(next)
	if len(next) == 0 || usesFace(next, k.font) || math.Abs(nextSize-body) > bodySizeTol*body {
		return false
	}
	text := (&core.Line{Words: words}).Text()
	if k.smallerThan(body) && !smallSubhead(words, text, next) {
		return false
	}
	return strings.IndexFunc(text, unicode.IsLetter) >= 0 && !leaders(words) && !endsSentence(text) &&
		!strings.HasSuffix(text, ",") && headingLine(text, len(words), size, body)
}

// smallSubhead reports whether a line in a face smaller than the body's
// (text, its words) reads as a subheading over the line next: a
// journal's sans subheadings are set a little smaller than its serif
// text (BMC's 'Setting', 'Study approach, sampling and data analysis' at
// 9.2 pt over 9.8), where a smaller face is more often a note's, a
// caption's, a byline's or a label's. Such a line starts with a capital,
// as the text under it does; it holds minSubheadLetters letters, and is
// no caption's label ('Table 2'), no note's ('Source: LSA, 1998') and no
// byline ('By Zoya Mateen'); it is a heading over running text
// (minSmallSubheadLines, minSmallSubheadWords: markFaceHeadings).
func smallSubhead(words []core.Word, text string, next []core.Word) bool {
	if !startsUpper(text) || !startsUpper(next[0].Text) || labelled(words) || textclean.Byline(text) || strings.HasPrefix(text, "By ") {
		return false
	}
	head, _, _ := strings.Cut(strings.ToLower(text), ":")
	if slices.Contains(noteLabels, strings.TrimSpace(head)) {
		return false
	}
	letters := 0
	for _, r := range text {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= minSubheadLetters
}

// minSubheadLetters is the fewest letters of a subheading set smaller
// than the text: a figure's label ('P') is one or two.
const minSubheadLetters = 3

// minSmallSubheadLines and minSmallSubheadWords are the fewest lines of
// the paragraph under a subheading set smaller than the text, and the
// fewest words of its first line: a form's labels ('Phone', 'Birthday')
// stand over a field, the next label or a few words ('Registered
// Business Address', 'Gender: Female Male'), where a subheading stands
// over running text.
const (
	minSmallSubheadLines = 2
	minSmallSubheadWords = 5
)

// subheadFaces finds the page's subheading styles: the faces and sizes
// of minSubheads lines or more that each read as a subheading over the
// next line in reading order (segs), where that line stands below it and
// overlaps it across.
func subheadFaces(segs []*seg, body float64) map[faceKey]bool {
	if body <= 0 {
		return nil
	}
	count := map[faceKey]int{}
	for i := 0; i+1 < len(segs); i++ {
		s, next := segs[i], segs[i+1]
		if s.table != nil || next.table != nil || next.b.Y0 < s.b.Y1 || next.b.X0 > s.b.X1 || next.b.X1 < s.b.X0 {
			continue
		}
		if k, ok := lineFace(s.words); ok && subheadOver(s.words, k, next.words, body) {
			count[k]++
		}
	}
	var heads map[faceKey]bool
	for k, n := range count {
		if n >= minSubheads {
			if heads == nil {
				heads = map[faceKey]bool{}
			}
			heads[k] = true
		}
	}
	return heads
}

// faceBreak reports whether line s starts a block under p, the block
// cur's only line, set in one of the page's subheading styles (heads)
// over s, which uses none of its face.
func faceBreak(cur []*seg, p, s *seg, heads map[faceKey]bool) bool {
	if len(cur) != 1 || len(heads) == 0 {
		return false
	}
	k, ok := lineFace(p.words)
	return ok && heads[k] && !usesFace(s.words, k.font)
}

// markFaceHeadings makes a heading of each paragraph or list item of one
// line set in one of the page's subheading styles (heads) over a
// paragraph or a list item of running text (runningText, as wide as the
// heading less an em) whose first line it reads as a subheading over.
// Its number does not make it an item: a list's items are set in the
// text's face.
func markFaceHeadings(blocks []core.Block, body float64, heads map[faceKey]bool) {
	if len(heads) == 0 {
		return
	}
	for i := 0; i+1 < len(blocks); i++ {
		b, next := &blocks[i], &blocks[i+1]
		if b.Kind != core.KindParagraph && b.Kind != core.KindListItem || len(b.Lines) != 1 {
			continue
		}
		if next.Kind != core.KindParagraph && next.Kind != core.KindListItem || len(next.Lines) == 0 {
			continue
		}
		words, first := b.Lines[0].Words, next.Lines[0].Words
		k, ok := lineFace(words)
		if !ok || !heads[k] || !subheadOver(words, k, first, body) || !runningText(next, b.BBox.Width()-lineSize(first)) {
			continue
		}
		if k.smallerThan(body) && (len(next.Lines) < minSmallSubheadLines || len(first) < minSmallSubheadWords) {
			continue // a form's label over its field or its next label
		}
		b.Kind = core.KindHeading
		b.Level = -k.size // replaced by a rank later
	}
}

// runningText reports whether block b reads as running text under a
// heading width points wide: two lines or more, or one line as wide or
// wider (a paragraph's first line, its text going on in the next column).
// A label's value under it is one short line.
func runningText(b *core.Block, width float64) bool {
	return len(b.Lines) >= 2 || len(b.Lines) == 1 && b.Lines[0].BBox.Width() >= width
}
