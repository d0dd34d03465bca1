package ocr

import (
	"image"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/textclean"
)

// lineItems joins the words that Tesseract read, in its order, into one
// item a line. Tesseract cuts a line of Chinese or Japanese into 'words'
// of a few signs, and the vertical models, reading a turned page, place
// their boxes loosely, across and along the line ('研究' 162 pixels wide
// beside signs of 40, tops 11 pixels apart in one line): the layout read
// such gaps and steps as the ends of lines and changes of size, and a
// heading's kana ('結果' | 'のネットワーク') apart from its kanji. A line
// ends where the next word starts one (startsLine). A line's item
// spans its words' boxes; on a whole page, toPrint then trims it to the
// line's print.
func lineItems(items []pxWord) []pxWord {
	var out []pxWord
	for _, ln := range wordsByLine(items) {
		out = append(out, joinLine(ln))
	}
	return out
}

// wordsByLine is the words of each line, as lineItems joins them.
func wordsByLine(items []pxWord) [][]pxWord {
	items = dropArtifacts(items) // rule marks would join a line of print
	var out [][]pxWord
	start := 0
	var line image.Rectangle // the boxes of the line so far
	for i := range items {
		if i > start && startsLine(line, items[i-1], items[i]) {
			out = append(out, items[start:i])
			start = i
		}
		if i == start {
			line = items[i].box
		} else {
			line = line.Union(items[i].box)
		}
	}
	if start < len(items) {
		out = append(out, items[start:])
	}
	return out
}

// startsLine reports whether word w, read after prev on a line whose
// words' boxes span line, starts a line: it steps back to the left,
// stands in another part, or its middle lies under or over the line. A
// word read as noise (noiseConf) stands alone, as does the word after
// it: Tesseract reads a heading's top edge as a line of its own before
// the heading ('2 ーー午'), and joined, its words passed for print where
// the layout drops them one by one.
func startsLine(line image.Rectangle, prev, w pxWord) bool {
	mid := (w.box.Min.Y + w.box.Max.Y) / 2
	return w.box.Min.X < prev.box.Min.X || w.part != prev.part || mid >= line.Max.Y || mid < line.Min.Y ||
		w.conf < noiseConf || prev.conf < noiseConf
}

// noiseConf: a word read with less confidence is noise, not print. The
// words of a heading's top edge read as a line were read at 0 to 0.013;
// the signs Tesseract doubts in a line of print, at 0.3 and more ('間'
// at 0.40 in a vertical heading).
const noiseConf = 0.1

// joinLine is one item for the words of a line (see lineItems), a
// space between two words unless both sides are of a script written
// without spaces: Korean spaces its words, Japanese and Chinese do not.
func joinLine(ws []pxWord) pxWord {
	var sb strings.Builder
	conf := 0.0
	box := ws[0].box
	for i, w := range ws {
		if i > 0 && spacedBetween(ws[i-1].text, w.text) {
			sb.WriteByte(' ')
		}
		sb.WriteString(w.text)
		conf += w.conf
		box = box.Union(w.box)
	}
	return pxWord{text: sb.String(), box: box, conf: conf / float64(len(ws)), part: ws[0].part}
}

// toPrint trims the boxes of line items, which span their words' loose
// boxes, to the rows of their print on g (measurePrint): the layout
// parts paragraphs by the blank between lines' boxes, and boxes that
// reach past the print took up the blank a paragraph leaves.
func toPrint(g *image.Gray, lines []pxWord) {
	measurePrint(g, lines)
	for i := range lines {
		l := &lines[i]
		top, bottom := l.print()
		l.box.Min.Y, l.box.Max.Y = top, max(bottom, top+1)
		l.padTop, l.padBottom = 0, 0
	}
}

// spacedBetween reports whether a space stands between words a and b:
// unless a ends and b starts with characters of a script written without
// spaces (textclean.Unspaced).
func spacedBetween(a, b string) bool {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	return !textclean.Unspaced(last) || !textclean.Unspaced(first)
}
