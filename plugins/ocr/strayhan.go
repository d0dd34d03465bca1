package ocr

import (
	"context"
	"strings"
	"unicode"
)

// PaddleOCR's recogniser is trained on Chinese with Latin: its thousands
// of ideographs include single strokes and boxes, so a mark that is no
// letter, read in a picture, comes back as one: a table's rule as 丨 or
// 一, an icon or a legend's swatch as 图, 月 or 同. On a page whose own
// text has no Chinese, Japanese or Korean, such characters in a picture's
// reading are these marks, unless they make a run of at least minHanRun,
// as words of Chinese do (a phrase is a run of characters without
// spaces). Measured on the pictures of docling's, unstructured's and
// icdar2013-eu's documents, every Han character read on a page without
// CJK text stood in a run of one or two, beside bars, icons and swatches.
const minHanRun = 3

// minLayerLetters is the fewest letters a page's own text needs for its
// script to say what a picture on it may hold: a short caption's worth.
// A page with fewer (a scan, a page of pictures) keeps what is read.
const minLayerLetters = 20

// cjk reports whether r is a character of Chinese, Japanese or Korean
// writing or punctuation.
func cjk(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		'\u3000' <= r && r <= '\u303f' // CJK symbols and punctuation: 「」、。
}

// withoutCJK reports whether the page's own characters say that its
// pictures hold no CJK text: at least minLayerLetters letters, none of
// them CJK.
func (l *textLayer) withoutCJK(ctx context.Context) bool {
	letters := 0
	for _, c := range l.all(ctx) {
		if cjk(c.Rune) {
			return false
		}
		if unicode.IsLetter(c.Rune) {
			letters++
		}
	}
	return letters >= minLayerLetters
}

// dropStrayHan removes from lines read on a page without CJK text the
// CJK characters that are marks (minHanRun), and in a line that had such
// a mark, the words left with no letter or digit (the bars and brackets
// read beside it); a line left empty is dropped.
func dropStrayHan(lines []pxWord) []pxWord {
	out := lines[:0:0]
	for _, l := range lines {
		text, ok := strayHan(l.text)
		if !ok {
			out = append(out, l)
			continue
		}
		if text != "" {
			l.text = text
			out = append(out, l)
		}
	}
	return out
}

// strayHan is s without its stray CJK characters, and whether it had
// any: s is kept as it is when it holds a run of minHanRun of them.
func strayHan(s string) (string, bool) {
	run, stray := 0, false
	for _, r := range s {
		if !cjk(r) {
			run = 0
			continue
		}
		if run++; run >= minHanRun {
			return s, false
		}
		stray = true
	}
	if !stray {
		return s, false
	}
	cut := strings.Map(func(r rune) rune {
		if cjk(r) {
			return ' '
		}
		return r
	}, s)
	var words []string
	for _, w := range strings.Fields(cut) {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			words = append(words, w)
		}
	}
	return strings.Join(words, " "), true
}
