package merge

import (
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// respace joins the words of a reading where the text layer it reads
// again has none of their spaces. A layer that could not name its glyphs
// still draws its words apart: '블록체인에�� ���� ��' holds the word
// breaks of a Korean heading, while Tesseract's Korean model sets a space
// between syllable and syllable ('블 록 세 인 에 서 의'), whose boxes lie
// 1.4 pt apart where words lie 1.8 pt apart. So where the reading has
// exactly as many characters as the layer (not counting spaces: each
// glyph the layer could not decode stands as one U+FFFD), one for one,
// and every break of the layer's falls between two of the reading's
// words, the layer's breaks are kept: the words between two breaks, in
// one line of the reading, become one, with their boxes' union and the
// least of their confidences. Otherwise the reading stands as it was: a
// break inside a word read would need its box cut.
func respace(layer core.Block, read []core.Line) []core.Line {
	breaks, total := wordBreaks(layer)
	n := 0
	for _, l := range read {
		for _, w := range l.Words {
			n += visible(w.Text)
		}
	}
	if n != total || n == 0 {
		return read
	}
	out := make([]core.Line, 0, len(read))
	seen, next := 0, 0 // characters of the reading so far; the next break
	for _, l := range read {
		var words []core.Word
		open := false // the last word of words goes on
		for _, w := range l.Words {
			c := visible(w.Text)
			for next < len(breaks) && breaks[next] <= seen {
				next++
			}
			if next < len(breaks) && breaks[next] < seen+c {
				return read // a break inside this word
			}
			if open {
				last := &words[len(words)-1]
				last.Text += w.Text
				last.BBox = last.BBox.Union(w.BBox)
				last.Confidence = min(last.Confidence, w.Confidence)
			} else {
				words = append(words, w)
			}
			seen += c
			open = next >= len(breaks) || breaks[next] != seen
		}
		nl := l
		nl.Words = words
		out = append(out, nl)
	}
	return out
}

// wordBreaks are the counts of characters (not spaces) of the layer's
// text at the end of each of its words but the last, and the count in
// all.
func wordBreaks(b core.Block) (breaks []int, total int) {
	for _, l := range b.Lines {
		for _, w := range l.Words {
			if c := visible(w.Text); c > 0 {
				total += c
				breaks = append(breaks, total)
			}
		}
	}
	if len(breaks) > 0 {
		breaks = breaks[:len(breaks)-1]
	}
	return breaks, total
}

// visible counts the characters of s that are not spaces.
func visible(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}
